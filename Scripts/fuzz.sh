#!/usr/bin/env bash
# Fuzzes FlowGraph's parsers and renderer with libFuzzer + AddressSanitizer (the Fuzz/ package).
#
#   Scripts/fuzz.sh TARGET SECONDS   run one target (route-notation, action-notation, json, plan,
#                                    route-import, render, deep-link, router-notation, scan) for SECONDS
#   Scripts/fuzz.sh all SECONDS      run every target in turn, SECONDS each
#   Scripts/fuzz.sh build            build the fuzzers only
#   Scripts/fuzz.sh seeds            regenerate the committed seed corpora Fuzz/corpus/<target>/
#   Scripts/fuzz.sh list             list the targets
#
# New inputs go to Fuzz/corpus-work/<target>/ (scratch, git-ignored), crashes to
# Fuzz/corpus-crashes/<target>/. Extra libFuzzer flags can be given in FUZZ_FLAGS (e.g. -jobs=2);
# FUZZ_SKIP_BUILD=1 runs the fuzzers already built.
# Runs at `nice -n 19`. A crash stops the run with status 1 and prints the input to reproduce:
#   Fuzz/.build/release/fuzz-TARGET Fuzz/corpus-crashes/TARGET/crash-…
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
FUZZ="$ROOT/Fuzz"
TARGETS=(route-notation action-notation json plan route-import render deep-link router-notation scan)

usage() {
    sed -n "2,15p" "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

build() {
    [[ -z "${FUZZ_SKIP_BUILD:-}" ]] || return 0
    # swift-syntax offline: the main package's mirror (make deps), set for this package too.
    make -C "$ROOT" --no-print-directory swift-syntax-mirror >&2
    local original=https://github.com/swiftlang/swift-syntax.git mirror
    if mirror="$(cd "$ROOT" && swift package config get-mirror --original "$original" 2>/dev/null)"; then
        swift package --package-path "$FUZZ" config set-mirror --original "$original" --mirror "$mirror" >&2
    fi
    # SwiftPM names the entry point <target>_main; the targets call LLVMFuzzerRunDriver from it. lld links the
    # instrumented objects (gold fails on them).
    nice -n 19 swift build -c release --package-path "$FUZZ" \
        -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld >&2
}

dictionary() {
    case "$1" in
        route-notation | action-notation | router-notation | scan) echo "$FUZZ/dict/notation.dict" ;;
        deep-link) echo "$FUZZ/dict/deep-link.dict" ;;
        *) echo "$FUZZ/dict/json.dict" ;;
    esac
}

run() {
    local target="$1" seconds="$2"
    local binary="$FUZZ/.build/release/fuzz-$target"
    [[ -x "$binary" ]] || { echo "fuzz.sh: $binary is not built (run: Scripts/fuzz.sh build)" >&2; exit 1; }
    mkdir -p "$FUZZ/corpus-work/$target" "$FUZZ/corpus-crashes/$target"
    # fuzz-render lays out every input with Graphviz (a few per second for the samples' plans): it fuzzes
    # small plans (inputs up to 512 bytes, longer seeds cut there) to reach tens of thousands of runs.
    local max_len=4096
    [[ "$target" == render ]] && max_len=512
    echo "fuzz.sh: fuzz-$target for $seconds s" >&2
    # Graphviz, cairo and fontconfig keep memory until exit (and Graphviz leaks per layout, DESIGN.md §4):
    # their leaks are suppressed so LeakSanitizer reports only FlowGraph's own.
    ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}" \
    LSAN_OPTIONS="suppressions=$FUZZ/lsan.supp:print_suppressions=0" \
        nice -n 19 "$binary" \
        -max_total_time="$seconds" -timeout=10 -rss_limit_mb=3072 -max_len="$max_len" -print_final_stats=1 \
        -dict="$(dictionary "$target")" -artifact_prefix="$FUZZ/corpus-crashes/$target/" \
        ${FUZZ_FLAGS:-} "$FUZZ/corpus-work/$target" "$FUZZ/corpus/$target"
}

