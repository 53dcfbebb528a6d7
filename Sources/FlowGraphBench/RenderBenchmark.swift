import FlowModel
import Foundation

/// Whole-process speed of `flowgraph render DIR` against Graphviz's own `dot`, and worker memory over a
/// long batch.
///
/// 200 generated plans, each a 6-step timeline of up to 5 screens, are rendered by
/// `flowgraph render DIR -o OUT -T svg -j 2` and, on the DOT FlowGraph exports for the same plans
/// (`-T dot`), by (a) one `dot` process per plan and (b) one `dot` process over a single file holding all
/// 200 graphs; the same again for SVG+PNG. Ratios are baseline time / FlowGraph time, so > 1 means
/// FlowGraph is faster. Every run starts from no output and writes into a folder of its own that no run used
/// before (dot overwriting its own files would skip creating them, which every atomic write of FlowGraph's pays),
/// and nothing is deleted until the end: on a journal-less ext4 (this machine's) a file created within minutes
/// of many deletions costs far more, the kernel searching past every recently deleted inode for a free one, so a
/// benchmark that deleted the last run's files measured its own deletions. The runs as they were measured before,
/// each after deleting the last run's files, and one dot run over all graphs that overwrites its files, are
/// printed for reference. Then a 10,000-plan batch reports the peak resident memory of any worker
/// (each worker's `ru_maxrss`), with the default recycling and without it.
enum RenderBenchmark {
    static let planCount = 200
    static let memoryPlanCount = 10_000
    static let repeats = 3

    /// Wall-clock and CPU seconds of one run.
    struct Measurement {
        var wall: Double
        var cpu: Double

        static let worst = Measurement(wall: .infinity, cpu: .infinity)

        func best(_ other: Measurement) -> Measurement {
            Measurement(wall: min(wall, other.wall), cpu: min(cpu, other.cpu))
        }

        var text: String { String(format: "%6.2f s %6.2f s", wall, cpu) }

        func ratios(to ours: Measurement) -> String {
            String(format: "%8.2f×  %8.2f×", wall / ours.wall, cpu / ours.cpu)
        }
    }

    /// Runs `body` and measures its wall time and the CPU time of the processes it waited for.
    static func measure(_ body: () -> Void) -> Measurement {
        let before = BenchFormat.cpuSeconds(RUSAGE_CHILDREN)
        let wall = time(body)
        return Measurement(wall: wall, cpu: BenchFormat.cpuSeconds(RUSAGE_CHILDREN) - before)
    }

    /// Plan `index`: a deep link on iOS 16 from a stack with a sheet and a cover to four pushes — 6 steps,
    /// at most 5 screens (root included) in a step. Screen names differ per plan.
    static func routes(_ index: Int) -> (start: [PlanRoute], end: [PlanRoute]) {
        let start: [PlanRoute] = [
            .push("Feed\(index)"), .sheet("Profile\(index)", withNavigation: true), .push("Posts\(index)"),
            .cover("Story\(index)"),
        ]
        let end: [PlanRoute] = [
            .push("Orders\(index)"), .push(".order(id: \(index))"), .push("Items\(index)"), .push("Review\(index)"),
        ]
        return (start, end)
    }

