import FlowGraph
import Foundation
import Graphviz

/// Renders timelines of growing size to SVG in-process and compares each with `dot -Tsvg` laying out the DOT
/// FlowGraph exports for the same diagram, in the same run.
///
/// A timeline of S steps × N screens is a `states` plan on iOS 16 whose every change swaps two stacked sheets
/// above N − 2 pushes for one cover: four steps each (step 0, two dismissals, one presentation).
///
/// Every timeline folds the screens its middle steps keep unchanged; above 10,000 screen rows the first and last
/// steps of transitions fold too ("collapsed", `TimelineDiagram.Options.collapseThreshold`). The last size is
/// also drawn with first and last steps whole (`collapseThreshold: .max`).
enum TimelineBenchmark {
    /// How many times each side renders each size; the best time counts.
    static let runs = 5

    static let sizes: [(steps: Int, screens: Int, whole: Bool)] = [
        (10, 5, false), (100, 12, false), (400, 40, false), (1_000, 40, false), (1_000, 40, true),
    ]

    /// A plan whose timeline has about `steps` steps of about `screens` screens each.
    static func plan(steps: Int, screens: Int) -> Plan {
        let base = (0..<max(screens - 2, 1)).map { PlanRoute.push("Screen\($0)") }
        let changes = max(1, (steps + 3) / 4)
        var states: [[PlanRoute]] = []
        for change in 0..<changes {
            states.append(
                change.isMultiple(of: 2)
                    ? base + [.cover("Cover\(change)")]
                    : base + [.sheet("Sheet\(change)", withNavigation: true), .sheet("Detail\(change)")])
        }
        let start = base + [.sheet("Sheet", withNavigation: true), .sheet("Detail")]
        return Plan(
            title: "Timeline benchmark: \(steps) steps × \(screens) screens", root: Root(screen: "Home"),
            platform: .ios16, start: start, change: .states(states))
    }

