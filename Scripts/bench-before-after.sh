#!/usr/bin/env bash
# Before/after: `flowgraph render Samples` in every format, this tree's release build against a base commit's
# (default: main), each run alternately REPEATS times in one run of this script; prints the best wall-clock
# times and their ratio (base / this tree: > 1 means this tree is faster) and checks the outputs are the same
# files. Usage: Scripts/bench-before-after.sh [BASE_REF] [REPEATS]
set -euo pipefail
cd "$(dirname "$0")/.."
base_ref=${1:-main}
repeats=${2:-5}
formats=svg,png,pdf,dot,json,html,txt,mermaid
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
git archive "$base_ref" | tar -x -C "$scratch" --one-top-level=base
(cd "$scratch/base" && swift build -c release --product flowgraph >/dev/null)
swift build -c release --product flowgraph >/dev/null
base="$scratch/base/.build/release/flowgraph"
ours="$PWD/.build/release/flowgraph"
best_base=999999
best_ours=999999
render() { # BINARY OUT → seconds
    local start end
    rm -rf "$2"
    start=$(date +%s.%N)
    "$1" render Samples -o "$2" -T "$formats" -j 1 --quiet 2>/dev/null || true
    end=$(date +%s.%N)
    echo "$end - $start" | bc
}
for _ in $(seq "$repeats"); do
    t=$(render "$base" "$scratch/out-base")
    best_base=$(echo "if ($t < $best_base) $t else $best_base" | bc)
    t=$(render "$ours" "$scratch/out-ours")
    best_ours=$(echo "if ($t < $best_ours) $t else $best_ours" | bc)
done
plans=$(find Samples -name '*.json' | wc -l)
files=$(find "$scratch/out-ours" -type f | wc -l)
printf 'render Samples (%d plans, -T %s, -j 1), best of %d, release builds\n' "$plans" "$formats" "$repeats"
printf '  %-12s %8.3f s\n' "$base_ref" "$best_base" "this tree" "$best_ours"
printf '  ratio %s / this tree: %.2f×\n' "$base_ref" "$(echo "$best_base / $best_ours" | bc -l)"
# Same files, apart from PDFs (creation date), the HTML players (frames now show child FlowStacks) and
# text outputs of nested plans (whole path), which this change redraws on purpose.
changed=$(diff -rq "$scratch/out-base" "$scratch/out-ours" | grep -v '\.pdf ' | wc -l || true)
printf '  %d files written; %d differ from %s (PDF dates aside)\n' "$files" "$changed" "$base_ref"
diff -rq "$scratch/out-base" "$scratch/out-ours" | grep -v '\.pdf ' | sed 's/^/    /' | head -40 || true
