#!/usr/bin/env bash
# Builds flowgraph as a toolchain without SwiftSyntax/SwiftParser would (FLOWGRAPH_SWIFTSYNTAX=off), in its own
# build folder, and checks that everything else still builds and `flowgraph scan` says it is unavailable and why.
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build/without-swiftsyntax
FLOWGRAPH_SWIFTSYNTAX=off swift build --scratch-path "$scratch" --product flowgraph
binary="$scratch/debug/flowgraph"
if ! "$binary" steps Samples/push-only.json >/dev/null; then
    echo "FAIL: steps does not work in the build without SwiftSyntax" >&2
    exit 1
fi
set +e
message=$("$binary" scan Samples/FlowStacksApp 2>&1)
status=$?
set -e
if [ "$status" -ne 1 ] || [[ "$message" != *"flowgraph scan is unavailable in this build"* ]]; then
    echo "FAIL: expected exit 1 and 'unavailable in this build', got $status: $message" >&2
    exit 1
fi
echo "ok: without SwiftSyntax, flowgraph builds and scan says: $message"