    static func run() {
        print("Timelines rendered to SVG: FlowGraph in-process vs `dot -Tsvg` on FlowGraph's DOT export")
        print("(ratio < 1: FlowGraph is faster than dot alone; best of \(runs) runs each, the two alternating,")
        print(" wall clock and CPU time, CPU time being the steadier figure on a loaded machine)")
        print()
        print(
            pad("steps × screens", 18) + pad("steps", 7) + pad("drawn", 11) + pad("FlowGraph", 11)
                + pad("dot -Tsvg", 11) + pad("ratio", 8) + pad("CPU: FlowGraph", 16) + pad("dot -Tsvg", 11) + "ratio")
        for size in sizes {
            let plan = plan(steps: size.steps, screens: size.screens)
            var options = PlanRenderer.Options()
            if size.whole { options.timelineOptions.collapseThreshold = .max }
            let renderer = PlanRenderer(options: options)
            let transitions = (try? plan.transitions()) ?? []
            let collapsed = TimelineDiagram(
                title: nil, root: plan.root, rows: [.init(transitions: transitions)],
                options: options.timelineOptions
            ).collapsesUnchangedScreens
            let stepCount = transitions.reduce(0) { $0 + $1.steps.count }
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-bench-\(UUID()).dot")
            defer { try? FileManager.default.removeItem(at: file) }
            guard let dotExport = try? renderer.render(plan, formats: [.dot]).first?.data,
                (try? dotExport.write(to: file)) != nil
            else {
                print("DOT export failed for \(size)")
                return
            }
            // FlowGraph and dot alternate, so both meet the same load from other processes.
            var flowGraph = Timing()
            var dot = Timing()
            for _ in 0..<runs {
                let started = Timing.now(RUSAGE_SELF)
                guard (try? renderer.render(plan, formats: [.svg])) != nil else {
                    print("render failed for \(size)")
                    return
                }
                flowGraph.keepBest(since: started, RUSAGE_SELF)
                guard runDot(on: file, timing: &dot) else {
                    print("dot -Tsvg failed for \(size)")
                    return
                }
            }
            print(
                pad("\(size.steps) × \(size.screens)", 18) + pad("\(stepCount)", 7)
                    + pad(collapsed ? "collapsed" : "whole", 11)
                    + pad(String(format: "%.3f s", flowGraph.wall), 11) + pad(String(format: "%.3f s", dot.wall), 11)
                    + pad(String(format: "%.2f×", flowGraph.wall / dot.wall), 8)
                    + pad(String(format: "%.3f s", flowGraph.cpu), 16) + pad(String(format: "%.3f s", dot.cpu), 11)
                    + String(format: "%.2f×", flowGraph.cpu / dot.cpu))
            if size.steps == 1_000, size.screens == 40, !size.whole {
                BenchSummary.add(
                    "timeline of 1,000 steps × 40 screens to SVG vs dot -Tsvg",
                    ratio: String(
                        format: "%.2f× dot's time (CPU %.2f×)", flowGraph.wall / dot.wall, flowGraph.cpu / dot.cpu),
                    goal: "≤ 0.8×")
            }
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print()
        print(String(format: "peak resident memory of this process: %.0f MB", Double(usage.ru_maxrss) / 1024))
    }

    /// The best wall-clock and CPU (user + system) times of several runs, in seconds.
    struct Timing {
        var wall = Double.infinity
        var cpu = Double.infinity

        /// A starting point: the wall clock and the CPU time used so far by `who` (this process or its
        /// waited-for children).
        static func now(_ who: __rusage_who) -> (wall: Date, cpu: Double) {
            (Date(), BenchFormat.cpuSeconds(who))
        }

        /// Keeps the times since `started` where they beat the best so far.
        mutating func keepBest(since started: (wall: Date, cpu: Double), _ who: __rusage_who) {
            let ended = Self.now(who)
            wall = min(wall, ended.wall.timeIntervalSince(started.wall))
            cpu = min(cpu, ended.cpu - started.cpu)
        }
    }

    /// Runs `dot -Tsvg` once on a DOT file, output discarded, keeping its times in `timing` if they are the best.
    static func runDot(on file: URL, timing: inout Timing) -> Bool {
        let started = Timing.now(RUSAGE_CHILDREN)
        guard ChildProcess.run("dot", ["-Tsvg", "-o", "/dev/null", file.path]).status == 0 else { return false }
        timing.keepBest(since: started, RUSAGE_CHILDREN)
        return true
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}

extension TimelineBenchmark {
    /// `FlowGraphBench timeline-once [STEPS SCREENS [RUNS [whole]]] [dot=FILE]`: renders one benchmark timeline to SVG
    /// `RUNS` times (default 1,000 × 40, once, collapsed; with `dot=FILE`, writes its DOT export first) and prints the CPU time of each phase, for a profiler
    /// (`perf record`, `valgrind --tool=callgrind`) to look at without `dot` or the other sizes.
    static func onceCommand() {
        let arguments = Array(CommandLine.arguments.dropFirst(2))
        let numbers = arguments.compactMap { Int($0) }
        let steps = numbers.count > 0 ? numbers[0] : 1_000
        let screens = numbers.count > 1 ? numbers[1] : 40
        let runs = numbers.count > 2 ? numbers[2] : 1
        var options = PlanRenderer.Options()
        if arguments.contains("whole") { options.timelineOptions.collapseThreshold = .max }
        let renderer = PlanRenderer(options: options)
        let plan = plan(steps: steps, screens: screens)
        var phases: [(name: String, seconds: Double)] = [
            ("play", 0), ("diagram", 0), ("layout cost", 0), ("cgraph, layout, SVG", 0), ("whole render", 0),
        ]
        func timed<T>(_ phase: Int, _ body: () throws -> T) rethrows -> T {
            let started = BenchFormat.cpuSeconds(RUSAGE_SELF)
            defer { phases[phase].seconds += BenchFormat.cpuSeconds(RUSAGE_SELF) - started }
            return try body()
        }
        do {
            if let path = arguments.first(where: { $0.hasPrefix("dot=") })?.dropFirst(4),
                let dot = try renderer.render(plan, formats: [.dot]).first?.data
            {
                try dot.write(to: URL(fileURLWithPath: String(path)))
            }
            for _ in 0..<runs {
                let drawing = timed(0) { renderer.planDiagram(plan) }
                _ = try timed(0) { try drawing.run() }
                let diagram = try timed(1) { try drawing.diagram() }
                _ = timed(2) { diagram.layoutCost }
                _ = try timed(3) {
                    try diagram.withLayout(drawing: [.svg]) { laidOut throws(GraphvizError) in
                        try laidOut.render(to: [.svg])
                    }
                }
                _ = try timed(4) { try renderer.render(plan, formats: [.svg]) }
            }
        } catch {
            FileHandle.standardError.write(Data("timeline-once: \(error)\n".utf8))
            exit(1)
        }
        print("timeline \(steps) × \(screens)\(arguments.contains("whole") ? " whole" : ""), \(runs) run(s), CPU:")
        for phase in phases {
            print("  " + pad(phase.name, 22) + String(format: "%.3f s", phase.seconds / Double(runs)))
        }
    }
}
