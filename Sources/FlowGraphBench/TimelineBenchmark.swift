import FlowGraph
import Foundation

/// Renders timelines of growing size to SVG in-process and compares each with `dot -Tsvg` laying out the DOT
/// FlowGraph exports for the same diagram, in the same run.
///
/// A timeline of S steps × N screens is a `states` plan on iOS 16 whose every change swaps two stacked sheets
/// above N − 2 pushes for one cover: four steps each (step 0, two dismissals, one presentation).
enum TimelineBenchmark {
    static let sizes: [(steps: Int, screens: Int)] = [(10, 5), (100, 12), (400, 40), (1_000, 40)]

    /// A plan whose timeline has about `steps` steps of about `screens` screens each.
    static func plan(steps: Int, screens: Int) -> Plan {
        let base = (0..<max(screens - 2, 1)).map { Route.push("Screen\($0)") }
        let changes = max(1, (steps + 3) / 4)
        var states: [[Route]] = []
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
        print("(ratio < 1: FlowGraph is faster than dot alone; best of 3 runs each)")
        print()
        print(pad("steps × screens", 18) + pad("steps", 8) + pad("FlowGraph", 12) + pad("dot -Tsvg", 12) + "ratio")
        for size in sizes {
            let plan = plan(steps: size.steps, screens: size.screens)
            let renderer = PlanRenderer()
            let stepCount = (try? plan.transitions().reduce(0) { $0 + $1.steps.count }) ?? 0
            guard let dotExport = try? renderer.render(plan, formats: [.dot]).first?.data else {
                print("DOT export failed for \(size)")
                return
            }
            var flowGraph = Double.infinity
            for _ in 0..<3 {
                let started = Date()
                guard (try? renderer.render(plan, formats: [.svg])) != nil else {
                    print("render failed for \(size)")
                    return
                }
                flowGraph = min(flowGraph, Date().timeIntervalSince(started))
            }
            let dot = timeDot(dotExport)
            print(
                pad("\(size.steps) × \(size.screens)", 18) + pad("\(stepCount)", 8)
                    + pad(String(format: "%.3f s", flowGraph), 12) + pad(String(format: "%.3f s", dot), 12)
                    + String(format: "%.2f×", flowGraph / dot))
        }
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        print()
        print(String(format: "peak resident memory of this process: %.0f MB", Double(usage.ru_maxrss) / 1024))
    }

    /// The best of three wall-clock times of `dot -Tsvg` on the DOT text, output discarded.
    static func timeDot(_ dot: Data) -> Double {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-bench-\(UUID()).dot")
        defer { try? FileManager.default.removeItem(at: file) }
        do { try dot.write(to: file) } catch { return .nan }
        var best = Double.infinity
        for _ in 0..<3 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["dot", "-Tsvg", "-o", "/dev/null", file.path]
            let started = Date()
            do { try process.run() } catch { return .nan }
            process.waitUntilExit()
            guard process.terminationStatus == 0 else { return .nan }
            best = min(best, Date().timeIntervalSince(started))
        }
        return best
    }

    static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text + " " : text + String(repeating: " ", count: width - text.count)
    }
}
