import Testing

@testable import FlowModel

/// FlowStacks' ConvenienceMethodsTests that apply to a typed routes array, plus the misuse FlowGraph reports.
@Suite struct NavigatorTests {
    private func stack(_ routes: [PlanRoute], rootHasNavigation: Bool = true) -> RouteStack {
        RouteStack(root: Root(screen: "Home", withNavigation: rootHasNavigation), routes: routes)
    }

    private let three: [PlanRoute] = [.push("1"), .push("two"), .push("true")]

    // MARK: FlowStacks' cases

    @Test func goBackToInstance() throws {
        var path = stack(three)
        #expect(throws: NavigationError.noMatchingScreen("non-matching")) { try path.goBackTo("non-matching") }
        #expect(path.routes.count == 3)
        try path.goBackTo("two")
        #expect(path.routes.count == 2)
        try path.goBackTo("1")
        #expect(path.routes.count == 1)
    }

    @Test func goBackToRoot() {
        var path = stack(three)
        path.goBackToRoot()
        #expect(path.routes.isEmpty)
    }

    @Test func goBackToIndex() throws {
        var path = stack(three)
        try path.goBackTo(index: 2)
        #expect(path.routes.count == 3)
        try path.goBackTo(index: 1)
        #expect(path.routes.count == 2)
        try path.goBackTo(index: 0)
        #expect(path.routes.count == 1)
        try path.goBackTo(index: -1)
        #expect(path.routes.count == 0)
    }

    @Test func popToInstance() throws {
        var path = stack(three)
        #expect(throws: NavigationError.noMatchingScreen("non-matching")) { try path.popTo("non-matching") }
        #expect(path.routes.count == 3)
        try path.popTo("two")
        #expect(path.routes.count == 2)
        try path.popTo("1")
        #expect(path.routes.count == 1)
    }

    @Test func popToRoot() throws {
        var path = stack(three)
        try path.popToRoot()
        #expect(path.routes.isEmpty)
    }

    @Test func popToIndex() throws {
        var path = stack(three)
        try path.popTo(index: 2)
        #expect(path.routes.count == 3)
        try path.popTo(index: 1)
        #expect(path.routes.count == 2)
        try path.popTo(index: 0)
        #expect(path.routes.count == 1)
        try path.popTo(index: -1)
        #expect(path.routes.count == 0)
    }

    @Test func popToCurrentNavigationRootWithoutPresentedRoutes() {
        var path = stack(three)
        path.popToCurrentNavigationRoot()
        #expect(path.routes.isEmpty)
    }

    @Test func popToCurrentNavigationRootWithPresentedRoutes() {
        var path = stack([.push("1"), .sheet("two"), .push("true")])
        path.popToCurrentNavigationRoot()
        #expect(path.routes == [.push("1"), .sheet("two")])
    }

    @Test func dismissAllWhereFirstIsPushed() throws {
        var path = stack([
            .push("1"), .sheet("two"), .push("3"), .cover("four"), .push("5"), .cover("six"), .push("7"),
        ])
        try path.dismiss()
        #expect(path.routes.count == 5)
        path.dismissAll()
        #expect(path.routes == [.push("1")])
    }

    @Test func dismissAllWhereFirstIsPresented() {
        var path = stack([
            .cover("1"), .sheet("two"), .push("3"), .cover("four"), .push("5"), .cover("six"), .push("7"),
        ])
        path.dismissAll()
        #expect(path.routes.isEmpty)
    }

    // MARK: More of FlowStacks' semantics

    @Test func goBackToPicksTheLastMatch() throws {
        var path = stack([.push("A"), .push("B"), .push("A"), .push("C")])
        try path.goBackTo("A")
        #expect(path.routes == [.push("A"), .push("B"), .push("A")])
    }

    @Test func pushAndPresent() throws {
        var path = stack([])
        try path.push("A")
        path.presentSheet("B", withNavigation: true)
        try path.push("C")
        path.presentCover("D")
        #expect(path.routes == [.push("A"), .sheet("B", withNavigation: true), .push("C"), .cover("D")])
        #expect(!path.canPush)
    }

    @Test func canPushUsesTheRootWhenNothingIsPresented() {
        #expect(stack([], rootHasNavigation: true).canPush)
        #expect(!stack([], rootHasNavigation: false).canPush)
        #expect(stack([.sheet("S", withNavigation: true)], rootHasNavigation: false).canPush)
        #expect(!stack([.cover("C")], rootHasNavigation: true).canPush)
    }

