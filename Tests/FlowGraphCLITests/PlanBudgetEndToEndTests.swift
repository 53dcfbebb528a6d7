import FlowGraphTestSupport
import Foundation
import Testing

/// A plan's `budget` through the built binary: `check` fails a plan over it, naming the file, the key and the
/// platform rule that forced the extra updates; `diff` reports a plan that now goes over it and gates on it.
@Suite struct PlanBudgetEndToEndTests {
    /// Two stacked sheets to one push, compared on iOS 16 and 17: 3 updates (1.3 s) on iOS 16, 2 on iOS 17.
    static func plan(budget: String, end: String = #"[".push(C)"]"#) -> String {
        #"{"root": "Home", "start": [".sheet(A)", ".sheet(B)"], "end": \#(end), "platform": ["ios16", "ios17"], "budget": \#(budget)}"#
    }

    static func write(_ text: String, _ name: String, in folder: PlanFolder) throws {
        try Data(text.utf8).write(to: folder.url.appendingPathComponent(name))
    }

    @Test func aPlanWithinItsBudgetChecks() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try Self.write(Self.plan(budget: #"{"maxUpdates": 3, "maxSeconds": 1.3}"#), "within.json", in: folder)
        let run = try BuiltBinary.run(["check", "within.json"], in: folder.url)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
    }

    @Test func aPlanOverItsBudgetFailsNamingTheKeyAndTheRule() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try Self.write(Self.plan(budget: #"{"maxUpdates": 2, "maxSeconds": 1}"#), "over.json", in: folder)
        let run = try BuiltBinary.run(["check", "over.json"], in: folder.url)
        #expect(run.status == 1)
        let lines = run.standardError.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "over.json:1:133: budget.maxUpdates: iOS 16: 3 updates, over the budget of 2; 1 more because iOS 16 dismisses one presentation layer per update, 1 more because NavigationView pushes one screen per update"
            ), "\(lines)")
        #expect(
            lines.contains { $0.hasPrefix("over.json:1:150: budget.maxSeconds: iOS 16: 1.3 s, over the budget of 1 s") }
        )
        #expect(!lines.contains { $0.contains("iOS 17") }, "iOS 17 keeps to the budget: \(lines)")
        #expect(run.standardOutput.contains("0 valid, 1 with errors"))
    }

    @Test(arguments: [
        (
            #"{"maxUpdate": 2}"#,
            "budget.maxUpdate: unknown key 'maxUpdate'; known keys are maxUpdates, maxSeconds (did you mean 'maxUpdates'?)"
        ),
        (#"{"maxUpdates": 2.5}"#, "budget.maxUpdates: expected a whole number of updates, 0 or more, not 2.5"),
        (#"{"maxSeconds": -1}"#, "budget.maxSeconds: expected a number of seconds, 0 or more, not -1.0"),
        (#"{"maxSeconds": "1s"}"#, "budget.maxSeconds: expected a number of seconds, 0 or more, not a string"),
        ("3", #"budget: expected an object such as {"maxUpdates": 3, "maxSeconds": 1.0}, not a number"#),
    ])
    func aMalformedBudgetIsAnErrorAtItsKey(budget: String, message: String) throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try Self.write(Self.plan(budget: budget), "bad.json", in: folder)
        for command in [["check", "bad.json"], ["render", "bad.json", "-o", "bad.svg"]] {
            let run = try BuiltBinary.run(command, in: folder.url)
            #expect(run.status == 1, "\(command)")
            #expect(
                run.standardError.contains("bad.json:1:") && run.standardError.contains(message), "\(run.standardError)"
            )
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("bad.svg").path))
    }

    @Test func diffReportsAPlanThatNowGoesOverItsBudget() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let budget = #"{"maxUpdates": 3}"#
        try Self.write(Self.plan(budget: budget), "base.json", in: folder)
        try Self.write(Self.plan(budget: budget, end: #"[".push(C)", ".push(D)"]"#), "head.json", in: folder)
        let run = try BuiltBinary.run(
            ["diff", "base.json", "head.json", "--fail-on", "over-budget", "--json"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.standardError.contains("over-budget (--fail-on)"))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
        let budgets = try #require(json["budgets"] as? [[String: Any]])
        #expect(budgets.count == 1, "\(budgets)")
        #expect(budgets.first?["key"] as? String == "budget.maxUpdates")
        #expect(budgets.first?["new"] as? Bool == true)
        #expect((budgets.first?["message"] as? String)?.hasPrefix("iOS 16: 4 updates, over the budget of 3") == true)
        #expect((json["summary"] as? String)?.contains("head.json: now over budget") == true)

        let same = try BuiltBinary.run(["diff", "base.json", "base.json", "--fail-on", "over-budget"], in: folder.url)
        #expect(same.status == 0 && same.standardOutput == "no navigation changes\n", "\(same.standardOutput)")
    }
}
