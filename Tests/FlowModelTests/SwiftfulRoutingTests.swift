import Foundation
import Testing

@testable import FlowModel

/// Helpers: a router state built from compact destinations, calls applied by notation.
private func state(_ start: [String], root: String = "Home") throws -> SwiftfulRouter {
    var state = SwiftfulRouter(root: root)
    for text in start {
        var destination = try Destination(notation: text)
        destination.location = .append
        try state.showScreen(destination, from: state.topScreen.id)
    }
    return state
}

private func apply(_ calls: [String], to state: inout SwiftfulRouter) throws {
    for call in calls {
        try RouterAction(notation: call).apply(to: &state)
    }
}

/// The ids of the screens above the root, bottom first.
private func ids(_ state: SwiftfulRouter) -> [String] { state.screenIDs }

private func routerError(_ body: () throws -> Void) -> String? {
    do {
        try body()
        return nil
    } catch let error as RouterError {
        return error.message
    } catch {
        return "unexpected \(error)"
    }
}

private let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Samples")

private func samplePlan(_ name: String) throws -> Plan {
    let url = samples.appendingPathComponent(name + ".json")
    return try Plan.decode(String(decoding: try Data(contentsOf: url), as: UTF8.self), file: url.lastPathComponent)
}

@Suite struct AnyDestinationStackLayeringTests {
    /// Every `[AnyDestinationStack]` example in SwiftfulRouting's docs, with the sample that plays it.
    ///
    /// SwiftfulRouting's `RouterView` puts the root in the array as a `.fullScreenCover`-segue stack of one screen,
    /// so the first `.fullScreenCover` of each example is the root and the samples show the rest above it.
    static let examples: [(sample: String, readme: String)] = [
        ("swiftfulrouting-readme-environment", "[[.fullScreenCover], [.push, .push, .push, .push], [.sheet], []]"),
        ("swiftfulrouting-readme-three-pushes", "[[.fullScreenCover], [.push, .push, .push]]"),
        ("swiftfulrouting-readme-sheet-push", "[[.fullScreenCover], [.push, .push], [.sheet], [.push]]"),
        ("swiftfulrouting-readme-sheet-sheet", "[[.fullScreenCover], [], [.sheet], [.push], [.sheet], []]"),
        (
            "swiftfulrouting-readme-three-covers",
            "[[.fullScreenCover], [], [.fullScreenCover], [], [.fullScreenCover], []]"
        ),
        (
            "swiftfulrouting-readme-pattern",
            "[[.fullScreenCover], [.push, .push, .push, .push], [.sheet], [], [.sheet], [.push], [.fullScreenCover], [.push, .push]]"
        ),
    ]

    @Test(arguments: examples.map(\.sample))
    func sampleLayeringEqualsTheREADME(sample: String) throws {
        let expected = try #require(Self.examples.first { $0.sample == sample }?.readme)
        let plan = try samplePlan(sample)
        guard case .swiftfulRouting(let routing) = plan.libraryPlan else {
            Issue.record("\(sample) is not a SwiftfulRouting plan")
            return
        }
        let state = try routing.startState()
        #expect(state.activeScreens.segueNotation == expected)
        #expect(SwiftfulRoutingPlan.annotations(state).lines.first == "activeScreens: " + expected)
        // The drawn routes are the screens above the root, each environment with its NavigationStack.
        #expect(plan.start == state.routes)
    }

    /// Read the other way (the first `.fullScreenCover` shown over a root), the stacks above the root's own two
    /// equal the README's too.
    @Test func readingTheFirstCoverAsAShownScreenGivesTheSameLayeringAboveTheRoot() throws {
        let stack = try state([".fullScreenCover(A)", ".push(B)", ".push(C)", ".sheet(D)", ".push(E)"])
        let aboveRoot = Array(stack.activeScreens.dropFirst(2))
        #expect(aboveRoot.segueNotation == "[[.fullScreenCover], [.push, .push], [.sheet], [.push]]")
        #expect(Array(stack.activeScreens.prefix(2)).segueNotation == "[[.fullScreenCover], []]")
    }

    @Test func aNewRouterViewIsARootEnvironmentWithAnEmptyPushStack() {
        let state = SwiftfulRouter(root: "Home")
        #expect(state.activeScreens.segueNotation == "[[.fullScreenCover], []]")
        #expect(state.root.id == "root")
        #expect(state.routes.isEmpty)
    }
}