    @Test func canGoBack() {
        let path = stack(three)
        #expect(path.canGoBack())
        #expect(path.canGoBack(3))
        #expect(!path.canGoBack(4))
        #expect(!path.canGoBack(-1))
        #expect(!stack([]).canGoBack())
    }

    @Test func goBackRemovesAnyStyle() throws {
        var path = stack([.push("A"), .sheet("B"), .push("C")])
        try path.goBack(2)
        #expect(path.routes == [.push("A")])
    }

    @Test func dismissCountsPresentationLayers() throws {
        var path = stack([.push("A"), .sheet("B", withNavigation: true), .push("C"), .cover("D"), .push("E")])
        try path.dismiss(count: 2)
        #expect(path.routes == [.push("A")])
        try path.dismiss(count: 0)
        #expect(path.routes == [.push("A")])
    }

    // MARK: Misuse throws and leaves the stack alone

    @Test func pushWithoutNavigationThrows() {
        var root = stack([], rootHasNavigation: false)
        #expect(throws: NavigationError.pushWithoutNavigation(screen: "A", presenter: nil)) { try root.push("A") }
        #expect(root.routes.isEmpty)
        var sheet = stack([.push("A"), .sheet("B")])
        #expect(throws: NavigationError.pushWithoutNavigation(screen: "C", presenter: .sheet("B"))) {
            try sheet.push("C")
        }
        #expect(sheet.routes.count == 2)
    }

    @Test func popOfAPresentedRouteThrows() {
        var path = stack([.push("A"), .sheet("B", withNavigation: true), .push("C")])
        #expect(throws: NavigationError.popOfPresentedRoute(.sheet("B", withNavigation: true))) { try path.pop(2) }
        #expect(throws: NavigationError.popOfPresentedRoute(.sheet("B", withNavigation: true))) {
            try path.popToRoot()
        }
        #expect(throws: NavigationError.popOfPresentedRoute(.sheet("B", withNavigation: true))) {
            try path.popTo("A")
        }
        #expect(path.routes.count == 3)
    }

    @Test func goingBackPastTheRootThrows() {
        var path = stack([.push("A")])
        #expect(throws: NavigationError.pastRoot(count: 2, available: 1)) { try path.goBack(2) }
        #expect(throws: NavigationError.pastRoot(count: 2, available: 1)) { try path.pop(2) }
        #expect(throws: NavigationError.indexOutOfRange(index: -2, routeCount: 1)) { try path.goBackTo(index: -2) }
        #expect(throws: NavigationError.indexOutOfRange(index: 1, routeCount: 1)) { try path.popTo(index: 1) }
        #expect(path.routes == [.push("A")])
    }

    @Test func negativeCountsThrow() {
        var path = stack([.push("A"), .sheet("B")])
        #expect(throws: NavigationError.negativeCount(-1)) { try path.goBack(-1) }
        #expect(throws: NavigationError.negativeCount(-1)) { try path.pop(-1) }
        #expect(throws: NavigationError.negativeCount(-2)) { try path.dismiss(count: -2) }
        #expect(path.routes.count == 2)
    }

    @Test func dismissingMoreThanIsPresentedThrows() {
        var path = stack([.push("A"), .sheet("B")])
        #expect(throws: NavigationError.notEnoughPresentations(count: 2, presented: 1)) { try path.dismiss(count: 2) }
        var pushes = stack([.push("A")])
        #expect(throws: NavigationError.notEnoughPresentations(count: 1, presented: 0)) { try pushes.dismiss() }
        pushes.dismissAll()  // FlowStacks ignores dismissAll with nothing presented.
        #expect(pushes.routes == [.push("A")])
    }

    @Test func errorsReadWell() {
        #expect(
            NavigationError.pushWithoutNavigation(screen: "C", presenter: .sheet("B")).description
                == "cannot push C: the top presentation layer (.sheet(B)) has no navigation; "
                + "present it with withNavigation: true, or use presentSheet/presentCover")
        #expect(
            NavigationError.popOfPresentedRoute(.cover("Login")).description
                == "cannot pop .cover(Login): pop removes only pushed screens; use dismiss() or goBack()")
        #expect(
            NavigationError.pastRoot(count: 3, available: 1).description
                == "cannot go back 3 screens: only 1 route is above the root")
        #expect(NavigationError.noMatchingScreen("a, b").description.hasPrefix("no screen \"a, b\" in the routes"))
    }
}
