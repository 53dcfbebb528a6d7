import FlowGraphTestSupport
import FlowGraphTesting
import Foundation
import Testing
import XCTest

/// The assertions as an app's tests use them: this package's own sample app and plan checked against the
/// baselines committed in `__Navigation__/` beside this file, and what a missing or stale baseline does.
@Suite struct NavigationAssertionsTests {
    /// FlowStacks' example app, as `Samples/FlowStacksApp` holds it.
    @Test func flowStacksAppNavigation() {
        assertNavigation(scanning: "Samples/FlowStacksApp")
    }

    /// The deep link into a sheet's pushed child, for every iOS version whose rules differ.
    @Test func deepLinkIntoProfileChild() {
        assertSteps(of: "Samples/deeplink-into-profile-child.json")
    }

    @Test func aMissingBaselineIsRecordedAndFailsOnce() throws {
        let name = "scratch-\(UUID().uuidString)"
        let recorded = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Navigation__/NavigationAssertionsTests/\(name).txt")
        defer { try? FileManager.default.removeItem(at: recorded) }
        withKnownIssue {
            assertSteps(of: "Samples/first-plan.json", named: name)
        } matching: { issue in
            issue.comments.contains { $0.rawValue.contains("recorded the baseline Tests/FlowGraphTestingTests/") }
        }
        #expect(FileManager.default.fileExists(atPath: recorded.path))
        assertSteps(of: "Samples/first-plan.json", named: name)
    }

    @Test func anUnreadableSourceFailsWithItsError() {
        withKnownIssue {
            assertNavigation(scanning: "Samples/NoSuchApp", named: "never-written")
        } matching: { issue in
            issue.comments.contains { $0.rawValue.hasPrefix("Samples/NoSuchApp: no such file") }
        }
    }
}

/// The same assertion from an XCTest test case: a failure is XCTest's own, at the assertion's line.
final class NavigationAssertionsXCTests: XCTestCase {
    /// The failures recorded, instead of failing this case.
    var failures: [(description: String, line: Int)] = []

    override func recordFailure(
        withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
    ) {
        failures.append((description, lineNumber))
    }

    func testAStaleBaselineFailsInXCTest() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("__Navigation__/NavigationAssertionsTests")
        let name = "stale-\(UUID().uuidString)"
        let baseline = folder.appendingPathComponent("\(name).txt")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("Cart\n".utf8).write(to: baseline)
        defer { try? FileManager.default.removeItem(at: baseline) }
        assertSteps(of: "Samples/first-plan.json", named: name); let line = #line
        let seen = failures
        failures = []
        XCTAssertEqual(seen.count, 1)
        XCTAssertEqual(seen.first?.line, line)
        XCTAssertTrue(
            seen.first?.description.contains("the steps of Samples/first-plan.json changed") ?? false, "\(seen)")
        XCTAssertTrue(seen.first?.description.contains("- Cart") ?? false, "\(seen)")
    }
}
