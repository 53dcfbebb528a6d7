/// A SwiftfulRouting router method, as a plan writes it after `router.` or `router("id").`.
public enum RouterCall: Hashable, Sendable {
    /// `showScreen(.sheet, id: "s", location: .append) { Settings }`.
    case showScreen(RouterDestination)
    /// `showScreens(destinations: [.push(A), .sheet(B)])`: in order, each from the one before.
    case showScreens([RouterDestination])
    /// `dismissScreen()`: the call site's screen and everything above it.
    case dismissScreen
    /// `dismissScreen(id: "x")`: screen `x` and everything above it.
    case dismissScreenWithID(String)
    /// `dismissScreens(upToId: "x")`: everything above screen `x`.
    case dismissScreensUpTo(String)
    /// `dismissScreens(count: 2)`: the top screens.
    case dismissScreensCount(Int)
    /// `dismissPushStack()`: the pushes of the call site's push stack.
    case dismissPushStack
    /// `dismissEnvironment()`: the closest sheet or cover at or below the call site.
    case dismissEnvironment
    /// `dismissLastScreen()`.
    case dismissLastScreen
    /// `dismissLastPushStack()`.
    case dismissLastPushStack
    /// `dismissLastEnvironment()`.
    case dismissLastEnvironment
    /// `dismissAllScreens()`.
    case dismissAllScreens
    /// `addScreensToQueue(destinations: […])`.
    case addScreensToQueue([RouterDestination])
    /// `addScreenToQueue(destination: …)`: what `addScreensToQueue` does with one, written as the app wrote it.
    case addScreenToQueue(RouterDestination)
    /// `removeScreensFromQueue(ids: ["a"])`.
    case removeScreensFromQueue([String])
    /// `removeScreenFromQueue(id: "a")`: what `removeScreensFromQueue` does with one, written as the app
    /// wrote it.
    case removeScreenFromQueue(String)
    /// `removeAllScreensFromQueue()`.
    case removeAllScreensFromQueue
    /// `showNextScreen()`: the first queued screen, if any.
    case showNextScreen
    /// `try tryShowNextScreen()`: the first queued screen; an empty queue is an error.
    case tryShowNextScreen
    /// `showNextScreenOrDismissScreen()`.
    case showNextScreenOrDismissScreen
    /// `showNextScreenOrDismissEnvironment()`.
    case showNextScreenOrDismissEnvironment
    /// `showNextScreenOrDismissPushStack()`.
    case showNextScreenOrDismissPushStack
    /// `showAlert(.alert, title: "T")`.
    case showAlert(RouterAlert)
    /// `dismissAlert()`.
    case dismissAlert
    /// `dismissAllAlerts()`.
    case dismissAllAlerts
    /// `showModal(id: "m") { Content }`.
    case showModal(RouterModal)
    /// `dismissModal()`, `dismissModal(id:)`, `dismissModals(upToId:)`, `dismissModals(count:)`, `dismissAllModals()`.
    case dismissModals(SwiftfulRouter.ModalDismissal)

    /// The method names a plan may call, in the order SwiftfulRouting's README lists them.
    public static let names = [
        "showScreen", "showScreens", "dismissScreen", "dismissScreens", "dismissPushStack", "dismissEnvironment",
        "dismissLastScreen", "dismissLastPushStack", "dismissLastEnvironment", "dismissAllScreens",
        "addScreenToQueue", "addScreensToQueue", "removeScreenFromQueue", "removeScreensFromQueue",
        "removeAllScreensFromQueue", "showNextScreen", "tryShowNextScreen", "showNextScreenOrDismissScreen",
        "showNextScreenOrDismissEnvironment", "showNextScreenOrDismissPushStack", "showAlert", "showBasicAlert",
        "dismissAlert", "dismissAllAlerts", "showModal", "showBasicModal", "showBottomModal", "dismissModal",
        "dismissModals", "dismissAllModals",
    ]

