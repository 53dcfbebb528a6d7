// Benchmarks for FlowGraph; run with `make bench` (see Scripts/bench.sh).
print("no benchmarks yet")
