import Foundation
import Testing

@testable import FlowModel

/// Random call sequences over a few screens and ids, reused ids and stale routers included: the library models
/// never trap, keep the layering their libraries keep, and refuse only what the library throws or crashes on.
@Suite struct LibraryPropertyTests {
    static let routerCalls = [
        "router.showScreen(.push, id: \"p\") { A }", "router.showScreen(.push) { B }",
        "router.showScreen(.sheet, id: \"s\") { S }", "router.showScreen(.fullScreenCover) { C }",
        "router(\"p\").showScreen(.push) { D }", "router(Home).showScreen(.sheet, id: \"p\") { E }",
        "router.showScreen(.push, location: .insertAfter(id: \"p\")) { F }",
        "router(\"s\").showScreen(.push, location: .append) { G }",
        "router.showScreens(destinations: [.push(X), .sheet(Y, id: \"s\"), .push(Z, location: .append)])",
        "router.dismissScreen()", "router(\"p\").dismissScreen()", "router.dismissScreen(id: \"s\")",
        "router.dismissScreens(upToId: \"p\")", "router.dismissScreens(count: 2)", "router.dismissScreens(count: 9)",
        "router(\"s\").dismissPushStack()", "router.dismissEnvironment()", "router.dismissLastScreen()",
        "router.dismissLastPushStack()", "router.dismissLastEnvironment()", "router(\"p\").dismissAllScreens()",
        "router.addScreensToQueue(destinations: [.push(Q, id: \"q\"), .sheet(R)])",
        "router.addScreensToQueue(destinations: [.push(T, location: .insertAfter(id: \"q\")), .push(U, location: .insertAfter(id: \"q\"))])",
        "router.removeScreenFromQueue(id: \"q\")", "router.showNextScreen()", "router.showNextScreenOrDismissScreen()",
        "router.showNextScreenOrDismissEnvironment()", "router.showNextScreenOrDismissPushStack()",
        "router.showAlert(.alert, title: \"t\")", "router(\"p\").showModal(id: \"m\") { M() }",
        "router.dismissModals(count: 3)", "router(\"p\").dismissModals(upToId: \"m\")", "router.dismissAllAlerts()",
        "try router.tryShowNextScreen()",
    ]

    static let stackCalls = [
        "push(A(), withId: \"a\")", "push(B())", "PushView(destination: C(), destinationId: \"c\") { Text(\"x\") }",
        "pop()", "pop(to: .root)", "pop(to: .view(withId: \"a\"))", "PopView(destination: .view(withId: \"c\")) { }",
        "PopView { Text(\"POP\") }",
    ]

    /// SwiftfulRouting's layering (AnyDestinationStack.swift): the root's `.fullScreenCover` stack, then
    /// push stacks and environment stacks of one screen alternating, a push stack last.
    static func expectLayering(_ state: SwiftfulRouter, after calls: [String]) {
        let stacks = state.activeScreens
        #expect(stacks.first?.screens.map(\.id) == [SwiftfulRouter.rootID], "\(calls)")
        for (index, stack) in stacks.enumerated() {
            let shouldPush = index % 2 == 1
            #expect((stack.segue == .push) == shouldPush, "stack \(index) of \(stacks.segueNotation) after \(calls)")
            if !shouldPush { #expect(stack.screens.count == 1, "\(calls)") }
        }
        #expect(stacks.last?.segue == .push, "\(calls)")
    }

    @Test func randomRouterCallsKeepSwiftfulRoutingsLayering() throws {
        var generator = SeededGenerator(seed: 19)
        let actions = try Self.routerCalls.map { try RouterAction(notation: $0) }
        for _ in 0..<300 {
            var state = SwiftfulRouter(root: "Home")
            var calls: [String] = []
            for _ in 0..<Int.random(in: 1...25, using: &generator) {
                let index = Int.random(in: 0..<actions.count, using: &generator)
                calls.append(Self.routerCalls[index])
                let before = state
                do {
                    try actions[index].apply(to: &state)
                } catch {
                    #expect(state == before, "a refused call changes nothing")
                    let refusable = ["tryShowNextScreen", "insertAfter", "router(\"p\")", "router(\"s\")"]
                    #expect(
                        refusable.contains { Self.routerCalls[index].contains($0) },
                        "\(Self.routerCalls[index]) refused: \(error)")
                }
                Self.expectLayering(state, after: calls)
                #expect(state.routes.count == state.screenIDs.count)
            }
        }
    }

    @Test func randomStackCallsNeverRefuseAndKeepIDsUnique() throws {
        var generator = SeededGenerator(seed: 6)
        let calls = try Self.stackCalls.map { try ViewStackCall(notation: $0) }
        for _ in 0..<300 {
            var stack = ViewStack()
            for _ in 0..<Int.random(in: 1...30, using: &generator) {
                let call = calls.randomElement(using: &generator)!
                let before = stack
                let warnings = call.apply(to: &stack)
                if !warnings.isEmpty { #expect(stack.views == before.views, "a warned call changes nothing") }
                let ids = stack.views.compactMap(\.id)
                #expect(Set(ids).count == ids.count, "NavigationStackCompat never holds an id twice")
            }
        }
    }
}
