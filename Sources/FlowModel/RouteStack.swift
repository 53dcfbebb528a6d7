/// A FlowStacks navigation state: a root screen and the routes above it, with FlowNavigator's operations.
///
/// The operations follow FlowStacks' array convenience methods (index -1 is the root; `goBackTo`
/// and `popTo` pick the last matching screen), but where FlowStacks asserts or silently ignores a
/// call, these throw a ``NavigationError`` and leave the stack unchanged:
/// a push into a layer without navigation, a pop of a presented route, going back past the root,
/// a negative count, an index outside the stack, dismissing more layers than are presented, and
/// `goBackTo`/`popTo` a screen that is not in the routes (FlowStacks returns `false` there).
public struct RouteStack: Hashable, Sendable {
    /// The root screen, not part of `routes`.
    public var root: Root
    /// The routes above the root, bottom first.
    public var routes: [PlanRoute]

    /// Creates a stack from a root and routes.
    public init(root: Root = Root(), routes: [PlanRoute] = []) {
        self.root = root
        self.routes = routes
    }

    // MARK: Push and present

    /// Whether a screen can be pushed now: the top presentation layer (the root's when nothing is presented) has navigation.
    public var canPush: Bool {
        // A plain loop from the top: this runs for every push, and a key-path predicate costs far more per route.
        var index = routes.endIndex
        while index > routes.startIndex {
            index -= 1
            if routes[index].isPresented { return routes[index].withNavigation }
        }
        return root.withNavigation
    }

    /// Pushes a screen; throws if the top presentation layer has no navigation.
    public mutating func push(_ screen: String) throws(NavigationError) {
        guard canPush else {
            throw .pushWithoutNavigation(screen: screen, presenter: routes.last(where: \.isPresented))
        }
        routes.append(.push(screen))
    }

    /// Presents a screen as a sheet, optionally embedded in its own navigation.
    public mutating func presentSheet(_ screen: String, withNavigation: Bool = false) {
        routes.append(.sheet(screen, withNavigation: withNavigation))
    }

    /// Presents a screen as a full-screen cover, optionally embedded in its own navigation.
    public mutating func presentCover(_ screen: String, withNavigation: Bool = false) {
        routes.append(.cover(screen, withNavigation: withNavigation))
    }

    // MARK: Go back

    /// Whether `count` screens can be removed without going past the root.
    public func canGoBack(_ count: Int = 1) -> Bool {
        count >= 0 && routes.count - count >= 0
    }

    /// Removes the top `count` routes, whatever their style.
    public mutating func goBack(_ count: Int = 1) throws(NavigationError) {
        guard count >= 0 else { throw .negativeCount(count) }
        guard routes.count - count >= 0 else { throw .pastRoot(count: count, available: routes.count) }
        routes.removeLast(count)
    }

    /// Goes back until the route at `index` is on top; -1 is the root.
    public mutating func goBackTo(index: Int) throws(NavigationError) {
        try checkIndex(index)
        try goBack(routes.count - index - 1)
    }

    /// Goes back to the last (topmost) route showing `screen`; throws if no route shows it.
    public mutating func goBackTo(_ screen: String) throws(NavigationError) {
        try goBackTo(index: lastIndex(of: screen))
    }

    /// Removes every route, leaving the root.
    public mutating func goBackToRoot() {
        routes.removeAll()
    }

    // MARK: Pop

    /// Pops the top `count` routes; each must be a push.
    public mutating func pop(_ count: Int = 1) throws(NavigationError) {
        guard count >= 0 else { throw .negativeCount(count) }
        guard routes.count - count >= 0 else { throw .pastRoot(count: count, available: routes.count) }
        if let presented = routes.suffix(count).last(where: \.isPresented) {
            throw .popOfPresentedRoute(presented)
        }
        routes.removeLast(count)
    }

    /// Pops until the route at `index` is on top (-1 is the root); every removed route must be a push.
    public mutating func popTo(index: Int) throws(NavigationError) {
        try checkIndex(index)
        try pop(routes.count - index - 1)
    }

    /// Pops to the last (topmost) route showing `screen`; throws if there is none or a presented route is in the way.
    public mutating func popTo(_ screen: String) throws(NavigationError) {
        try popTo(index: lastIndex(of: screen))
    }

    /// Pops every route; throws if any of them is presented.
    public mutating func popToRoot() throws(NavigationError) {
        try popTo(index: -1)
    }

    /// Pops the pushes of the top presentation layer, dismissing nothing.
    public mutating func popToCurrentNavigationRoot() {
        let index = routes.lastIndex(where: \.isPresented) ?? -1
        routes.removeLast(routes.count - index - 1)
    }

    // MARK: Dismiss

    /// Dismisses the top `count` presentation layers with every route above them.
    public mutating func dismiss(count: Int = 1) throws(NavigationError) {
        guard count >= 0 else { throw .negativeCount(count) }
        guard count > 0 else { return }
        let presentedIndices = routes.indices.filter { routes[$0].isPresented }
        guard presentedIndices.count >= count else {
            throw .notEnoughPresentations(count: count, presented: presentedIndices.count)
        }
        routes.removeSubrange(presentedIndices[presentedIndices.count - count]...)
    }

    /// Dismisses every presented layer, keeping the pushes of the root's layer; does nothing if nothing is presented.
    public mutating func dismissAll() {
        if let first = routes.firstIndex(where: \.isPresented) {
            routes.removeSubrange(first...)
        }
    }

    // MARK: Helpers

    private func checkIndex(_ index: Int) throws(NavigationError) {
        guard index >= -1, index < routes.count else {
            throw .indexOutOfRange(index: index, routeCount: routes.count)
        }
    }

    private func lastIndex(of screen: String) throws(NavigationError) -> Int {
        guard let index = routes.lastIndex(where: { $0.screen == screen }) else {
            throw .noMatchingScreen(screen)
        }
        return index
    }
}