@Suite struct RouterShowScreenTests {
    @Test func pushFromAMiddleScreenGoesJustAboveTheCallSite() throws {
        var stack = try state([".push(A)", ".push(B)", ".push(C)"])
        try apply(["router(\"A\").showScreen(.push, id: \"x\") { X }"], to: &stack)
        #expect(ids(stack) == ["A", "x", "B", "C"])
    }

    @Test func pushFromTheTopRouterGoesOnTop() throws {
        var stack = try state([".push(A)"])
        try apply(["router.showScreen(.push) { _ in Profile() }"], to: &stack)
        #expect(ids(stack) == ["A", "Profile()"])
        #expect(stack.routes == [Route.push("A"), Route.push("Profile()")])
    }

    @Test func pushFromAnEnvironmentScreenGoesFirstInItsPushStack() throws {
        var stack = try state([".sheet(S)", ".push(A)"])
        try apply(["router(\"S\").showScreen(.push) { X }"], to: &stack)
        #expect(ids(stack) == ["S", "X", "A"])
        #expect(stack.activeScreens.segueNotation == "[[.fullScreenCover], [], [.sheet], [.push, .push]]")
    }

    @Test func pushFromTheRootGoesFirstInTheRootPushStack() throws {
        var stack = try state([".push(A)", ".push(B)"])
        try apply(["router(Home).showScreen(.push) { X }"], to: &stack)
        #expect(ids(stack) == ["X", "A", "B"])
        var byID = try state([".push(A)"])
        try apply(["router(\"root\").showScreen(.push) { Y }"], to: &byID)
        #expect(ids(byID) == ["Y", "A"])
    }

    @Test func sheetFromAPushBelowAnotherEnvironmentIsInsertedBelowIt() throws {
        var stack = try state([".push(A)", ".push(B)", ".sheet(S)"])
        try apply(["router(\"A\").showScreen(.sheet) { T }"], to: &stack)
        #expect(ids(stack) == ["A", "B", "T", "S"])
        #expect(stack.activeScreens.segueNotation == "[[.fullScreenCover], [.push, .push], [.sheet], [], [.sheet], []]")
    }

    @Test func sheetFromAnEnvironmentScreenGoesAfterItsPushStack() throws {
        var stack = try state([".fullScreenCover(C)", ".push(A)"])
        try apply(["router(\"C\").showScreen(.sheet) { S }"], to: &stack)
        #expect(ids(stack) == ["C", "A", "S"])
    }

    @Test func appendGoesOnTopWhateverTheCallSite() throws {
        var stack = try state([".push(A)", ".sheet(S)", ".push(B)"])
        try apply(["router(\"A\").showScreen(.push, location: .append) { X }"], to: &stack)
        #expect(ids(stack) == ["A", "S", "B", "X"])
        try apply(["router(Home).showScreen(.fullScreenCover, location: .append) { C }"], to: &stack)
        #expect(ids(stack) == ["A", "S", "B", "X", "C"])
        #expect(stack.activeScreens.last == DestinationStack(segue: .push, screens: []))
    }

    @Test func insertAfterUsesTheNamedScreenNotTheCallSite() throws {
        var stack = try state([".push(A)", ".push(B)", ".push(C)"])
        try apply(["router.showScreen(.push, id: \"x\", location: .insertAfter(id: \"A\")) { X }"], to: &stack)
        #expect(ids(stack) == ["A", "x", "B", "C"])
        let message = routerError {
            try apply(["router.showScreen(.push, location: .insertAfter(id: \"nope\")) { Y }"], to: &stack)
        }
        #expect(message?.contains("\"nope\"") == true)
        #expect(ids(stack) == ["A", "x", "B", "C"], "a refused call leaves the state unchanged")
    }

    @Test func showScreensShowsEachFromTheOneBefore() throws {
        var stack = try state([".push(A)", ".push(B)"])
        try apply(
            [
                "router(\"A\").showScreens(destinations: [AnyDestination(segue: .push, destination: { router in Text(\"Hello\") }), AnyDestination(id: \"s\", segue: .sheet) { _ in Text(\"Another\") }, .push(Third)])"
            ], to: &stack)
        #expect(ids(stack) == ["A", "Text(\"Hello\")", "B", "s", "Third"])
        #expect(stack.activeScreens.segueNotation == "[[.fullScreenCover], [.push, .push, .push], [.sheet], [.push]]")
    }

