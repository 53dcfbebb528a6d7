#!/bin/bash
# Builds .build/flowgraph.artifactbundle.zip: the flowgraph executable as a SwiftPM artifact bundle, the way a
# release would ship it for a binaryTarget (so a plugin's first run does not compile swift-syntax). The Swift
# runtime and Foundation are linked in statically, so the executable needs only the C libraries the build
# needs (Graphviz, zlib, fontconfig: `make deps`). Prints the zip's checksum for `.binaryTarget(url:checksum:)`.
set -euo pipefail
cd "$(dirname "$0")/.."
swift=${SWIFT:-swift}
scratch=.build/bundle
$swift build -c release --product flowgraph --static-swift-stdlib --scratch-path "$scratch"
binary="$scratch/release/flowgraph"
version=$("$binary" --version | awk '{print $2}')
triple=$(uname -m)-unknown-linux-gnu
[ "$(uname)" = Darwin ] && triple=$(uname -m)-apple-macosx
variant="flowgraph-$version-$triple"
bundle=.build/flowgraph.artifactbundle
rm -rf "$bundle" "$bundle.zip"
mkdir -p "$bundle/$variant/bin"
cp "$binary" "$bundle/$variant/bin/flowgraph"
strip "$bundle/$variant/bin/flowgraph"
cat > "$bundle/info.json" <<JSON
{
  "schemaVersion": "1.0",
  "artifacts": {
    "flowgraph": {
      "version": "$version",
      "type": "executable",
      "variants": [{ "path": "$variant/bin/flowgraph", "supportedTriples": ["$triple"] }]
    }
  }
}
JSON
# A statically linked runtime: nothing is read from the toolchain that built it.
if command -v ldd >/dev/null && ldd "$bundle/$variant/bin/flowgraph" | grep -E "libswift|libFoundation"; then
  echo "artifactbundle: the executable still loads the Swift runtime dynamically (above)" >&2
  exit 1
fi
(cd .build && zip -qr flowgraph.artifactbundle.zip flowgraph.artifactbundle)
echo "$bundle.zip ($(du -h "$bundle.zip" | cut -f1)), checksum $($swift package compute-checksum "$bundle.zip")"