seeds() {
    command -v jq >/dev/null || { echo "fuzz.sh: seeds needs jq (apt-get install jq)" >&2; exit 1; }
    local corpus="$FUZZ/corpus"
    rm -rf "$corpus"
    mkdir -p "${TARGETS[@]/#/$corpus/}"
    local n=0
    seed() { # seed TARGET TEXT
        n=$((n + 1))
        printf '%s' "$2" >"$corpus/$1/seed-$(printf '%03d' $n)"
    }
    for sample in "$ROOT"/Samples/*.json; do
        for target in json plan render; do cp "$sample" "$corpus/$target/$(basename "$sample")"; done
        while IFS= read -r route; do seed route-notation "$route"; done \
            < <(jq -r '(.start // []), (.end // []), (.states // [])[] | select(type == "array") | .[]' "$sample")
        while IFS= read -r list; do seed route-notation "$list"; done \
            < <(jq -r '(.start // []), (.end // []) | select(type == "array" and length > 0) | "[" + join(", ") + "]"' "$sample")
        while IFS= read -r action; do seed action-notation "$action"; done \
            < <(jq -r '(.actions // [])[] | select(type == "string")' "$sample")
        while IFS= read -r call; do seed router-notation "$call"; done \
            < <(jq -r '(.actions // [])[], (.start // [])[] | select(type == "string")' "$sample")
        while IFS= read -r link; do seed deep-link "$link"; done \
            < <(jq -r '.deeplink // empty | .url as $url | .rules[] | .match + "\n" + ($url // .match)' "$sample")
    done
    for route in '.push(.profile(userID: "u1"))' '.push("Hello")' '.push(#"raw "quoted""#)' \
        '.push("a\(b("c"))d")' '.sheet("""' '.push(\N)' '.push(<IMG SRC=x>)' '.push(Café 🇫🇷)' \
        '[.push(A), .sheet(B),]' '.push(Screen.detail(id: [1, 2], tags: ["x"]))' '.push("\u{1F600}\t")' \
        '.cover(Login, withNavigation: false)' '.push(-2)' '[]' ''; do
        seed route-notation "$route"
    done
    for action in 'push(X)' 'presentSheet(X, withNavigation: true)' 'presentCover(.login)' 'goBack()' 'goBack(2)' \
        'goBackTo(X)' 'goBackTo(index: 1)' 'goBackToRoot()' 'pop()' 'pop(3)' 'popTo(Y)' 'popTo(index: -1)' \
        'popToRoot()' 'popToCurrentNavigationRoot()' 'dismiss()' 'dismiss(count: 2)' 'dismissAll()' \
        'goBack(1_000)' '.push("a\(b)")'; do
        seed action-notation "$action"
    done
    for list in '[{"push":{"_0":1}},{"sheet":{"withNavigation":true,"_0":4}},{"cover":{"withNavigation":false,"_0":5}}]' \
        '[{"push":{"_0":{"profile":{"userID":"u1"}}}},{"push":{"_0":{"pair":{"_0":1,"_1":"x"}}}}]' \
        '[{"push":{"_0":{"item":{"_0":{"tag":{"name":"x"}},"count":[1,null,true]}}}}]' \
        '[{"push":{}},"Sf","1.25",{"cover":{"withNavigation":false}},"Sb","true",{"sheet":{"withNavigation":true}},"SS","\"Hi\""]' \
        '[{"push":{}},"SaySiG","[1,2]",{"push":{}},"5MyApp3ClsC","{\"data\":\"x\"}",{"push":{}},"5MyApp7GenericVySiG","{\"value\":3}"]' \
        '[{"push":{}},"5MyApp13$5578693a79b0yXZ10PrivNumberV","{\"value\":1}",{"push":{}},"5MyApp4ViewV6ScreenO","{\"detail\":{\"id\":3}}"]' \
        '[{"push":{}},"SDySSSiG","{\"a\":1}",{"push":{}},"SaySSGSg","null"]' \
        '[".push(A)", ".sheet(B, withNavigation: true)"]' '"[.push(A), .cover(B)]"' '[.push(A), .cover(B)]' '[]'; do
        seed route-import "$list"
    done
    for link in $'flowstacksapp://numbers/{n:int}...\nflowstacksapp://numbers/1/2/3' \
        $'app://profile/{id}/edit\napp://profile/%E2%9C%93/edit?x=1#f' $'a://{x}...\na://b//c/' $'a://b\nnot a url'; do
        seed deep-link "$link"
    done
    # fuzz-scan: the sample apps' Swift files as raw text (an input starting with S), and token streams.
    for swift in "$ROOT"/Samples/*/*.swift; do
        { printf 'S'; cat "$swift"; } >"$corpus/scan/$(basename "$(dirname "$swift")")-$(basename "$swift" .swift).seed"
    done
    printf '\x00\x01\x02\x03\x10\x11\x16\x0c\x0d\x17\x18\x19\x1a\x1f\x20\x21\x2c\x0a\x0a\x0a' >"$corpus/scan/seed-tokens"
    # Raw plan for fuzz-render: NUL-separated title and screens, each screen's first byte its style.
    printf 'Title <b>\\N</b>\0\0Home\0\1Settings & "x"\0\2\xe2\x80\xaeRTL\0\3' >"$corpus/render/seed-hostile"
    echo "fuzz.sh: seeds written to $corpus" >&2
}

case "${1:-}" in
    build) build ;;
    seeds) seeds ;;
    list) printf '%s\n' "${TARGETS[@]}" ;;
    all)
        [[ $# -eq 2 ]] || usage
        build
        for target in "${TARGETS[@]}"; do run "$target" "$2"; done
        ;;
    *)
        [[ $# -eq 2 ]] || usage
        [[ " ${TARGETS[*]} " == *" $1 "* ]] || { echo "fuzz.sh: unknown target '$1'; targets: ${TARGETS[*]}" >&2; exit 2; }
        build
        run "$1" "$2"
        ;;
esac
