import FlowGraphTestSupport
import Foundation
import Testing

@testable import FlowModel

/// Helpers: a router state built from compact destinations, calls applied by notation.
private func state(_ start: [String], root: String = "Home") throws -> SwiftfulRouter {
    var state = SwiftfulRouter(root: root)
    for text in start {
        var destination = try RouterDestination(notation: text)
        destination.location = .append
        state.showScreen(destination, from: state.topScreen.routerID)
    }
    return state
}

/// Applies calls and returns the warnings they gave, in order.
private func warnings(_ calls: [String], to state: inout SwiftfulRouter) throws -> [String] {
    var warnings: [String] = []
    for call in calls {
        warnings += try RouterAction(notation: call).apply(to: &state)
    }
    return warnings
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
    } catch let error as InputError {
        return error.message
    } catch {
        return "unexpected \(error)"
    }
}

private let samples = RepositoryFolders.samples

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
        guard let routing = (plan.navigationLibrary as? SwiftfulRoutingLibrary)?.plan else {
            Issue.record("\(sample) is not a SwiftfulRouting plan")
            return
        }
        let state = routing.startState()
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
        #expect(ids(stack) == ["A", "Profile"])
        #expect(stack.routes == [PlanRoute.push("A"), PlanRoute.push("Profile()")])
    }

    /// Code pasted with or without the `()` of a view made with no arguments shows the same screen: drawn as
    /// written, named by its type either way, so the calls after it can name it `Profile` (in SwiftfulRouting
    /// its id is a UUID, which no plan can write).
    @Test func aViewWithOrWithoutParenthesesIsNamedByItsType() throws {
        for written in ["Profile()", "Profile"] {
            var stack = try state([".push(A)"])
            try apply(
                [
                    "router.showScreen(.push) { router in \(written) }",
                    "router(\"Profile\").showScreen(.sheet) { _ in Settings() }",
                    "router.showScreen(.push) { _ in Profile }",
                ], to: &stack)
            #expect(ids(stack) == ["A", "Profile", "Settings", "Profile-2"], "\(written)")
            try apply(["router(\"Profile\").dismissScreen()"], to: &stack)
            #expect(ids(stack) == ["A"], "\(written)")
        }
        // A view made with arguments keeps them in its name; a written id still wins.
        var stack = try state([])
        try apply(
            [
                "router.showScreen(.push) { _ in Profile(id: 1) }",
                "router.showScreen(.push, id: \"me\") { _ in Profile() }",
            ], to: &stack)
        #expect(ids(stack) == ["Profile(id: 1)", "me"])
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
        #expect(stack.activeScreens.last == RouterDestinationStack(segue: .push, screens: []))
    }

    @Test func insertAfterUsesTheNamedScreenNotTheCallSite() throws {
        var stack = try state([".push(A)", ".push(B)", ".push(C)"])
        try apply(["router.showScreen(.push, id: \"x\", location: .insertAfter(id: \"A\")) { X }"], to: &stack)
        #expect(ids(stack) == ["A", "x", "B", "C"])
        // RouterViewModel.swift, showScreen(routerId:destination:): an unknown id logs
        // showScreen_routerIdNotFound and shows nothing.
        let logged = try warnings(
            ["router.showScreen(.push, location: .insertAfter(id: \"nope\")) { Y }"], to: &stack)
        #expect(logged.count == 1)
        #expect(logged.first?.hasPrefix("location .insertAfter(id: \"nope\"): no such screen is on screen") == true)
        #expect(logged.first?.contains("showScreen_routerIdNotFound") == true)
        #expect(ids(stack) == ["A", "x", "B", "C"], "nothing is shown")
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

    @Test func defaultIDsStayUniqueNames() throws {
        var stack = try state([".push(Detail)"])
        try apply(["router.showScreen(.push) { Detail }"], to: &stack)
        #expect(ids(stack) == ["Detail", "Detail-2"])
    }

    /// Difference 1. RouterViewModel.swift, showScreen(routerId:destination:) has no duplicate check, and
    /// AnyDestination.swift's init gives a screen without an id `UUID().uuidString`: a reused id is shown.
    @Test func aReusedScreenIDIsShownAsSwiftfulRoutingDoes() throws {
        var stack = try state([".push(A, id: \"p\")"])
        let logged = try warnings(["router.showScreen(.push, id: \"p\") { B }"], to: &stack)
        #expect(logged.isEmpty)
        #expect(ids(stack) == ["p", "p"])
        #expect(stack.routes == [.push("A"), .push("B")])
        // Both answer to "p"; dismissScreen(routeId:) searches from the last stack and the last screen in it.
        try apply(["router.dismissScreen(id: \"p\")"], to: &stack)
        #expect(stack.routes == [.push("A")])

        // A screen shown without an id has a UUID there, so an explicit id equal to its label is no duplicate.
        var labelled = try state([".push(Profile)"])
        #expect(try warnings(["router.showScreen(.push, id: \"Profile\") { Other }"], to: &labelled).isEmpty)
        #expect(labelled.routes == [.push("Profile"), .push("Other")])
        // The written id is the one calls reach: dismissing "Profile" dismisses Other, not the screen named so.
        try apply(["router.dismissScreen(id: \"Profile\")"], to: &labelled)
        #expect(labelled.routes == [.push("Profile")])
    }

    /// Difference 2. RouterViewModel.swift, showScreens(routerId:destinations:) passes each destination with its
    /// own location (AnyRouter.swift's doc comment says it is overridden; the code does not).
    @Test func showScreensKeepsEachDestinationsLocation() throws {
        var stack = try state([".push(A)", ".push(B)"])
        try apply(["router(\"A\").showScreens(destinations: [.push(X), .push(Y, location: .append)])"], to: &stack)
        #expect(ids(stack) == ["A", "X", "B", "Y"])
    }

    @Test func aRouterNoScreenEverHadIsAnError() throws {
        var stack = try state([".push(A)"])
        let message = routerError { try apply(["router(\"zzz\").dismissScreen()"], to: &stack) }
        #expect(message == "no screen with id \"zzz\" was ever on screen; screens on screen: \"root\", \"A\"")
    }

    /// A dismissed screen's router still works in SwiftfulRouting, on an id no longer on screen: it logs.
    @Test func aDismissedScreensRouterReachesNothingWithAWarning() throws {
        var stack = try state([".push(A, id: \"a\")", ".push(B)"])
        try apply(["router(\"a\").dismissScreen()"], to: &stack)
        let logged = try warnings(
            ["router(\"a\").showScreen(.push) { C }", "router(\"B\").dismissScreen()"], to: &stack)
        #expect(ids(stack) == [])
        #expect(logged.count == 2)
        #expect(logged[0].contains("showScreen_routerIdNotFound"))
        #expect(logged[1].contains("dismissScreen_routerIdNotFound"))
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

    /// RouterViewModel.swift, dismissScreen(routeId:animates:): `guard routeId != RouterViewModel.rootId`.
    @Test func theRootIsNotDismissedAndNothingIsSaid() throws {
        var stack = try state([".push(A)"])
        let logged = try warnings(["router(Home).dismissScreen()"], to: &stack)
        #expect(ids(stack) == ["A"])
        #expect(
            logged == [
                "the root cannot be dismissed: SwiftfulRouting's dismissScreen ignores the root's id without a word, so nothing is dismissed"
            ])
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
        // dismissScreen(routeId:) logs dismissScreen_routerIdNotFound; dismissScreens(to:) says nothing.
        let logged = try warnings(
            ["router.dismissScreen(id: \"gone\")", "router.dismissScreens(upToId: \"gone\")"], to: &stack)
        #expect(ids(stack) == ["A", "B"])
        #expect(logged.count == 2)
        #expect(logged[0].contains("dismissScreen_routerIdNotFound"))
        #expect(
            logged[1].hasPrefix(
                "no screen with id \"gone\" is on screen: SwiftfulRouting's dismissScreens(to:) does nothing"))
    }

    @Test func dismissScreensCountCountsScreensAcrossEnvironments() throws {
        var stack = try state([".push(A)", ".sheet(S)", ".push(B)"])
        try apply(["router(Home).dismissScreens(count: 2)"], to: &stack)
        #expect(ids(stack) == ["A"])
        // RouterViewModel.swift, dismissScreens(count:animates:): counting down reaches the root first, and the
        // root's id is ignored: nothing is dismissed.
        let logged = try warnings(["router.dismissScreens(count: 2)", "router.dismissScreens(count: 0)"], to: &stack)
        #expect(ids(stack) == ["A"])
        #expect(
            logged == [
                "dismissScreens(count: 2) counts down to the root (1 screen is above it): SwiftfulRouting's dismissScreen ignores the root's id without a word, so nothing is dismissed",
                "dismissScreens(count: 0) counts down to the root (1 screen is above it): SwiftfulRouting's dismissScreen ignores the root's id without a word, so nothing is dismissed",
            ])
        try apply(["router.dismissScreens(count: 1)"], to: &stack)
        #expect(ids(stack) == [])
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
        let logged = try warnings(["router(\"S\").dismissPushStack()"], to: &fromPush)
        #expect(ids(fromPush) == ["A", "S"])
        #expect(
            logged == [
                "no pushed screens in the push stack of \"S\": SwiftfulRouting logs dismissPushStack_noPushStack and dismisses nothing"
            ])
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
        // RouterViewModel.swift, dismissEnvironment(routeId:animates:): the root's own stack is a
        // .fullScreenCover, so it gets there and dismisses the root's id, which is ignored without a word.
        let logged = try warnings(["router(\"A\").dismissEnvironment()"], to: &fromRootEnvironment)
        #expect(fromRootEnvironment == start)
        #expect(logged.count == 1)
        #expect(
            logged.first?.hasPrefix(
                "\"A\" is in the root's environment: dismissEnvironment() reaches the root's own .fullScreenCover stack"
            ) == true)
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
        let logged = try warnings(["router.dismissLastPushStack()"], to: &lastPushStack)
        #expect(ids(lastPushStack) == ["A", "S"])
        #expect(
            logged.first?.hasPrefix("the last push stack is empty: SwiftfulRouting logs dismissPushStack_noPushStack")
                == true)
        var lastEnvironment = start
        try apply(["router(\"A\").dismissLastEnvironment()"], to: &lastEnvironment)
        #expect(ids(lastEnvironment) == ["A"])
        // With no sheet or cover, the last environment stack is the root's own: the root's id, ignored.
        let none = try warnings(["router.dismissLastEnvironment()"], to: &lastEnvironment)
        #expect(ids(lastEnvironment) == ["A"])
        #expect(none.first?.hasPrefix("no .sheet or .fullScreenCover is on screen: dismissLastEnvironment()") == true)
        var onlyRoot = try state([])
        let root = try warnings(["router.dismissLastScreen()"], to: &onlyRoot)
        #expect(
            root.first?.hasPrefix("only the root is on screen: dismissLastScreen() dismisses the root's id") == true)
    }

    @Test func dismissAllScreensKeepsTheRootAndDoesNothingWhenAlone() throws {
        var stack = try state([".push(A)", ".fullScreenCover(C)", ".push(B)"])
        try apply(["router(\"B\").dismissAllScreens()"], to: &stack)
        #expect(stack.activeScreens.segueNotation == "[[.fullScreenCover], []]")
        try apply(["router.dismissAllScreens()"], to: &stack)
        #expect(ids(stack) == [])
    }

    /// A screen shown without an id had a UUID: showing the same view again is a new screen without marks.
    @Test func aScreenWithoutAnIDComesBackWithoutItsMarks() throws {
        var stack = try state([".push(A)", ".push(B)"])
        try apply(
            ["router.showAlert(.alert, title: \"Oops\")", "router(\"B\").showModal(id: \"m\") { Toast() }"], to: &stack)
        #expect(stack.alert(onScreen: "B")?.title == "Oops")
        let logged = try warnings(
            ["router(\"B\").dismissScreen()", "router(\"A\").showScreen(.push) { B }"], to: &stack)
        #expect(logged.isEmpty)
        #expect(stack.alert(onScreen: "B") == nil)
        #expect(stack.modals(onScreen: "B").isEmpty)
    }

    /// Difference 5. RouterViewModel.swift: dismissScreen(routeId:animates:) never touches `activeAlert` or
    /// `allModals`, which are keyed by router id, so a screen shown again with the same id shows them again.
    @Test func aReusedIDBringsBackItsAlertAndModalsWithAWarning() throws {
        var stack = try state([".push(A)", ".push(B, id: \"b\")"])
        try apply(
            ["router.showAlert(.alert, title: \"Oops\")", "router(\"b\").showModal(id: \"m\") { Toast() }"], to: &stack)
        try apply(["router(\"b\").dismissScreen()"], to: &stack)
        let logged = try warnings(["router(\"A\").showScreen(.sheet, id: \"b\") { Other }"], to: &stack)
        #expect(stack.alert(onScreen: "b")?.title == "Oops")
        #expect(stack.modals(onScreen: "b").map(\.id) == ["m"])
        #expect(
            logged == [
                "the alert and modals under id \"b\" show on this screen too: SwiftfulRouting keys alerts and modals by screen id and never clears them when a screen is dismissed"
            ])
        let notes = SwiftfulRoutingPlan.annotations(stack).notes
        #expect(notes[1] == ["id: \"b\"", "⚠ alert: Oops", "▣ modal: m · Toast()"])
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
        // RouterViewModel.swift, addScreensToQueue(routerId:destinations:): an unknown id logs
        // screenQueue_routerIdNotFound and does not queue the screen.
        let logged = try warnings(
            ["router.addScreenToQueue(destination: .push(F, location: .insertAfter(id: \"Z\")))"], to: &stack)
        #expect(stack.screenQueue.map(\.id) == ["C", "A", "E", "B", "D"])
        #expect(logged.first?.contains("screenQueue_routerIdNotFound") == true)
    }

    /// `addScreenToQueue(destination:)` and `removeScreenFromQueue(id:)` do what the plural calls do with one
    /// (RouterView.swift hands them on as `[destination]` and `[id]`), and are written back as the app wrote
    /// them, not as the plural call.
    @Test func singleQueueCallsPlayAsThePluralAndKeepTheirOwnWords() throws {
        var one = try state([])
        var many = try state([])
        let singular = [
            "router.addScreenToQueue(destination: .push(a))", "router.addScreenToQueue(destination: .push(b))",
            "router.removeScreenFromQueue(id: \"a\")",
        ]
        try apply(singular, to: &one)
        try apply(
            [
                "router.addScreensToQueue(destinations: [.push(a)])",
                "router.addScreensToQueue(destinations: [.push(b)])",
                "router.removeScreensFromQueue(ids: [\"a\"])",
            ], to: &many)
        #expect(one.screenQueue.map(\.id) == ["b"])
        #expect(one.screenQueue.map(\.id) == many.screenQueue.map(\.id))
        #expect(try singular.map { try RouterAction(notation: $0).notation } == singular)
    }

    /// Difference 4. RouterViewModel.swift, addScreensToQueue(routerId:destinations:) stores
    /// `insertCounts[requestedId] = index + 1`, an absolute index, so a second `.insertAfter` of the same id lands
    /// further on; past the end of the queue, `Array.insert(_:at:)` traps.
    @Test func twoInsertAftersOfOneIDLandWhereSwiftfulRoutingPutsThem() throws {
        var stack = try state([])
        try apply(["router.addScreensToQueue(destinations: [.push(a), .push(b), .push(c)])"], to: &stack)
        let logged = try warnings(
            [
                "router.addScreensToQueue(destinations: [.push(x, location: .insertAfter(id: \"a\")), .push(y, location: .insertAfter(id: \"a\"))])"
            ], to: &stack)
        #expect(stack.screenQueue.map(\.id) == ["a", "x", "b", "y", "c"])
        #expect(
            logged == [
                ".push(y, location: .insertAfter(id: \"a\")) lands at queue position 4, not right after the screens already inserted after \"a\" (position 3): SwiftfulRouting's addScreensToQueue stores the index it inserted at plus one as the count of screens after \"a\" (queued: \"a\", \"x\", \"b\", \"y\", \"c\")"
            ])
        var short = try state([])
        try apply(["router.addScreenToQueue(destination: .push(a))"], to: &short)
        let message = routerError {
            try apply(
                [
                    "router.addScreensToQueue(destinations: [.push(x, location: .insertAfter(id: \"a\")), .push(y, location: .insertAfter(id: \"a\"))])"
                ], to: &short)
        }
        #expect(message?.hasPrefix("SwiftfulRouting crashes here: addScreensToQueue inserts .push(y") == true)
        #expect(short.screenQueue.map(\.id) == ["a"], "a call that crashes leaves the state as it was")
    }

    @Test func removeFromQueueByIDAndAll() throws {
        var stack = try state([])
        try apply(["router.addScreensToQueue(destinations: [.push(A), .push(B), .push(C)])"], to: &stack)
        try apply(["router.removeScreenFromQueue(id: \"B\")"], to: &stack)
        #expect(stack.screenQueue.map(\.id) == ["A", "C"])
        try apply(["router.removeScreensFromQueue(ids: [\"A\"])"], to: &stack)
        #expect(stack.screenQueue.map(\.id) == ["C"])
        // RouterViewModel.swift, removeScreensFromQueue(screenIds:): `removeAll(where:)`, silent when none match.
        let logged = try warnings(["router.removeScreensFromQueue(ids: [\"A\"])"], to: &stack)
        #expect(stack.screenQueue.map(\.id) == ["C"])
        #expect(
            logged == [
                "no queued screen has id \"A\": SwiftfulRouting's removeScreensFromQueue removes nothing, without a word (queued: \"C\")"
            ])
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
        // RouterViewModel.swift, showNextScreen(routerId:) logs showNextScreen_emptyQueue.
        let logged = try warnings(["router.showNextScreen()"], to: &stack)
        #expect(stack == before)
        #expect(
            logged == ["the screen queue is empty: SwiftfulRouting logs showNextScreen_emptyQueue and shows nothing"])
        // AnyRouter.swift, tryShowNextScreen() throws AnyRouterError.noScreensInQueue: an error.
        let message = routerError { try apply(["try router.tryShowNextScreen()"], to: &stack) }
        #expect(message == "the screen queue is empty: tryShowNextScreen() throws AnyRouterError.noScreensInQueue")
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
        #expect(stack.alert(onScreen: "B")?.title == "Top")
        try apply(
            ["router(\"A\").showAlert(.confirmationDialog, location: .currentScreen, title: \"Here\")"], to: &stack)
        #expect(
            stack.alert(onScreen: "A") == RouterAlert(style: "confirmationDialog", title: "Here", onTopScreen: false))
        try apply(["router(\"A\").dismissAlert()"], to: &stack)
        #expect(stack.alert(onScreen: "A") == nil)
        #expect(stack.alert(onScreen: "B") != nil)
        try apply(["router.showBasicAlert(text: \"Error\")", "router.dismissAllAlerts()"], to: &stack)
        #expect(stack.alert(onScreen: "B") == nil)
    }

    @Test func modalsStackOnTheCallSiteAndDismissEachWay() throws {
        var stack = try state([".push(A)"])
        try apply(
            [
                "router.showModal(id: \"1\", transition: .move(edge: .bottom)) { MyModal() }",
                "router.showBasicModal { Rectangle() }", "router.showBottomModal { Sheet() }",
                "router.showModal(id: \"4\") { Four() }",
            ], to: &stack)
        #expect(stack.modals(onScreen: "A").map(\.id) == ["1", "Rectangle()", "Sheet()", "4"])
        try apply(["router.dismissModal()"], to: &stack)
        #expect(stack.modals(onScreen: "A").map(\.id) == ["1", "Rectangle()", "Sheet()"])
        try apply(["router.dismissModal(id: \"Rectangle()\")"], to: &stack)
        #expect(stack.modals(onScreen: "A").map(\.id) == ["1", "Sheet()"])
        try apply(["router.dismissModals(upToModalId: \"1\")"], to: &stack)
        #expect(stack.modals(onScreen: "A").map(\.id) == ["1"])
        try apply(["router.showModal { Two() }", "router.dismissModals(count: 2)"], to: &stack)
        #expect(stack.modals(onScreen: "A").isEmpty)
        let logged = try warnings(["router.dismissModal()"], to: &stack)
        #expect(
            logged == [
                "no modal is shown over \"A\": SwiftfulRouting logs dismissLastModal_noModals and dismisses nothing"
            ])
        try apply(["router.showModal { X() }", "router.dismissAllModals()"], to: &stack)
        #expect(stack.modals(onScreen: "A").isEmpty)
    }

    /// RouterViewModel.swift, dismissModals(routerId:count:): it dismisses shown modals from the top until the
    /// count is reached, and when they run out first it has dismissed them all and logs
    /// dismissModalsCount_noneToDismiss.
    @Test func dismissingMoreModalsThanShownDismissesAllWithAWarning() throws {
        var stack = try state([".push(A)"])
        try apply(["router.showModal(id: \"1\") { One() }", "router.showModal(id: \"2\") { Two() }"], to: &stack)
        let logged = try warnings(["router.dismissModals(count: 5)"], to: &stack)
        #expect(stack.modals(onScreen: "A").isEmpty)
        #expect(
            logged == [
                "dismissModals(count: 5) over \"A\" dismissed 2 modals and ran out: SwiftfulRouting dismisses every shown modal and logs dismissModalsCount_noneToDismiss"
            ])
        // Unknown ids: dismissModal(routerId:modalId:) and dismissModals(routerId:to:) log and do nothing.
        try apply(["router.showModal(id: \"3\") { Three() }"], to: &stack)
        let unknown = try warnings(
            ["router.dismissModal(id: \"9\")", "router.dismissModals(upToId: \"9\")"], to: &stack)
        #expect(stack.modals(onScreen: "A").map(\.id) == ["3"])
        #expect(unknown.count == 2)
        #expect(unknown[0].contains("dismissModal_modalNotFound"))
        #expect(unknown[1].contains("dismissModalsAbove_noneFound"))
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
        "router.showScreen(.push, id: \"Profile\") { Profile }",
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
        #expect(
            action.call == .showScreen(RouterDestination(id: "p", segue: .sheet, screen: "ProfileView(router: router)"))
        )
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
        #expect(throws: InputError.self) { try RouterAction(notation: text) }
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
        let run = try plan.play()
        #expect(run.transitions.map(\.steps.count) == [2, 1])
        #expect(run.transitions[0].steps == [[.push("A"), .push("B")], [.push("A"), .push("X"), .push("B")]])
        #expect(run.transitions[0].isSynchronous)
        #expect(run.transitions[0].action == "router(\"A\").showScreen(.push) { X }")
        // By identity, the inserted screen is the one added (FlowStacks' style comparison would blame B).
        #expect(run.ruleSets[0].details[0].changes[1].added == [1])
        #expect(run.ruleSets[0].details[0].changes[1].removed == [])
        #expect(run.ruleSets[0].details[0].changes[1].summary == "show .push X")
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
                    == "onboarding.json:6:6: actions[1]: router.tryShowNextScreen(): the screen queue is empty: tryShowNextScreen() throws AnyRouterError.noScreensInQueue"
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
                    "u.json:1:45: actions[0]: router(\"9\").dismissScreen(): no screen with id \"9\" was ever on screen"
                ))
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
            _ = try Plan.decode("{\"library\": \"uikit\", \"transitionType\": \".none\"}", file: "l.json")
            Issue.record("expected errors")
        } catch {
            let lines = error.diagnostics.map(\.description)
            #expect(lines.first?.hasPrefix("l.json:1:13: library: unknown library 'uikit'") == true)
            #expect(lines.last?.contains("'transitionType' belongs to swiftui-navigation-stack plans") == true)
        }
    }

    @Test func theOnboardingSampleEndsBackOnTheRootAfterTheQueueRunsOut() throws {
        let run = try samplePlan("swiftfulrouting-onboarding-queue").play()
        #expect(run.transitions.count == 8)
        #expect(run.transitions.last?.to == [])
        #expect(run.transitions[2].to == [.cover("OnboardingIntro()", withNavigation: true), .push("NameStep()")])
        #expect(
            run.ruleSets[0].details.last?.changes.last?.summary
                == "dismiss OnboardingIntro(), NameStep(), NotificationsStep()")
        #expect(run.ruleSets[0].details[5].changes[1].kind == .updateContents)
    }
}