    /// The call in canonical notation, e.g. `showScreen(.sheet, id: "s") { Settings }`.
    public var notation: String {
        func list(_ destinations: [RouterDestination]) -> String {
            "[" + destinations.map(\.notation).joined(separator: ", ") + "]"
        }
        switch self {
        case .showScreen(let destination):
            var arguments = [destination.segue.notation]
            if destination.hasExplicitID || destination.id != RouteNotation.viewScreen(destination.screen) {
                arguments.append("id: " + swiftStringLiteral(destination.id))
            }
            if destination.location != .insert { arguments.append("location: " + destination.location.notation) }
            return
                "showScreen(\(arguments.joined(separator: ", "))) { \(PlanRoute.screenNotation(destination.screen)) }"
        case .showScreens(let destinations): return "showScreens(destinations: \(list(destinations)))"
        case .dismissScreen: return "dismissScreen()"
        case .dismissScreenWithID(let id): return "dismissScreen(id: \(swiftStringLiteral(id)))"
        case .dismissScreensUpTo(let id): return "dismissScreens(upToId: \(swiftStringLiteral(id)))"
        case .dismissScreensCount(let count): return "dismissScreens(count: \(count))"
        case .dismissPushStack: return "dismissPushStack()"
        case .dismissEnvironment: return "dismissEnvironment()"
        case .dismissLastScreen: return "dismissLastScreen()"
        case .dismissLastPushStack: return "dismissLastPushStack()"
        case .dismissLastEnvironment: return "dismissLastEnvironment()"
        case .dismissAllScreens: return "dismissAllScreens()"
        case .addScreensToQueue(let destinations): return "addScreensToQueue(destinations: \(list(destinations)))"
        case .addScreenToQueue(let destination): return "addScreenToQueue(destination: \(destination.notation))"
        case .removeScreensFromQueue(let ids):
            return "removeScreensFromQueue(ids: [\(ids.map(swiftStringLiteral).joined(separator: ", "))])"
        case .removeScreenFromQueue(let id): return "removeScreenFromQueue(id: \(swiftStringLiteral(id)))"
        case .removeAllScreensFromQueue: return "removeAllScreensFromQueue()"
        case .showNextScreen: return "showNextScreen()"
        case .tryShowNextScreen: return "tryShowNextScreen()"
        case .showNextScreenOrDismissScreen: return "showNextScreenOrDismissScreen()"
        case .showNextScreenOrDismissEnvironment: return "showNextScreenOrDismissEnvironment()"
        case .showNextScreenOrDismissPushStack: return "showNextScreenOrDismissPushStack()"
        case .showAlert(let alert):
            let location = alert.onTopScreen ? "" : ", location: .currentScreen"
            return "showAlert(.\(alert.style)\(location), title: \(swiftStringLiteral(alert.title)))"
        case .dismissAlert: return "dismissAlert()"
        case .dismissAllAlerts: return "dismissAllAlerts()"
        case .showModal(let modal):
            let id = modal.id == modal.content ? "" : "(id: \(swiftStringLiteral(modal.id)))"
            return "showModal\(id) { \(PlanRoute.screenNotation(modal.content)) }"
        case .dismissModals(let which):
            switch which {
            case .last: return "dismissModal()"
            case .id(let id): return "dismissModal(id: \(swiftStringLiteral(id)))"
            case .upTo(let id): return "dismissModals(upToId: \(swiftStringLiteral(id)))"
            case .count(let count): return "dismissModals(count: \(count))"
            case .all: return "dismissAllModals()"
            }
        }
    }
}

/// One router call of a SwiftfulRouting plan: whose router, and which method.
///
/// Written as in Swift: `router.showScreen(.push) { Profile }` (the router of the screen on top, as
/// `@Environment(\.router)` gives it there), `router("profile").dismissScreen()` (the router of the screen with
/// id `profile`), `router(Home).…` (the root, by its screen), or just `dismissLastScreen()`.
public struct RouterAction: Hashable, Sendable {
    /// Whose router is called.
    public var router: RouterName
    /// The method.
    public var call: RouterCall

    /// Creates an action.
    public init(_ call: RouterCall, on router: RouterName = .current) {
        self.router = router
        self.call = call
    }

    /// The call in canonical notation, e.g. `router("2").dismissScreen()`.
    public var notation: String { router.notation + "." + call.notation }

    /// Performs the call on a router state as SwiftfulRouting's `RouterViewModel` does, and returns what it
    /// logged or quietly skipped, as warnings; on an error the state is left unchanged.
    @discardableResult
    public func apply(to state: inout SwiftfulRouter) throws(InputError) -> [String] {
        var copy = state
        _ = copy.takeWarnings()
        let site = try copy.resolve(router)
        switch call {
        case .showScreen(let destination): copy.showScreen(destination, from: site)
        case .showScreens(let destinations): copy.showScreens(destinations, from: site)
        case .dismissScreen: copy.dismissScreen(routerID: site)
        case .dismissScreenWithID(let id): copy.dismissScreen(id: id)
        case .dismissScreensUpTo(let id): copy.dismissScreens(upToID: id)
        case .dismissScreensCount(let count): copy.dismissScreens(count: count)
        case .dismissPushStack: copy.dismissPushStack(from: site)
        case .dismissEnvironment: copy.dismissEnvironment(from: site)
        case .dismissLastScreen: copy.dismissLastScreen()
        case .dismissLastPushStack: copy.dismissLastPushStack()
        case .dismissLastEnvironment: copy.dismissLastEnvironment()
        case .dismissAllScreens: copy.dismissAllScreens()
        case .addScreensToQueue(let destinations): try copy.addScreensToQueue(destinations, from: site)
        case .addScreenToQueue(let destination): try copy.addScreensToQueue([destination], from: site)
        case .removeScreensFromQueue(let ids): copy.removeScreensFromQueue(ids: ids)
        case .removeScreenFromQueue(let id): copy.removeScreensFromQueue(ids: [id])
        case .removeAllScreensFromQueue: copy.removeAllScreensFromQueue()
        case .showNextScreen: copy.showNextScreen(from: site)
        case .tryShowNextScreen:
            guard copy.showQueuedScreen(from: site) else {
                throw InputError(
                    "the screen queue is empty: tryShowNextScreen() throws AnyRouterError.noScreensInQueue")
            }
        case .showNextScreenOrDismissScreen:
            if !copy.showQueuedScreen(from: site) { copy.dismissScreen(routerID: site) }
        case .showNextScreenOrDismissEnvironment:
            if !copy.showQueuedScreen(from: site) { copy.dismissEnvironment(from: site) }
        case .showNextScreenOrDismissPushStack:
            if !copy.showQueuedScreen(from: site) { copy.dismissPushStack(from: site) }
        case .showAlert(let alert): copy.showAlert(alert, from: site)
        case .dismissAlert: copy.dismissAlert(from: site)
        case .dismissAllAlerts: copy.dismissAllAlerts()
        case .showModal(let modal): copy.showModal(modal, from: site)
        case .dismissModals(let which): copy.dismissModals(from: site, which)
        }
        let warnings = copy.takeWarnings()
        state = copy
        return warnings
    }
}
