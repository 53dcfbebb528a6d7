#!/usr/bin/env python3
"""The load figures of docs/hardening.md: `flowgraph scan` of apps with 250 to 10,000 FlowStacks and
`flowgraph diff` of two folders of 1,000 to 10,000 plans, each timed once (wall clock) and compared with
linear growth from the 1,000-size figure (ratio = seconds / (1,000-size seconds × size / 1,000)).

    FLOWGRAPH=.build/release/flowgraph Scripts/load-figures.py [--sizes 1000,10000] [--diff-sizes 1000,10000]

The apps are generated (about 400 bytes of Swift per stack, 100 stacks per file: 10,000 stacks are 4 MB);
nothing is kept. A ratio over 3 is what issue 44 calls worse than linear.
"""
import argparse, os, shutil, subprocess, sys, tempfile, time

STACK = """
enum Loaf{i}: Hashable {{ case rye, spelt }}
struct Bakery{i}: View {{
    @State var routes: Routes<Loaf{i}> = []
    var body: some View {{
        FlowStack($routes, withNavigation: true) {{
            Shelf{i}().flowDestination(for: Loaf{i}.self) {{ loaf in Oven{i}(loaf: loaf) }}
        }}
    }}
}}
struct Shelf{i}: View {{
    @EnvironmentObject var navigator: FlowNavigator<Loaf{i}>
    var body: some View {{ Button("Rye") {{ navigator.push(.rye) }} }}
}}
struct Oven{i}: View {{ let loaf: Loaf{i}; var body: some View {{ Text("oven") }} }}
"""

def app(folder, stacks):
    os.makedirs(folder)
    for start in range(0, stacks, 100):
        with open(os.path.join(folder, f"Bakery{start // 100}.swift"), "w") as f:
            f.write("import FlowStacks\nimport SwiftUI\n")
            for i in range(start, min(start + 100, stacks)):
                f.write(STACK.format(i=i))

def plans(folder, count, version):
    os.makedirs(folder)
    for i in range(count):
        pushes = ", ".join(f'"push(S{j})"' for j in range(1 + (i + version) % 3))
        with open(os.path.join(folder, f"plan{i}.json"), "w") as f:
            f.write(f'{{"title": "Plan {i}", "root": "Home", "actions": [{pushes}]}}\n')

def timed(arguments):
    started = time.monotonic()
    run = subprocess.run(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.monotonic() - started
    if run.returncode not in (0, 1):
        sys.exit(f"{' '.join(arguments)}: exit {run.returncode}: {run.stderr[:400]}")
    return seconds

def report(title, sizes, measure):
    print(title)
    base = None
    for size in sizes:
        seconds = measure(size)
        if size == 1000:
            base = seconds
        linear = f"{seconds / (base * size / 1000):.2f}× linear" if base else "-"
        print(f"  {size:>6}  {seconds:7.2f} s  {linear}")

def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", default="250,1000,2000,10000")
    parser.add_argument("--diff-sizes", default="1000,2500,10000")
    options = parser.parse_args()
    flowgraph = os.environ.get("FLOWGRAPH", ".build/release/flowgraph")
    work = tempfile.mkdtemp(prefix="flowgraph-load-")
    try:
        def scan(size):
            folder = os.path.join(work, f"app{size}")
            app(folder, size)
            return timed([flowgraph, "scan", folder, "--json", "--limit", "swift-size=64000000"])
        report("scan of N FlowStacks (--json)", [int(s) for s in options.sizes.split(",")], scan)

        def diff(size):
            base, head = os.path.join(work, f"base{size}"), os.path.join(work, f"head{size}")
            plans(base, size, 0)
            plans(head, size, 1)
            return timed([flowgraph, "diff", base, head, "--json"])
        report("diff of two folders of N plans (--json)", [int(s) for s in options.diff_sizes.split(",")], diff)
    finally:
        shutil.rmtree(work)

if __name__ == "__main__":
    main()
