import FlowModel
import Foundation

/// Times `RouteImport` on a 10,000-route FlowPath codable JSON (and typed routes of the same screens),
/// against Foundation's `JSONSerialization` parsing the same bytes (outer array and every embedded
/// screen string) in the same run. The target: under a second for 10,000 routes.
enum ImportBenchmark {
    /// A FlowPath of `count` routes as `JSONEncoder().encode(path.codable)` writes it: enum, struct and Int screens.
    static func flowPathJSON(_ count: Int) -> [UInt8] {
        var items: [String] = []
        items.reserveCapacity(count * 3)
        for index in (0..<count).reversed() {
            switch index % 4 {
            case 0:
                items += [
                    #"{"sheet":{"withNavigation":true}}"#, #""5MyApp6ScreenO""#,
                    #""{\"profile\":{\"userID\":\"u\#(index)\"}}""#,
                ]
            case 1:
                items += [#"{"push":{}}"#, #""5MyApp6NumberV""#, #""{\"value\":\#(index)}""#]
            case 2:
                items += [#"{"push":{}}"#, #""Si""#, #""\#(index)""#]
            default:
                items += [#"{"push":{}}"#, #""5MyApp4ViewV6ScreenO""#, #""{\"number\":{\"_0\":\#(index)}}""#]
            }
        }
        return Array(("[" + items.joined(separator: ",") + "]").utf8)
    }

    /// The same screens as typed routes (`[Route<Screen>]`).
    static func typedRoutesJSON(_ count: Int) -> [UInt8] {
        let items = (0..<count).map { index -> String in
            switch index % 3 {
            case 0: #"{"sheet":{"withNavigation":true,"_0":{"profile":{"userID":"u\#(index)"}}}}"#
            case 1: #"{"push":{"_0":{"number":{"_0":\#(index)}}}}"#
            default: #"{"push":{"_0":\#(index)}}"#
            }
        }
        return Array(("[" + items.joined(separator: ",") + "]").utf8)
    }

    static func seconds(_ body: () throws -> Void) rethrows -> Double {
        let clock = ContinuousClock()
        var best = Double.infinity
        for _ in 0..<5 {
            let start = clock.now
            try body()
            let elapsed = clock.now - start
            best = min(best, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
        }
        return best
    }

    static func run() {
        let count = 10_000
        print("FlowGraphBench import: \(count) routes, best of 5 runs")
        for (name, bytes, embedded) in [
            ("FlowPath codable", flowPathJSON(count), true), ("typed routes", typedRoutesJSON(count), false),
        ] {
            do {
                var routes = 0
                let ours = try seconds {
                    routes = try RouteImport.read(bytes: bytes, file: "bench.json").routes.count
                }
                let data = Data(bytes)
                let baseline = try seconds {
                    let array = try JSONSerialization.jsonObject(with: data) as? [Any] ?? []
                    if embedded {
                        // Every third item is a screen's own JSON, as a string.
                        for case let text as String in array.enumerated().filter({ $0.offset % 3 == 2 }).map(\.element)
                        {
                            _ = try JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
                        }
                    }
                }
                let verdict = ours < 1 ? "under 1 s" : "OVER 1 s"
                print(
                    "  \(name): \(bytes.count / 1024) KB, \(routes) routes: import \(format(ours)) s (\(verdict)); "
                        + "JSONSerialization parse only \(format(baseline)) s; ratio \(format(ours / baseline))×")
            } catch {
                print("  \(name): failed: \(error)")
            }
        }
    }

    static func format(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
