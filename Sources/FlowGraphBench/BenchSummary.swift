import Synchronization

/// The headline figures of a run — the rows of the speed table in docs/development.md ("Benchmarks") — each a
/// ratio measured in this run, collected as the benchmarks go and printed together at the end of
/// `FlowGraphBench all`.
enum BenchSummary {
    /// One row: what was measured, the ratio found and the goal it is held to.
    struct Row: Sendable {
        var work: String
        var ratio: String
        var goal: String
    }

    private static let rows = Mutex<[Row]>([])

    /// Adds a row.
    static func add(_ work: String, ratio: String, goal: String) {
        rows.withLock { $0.append(Row(work: work, ratio: ratio, goal: goal)) }
    }

    /// The rows as a table, in the order added; nothing when none was added.
    static func table() -> String {
        let all = rows.withLock { $0 }
        guard !all.isEmpty else { return "" }
        let width = all.map(\.work.count).max() ?? 0
        let ratioWidth = all.map(\.ratio.count).max() ?? 0
        var text = "Summary (ratios from this run):\n"
        for row in all {
            text +=
                "  " + row.work.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                + row.ratio.padding(toLength: ratioWidth, withPad: " ", startingAt: 0) + "  goal " + row.goal + "\n"
        }
        return text
    }
}