    @Test func explicitDuplicateIDIsAnErrorAndDefaultIDsStayUnique() throws {
        var stack = try state([".push(Detail)"])
        try apply(["router.showScreen(.push) { Detail }"], to: &stack)
        #expect(ids(stack) == ["Detail", "Detail-2"])
        let message = routerError { try apply(["router.showScreen(.push, id: \"Detail\") { Other }"], to: &stack) }
        #expect(message?.contains("already on screen") == true)
    }

    @Test func unknownRouterIsAnError() throws {
        var stack = try state([".push(A)"])
        let message = routerError { try apply(["router(\"zzz\").dismissScreen()"], to: &stack) }
        #expect(message == "no screen with id \"zzz\" is on screen; screens on screen: \"root\", \"A\"")
    }
}

@Suite struct RouterDismissTests {
    /// SwiftfulRouting's README: `router3.dismissScreen()` dismisses View3, `router2.dismissScreen()` View2 and View3.
    @Test func theCallSiteDecidesWhatDismissScreenDismisses() throws {
        let start = try state([".push(View2, id: \"2\")", ".push(View3, id: \"3\")"], root: "View1")
        var viaRouter3 = start
        try apply(["router(\"3\").dismissScreen()"], to: &viaRouter3)
        #expect(ids(viaRouter3) == ["2"])
        var viaRouter2 = start
        try apply(["router(\"2\").dismissScreen()"], to: &viaRouter2)
        #expect(ids(viaRouter2) == [])
        var viaTop = start
        try apply(["router.dismissScreen()"], to: &viaTop)
        #expect(ids(viaTop) == ["2"])
    }

    @Test func dismissingAnEnvironmentScreenTakesItsPushesAndEverythingAbove() throws {
        var stack = try state([".push(A)", ".sheet(S)", ".push(B)", ".fullScreenCover(C)"])
        try apply(["router(\"B\").dismissScreen()"], to: &stack)
        #expect(ids(stack) == ["A", "S"])
        #expect(stack.activeScreens.segueNotation == "[[.fullScreenCover], [.push], [.sheet], []]")
        try apply(["router(\"S\").dismissScreen()"], to: &stack)
        #expect(stack.activeScreens.segueNotation == "[[.fullScreenCover], [.push]]")
    }

    @Test func theRootCannotBeDismissed() throws {
        var stack = try state([])
        #expect(routerError { try apply(["router.dismissScreen()"], to: &stack) }?.contains("root") == true)
    }

    @Test func dismissScreenWithIDAndUpToID() throws {
        var stack = try state([".push(A)", ".push(B)", ".sheet(S)", ".push(C)"])
        var byID = stack
        try apply(["router(\"C\").dismissScreen(id: \"B\")"], to: &byID)
        #expect(ids(byID) == ["A"])
        try apply(["router.dismissScreens(upToId: \"B\")"], to: &stack)
        #expect(ids(stack) == ["A", "B"])
        // The README's spelling reads the same; dismissing up to the top screen changes nothing.
        try apply(["router.dismissScreen(upToScreenId: \"B\")"], to: &stack)
        #expect(ids(stack) == ["A", "B"])
        #expect(routerError { try apply(["router.dismissScreen(id: \"gone\")"], to: &stack) } != nil)
        #expect(routerError { try apply(["router.dismissScreens(upToId: \"gone\")"], to: &stack) } != nil)
    }

    @Test func dismissScreensCountCountsScreensAcrossEnvironments() throws {
        var stack = try state([".push(A)", ".sheet(S)", ".push(B)"])
        try apply(["router(Home).dismissScreens(count: 2)"], to: &stack)
        #expect(ids(stack) == ["A"])
        let message = routerError { try apply(["router.dismissScreens(count: 2)"], to: &stack) }
        #expect(message == "cannot dismiss 2 screens: only 1 screen is above the root")
        #expect(routerError { try apply(["router.dismissScreens(count: 0)"], to: &stack) } != nil)
    }

