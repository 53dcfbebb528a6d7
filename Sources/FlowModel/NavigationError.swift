/// A navigator operation that FlowStacks would reject (it asserts); FlowGraph reports it instead.
public enum NavigationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A push into a presentation layer without navigation; `presenter` is `nil` for the root's layer.
    case pushWithoutNavigation(screen: String, presenter: PlanRoute?)
    /// `pop` would remove a presented route; only pushed routes can be popped.
    case popOfPresentedRoute(PlanRoute)
    /// Going back `count` screens when only `available` routes are above the root.
    case pastRoot(count: Int, available: Int)
    /// A count below zero.
    case negativeCount(Int)
    /// An index that is not in the routes array nor the root (-1).
    case indexOutOfRange(index: Int, routeCount: Int)
    /// No route in the stack shows the screen.
    case noMatchingScreen(String)
    /// Dismissing `count` presentation layers when only `presented` are presented.
    case notEnoughPresentations(count: Int, presented: Int)

    /// What went wrong, and what would be right, in one sentence.
    public var description: String {
        switch self {
        case .pushWithoutNavigation(let screen, let presenter):
            let owner =
                presenter.map { "the top presentation layer (\($0.notation)) has no navigation" }
                ?? "the root has no navigation and nothing is presented"
            return "cannot push \(PlanRoute.screenNotation(screen)): \(owner); "
                + "present it with withNavigation: true, or use presentSheet/presentCover"
        case .popOfPresentedRoute(let route):
            return "cannot pop \(route.notation): pop removes only pushed screens; use dismiss() or goBack()"
        case .pastRoot(let count, let available):
            let screens = count == 1 ? "1 screen" : "\(count) screens"
            let above =
                available == 1 ? "only 1 route is" : available == 0 ? "no route is" : "only \(available) routes are"
            return "cannot go back \(screens): \(above) above the root"
        case .negativeCount(let count):
            return "count must not be negative (got \(count))"
        case .indexOutOfRange(let index, let routeCount):
            let valid = routeCount == 0 ? "-1 (the root)" : "-1 (the root) to \(routeCount - 1)"
            return "index \(index) is not in the stack; valid indices are \(valid)"
        case .noMatchingScreen(let screen):
            return "no screen \(PlanRoute.screenNotation(screen)) in the routes "
                + "(the root is not one of them; use goBackToRoot() or popToRoot() for it)"
        case .notEnoughPresentations(let count, let presented):
            let layers = count == 1 ? "1 presentation layer" : "\(count) presentation layers"
            let shown =
                presented == 0
                ? "nothing is presented" : presented == 1 ? "only 1 is presented" : "only \(presented) are presented"
            return "cannot dismiss \(layers): \(shown)"
        }
    }
}
