import Testing

@testable import FlowModel

/// SwiftUI's own navigation as plans play it (``SwiftUILibrary``): a `NavigationStack`'s path and the sheets
/// and covers presented over it, each change one update.
@Suite struct SwiftUILibraryTests {
    /// A plan for SwiftUI with these changes, starting from `start` on the path.
    private func run(_ actions: [String], start: [String] = []) throws -> PlanRun {
        let quoted = { (items: [String]) in items.map { "\"\($0)\"" }.joined(separator: ", ") }
        let json = """
            {"library": "swiftui", "root": "Home", "start": [\(quoted(start))], "actions": [\(quoted(actions))]}
            """
        return try Plan.decode(json, file: "orders.json").play()
    }

    /// The routes after each change, as the steps say them.
    private func states(_ run: PlanRun) -> [[String]] {
        run.ruleSets[0].transitions.map { $0.to.map(\.notation) }
    }

    @Test func pathChangesPushAndPopTheValues() throws {
        let run = try run(
            ["path.append(.order(id: 42))", "router.path.append(.tracking)", "path.removeLast()", "path = []"],
            start: [".history"])
        #expect(
            states(run) == [
                [".push(history)", ".push(order(id: 42))"],
                [".push(history)", ".push(order(id: 42))", ".push(tracking)"],
                [".push(history)", ".push(order(id: 42))"],
                [],
            ])
        #expect(run.ruleSets[0].transitions.map(\.action).last == "path.removeAll()")
        #expect(run.diagnostics.isEmpty)
    }

    /// A push while a sheet is shown lands under the sheet: the sheet stays, the user sees the push later.
    @Test func aPushUnderASheetKeepsTheSheetAndWarns() throws {
        let run = try run(["sheet(Receipt())", "path.append(.tracking)", "dismiss()"])
        #expect(
            states(run) == [
                [".sheet(Receipt())"], [".push(tracking)", ".sheet(Receipt())"], [".push(tracking)"],
            ])
        let change = try #require(run.ruleSets[0].details[1].changes.last)
        #expect(change.added == [0])
        #expect(change.removed.isEmpty)
        #expect(run.diagnostics.map(\.message).first?.contains("the push happens under it") == true)
        #expect(run.diagnostics.first?.keyPath == "actions[1]")
    }

    /// `DismissAction` dismisses what is presented, else pops a pushed screen, and at the root does nothing.
    @Test func dismissClosesThePresentationThenPopsThenDoesNothing() throws {
        let run = try run(["fullScreenCover(Intro())", "dismiss()", "dismiss()", "dismiss()"], start: [".a"])
        #expect(states(run) == [[".push(a)", ".cover(Intro())"], [".push(a)"], [], []])
        #expect(
            run.diagnostics.map(\.message) == [
                "dismiss(): dismiss() on the root of a NavigationStack that is not presented does nothing, without a word"
            ])
    }

    /// `removeLast(_:)` past the path's start is Swift's precondition failure: the plan is rejected there.
    @Test func removingMoreThanThePathHoldsIsRejectedAtTheCall() throws {
        #expect {
            try run(["path.append(.a)", "path.removeLast(3)"])
        } throws: { error in
            let message = (error as? FlowGraphError)?.diagnostics.first?.message ?? ""
            return message.hasPrefix("path.removeLast(3): the path holds 1 value")
                && message.contains("Can't remove more items")
                && (error as? FlowGraphError)?.diagnostics.first?.keyPath == "actions[1]"
        }
    }

    @Test func unknownChangesAreRejectedWithTheCallsAPlanTakes() throws {
        #expect {
            try run(["path.apend(.a)"])
        } throws: { error in
            let message = (error as? FlowGraphError)?.diagnostics.first?.message ?? ""
            return message.contains("unknown SwiftUI change 'apend'") && message.contains("append")
        }
    }
}
