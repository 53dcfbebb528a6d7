import Foundation
import Testing

@testable import FlowModel

/// Every call FlowGraph used to refuse in a SwiftfulRouting or swiftui-navigation-stack plan, re-judged against
/// the library's code: what the library does is drawn, and a call it tolerates is a located warning saying
/// what it does; only what it throws or crashes on is an error.
struct ToleratedCall: CustomTestStringConvertible, Sendable {
    /// `swiftfulrouting` or `navigationstack`.
    var library: String
    /// The start, in the library's notation.
    var start: [String]
    /// The one call.
    var call: String
    /// The upstream file and function whose behaviour this follows.
    var source: String
    /// The screens after the call (ids for SwiftfulRouting, views for navigation-stack), or `nil` for an error.
    var after: [String]?
    /// Text the warning (or the error) must contain: the library's log event, or what it does.
    var says: String

    var testDescription: String { "\(library): \(call)" }

    static func swiftful(
        _ start: [String], _ call: String, _ source: String, after: [String]?, says: String
    ) -> ToleratedCall {
        ToleratedCall(library: "swiftfulrouting", start: start, call: call, source: source, after: after, says: says)
    }

    static func stack(_ start: [String], _ call: String, _ source: String, after: [String], says: String)
        -> ToleratedCall
    {
        ToleratedCall(library: "navigationstack", start: start, call: call, source: source, after: after, says: says)
    }
}

@Suite struct LibraryMisuseTests {
    static let viewModel = "SwiftfulRouting RouterViewModel.swift"
    static let compat = "swiftui-navigation-stack NavigationStackCompat.swift"

    static let cases: [ToleratedCall] = [
        .swiftful(
            [".push(A, id: \"p\")"], "router.showScreen(.push, id: \"p\") { B }",
            "\(viewModel) showScreen(routerId:destination:) (no duplicate check)", after: ["p", "p"], says: ""),
        .swiftful(
            [".push(A)"], "router.showScreen(.push, location: .insertAfter(id: \"Z\")) { B }",
            "\(viewModel) showScreen(routerId:destination:)", after: ["A"], says: "showScreen_routerIdNotFound"),
        .swiftful(
            [".push(A)"], "router(Home).dismissScreen()", "\(viewModel) dismissScreen(routeId:animates:)",
            after: ["A"], says: "ignores the root's id without a word"),
        .swiftful(
            [".push(A)"], "router.dismissScreen(id: \"Z\")", "\(viewModel) dismissScreen(routeId:animates:)",
            after: ["A"], says: "dismissScreen_routerIdNotFound"),
        .swiftful(
            [".push(A)"], "router.dismissScreens(upToId: \"Z\")", "\(viewModel) dismissScreens(to:animates:)",
            after: ["A"], says: "does nothing, without a word"),
        .swiftful(
            [".push(A)", ".sheet(S)"], "router.dismissScreens(count: 5)",
            "\(viewModel) dismissScreens(count:animates:)", after: ["A", "S"], says: "counts down to the root"),
        .swiftful(
            [".push(A)"], "router.dismissScreens(count: 0)", "\(viewModel) dismissScreens(count:animates:)",
            after: ["A"], says: "counts down to the root"),
        .swiftful(
            [".sheet(S)"], "router.dismissPushStack()", "\(viewModel) dismissPushStack(routeId:animates:)",
            after: ["S"], says: "dismissPushStack_noPushStack"),
        .swiftful(
            [".push(A)"], "router.dismissEnvironment()", "\(viewModel) dismissEnvironment(routeId:animates:)",
            after: ["A"], says: "reaches the root's own .fullScreenCover stack"),
        .swiftful(
            [], "router.dismissLastScreen()", "\(viewModel) dismissLastScreen(animates:)", after: [],
            says: "ignores the root's id"),
        .swiftful(
            [".push(A)", ".sheet(S)"], "router.dismissLastPushStack()",
            "\(viewModel) dismissLastPushStack(animates:)", after: ["A", "S"], says: "dismissPushStack_noPushStack"),
        .swiftful(
            [".push(A)"], "router.dismissLastEnvironment()", "\(viewModel) dismissLastEnvironment(animates:)",
            after: ["A"], says: "reaches the root's own .fullScreenCover stack"),
        .swiftful(
            [], "router.addScreenToQueue(destination: .push(B, location: .insertAfter(id: \"Z\")))",
            "\(viewModel) addScreensToQueue(routerId:destinations:)", after: [], says: "screenQueue_routerIdNotFound"),
        .swiftful(
            [], "router.removeScreenFromQueue(id: \"a\")", "\(viewModel) removeScreensFromQueue(screenIds:)",
            after: [], says: "removes nothing, without a word"),
        .swiftful(
            [], "router.showNextScreen()", "\(viewModel) showNextScreen(routerId:)", after: [],
            says: "showNextScreen_emptyQueue"),
        .swiftful(
            [".push(A)"], "router.dismissModal()", "\(viewModel) dismissLastModal(onRouterId:)", after: ["A"],
            says: "dismissLastModal_noModals"),
        .swiftful(
            [".push(A)"], "router.dismissModal(id: \"m\")", "\(viewModel) dismissModal(routerId:modalId:)",
            after: ["A"], says: "dismissModal_modalNotFound"),
        .swiftful(
            [".push(A)"], "router.dismissModals(upToId: \"m\")", "\(viewModel) dismissModals(routerId:to:)",
            after: ["A"], says: "dismissModalsAbove_noneFound"),
        .swiftful(
            [".push(A)"], "router.dismissModals(count: 2)", "\(viewModel) dismissModals(routerId:count:)",
            after: ["A"], says: "dismissModalsCount_noneToDismiss"),
        // What the library throws stays an error, as does a router no screen ever had.
        .swiftful(
            [], "try router.tryShowNextScreen()", "SwiftfulRouting AnyRouter.swift tryShowNextScreen()", after: nil,
            says: "throws AnyRouterError.noScreensInQueue"),
        .swiftful(
            [".push(A)"], "router(\"Z\").dismissScreen()", "no router: FlowGraph's router(\"id\") names a screen",
            after: nil, says: "was ever on screen"),
        .stack(
            ["push(A(), withId: \"a\")"], "push(B(), withId: \"a\")", "\(compat) ViewStack.push(_:)", after: ["A()"],
            says: "prints \"Duplicated view identifier\""),
        .stack([], "pop()", "\(compat) ViewStack.popToPrevious()", after: [], says: "pops nothing, without a word"),
        .stack(
            ["push(A())"], "pop(to: .view(withId: \"a\"))", "\(compat) ViewStack.popToView(withId:)",
            after: ["A()"], says: "prints \"Identifier … not found\""),
    ]

