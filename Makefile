# FlowGraph — every target installs what it needs first.
SWIFT ?= swift
SWIFT_FLAGS ?= -c release
BIN = .build/release/flowgraph

.PHONY: deps tools run check-output test bench build format lint clean

## Install libgvc (Graphviz's C library) and zlib (PNG compression) when pkg-config cannot find them.
deps:
	@pkg-config --exists libgvc zlib 2>/dev/null || { \
	  echo "Installing libgraphviz-dev and zlib1g-dev (Graphviz's C library, zlib)…"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libgraphviz-dev zlib1g-dev pkg-config >/dev/null; }

## The `dot` program, used only by benchmarks as the baseline.
tools: deps
	@command -v dot >/dev/null 2>&1 || { \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq graphviz >/dev/null; }

build: deps
	$(SWIFT) build $(SWIFT_FLAGS) --product flowgraph

## Render every plan in Samples/ into Output/ (SVG and PNG, plus the gallery).
run: build
	$(BIN) render Samples -o Output -T svg,png

## Check that Output/ is what Samples/ renders to (SVG and the gallery; PNG bytes depend on fonts).
## Writes nothing; lists stale, missing and extra files and fails if there are any. Fix: make run.
check-output: deps
	$(SWIFT) build --product flowgraph
	.build/debug/flowgraph render Samples -o Output -T svg --check

## Run the whole test suite.
test: deps
	$(SWIFT) test

## Benchmarks: ratios against baselines measured in the same run.
bench: build tools
	Scripts/bench.sh

format:
	$(SWIFT) format --in-place --recursive Package.swift Sources Tests

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

clean:
	rm -rf .build
