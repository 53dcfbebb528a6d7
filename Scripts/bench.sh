#!/usr/bin/env bash
# Benchmarks: each prints ratios against a baseline measured in the same run. Add a line per benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product FlowGraphBench
swift build -c release --product flowgraph
.build/release/FlowGraphBench steps
.build/release/FlowGraphBench import
echo
# Timelines of 10×5 … 1,000×40 to SVG vs dot -Tsvg on the same DOT; needs `dot` (make tools).
.build/release/FlowGraphBench timeline
echo
# flowgraph render DIR (2 workers) vs Graphviz's dot on the same DOT; needs `dot` (make tools).
.build/release/FlowGraphBench render
echo
# flowgraph scan of a generated 60-screen, 2,000-file app vs swiftc -frontend -parse of the same files (time, peak memory).
.build/release/FlowGraphBench scan
echo
# flowgraph diff of the scan benchmark's app against itself vs one flowgraph scan --json of it (bound 2.2×).
.build/release/FlowGraphBench diff