    @Test(arguments: cases)
    func eachIsDrawnAsTheLibraryDoesIt(_ tolerated: ToleratedCall) throws {
        func quoted(_ items: [String]) -> String {
            "[" + items.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }.joined(separator: ", ")
                + "]"
        }
        let text = """
            {"library": "\(tolerated.library)", "root": "Home", "start": \(quoted(tolerated.start)),
             "actions": \(quoted([tolerated.call]))}
            """
        let plan = try Plan.decode(text, file: "misuse.json")
        guard let after = tolerated.after else {
            #expect(throws: FlowGraphError.self, "\(tolerated.source)") { try plan.play() }
            do {
                _ = try plan.play()
            } catch {
                #expect(error.description.hasPrefix("misuse.json:2:15: actions[0]: "), "\(error)")
                #expect(error.description.contains(tolerated.says), "\(error)")
            }
            return
        }
        let run = try plan.play()
        let transition = try #require(run.transitions.first)
        switch (plan.navigationLibrary as? SwiftfulRoutingLibrary)?.plan {
        case .some(let routing):
            var state = routing.startState()
            try RouterAction(notation: tolerated.call).apply(to: &state)
            #expect(state.screenIDs == after, "\(tolerated.source)")
            #expect(transition.to == state.routes)
        default:
            #expect(transition.to == after.map { PlanRoute.push($0) }, "\(tolerated.source)")
        }
        if tolerated.says.isEmpty {
            #expect(run.diagnostics.isEmpty, "\(tolerated.source): \(run.diagnostics)")
        } else {
            #expect(run.diagnostics.count == 1, "\(tolerated.source)")
            let warning = run.diagnostics.first?.description ?? ""
            #expect(warning.hasPrefix("misuse.json:2:15: actions[0]: warning: "), "\(warning)")
            #expect(warning.contains(tolerated.says), "\(tolerated.source): \(warning)")
            if transition.from == transition.to {
                #expect(transition.steps.count == 1, "a call that changes nothing is one step")
            }
        }
    }
}