    @Test func dismissPushStackFromAPushOrFromItsEnvironment() throws {
        let start = try state([".push(A)", ".sheet(S)", ".push(B)", ".push(C)"])
        var fromPush = start
        try apply(["router(\"C\").dismissPushStack()"], to: &fromPush)
        #expect(ids(fromPush) == ["A", "S"])
        var fromEnvironment = start
        try apply(["router(\"S\").dismissPushStack()"], to: &fromEnvironment)
        #expect(ids(fromEnvironment) == ["A", "S"])
        var fromRoot = start
        try apply(["router(Home).dismissPushStack()"], to: &fromRoot)
        #expect(ids(fromRoot) == [])
        let message = routerError { try apply(["router(\"S\").dismissPushStack()"], to: &fromPush) }
        #expect(message == "no pushed screens above \"S\" to dismiss")
    }

    @Test func dismissEnvironmentDismissesTheClosestSheetOrCoverBelowTheCallSite() throws {
        let start = try state([".push(A)", ".fullScreenCover(C)", ".sheet(S)", ".push(B)"])
        var fromPush = start
        try apply(["router(\"B\").dismissEnvironment()"], to: &fromPush)
        #expect(ids(fromPush) == ["A", "C"])
        var fromCover = start
        try apply(["router(\"C\").dismissEnvironment()"], to: &fromCover)
        #expect(ids(fromCover) == ["A"])
        var fromRootEnvironment = start
        let message = routerError { try apply(["router(\"A\").dismissEnvironment()"], to: &fromRootEnvironment) }
        #expect(message?.contains("root environment") == true)
    }

    @Test func lastScreenLastPushStackLastEnvironmentIgnoreTheCallSite() throws {
        let start = try state([".push(A)", ".sheet(S)", ".push(B)", ".push(C)"])
        var lastScreen = start
        try apply(["router(Home).dismissLastScreen()"], to: &lastScreen)
        #expect(ids(lastScreen) == ["A", "S", "B"])
        var lastPushStack = start
        try apply(["router(Home).dismissLastPushStack()"], to: &lastPushStack)
        #expect(ids(lastPushStack) == ["A", "S"])
        // The last push stack is now empty: SwiftfulRouting does not fall back to an earlier one.
        let message = routerError { try apply(["router.dismissLastPushStack()"], to: &lastPushStack) }
        #expect(message?.contains("empty") == true)
        var lastEnvironment = start
        try apply(["router(\"A\").dismissLastEnvironment()"], to: &lastEnvironment)
        #expect(ids(lastEnvironment) == ["A"])
        #expect(routerError { try apply(["router.dismissLastEnvironment()"], to: &lastEnvironment) } != nil)
        var onlyRoot = try state([])
        #expect(routerError { try apply(["router.dismissLastScreen()"], to: &onlyRoot) } != nil)
    }

    @Test func dismissAllScreensKeepsTheRootAndDoesNothingWhenAlone() throws {
        var stack = try state([".push(A)", ".fullScreenCover(C)", ".push(B)"])
        try apply(["router(\"B\").dismissAllScreens()"], to: &stack)
        #expect(stack.activeScreens.segueNotation == "[[.fullScreenCover], []]")
        try apply(["router.dismissAllScreens()"], to: &stack)
        #expect(ids(stack) == [])
    }

    @Test func dismissedScreensTakeTheirAlertsAndModalsWithThem() throws {
        var stack = try state([".push(A)", ".push(B)"])
        try apply(
            ["router.showAlert(.alert, title: \"Oops\")", "router(\"B\").showModal(id: \"m\") { Toast() }"], to: &stack)
        #expect(stack.alerts["B"]?.title == "Oops")
        try apply(["router(\"B\").dismissScreen()", "router(\"A\").showScreen(.push) { B }"], to: &stack)
        #expect(stack.alerts.isEmpty)
        #expect(stack.modals.isEmpty)
    }
}