/// `router2.` as SwiftfulRouting's README writes it (`router.showScreen(.push) { router2 in … }`): the router
/// the N-th screen's closure receives, the root's being the first.
@Suite struct NumberedRouterTests {
    @Test("router2 is the first shown screen's router, as router(\"id\") names it")
    func numberedRouterIsTheNthScreens() throws {
        var numbered = try state([".push(A)", ".push(B)", ".push(C)"])
        var named = numbered
        try apply(["router2.dismissScreen()"], to: &numbered)
        try apply(["router(\"A\").dismissScreen()"], to: &named)
        #expect(ids(numbered) == ids(named))
        #expect(ids(numbered).isEmpty)
        var third = try state([".push(A)", ".push(B)", ".push(C)"])
        var thirdNamed = third
        try apply(["router3.showScreen(.push) { X }"], to: &third)
        try apply(["router(\"B\").showScreen(.push) { X }"], to: &thirdNamed)
        #expect(ids(third) == ids(thirdNamed))
        #expect(ids(third).firstIndex(of: "X") == 2, "pushed from B's router, at B's call site: \(ids(third))")
        var root = try state([".push(A)"])
        try apply(["router1.showScreen(.sheet) { S }"], to: &root)
        #expect(ids(root).contains("S"))
    }

    @Test("A number past the screens on screen is an error that counts them")
    func numberPastTheScreensIsAnError() throws {
        var stack = try state([".push(A)", ".push(B)"])
        let message = routerError { try apply(["router5.dismissScreen()"], to: &stack) }
        #expect(message?.contains("router5 is the router of screen 5 counting the root as 1, but 3 screens") == true)
        #expect(throws: InputError.self) { try RouterAction(notation: "routers.dismissScreen()") }
    }
}
