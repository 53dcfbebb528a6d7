# FlowGraph — every target installs what it needs first.
SWIFT ?= swift
SWIFT_FLAGS ?= -c release
BIN = .build/release/flowgraph

.PHONY: deps swift-syntax-mirror tools test-deps run check-output check-fit check-player check-fit-880 test test-quick bench build format lint clean docs schema man artifactbundle

## Debian's packages the build, the tests and the diagrams need: Graphviz's C library, zlib (PNG compression),
## fontconfig's headers, and the fonts text is laid out with (FlowGraph registers them itself, so no other font
## on the machine changes a layout: see Graphviz's FontSet).
APT_PACKAGES = libgraphviz-dev zlib1g-dev libfontconfig-dev pkg-config \
  fonts-dejavu-core fonts-dejavu-extra fonts-noto-core fonts-wqy-microhei fonts-noto-color-emoji
FONT_FILES = /usr/share/fonts/truetype/dejavu/DejaVuSans-BoldOblique.ttf \
  /usr/share/fonts/truetype/noto/NotoSansThai-Regular.ttf /usr/share/fonts/truetype/wqy/wqy-microhei.ttc \
  /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf

## swift-syntax, which Package.swift names by its real URL. A machine that cannot reach GitHub reads it from a copy
## of the same tag (SWIFT_SYNTAX_TAR, a bare git repository packed as tar): `make deps` unpacks it into .build/deps
## and sets a SwiftPM mirror to it (.swiftpm/configuration/mirrors.json, this machine's, never committed). With no
## copy at hand nothing is set, and SwiftPM fetches from GitHub.
SWIFT_SYNTAX_URL = https://github.com/swiftlang/swift-syntax.git
SWIFT_SYNTAX_TAR ?= ../shared/deps/swift-syntax-603.0.2.git.tar

## Install what is missing: apt-get on Debian/Ubuntu (as root), Homebrew on macOS; the swift-syntax mirror above.
deps: swift-syntax-mirror
	@if [ "$$(uname)" = Darwin ]; then \
	  pkg-config --exists libgvc 2>/dev/null || brew install graphviz pkg-config; \
	  ls ~/Library/Fonts/DejaVuSans.ttf /Library/Fonts/DejaVuSans.ttf >/dev/null 2>&1 \
	    || brew install --cask font-dejavu font-noto-color-emoji; \
	elif ! pkg-config --exists libgvc zlib fontconfig 2>/dev/null || ! ls $(FONT_FILES) >/dev/null 2>&1; then \
	  echo "Installing $(APT_PACKAGES)…"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PACKAGES) >/dev/null; \
	fi

swift-syntax-mirror:
	@if [ -f "$(SWIFT_SYNTAX_TAR)" ]; then \
	  if [ ! -d .build/deps/swift-syntax.git ]; then \
	    mkdir -p .build/deps && tar -xf "$(SWIFT_SYNTAX_TAR)" -C .build/deps; \
	  fi; \
	  mirror="$(CURDIR)/.build/deps/swift-syntax.git"; \
	  if [ "$$($(SWIFT) package config get-mirror --original $(SWIFT_SYNTAX_URL) 2>/dev/null)" != "$$mirror" ]; then \
	    $(SWIFT) package config set-mirror --original $(SWIFT_SYNTAX_URL) --mirror "$$mirror"; \
	    echo "swift-syntax: read from $$mirror (a mirror of $(SWIFT_SYNTAX_URL))"; \
	  fi; \
	else \
	  echo "swift-syntax: no $(SWIFT_SYNTAX_TAR) beside this clone; SwiftPM fetches $(SWIFT_SYNTAX_URL) (needs network)" >&2; \
	fi

## The `dot` program: the benchmarks' baseline, and the tests that read our DOT export back in Graphviz itself;
## `groff`, which the tests format the manual page (flowgraph help --man) with.
tools: deps
	@command -v dot >/dev/null 2>&1 || { \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq graphviz >/dev/null; }
	@command -v groff >/dev/null 2>&1 || { \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq groff-base >/dev/null; }

build: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product flowgraph

## Write docs/plan.schema.json: the plan files' JSON Schema, made from the decoder's key tables (FlowModel's
## PlanFileKeys and each library's keys). The tests check that the committed copy is what `flowgraph schema` prints.
schema: deps
	$(SWIFT) build --product flowgraph
	.build/debug/flowgraph schema > docs/plan.schema.json.tmp && mv docs/plan.schema.json.tmp docs/plan.schema.json

## Write .build/flowgraph.1, the manual page, from the same option tables as every --help (man .build/flowgraph.1).
man: deps
	$(SWIFT) build --product flowgraph
	.build/debug/flowgraph help --man > .build/flowgraph.1.tmp && mv .build/flowgraph.1.tmp .build/flowgraph.1

