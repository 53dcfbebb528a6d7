#!/usr/bin/env bash
# Benchmarks: each prints ratios against a baseline measured in the same run. Add a line per benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product FlowGraphBench
.build/release/FlowGraphBench steps
.build/release/FlowGraphBench import
.build/release/FlowGraphBench timeline
