import Foundation
import Testing

/// The switch for heavy tests: hostile inputs at scale, memory growth, huge plans, PNG paging and layout times.
///
/// They take most of the suite's time, so a developer's `swift test` skips them; `.ci/run` and `make test`
/// set `FLOWGRAPH_HEAVY_TESTS=1`, so CI runs every test. Mark one with `@Test(.heavy)`.
package enum HeavyTests {
    /// Whether `FLOWGRAPH_HEAVY_TESTS=1` is set.
    package static var enabled: Bool { ProcessInfo.processInfo.environment["FLOWGRAPH_HEAVY_TESTS"] == "1" }
}

extension Trait where Self == ConditionTrait {
    /// Runs the test only when `FLOWGRAPH_HEAVY_TESTS=1` (CI: `.ci/run`, or `make test`).
    package static var heavy: Self {
        .enabled(if: HeavyTests.enabled, "heavy: runs with FLOWGRAPH_HEAVY_TESTS=1 (.ci/run, make test)")
    }
}