## Render every plan in Samples/ into Output/ (SVG and PNG, light and ~dark, plus the gallery), and FlowStacksApp's diagrams into
## its DocC catalog (Samples/FlowStacksApp/FlowStacksApp.docc/FlowGraph).
run: build
	$(BIN) render Samples -o Output -T svg,png --theme light,dark
	$(BIN) docc Samples/FlowStacksApp --catalog Samples/FlowStacksApp/FlowStacksApp.docc

## Check that Output/ is what Samples/ renders to (SVG, PNG and the gallery: byte for byte, on any machine,
## since FlowGraph lays text out with its own fonts). Writes nothing; lists stale, missing and extra files and
## fails if there are any; the same for FlowStacksApp's DocC catalog. Fix: make run.
check-output: deps
	$(SWIFT) build --product flowgraph
	.build/debug/flowgraph render Samples -o Output -T svg,png --theme light,dark --check
	.build/debug/flowgraph docc Samples/FlowStacksApp --catalog Samples/FlowStacksApp/FlowStacksApp.docc --check

## Show every SVG in Output/ in headless Chromium and check that no text runs out of its box, with the fonts a
## reader is likely to have (Liberation Sans: Arial's metrics) and with DejaVu Sans only. Installs chromium.
check-fit:
	Scripts/check-text-fit.sh --fonts liberation --width 0
	Scripts/check-text-fit.sh --fonts dejavu --width 0

## Play the HTML player of three samples in headless Chromium, with the keyboard, and check that it holds still
## (the timeline's top and the frame area's height the same in every frame), marks and shows the current step,
## and counts frames alike in its header and counter; then drives the keys on what has the focus (space on a
## button, → after a select changed) and checks the frames' names, that none repeats the one before, one counter.
check-player: build
	FLOWGRAPH=$(BIN) Scripts/check-player.sh

## Show every SVG in FIT_DIR (default Output/) 880 px wide in headless Chromium, as a README or pull request
## does, and print each file's smallest screen name, smallest text of all and any overflow; fails if, in any
## drawing (timeline, stack or map), any text is under 11 px or a screen name under 14 px, or any text runs out
## of its box. Installs chromium. Run by .ci/run. E.g. on a scratch render:
##   .build/debug/flowgraph render Samples -o /tmp/out -T svg && make check-fit-880 FIT_DIR=/tmp/out
FIT_DIR ?= Output
check-fit-880:
	Scripts/check-text-fit.sh --fonts liberation --width 880 --min-body-px 11 --min-text-px 11 --min-screen-px 14 \
	  $(FIT_DIR)/*.svg

## Python's jsonschema and PyYAML (from PyPI): the plan-schema test validates with the one, the review workflow
## test (Scripts/run-workflow.py) reads docs/review.md's workflow with the other; without python3 both tests
## are skipped with a message.
test-deps:
	@if command -v python3 >/dev/null 2>&1; then \
	  python3 -c 'import jsonschema, yaml' 2>/dev/null || python3 -m pip install --quiet jsonschema pyyaml \
	    || python3 -m pip install --quiet --break-system-packages jsonschema pyyaml; \
	else echo "python3 not found: the plan-schema and workflow tests will be skipped"; fi

## Every test, the heavy ones included (FLOWGRAPH_HEAVY_TESTS=1): what .ci/run runs.
test: deps tools test-deps
	FLOWGRAPH_HEAVY_TESTS=1 $(SWIFT) test

## The developer's quick suite (plain `swift test`): everything but the heavy tests (hostile inputs at scale,
## memory, huge plans).
test-quick: deps tools test-deps
	$(SWIFT) test

## The FlowGraph library's documentation (DocC catalog Sources/FlowGraph/FlowGraph.docc), built offline with the
## toolchain's docc from symbol graphs swift build emits (in a build folder of its own): .build/docs.
docs: deps
	$(SWIFT) build --target FlowGraph --scratch-path .build/docs-build \
	  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc $(CURDIR)/.build/docs-build/symbol-graphs
	mkdir -p .build/docs-build/symbols && rm -f .build/docs-build/symbols/*.json && \
	  cp .build/docs-build/symbol-graphs/FlowGraph*.symbols.json .build/docs-build/symbols/
	docc convert Sources/FlowGraph/FlowGraph.docc --fallback-display-name FlowGraph \
	  --fallback-bundle-identifier dev.flowgraph.FlowGraph --additional-symbol-graph-dir .build/docs-build/symbols \
	  --output-path .build/docs
	@echo "Documentation: .build/docs (serve it, or docc preview Sources/FlowGraph/FlowGraph.docc)"

## Benchmarks: ratios against baselines measured in the same run.
bench: build tools
	Scripts/bench.sh

## Build .build/flowgraph.artifactbundle.zip: flowgraph with the Swift runtime linked in, as a SwiftPM artifact
## bundle for a release (docs/install.md#a-prebuilt-plugin-tool-make-artifactbundle). Prints its checksum.
artifactbundle: deps
	Scripts/artifactbundle.sh

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

clean:
	rm -rf .build
