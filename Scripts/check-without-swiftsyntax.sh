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
# A batch draws an app's folder with the scanner too: that app fails with the same reason, the plans render.
out=$(mktemp -d)
set +e
batch=$("$binary" render Samples -o "$out" -T svg --no-gallery -q 2>&1)
status=$?
set -e
if [ "$status" -ne 1 ] || [[ "$batch" != *"Samples/FlowStacksApp: flowgraph scan is unavailable in this build"* ]] \
    || [ ! -f "$out/push-only.svg" ] || [ -f "$out/FlowStacksApp.svg" ]; then
    echo "FAIL: expected the batch to fail only the apps, saying why; got $status: $batch" >&2
    rm -rf "$out"
    exit 1
fi
rm -rf "$out"
echo "ok: without SwiftSyntax, flowgraph builds and scan says: $message"
