import FlowModel
import Foundation

/// Shows that `calculateSteps` takes time linear in its output: the sum of the lengths of all steps.
///
/// Each case runs at 1,000 and at 10,000 routes; the time per output route at 10,000 divided by the
/// time at 1,000 is ≈ 1.0 when the work is linear (≈ 10 would mean quadratic in the output).
enum StepsBenchmark {
    struct Case: Sendable {
        var name: String
        var rules: PlatformRules
        var make: @Sendable (Int) -> (start: [PlanRoute], end: [PlanRoute])
    }

    /// Mixed pushes and presentations, each presentation with navigation so the pushes above it are valid.
    static func mixed(_ count: Int) -> [PlanRoute] {
        (0..<count).map { index in
            switch index % 5 {
            case 0: .sheet("S\(index)", withNavigation: true)
            case 3: .cover("C\(index)", withNavigation: true)
            default: .push("P\(index)")
            }
        }
    }

    /// Presentations only: every step of a tear-down dismisses one layer.
    static func presentations(_ count: Int) -> [PlanRoute] {
        (0..<count).map { index in
            index.isMultiple(of: 2) ? .sheet("S\(index)", withNavigation: true) : .cover("C\(index)")
        }
    }

    static let cases = [
        Case(name: "build-up: [] → mixed (iOS 16, NavigationView)", rules: PlatformRules(platform: .ios16)) {
            ([], mixed($0))
        },
        Case(name: "tear-down: presentations → [] (iOS 16)", rules: PlatformRules(platform: .ios16)) {
            (presentations($0), [])
        },
        Case(name: "swap: mixed → other mixed (iOS 16)", rules: PlatformRules(platform: .ios16)) {
            (presentations($0), mixed($0))
        },
        Case(
            name: "pushes: [] → pushes (iOS 17, NavigationStack)",
            rules: PlatformRules(platform: .ios17, navigationStack: true)
        ) {
            ([], (0..<$0).map { .push("P\($0)") })
        },
    ]

    /// Time per output route, in nanoseconds, and the output size, for one case at one size.
    static func measure(_ benchmarkCase: Case, routes: Int) -> (nanoseconds: Double, steps: Int, output: Int) {
        let (start, end) = benchmarkCase.make(routes)
        let probe = calculateSteps(from: start, to: end, rules: benchmarkCase.rules)
        let output = probe.reduce(0) { $0 + $1.count }
        // Repeat small cases so every measurement covers about 50 million output routes.
        let repetitions = max(1, 50_000_000 / max(output, 1))
        var best = Double.infinity
        for _ in 0..<3 {
            var checksum = 0
            let clock = ContinuousClock()
            let elapsed = clock.measure {
                for _ in 0..<repetitions {
                    let steps = calculateSteps(from: start, to: end, rules: benchmarkCase.rules)
                    checksum &+= steps.count &+ steps[steps.count - 1].count
                }
            }
            precondition(checksum == repetitions * (probe.count + end.count), "steps changed between runs")
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            best = min(best, seconds * 1e9 / Double(repetitions * output))
        }
        return (best, probe.count, output)
    }

    static func run() {
        print("calculateSteps: time per output route (the sum of all steps' lengths), best of 3")
        print("ratio = ns per output route at 10,000 routes / at 1,000 routes; ≈ 1.0 means linear in the output")
        print("")
        let header = [
            pad("case", 48), pad("routes", 7, right: true), pad("steps", 7, right: true),
            pad("output routes", 14, right: true), pad("ns/route", 9, right: true),
        ]
        print(header.joined(separator: " "))
        var ratios: [(String, Double)] = []
        for benchmarkCase in cases {
            var perRoute: [Double] = []
            for routes in [1_000, 10_000] {
                let result = measure(benchmarkCase, routes: routes)
                perRoute.append(result.nanoseconds)
                let row = [
                    pad(benchmarkCase.name, 48), pad(BenchFormat.grouped(routes), 7, right: true),
                    pad(BenchFormat.grouped(result.steps), 7, right: true),
                    pad(BenchFormat.grouped(result.output), 14, right: true),
                    pad(String(format: "%.2f", result.nanoseconds), 9, right: true),
                ]
                print(row.joined(separator: " "))
            }
            ratios.append((benchmarkCase.name, perRoute[1] / perRoute[0]))
        }
        print("")
        for (name, ratio) in ratios {
            print("\(pad(name, 48)) ratio \(String(format: "%.2f", ratio))")
        }
    }

    private static func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - text.count))
        return right ? padding + text : text + padding
    }

}
