import FlowGraph
import FlowModel
import Testing

@testable import FlowGraphCLI

/// A changed plan is one timeline of the head: its transitions aligned with the base's by action, the base's
/// removed ones kept in place, each marked.
@Suite struct ChangedPlanTimelineTests {
    static func run(_ json: String) throws -> PlanRun { try Plan.decode(json, file: "plan.json").play() }

    static let base = try! run(
        #"{"root": "Home", "platform": "ios16", "start": [".push(Cart)"], "#
            + #""actions": ["presentSheet(Login)", "dismiss()", "push(Payment)", "push(Receipt)"]}"#)

    @Test func actionsAlignOnTheirLongestCommonRun() {
        let steps = CommonRun.steps(["a", "b", "c", nil], ["a", "c", "d", nil], removalsFirst: true)
        let pairs = steps.compactMap { step -> [Int]? in
            if case .kept(let base, let head) = step { return [base, head] }
            return nil
        }
        #expect(pairs == [[0, 0], [2, 1], [3, 3]])
        #expect(CommonRun.steps([], ["a"], removalsFirst: true) == [.added(0)])
    }

    @Test func removedTransitionsStayWhereTheyWereAndKeptOnesArePlain() throws {
        let head = try Self.run(
            #"{"root": "Home", "platform": "ios16", "start": [".push(Cart)"], "#
                + #""actions": ["push(Payment)", "push(Receipt)"]}"#)
        let changed = try #require(ChangedPlanTimeline(base: Self.base, head: head, baseName: "main"))
        #expect(changed.comparison.marks == [[.removed, .removed, .kept, .kept]])
        #expect(changed.run.ruleSets[0].transitions.map(\.action) == Self.base.ruleSets[0].transitions.map(\.action))
        // Both start at Cart and end at Receipt: nothing to say in the stacks.
        #expect(changed.comparison.startNote == nil && changed.comparison.endNote == nil)
        #expect(changed.comparison.baseName == "main")
    }

    @Test func aTransitionWithOtherStepsIsChangedAndADifferentEndIsSaid() throws {
        let head = try Self.run(
            #"{"root": "Home", "platform": "ios16", "start": [".push(Cart)"], "#
                + #""actions": ["presentSheet(Login)", "dismiss()", "push(Payment)", "push(Done)"]}"#)
        let changed = try #require(ChangedPlanTimeline(base: Self.base, head: head, baseName: "main"))
        #expect(changed.comparison.marks == [[.kept, .kept, .kept, .removed, .added]])
        #expect(changed.comparison.endNote == "before this change it ended at Home › Cart › Payment › Receipt")
        let moved = try Self.run(
            #"{"root": "Home", "platform": "ios16", "start": [".push(Orders)"], "#
                + #""actions": ["presentSheet(Login)", "dismiss()", "push(Payment)", "push(Receipt)"]}"#)
        let restarted = try #require(ChangedPlanTimeline(base: Self.base, head: moved, baseName: "main"))
        // Each transition now starts from another stack: the same actions, other steps.
        #expect(
            restarted.comparison.marks[0].allSatisfy {
                if case .changed = $0 { true } else { false }
            })
        #expect(restarted.comparison.startNote == "before this change it started at Home › Cart")
    }

    @Test func aPlanWithAnotherRootOrNoSharedRuleSetIsNotMerged() throws {
        let rooted = try Self.run(
            #"{"root": "Shop", "platform": "ios16", "start": [".push(Cart)"], "actions": ["push(Payment)"]}"#)
        #expect(ChangedPlanTimeline(base: Self.base, head: rooted, baseName: "main") == nil)
        let other = try Self.run(
            #"{"root": "Home", "platform": "ios17", "start": [".push(Cart)"], "actions": ["push(Payment)"]}"#)
        #expect(ChangedPlanTimeline(base: Self.base, head: other, baseName: "main") == nil)
        #expect(ChangedPlanTimeline(base: Self.base, head: Self.base, baseName: "main") == nil, "nothing changed")
    }
}