    static func planJSON(_ index: Int) -> String {
        let (start, end) = routes(index)
        func list(_ routes: [PlanRoute]) -> String {
            "["
                + routes.map { "\"\($0.notation.replacingOccurrences(of: "\"", with: "\\\""))\"" }
                .joined(separator: ", ") + "]"
        }
        return """
            {"title": "Benchmark plan \(index)", "root": {"screen": "Home\(index)", "withNavigation": true},
             "platform": "ios16", "start": \(list(start)), "end": \(list(end))}
            """
    }

    static func run() {
        let binFolder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        let flowgraph = binFolder.appendingPathComponent("flowgraph").path
        guard FileManager.default.isExecutableFile(atPath: flowgraph) else {
            fail("\(flowgraph) is not built; run: swift build -c release --product flowgraph")
        }
        guard let dot = findInPath("dot") else {
            fail("Graphviz's dot is not installed; run: make tools (apt-get install graphviz)")
        }
        let steps = PlanTransition(from: routes(0).start, to: routes(0).end, rules: PlatformRules(platform: .ios16))
            .steps
        precondition(steps.count == 6 && steps.map(\.count).max() == 4, "the generated plans are not 6 × 5")

        let work = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: work) }
        let plans = work.appendingPathComponent("plans")
        writePlans(planCount, to: plans)

        // FlowGraph's DOT for the same plans: one file per plan and one file with all of them.
        let dotFolder = work.appendingPathComponent("dot")
        expectSuccess(flowgraph, ["render", plans.path, "-o", dotFolder.path, "-T", "dot", "--quiet", "--no-gallery"])
        let dotFiles = ((try? FileManager.default.contentsOfDirectory(atPath: dotFolder.path)) ?? [])
            .filter { $0.hasSuffix(".dot") }.sorted().map { dotFolder.appendingPathComponent($0).path }
        precondition(dotFiles.count == planCount, "expected \(planCount) DOT files, got \(dotFiles.count)")
        // In a folder of its own, so its outputs (`all.dot.svg`, `all.dot.2.svg`…) can be removed before each of the
        // reference runs; the timed runs copy it into new folders.
        let allFolder = work.appendingPathComponent("dot-all")
        try? FileManager.default.createDirectory(at: allFolder, withIntermediateDirectories: true)
        let allDot = allFolder.appendingPathComponent("all.dot")
        let joined = dotFiles.compactMap { FileManager.default.contents(atPath: $0) }.reduce(Data(), +)
        guard FileManager.default.createFile(atPath: allDot.path, contents: joined) else {
            fail("cannot write \(allDot.path)")
        }
        var folders = 0
        /// A path in the work folder that no run has used (nothing is made there).
        func freshPath(_ name: String) -> URL {
            folders += 1
            return work.appendingPathComponent("\(name)-\(folders)")
        }
        /// Copies of `files` in a new folder no run has used (made before the timing starts).
        func copies(of files: [String], inFreshFolder name: String) -> [String] {
            let folder = freshPath(name)
            try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            return files.map { file in
                let copy = folder.appendingPathComponent(URL(fileURLWithPath: file).lastPathComponent).path
                guard (try? FileManager.default.copyItem(atPath: file, toPath: copy)) != nil else {
                    fail("cannot copy \(file) into \(folder.path)")
                }
                return copy
            }
        }

        print("flowgraph render vs Graphviz's dot: \(planCount) plans of 6 steps × 5 screens, whole-process time")
        print("FlowGraph: flowgraph render DIR -o OUT -T FORMATS -j 2; dot gets the DOT FlowGraph exports (-T dot)")
        print("ratio = dot's time / FlowGraph's time (> 1: FlowGraph is faster). Wall: best of \(repeats) runs,")
        print("interleaved with dot's so both see the same machine load (the per-plan loop runs once). CPU: user + sys")
        print("of all processes (FlowGraph's workers included), which machine load does not change.")
        print(
            "Both start from no output, each run in a folder no run used before, and nothing is deleted until the end")
        print("(a file dot -O overwrites costs no new inode; every file FlowGraph writes atomically is new; and a file")
        print("created soon after many were deleted costs several times more on this journal-less ext4).")
        print("")
        for (label, formats, flags) in [("SVG", "svg", ["-Tsvg"]), ("SVG+PNG", "svg,png", ["-Tsvg", "-Tpng"])] {
            var ours = Measurement.worst
            var onePass = Measurement.worst
            var overwriting = Measurement.worst
            for _ in 0..<repeats {
                let out = freshPath("out")  // FlowGraph makes it, as a user's first run does
                ours = ours.best(
                    measure {
                        expectSuccess(
                            flowgraph, ["render", plans.path, "-o", out.path, "-T", formats, "-j", "2", "--quiet"])
                    })
                let produced = ((try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []).count
                precondition(produced == planCount * flags.count + 2, "FlowGraph wrote \(produced) files")
                let allCopy = copies(of: [allDot.path], inFreshFolder: "dot-all")[0]
                onePass = onePass.best(measure { expectSuccess(dot, flags + ["-O", allCopy]) })
                if label == "SVG" {
                    overwriting = overwriting.best(measure { expectSuccess(dot, flags + ["-O", allCopy]) })
                }
            }
            let perPlanFiles = copies(of: dotFiles, inFreshFolder: "dot-plans")
            let perPlan = measure {
                for file in perPlanFiles { expectSuccess(dot, flags + ["-O", file]) }
            }
            // For reference, as runs were measured before: each in the same folder, after deleting the last run's
            // files (SVG only).
            var oursAfterDeleting = Measurement.worst
            var onePassAfterDeleting = Measurement.worst
            if label == "SVG" {
                let reused = work.appendingPathComponent("out-reused")
                for _ in 0..<repeats {
                    try? FileManager.default.removeItem(at: reused)
                    oursAfterDeleting = oursAfterDeleting.best(
                        measure {
                            expectSuccess(
                                flowgraph,
                                ["render", plans.path, "-o", reused.path, "-T", formats, "-j", "2", "--quiet"])
                        })
                    removeOutputs(in: allFolder, keeping: allDot.lastPathComponent)
                    onePassAfterDeleting = onePassAfterDeleting.best(
                        measure { expectSuccess(dot, flags + ["-O", allDot.path]) })
                }
            }
            print("\(label):                                  wall      CPU   ratio wall  ratio CPU")
            print("  FlowGraph, 2 workers             \(ours.text)")
            print("  (a) one dot process per plan     \(perPlan.text)  \(perPlan.ratios(to: ours))  (goal ≥ 10)")
            print("  (b) one dot process, all graphs  \(onePass.text)  \(onePass.ratios(to: ours))  (goal ≥ 2)")
            if label == "SVG" {
                print(
                    "      (b) overwriting its files    \(overwriting.text)  \(overwriting.ratios(to: ours))"
                        + "  (for reference)")
                print("  for reference, each run after deleting the last run's files:")
                print("      FlowGraph, 2 workers         \(oursAfterDeleting.text)")
                print(
                    "      (b) one dot process          \(onePassAfterDeleting.text)  "
                        + onePassAfterDeleting.ratios(to: oursAfterDeleting))
            }
            print(
                String(
                    format: "  cores FlowGraph's 2 workers got: %.2f (its CPU / wall; < 2 when the machine is busy)",
                    ours.cpu / ours.wall))
            func faster(_ baseline: Measurement) -> String {
                String(format: "%.2f× faster (CPU %.2f×)", baseline.wall / ours.wall, baseline.cpu / ours.cpu)
            }
            BenchSummary.add(
                "batch of \(planCount) plans to \(label), 2 workers, vs one dot per plan", ratio: faster(perPlan),
                goal: "≥ 10×")
            if label == "SVG" {
                BenchSummary.add(
                    "batch of \(planCount) plans to SVG, 2 workers, vs one dot over all", ratio: faster(onePass),
                    goal: "≥ 2×")
            }
        }

        print("")
        print(
            "Worker memory over \(BenchFormat.grouped(memoryPlanCount)) plans (SVG, -j 2): peak resident set of any worker"
        )
        let many = work.appendingPathComponent("many")
        writePlans(memoryPlanCount, to: many)
        for (label, recycle) in [("recycled every 200 plans (default)", 200), ("never recycled", memoryPlanCount)] {
            let out = work.appendingPathComponent("many-out")
            let report = work.appendingPathComponent("report.json")
            try? FileManager.default.removeItem(at: out)
            let elapsed = measure {
                expectSuccess(
                    flowgraph,
                    [
                        "render", many.path, "-o", out.path, "-T", "svg", "-j", "2", "--quiet", "--no-gallery",
                        "--recycle-after", String(recycle), "--report", report.path,
                    ])
            }
            let json = (try? JSONSerialization.jsonObject(with: Data(contentsOf: report))) as? [String: Any]
            let peak = json?["peakWorkerMemoryBytes"] as? Int ?? 0
            let workers = json?["workerProcessesStarted"] as? Int ?? 0
            print(
                "  \(label.padding(toLength: 36, withPad: " ", startingAt: 0)) peak \(peak / 1_048_576) MB "
                    + "(limit 300 MB) · \(workers) worker processes · \(seconds(elapsed.wall))")
        }
    }

    /// Removes the files dot wrote in `folder` (every file ending in `.svg` or `.png`), so its next run starts
    /// from no output as FlowGraph's does.
    private static func removeOutputs(in folder: URL, keeping: String?) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name != keeping && (name.hasSuffix(".svg") || name.hasSuffix(".png")) {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    private static func writePlans(_ count: Int, to folder: URL) {
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for index in 0..<count {
            let name = String(format: "plan%05d.json", index)
            guard
                FileManager.default.createFile(
                    atPath: folder.appendingPathComponent(name).path, contents: Data(planJSON(index).utf8))
            else { fail("cannot write plans into \(folder.path)") }
        }
    }

    /// Runs a program to its end with output discarded; stops the benchmark if it fails.
    private static func expectSuccess(_ executable: String, _ arguments: [String]) {
        let ending = ChildProcess.run(executable, arguments)
        guard ending.status == 0 else {
            fail("\(executable) \(arguments.joined(separator: " ")) failed (\(ending.status)): \(ending.errors)")
        }
    }

    private static func time(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let elapsed = clock.measure(body)
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
    }

    private static func findInPath(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    private static func seconds(_ value: Double) -> String {
        String(format: "%6.2f s", value)
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("FlowGraphBench render: \(message)\n".utf8))
        exit(1)
    }
}
