import FlowGraphTestSupport
import Foundation
import Testing

/// `flowgraph diff` of plans whose root or start changed, through the built binary: a change, never
/// "no navigation changes".
@Suite struct DiffPlanStartEndToEndTests {
    /// Two folders holding `plan.json` as `base` and as `head`, compared as text and JSON.
    static func diff(base: String, head: String) throws -> (text: BuiltBinary.Result, json: [String: Any]) {
        let folder = try PlanFolder()
        defer { folder.remove() }
        for (side, plan) in [("base", base), ("head", head)] {
            let url = folder.url.appendingPathComponent(side)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data(plan.utf8).write(to: url.appendingPathComponent("plan.json"))
        }
        let text = try BuiltBinary.run(["diff", "base", "head", "--fail-on", "any"], in: folder.url)
        let json = try BuiltBinary.run(["diff", "base", "head", "--json"], in: folder.url)
        return (text, try DiffEndToEndTests.report(json.standardOutput))
    }

    @Test func aRenamedRootIsAChange() throws {
        let run = try Self.diff(
            base: #"{"root": "Home", "actions": ["push(Orders)"]}"#,
            head: #"{"root": "Start", "actions": ["push(Orders)"]}"#)
        #expect(run.text.status == 1, "\(run.text.standardOutput)")
        #expect(run.text.standardOutput.contains("starts [Home] → [Start]"), "\(run.text.standardOutput)")
        let plans = try #require(run.json["plans"] as? [[String: Any]])
        #expect(plans.first?["changed"] as? Bool == true)
        #expect((plans.first?["start"] as? [String: Any])?["now"] as? [String] == ["Start"])
    }

    @Test func aPlanThatOnlyDrawsItsStartChangesWithIt() throws {
        let run = try Self.diff(
            base: #"{"root": "Home", "start": [".push(Feed)"]}"#,
            head: #"{"root": "Home", "start": [".push(Feed)", ".sheet(Profile)"]}"#)
        #expect(run.text.status == 1, "\(run.text.standardOutput)")
        #expect(
            run.text.standardOutput.contains("starts [Home, .push(Feed)] → [Home, .push(Feed), .sheet(Profile)]"),
            "\(run.text.standardOutput)")
        let same = try Self.diff(
            base: #"{"root": "Home", "start": [".push(Feed)"]}"#, head: #"{"root": "Home", "start": [".push(Feed)"]}"#)
        #expect(same.text.status == 0 && same.text.standardOutput == "no navigation changes\n")
    }
}
