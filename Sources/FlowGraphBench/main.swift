// Benchmarks for FlowGraph; `make bench` runs them all (Scripts/bench.sh).
// Each benchmark lives in its own file and registers here by name: `FlowGraphBench NAME`.
import Foundation

let benchmarks: [(name: String, summary: String, run: () -> Void)] = [
    ("render", "flowgraph render DIR vs one dot per plan and one dot for all; worker memory", RenderBenchmark.run),
    (
        "import", "RouteImport reads a 10,000-route FlowPath in under a second (vs JSONSerialization)",
        ImportBenchmark.run
    ),
    (
        "timeline", "timelines of 10×5 to 1,000×40 steps × screens to SVG, vs dot -Tsvg on the same DOT",
        TimelineBenchmark.run
    ),
    (
        "scan", "flowgraph scan of 60 screens in 2,000 Swift files vs swiftc -parse of the same files: time, memory",
        ScanBenchmark.run
    ),
    ("diff", "flowgraph diff of the scan benchmark's 2,000-file app against itself vs one scan", DiffBenchmark.run),
    // Last of `all`: its 10,000-route plans grow this process to gigabytes, which would slow and blur the
    // benchmarks that render in this process (timeline, import) and their peak-memory lines.
    ("steps", "calculateSteps is linear in the size of its output (1,000 vs 10,000 routes)", StepsBenchmark.run),
    (
        "timeline-once",
        "render one timeline for a profiler: FlowGraphBench timeline-once [STEPS SCREENS [RUNS [whole]]] [dot=FILE]",
        TimelineBenchmark.onceCommand
    ),
    (
        "write-app", "write the scan benchmark's generated app: FlowGraphBench write-app DIR SCREENS FILES",
        ScanBenchmark.writeAppCommand
    ),
    (
        "child-run", "run a program and print its seconds, CPU, peak kB and status: FlowGraphBench child-run PROG ARGS",
        ScanBenchmark.childRunCommand
    ),
]

let arguments = Array(CommandLine.arguments.dropFirst())
// The scans measured read and fill a cache of their own, never the user's; emptied when a benchmark starts
// (not by the `child-run` that each measured run goes through).
let benchCache = FileManager.default.currentDirectoryPath + "/.build/bench-cache"
if arguments.first != "child-run" {
    try? FileManager.default.removeItem(atPath: benchCache)
    setenv("FLOWGRAPH_CACHE_DIR", benchCache, 1)
}
if arguments.first == "all" {
    // Every benchmark but the app writer, one after another, then the headline ratios together.
    for benchmark in benchmarks where !["write-app", "timeline-once", "child-run"].contains(benchmark.name) {
        benchmark.run()
        print()
    }
    print(BenchSummary.table(), terminator: "")
} else if let name = arguments.first, let benchmark = benchmarks.first(where: { $0.name == name }) {
    benchmark.run()
    print(BenchSummary.table(), terminator: "")
} else {
    let known =
        (["  all  every benchmark, then the headline ratios"] + benchmarks.map { "  \($0.name)  \($0.summary)" })
        .joined(separator: "\n")
    FileHandle.standardError.write(Data("usage: FlowGraphBench NAME\nbenchmarks:\n\(known)\n".utf8))
    exit(arguments.isEmpty || arguments.first == "--help" ? 0 : 2)
}