@Suite struct RouterQueueTests {
    @Test func insertPutsScreensAtTheFrontInOrderAppendAtTheEnd() throws {
        var stack = try state([])
        try apply(
            [
                "router.addScreensToQueue(destinations: [.push(A), .push(B)])",
                "router.addScreensToQueue(destinations: [.push(C), .push(D, location: .append)])",
                "router.addScreenToQueue(destination: .push(E, location: .insertAfter(id: \"A\")))",
            ], to: &stack)
        #expect(stack.screenQueue.map(\.id) == ["C", "A", "E", "B", "D"])
        #expect(
            routerError {
                try apply(
                    ["router.addScreenToQueue(destination: .push(F, location: .insertAfter(id: \"Z\")))"], to: &stack)
            } != nil)
    }

    @Test func removeFromQueueByIDAndAll() throws {
        var stack = try state([])
        try apply(["router.addScreensToQueue(destinations: [.push(A), .push(B), .push(C)])"], to: &stack)
        try apply(["router.removeScreenFromQueue(id: \"B\")"], to: &stack)
        #expect(stack.screenQueue.map(\.id) == ["A", "C"])
        try apply(["router.removeScreensFromQueue(ids: [\"A\"])"], to: &stack)
        #expect(stack.screenQueue.map(\.id) == ["C"])
        let message = routerError { try apply(["router.removeScreensFromQueue(ids: [\"A\"])"], to: &stack) }
        #expect(message == "no queued screen has id \"A\"; queued: \"C\"")
        try apply(["router.removeAllScreensFromQueue()"], to: &stack)
        #expect(stack.screenQueue.isEmpty)
    }

    @Test func showNextScreenShowsTheFirstFromTheCallSiteAndSkipsAnEmptyQueue() throws {
        var stack = try state([".push(A)", ".push(B)"])
        try apply(
            ["router.addScreensToQueue(destinations: [.push(X), .sheet(Y)])", "router(\"A\").showNextScreen()"],
            to: &stack)
        #expect(ids(stack) == ["A", "X", "B"])
        try apply(["router.showNextScreen()"], to: &stack)
        #expect(ids(stack) == ["A", "X", "B", "Y"])
        let before = stack
        try apply(["router.showNextScreen()"], to: &stack)
        #expect(stack == before)
        let message = routerError { try apply(["try router.tryShowNextScreen()"], to: &stack) }
        #expect(message?.contains("queue is empty") == true)
    }

    @Test func showNextScreenOrDismissFallsBackToEachDismissal() throws {
        let start = try state([".push(A)", ".sheet(S)", ".push(B)"])
        var queued = start
        try apply(
            ["router.addScreenToQueue(destination: .push(Q))", "router.showNextScreenOrDismissScreen()"], to: &queued)
        #expect(ids(queued) == ["A", "S", "B", "Q"])
        var screen = start
        try apply(["router.showNextScreenOrDismissScreen()"], to: &screen)
        #expect(ids(screen) == ["A", "S"])
        var environment = start
        try apply(["router.showNextScreenOrDismissEnvironment()"], to: &environment)
        #expect(ids(environment) == ["A"])
        var pushStack = start
        try apply(["router.showNextScreenOrDismissPushStack()"], to: &pushStack)
        #expect(ids(pushStack) == ["A", "S"])
    }
}

@Suite struct RouterAlertAndModalTests {
    @Test func alertsGoOnTheTopScreenUnlessCurrentScreen() throws {
        var stack = try state([".push(A)", ".push(B)"])
        try apply(["router(\"A\").showAlert(.alert, title: \"Top\") { Button(\"OK\") {} }"], to: &stack)
        #expect(stack.alerts["B"]?.title == "Top")
        try apply(
            ["router(\"A\").showAlert(.confirmationDialog, location: .currentScreen, title: \"Here\")"], to: &stack)
        #expect(stack.alerts["A"] == RouterAlert(style: "confirmationDialog", title: "Here", onTopScreen: false))
        try apply(["router(\"A\").dismissAlert()"], to: &stack)
        #expect(stack.alerts["A"] == nil)
        #expect(stack.alerts["B"] != nil)
        try apply(["router.showBasicAlert(text: \"Error\")", "router.dismissAllAlerts()"], to: &stack)
        #expect(stack.alerts.isEmpty)
    }

