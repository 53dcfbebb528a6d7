#!/usr/bin/env bash
# Benchmarks: each prints ratios against a baseline measured in the same run. Add a line per benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product FlowGraphBench
swift build -c release --product flowgraph
# In one run, then the headline ratios together (BenchSummary):
# - steps, import: linear in their input;
# - timeline: timelines of 10×5 … 1,000×40 to SVG vs dot -Tsvg on the same DOT (needs `dot`: make tools);
# - render: flowgraph render DIR (2 workers) vs Graphviz's dot on the same DOT, per plan and over all plans;
# - scan: flowgraph scan --no-cache of generated 60-screen apps of 1,000 and 2,000 files vs swiftc -frontend -parse
#   of the same files (time, CPU, peak memory), how the scan grows from 1,000 to 2,000 files, and the all-parsed
#   app scanned again from the cache (FLOWGRAPH_CACHE_DIR=.build/bench-cache, emptied first);
# - diff: flowgraph diff of the scan benchmark's app against itself vs one flowgraph scan --json of it (bound 2.2×),
#   and diff --git of one changed file in a repository of the all-parsed app vs one scan of it (goal 1.3×).
.build/release/FlowGraphBench all
# - load: scan of 1,000 and 10,000 generated FlowStacks, diff of two folders of 1,000 and 10,000 plans, each as a
#   ratio to linear growth from its 1,000 figure (issue 44: over 3× is worse than linear).
FLOWGRAPH=.build/release/flowgraph python3 Scripts/load-figures.py --sizes 1000,10000 --diff-sizes 1000,10000