    @Test func modalsStackOnTheCallSiteAndDismissEachWay() throws {
        var stack = try state([".push(A)"])
        try apply(
            [
                "router.showModal(id: \"1\", transition: .move(edge: .bottom)) { MyModal() }",
                "router.showBasicModal { Rectangle() }", "router.showBottomModal { Sheet() }",
                "router.showModal(id: \"4\") { Four() }",
            ], to: &stack)
        #expect(stack.modals["A"]?.map(\.id) == ["1", "Rectangle()", "Sheet()", "4"])
        try apply(["router.dismissModal()"], to: &stack)
        #expect(stack.modals["A"]?.map(\.id) == ["1", "Rectangle()", "Sheet()"])
        try apply(["router.dismissModal(id: \"Rectangle()\")"], to: &stack)
        #expect(stack.modals["A"]?.map(\.id) == ["1", "Sheet()"])
        try apply(["router.dismissModals(upToModalId: \"1\")"], to: &stack)
        #expect(stack.modals["A"]?.map(\.id) == ["1"])
        try apply(["router.showModal { Two() }", "router.dismissModals(count: 2)"], to: &stack)
        #expect(stack.modals["A"] == nil)
        #expect(routerError { try apply(["router.dismissModal()"], to: &stack) } != nil)
        try apply(["router.showModal { X() }", "router.dismissAllModals()"], to: &stack)
        #expect(stack.modals.isEmpty)
    }

    @Test func marksAreNotesOnTheirScreen() throws {
        var stack = try state([".push(A, id: \"a\")"])
        try apply(
            ["router.showAlert(.alert, title: \"Delete?\")", "router.showModal(id: \"t\") { Toast() }"], to: &stack)
        let notes = SwiftfulRoutingPlan.annotations(stack).notes
        #expect(notes[0] == ["id: \"a\"", "⚠ alert: Delete?", "▣ modal: t · Toast()"])
    }
}

@Suite struct RouterNotationTests {
    @Test(arguments: [
        "router.showScreen(.sheet, id: \"s\", location: .append) { Settings }",
        "router(\"2\").dismissScreen()",
        "router.dismissScreen(id: \"x\")",
        "router.dismissScreens(upToId: \"x\")",
        "router.dismissScreens(count: 2)",
        "router.showScreens(destinations: [.push(A), .fullScreenCover(B, id: \"b\")])",
        "router.addScreensToQueue(destinations: [.push(A, location: .insertAfter(id: \"q\"))])",
        "router.removeScreensFromQueue(ids: [\"a\", \"b\"])",
        "router.tryShowNextScreen()",
        "router.showAlert(.confirmationDialog, location: .currentScreen, title: \"T\")",
        "router.showModal(id: \"m\") { Toast() }",
        "router.dismissModals(upToId: \"m\")",
        "router.dismissAllModals()",
    ])
    func canonicalNotationReadsBack(text: String) throws {
        let action = try RouterAction(notation: text)
        #expect(action.notation == text)
        #expect(try RouterAction(notation: action.notation) == action)
    }

    @Test func pastedSwiftReadsAsItsCall() throws {
        let pasted = """
            router.showScreen(.sheetConfig(config: ResizableSheetConfig(detents: [.medium])), id: "p",
                              animates: false, onDismiss: { print("bye") }) { router in
                ProfileView(router: router)
            }
            """
        let action = try RouterAction(notation: pasted)
        #expect(action.call == .showScreen(Destination(id: "p", segue: .sheet, screen: "ProfileView(router: router)")))
        #expect(try RouterAction(notation: "self.router.dismissLastScreen(animates: false)").call == .dismissLastScreen)
    }

    @Test(arguments: [
        ("router.showScren(.push) { A }", 7, "unknown router method 'showScren' (did you mean 'showScreen'?)"),
        ("router.showScreen(.modal) { A }", 18, "unknown segue '.modal'; expected .push, .sheet or .fullScreenCover"),
        ("router.showScreen(.push)", 7, "missing the screen's closure"),
        ("router.dismissScreens(count: x)", 29, "expected a whole number for count"),
        ("router.showTransition { A }", 7, "FlowGraph draws [AnyDestinationStack] only"),
        ("navigator.push(A)", 0, "expected the call on 'router.'"),
        ("router.showScreen(.push) { _ in }", 25, "the closure shows no screen"),
    ])
    func badNotationIsLocated(text: String, offset: Int, message: String) {
        #expect(throws: NotationError.self) { try RouterAction(notation: text) }
        do {
            _ = try RouterAction(notation: text)
        } catch {
            #expect(error.offset == offset, "\(text): \(error.message)")
            #expect(error.message.contains(message), "\(error.message)")
        }
    }
}

@Suite struct SwiftfulRoutingPlanTests {
    @Test func eachCallIsOneTransitionOfBeforeAndAfterOrOneStepWhenNothingChanges() throws {
        let plan = try Plan.decode(
            """
            {"library": "swiftfulrouting", "root": "Home", "start": [".push(A)", ".push(B)"],
             "actions": ["router(\\"A\\").showScreen(.push) { X }", "router.showNextScreen()"]}
            """, file: "p.json")
        #expect(plan.library == .swiftfulRouting)
        #expect(plan.start == [.push("A"), .push("B")])
        let run = try plan.libraryRun()
        #expect(run.transitions.map(\.steps.count) == [2, 1])
        #expect(run.transitions[0].steps == [[.push("A"), .push("B")], [.push("A"), .push("X"), .push("B")]])
        #expect(run.transitions[0].isSynchronous)
        #expect(run.transitions[0].action == "router(\"A\").showScreen(.push) { X }")
        // By identity, the inserted screen is the one added (FlowStacks' style comparison would blame B).
        #expect(run.details[0].changes[1].added == [1])
        #expect(run.details[0].changes[1].removed == [])
        #expect(run.details[0].changes[1].summary == "show .push X")
        #expect(try plan.transitions() == run.transitions)
    }

    @Test func misuseIsALocatedError() throws {
        let text = """
            {
              "library": "swiftfulrouting",
              "root": "Home",
              "actions": [
                "router.showScreen(.push) { A }",
                "try router.tryShowNextScreen()"
              ]
            }
            """
        let plan = try Plan.decode(text, file: "onboarding.json")
        #expect(throws: FlowGraphError.self) { try plan.transitions() }
        do {
            _ = try plan.transitions()
        } catch {
            #expect(
                error.description
                    == "onboarding.json:6:6: actions[1]: router.tryShowNextScreen(): the screen queue is empty (tryShowNextScreen throws noScreensInQueue)"
            )
        }
        let unknown = try Plan.decode(
            "{\"library\": \"swiftfulrouting\", \"actions\": [\"router(\\\"9\\\").dismissScreen()\"]}", file: "u.json")
        do {
            _ = try unknown.transitions()
            Issue.record("an unknown router id must be an error")
        } catch {
            #expect(
                error.description.hasPrefix(
                    "u.json:1:45: actions[0]: router(\"9\").dismissScreen(): no screen with id \"9\""))
        }
    }

    @Test func decodingErrorsAreLocatedAndNameTheKey() {
        let text = """
            {"library": "swiftfulrouting", "platform": "ios16",
             "start": [".push(A)", ".modal(B)"],
             "actions": ["router.dismissScreens(cont: 1)"]}
            """
        do {
            _ = try Plan.decode(text, file: "bad.json")
            Issue.record("expected errors")
        } catch {
            let lines = error.diagnostics.map(\.description)
            #expect(lines.count == 3)
            #expect(lines[0].hasPrefix("bad.json:1:32: platform: 'platform' sets FlowStacks' update rules"))
            #expect(lines[1].hasPrefix("bad.json:2:26: start[1]: expected a destination"))
            #expect(lines[2].hasPrefix("bad.json:3:37: actions[0]: dismissScreens takes no argument 'cont:'"))
        }
    }

    @Test func unknownLibraryAndMisplacedKeysAreReported() {
        do {
            _ = try Plan.decode("{\"library\": \"swiftui\", \"transitionType\": \".none\"}", file: "l.json")
            Issue.record("expected errors")
        } catch {
            let lines = error.diagnostics.map(\.description)
            #expect(lines.first?.hasPrefix("l.json:1:13: library: unknown library 'swiftui'") == true)
            #expect(lines.last?.contains("'transitionType' belongs to swiftui-navigation-stack plans") == true)
        }
    }

    @Test func theOnboardingSampleEndsBackOnTheRootAfterTheQueueRunsOut() throws {
        let run = try samplePlan("swiftfulrouting-onboarding-queue").libraryRun()
        #expect(run.transitions.count == 8)
        #expect(run.transitions.last?.to == [])
        #expect(run.transitions[2].to == [.cover("OnboardingIntro()", withNavigation: true), .push("NameStep()")])
        #expect(run.details.last?.changes.last?.summary == "dismiss OnboardingIntro(), NameStep(), NotificationsStep()")
        #expect(run.details[5].changes[1].kind == .updateContents)
    }
}
