/// An alert SwiftfulRouting shows on a screen (`showAlert`), drawn as a mark on that screen.
public struct RouterAlert: Hashable, Sendable {
    /// `alert` or `confirmationDialog`.
    public var style: String
    /// The alert's title.
    public var title: String
    /// Whether the alert goes on the top screen (SwiftfulRouting's default) rather than the call site's.
    public var onTopScreen: Bool

    /// Creates an alert.
    public init(style: String = "alert", title: String, onTopScreen: Bool = true) {
        self.style = style
        self.title = title
        self.onTopScreen = onTopScreen
    }
}

/// A modal SwiftfulRouting shows over a screen (`showModal`), drawn as a mark on that screen.
public struct RouterModal: Hashable, Sendable {
    /// The modal's id (its content's label unless one is given).
    public var id: String
    /// The modal's content, as written.
    public var content: String
    /// Whether it was dismissed: SwiftfulRouting keeps a dismissed modal in its list, marked removed.
    var isRemoved = false

    /// Creates a modal; without an id, the id is the content's label.
    public init(id: String? = nil, content: String) {
        self.id = id ?? content
        self.content = content
    }
}

/// The screens SwiftfulRouting has on screen, as its `RouterViewModel` holds them, and its router's operations.
///
/// ``activeScreens`` is SwiftfulRouting's `[AnyDestinationStack]`: the root's own stack first (`RouterView`
/// inserts the root as a `.fullScreenCover`-segue stack of one screen, id `root`), then the root's push
/// stack, then for each sheet or full-screen cover an environment stack of that one screen followed by the
/// environment's push stack. The last stack is always a push stack, possibly empty.
///
/// Operations follow `RouterViewModel.swift` (SwiftfulRouting 6) function by function. They take the call
/// site, the router id of the screen whose router is called: `dismissScreen()` on screen 2's router dismisses
/// screen 2 and every screen above it. Where SwiftfulRouting logs a warning and does nothing, or quietly does
/// nothing, the operation does the same and records a ``warnings`` line saying so; only what SwiftfulRouting
/// throws or crashes on is a ``InputError``.
///
/// Ids: a screen shown with an id has it as its router id; a screen shown without one gets a UUID in
/// SwiftfulRouting, which the router stands in for with an id no plan can write, while a plan names the screen
/// by its label (`Detail`, then `Detail-2` while that is on screen). A written id wins over such a name.
public struct SwiftfulRouter: Hashable, Sendable {
    /// The root screen's id, as in SwiftfulRouting.
    public static let rootID = "root"

    /// SwiftfulRouting's `activeScreens`, root stack first.
    public private(set) var activeScreens: [RouterDestinationStack]
    /// SwiftfulRouting's `activeScreenQueue`: screens `showNextScreen()` shows, first first.
    public private(set) var screenQueue: [RouterDestination] = []
    /// SwiftfulRouting's `activeAlert`: the alert under each router id, kept when its screen is dismissed.
    private(set) var alerts: [String: RouterAlert] = [:]
    /// SwiftfulRouting's `allModals`: the modals under each router id, bottom first, dismissed ones included.
    private(set) var modals: [String: [RouterModal]] = [:]
    /// What SwiftfulRouting logged or quietly skipped in the calls since the last ``takeWarnings()``.
    public private(set) var warnings: [String] = []
    /// How many screens have been shown or queued, for each one's ``RouterDestination/instance``.
    private var serial = 0
    /// The router ids of screens no longer on screen, by the name a plan gives them (calls on stale routers).
    private var formerRouterIDs: [String: String] = [:]

    /// Creates the state of a `RouterView` showing `root`.
    public init(root: String) {
        var rootScreen = RouterDestination(id: Self.rootID, segue: .fullScreenCover, screen: root)
        rootScreen.routerID = Self.rootID
        activeScreens = [
            RouterDestinationStack(segue: .fullScreenCover, screens: [rootScreen]),
            RouterDestinationStack(segue: .push, screens: []),
        ]
    }

    /// The root screen.
    public var root: RouterDestination { activeScreens[0].screens[0] }

    /// Every screen, root first.
    public var allScreens: [RouterDestination] { activeScreens.allScreens }

    /// The screen on top, whose router `router.` means.
    public var topScreen: RouterDestination { allScreens.last ?? root }

    /// The screens above the root as routes FlowGraph draws.
    public var routes: [PlanRoute] { allScreens.dropFirst().map(\.route) }

    /// The ids of the screens above the root, bottom first (one per route), as a plan names them.
    public var screenIDs: [String] { allScreens.dropFirst().map(\.id) }

    /// One key per screen above the root that stays the same while the screen is shown, even when two
    /// screens share an id.
    var screenKeys: [String] { allScreens.dropFirst().map { String($0.instance) } }

    /// The screens above the root in compact notation: `[.push(A), .sheet(B, id: "b")]`.
    public var notation: String {
        "[" + screenNotations.joined(separator: ", ") + "]"
    }

    /// Each screen above the root in compact notation, bottom first: `.sheet(B, id: "b")`.
    public var screenNotations: [String] { allScreens.dropFirst().map(\.notation) }

    /// Whether a screen a plan can name so is on screen.
    public func contains(id: String) -> Bool {
        routerID(named: id) != nil
    }

    /// The alert on the screen a plan names so, if any.
    public func alert(onScreen name: String) -> RouterAlert? {
        alerts[routerID(named: name) ?? formerRouterIDs[name] ?? name]
    }

    /// The modals shown (not dismissed) over the screen a plan names so, bottom first.
    public func modals(onScreen name: String) -> [RouterModal] {
        activeModals(routerID(named: name) ?? formerRouterIDs[name] ?? name)
    }

    /// The alert under a router id.
    func alert(routerID: String) -> RouterAlert? { alerts[routerID] }

    /// The modals shown under a router id, bottom first.
    func activeModals(_ routerID: String) -> [RouterModal] {
        (modals[routerID] ?? []).filter { !$0.isRemoved }
    }

    /// Hands over the warnings recorded so far and forgets them.
    public mutating func takeWarnings() -> [String] {
        defer { warnings = [] }
        return warnings
    }

    private mutating func warn(_ message: String) {
        warnings.append(message)
    }

    /// The router id a name in a plan means among the screens on screen: a written id (or `root`) as it is,
    /// else the router id of the screen named so by its label; `nil` when no screen on screen has the name.
    func routerID(named name: String) -> String? {
        let screens = allScreens
        if screens.contains(where: { ($0.hasExplicitID || $0.routerID == Self.rootID) && $0.routerID == name }) {
            return name
        }
        return screens.last { !$0.hasExplicitID && $0.id == name }?.routerID
    }

    /// The router id a router name means: a screen's, the root's by its screen label, or a dismissed screen's.
    public func resolve(_ name: RouterName) throws(InputError) -> String {
        switch name {
        case .current:
            return topScreen.routerID
        case .named(let name):
            if let id = routerID(named: name) { return id }
            if name == root.screen || name == RouteNotation.viewScreen(root.screen) { return Self.rootID }
            if let former = formerRouterIDs[name] { return former }
            throw InputError("no screen with id \(swiftStringLiteral(name)) was ever on screen; \(knownIDs)")
        case .numbered(let number):
            let screens = allScreens
            guard number >= 1, number <= screens.count else {
                throw InputError(
                    "router\(number) is the router of screen \(number) counting the root as 1, but \(screens.count) "
                        + "screen\(screens.count == 1 ? " is" : "s are") on screen; \(knownIDs)")
            }
            return screens[number - 1].routerID
        }
    }

    private var knownIDs: String {
        "screens on screen: " + allScreens.map { swiftStringLiteral($0.id) }.joined(separator: ", ")
    }

    /// A router id as a plan names its screen: the screen's id, or the id as given.
    private func name(_ routerID: String) -> String {
        allScreens.last { $0.routerID == routerID }?.id ?? formerRouterIDs.first { $0.value == routerID }?.key
            ?? routerID
    }

    /// SwiftfulRouting's `lastIndexWhereChildStackContains(routerId:)`.
    private func stackIndex(containing routerID: String) -> Int? {
        activeScreens.lastIndex { $0.screens.contains { $0.routerID == routerID } }
    }

    /// Gives a destination its router id and instance, as SwiftfulRouting's `AnyDestination.init` gives its id.
    private mutating func identify(_ destination: inout RouterDestination) {
        serial += 1
        destination.instance = serial
        if destination.routerID.isEmpty {
            destination.routerID = destination.hasExplicitID ? destination.id : "\u{0}UUID \(serial)"
        }
    }

    // MARK: Showing screens

    /// Shows one screen from the router of screen `site` (a router id), at the destination's location, as
    /// SwiftfulRouting's `RouterViewModel.showScreen(routerId:destination:)` does. Returns its router id.
    ///
    /// `.push` goes into the push stack of the anchor's environment, just above the anchor (the site for
    /// `.insert`, the screen with the id for `.insertAfter(id:)`), first in that push stack when the anchor is
    /// the environment's own screen, or on top of the last push stack (`.append`); a sheet or cover adds its
    /// environment stack and an empty push stack after the anchor's push stack. No id is checked for
    /// duplicates. An anchor not on screen shows nothing, with a warning.
    @discardableResult
    public mutating func showScreen(_ destination: RouterDestination, from site: String) -> String {
        var destination = destination
        identify(&destination)
        if !destination.hasExplicitID { destination.id = uniqueID(for: RouteNotation.viewScreen(destination.screen)) }
        let anchor: String
        let stackIndex: Int
        switch destination.location {
        case .insert:
            anchor = site
            guard let index = self.stackIndex(containing: site) else {
                warn(
                    "the router of \(swiftStringLiteral(name(site))) is no longer on screen: SwiftfulRouting logs "
                        + "showScreen_routerIdNotFound and shows nothing")
                return destination.routerID
            }
            stackIndex = index
        case .insertAfter(let id):
            anchor = routerID(named: id) ?? id
            guard let index = self.stackIndex(containing: anchor) else {
                warn(
                    "location .insertAfter(id: \(swiftStringLiteral(id))): no such screen is on screen; "
                        + "SwiftfulRouting logs showScreen_routerIdNotFound and shows nothing (\(knownIDs))")
                return destination.routerID
            }
            stackIndex = index
        case .append:
            anchor = topScreen.routerID
            stackIndex = activeScreens.count - 1
        }
        let current = activeScreens[stackIndex]
        // Once shown, where it was put is all that is left of the location.
        let location = destination.location
        destination.location = .insert
        if destination.segue == .push {
            let target = current.segue == .push ? stackIndex : stackIndex + 1
            let screens = activeScreens[target].screens
            if location == .append || screens.isEmpty {
                activeScreens[target].screens.append(destination)
            } else if let index = screens.firstIndex(where: { $0.routerID == anchor }) {
                activeScreens[target].screens.insert(destination, at: index + 1)
            } else {
                // The anchor is the environment's own screen: the push goes first in its push stack.
                activeScreens[target].screens.insert(destination, at: 0)
            }
        } else {
            let target = current.segue == .push ? stackIndex + 1 : stackIndex + 2
            activeScreens.insert(
                contentsOf: [
                    RouterDestinationStack(segue: destination.segue, screens: [destination]),
                    RouterDestinationStack(segue: .push, screens: []),
                ], at: target)
        }
        formerRouterIDs[destination.id] = nil
        let marks =
            (alerts[destination.routerID] == nil ? [] : ["alert"])
            + (activeModals(destination.routerID).isEmpty ? [] : ["modals"])
        if !marks.isEmpty {
            warn(
                "the \(marks.joined(separator: " and ")) under id \(swiftStringLiteral(destination.id)) show on this "
                    + "screen too: SwiftfulRouting keys alerts and modals by screen id and never clears them when "
                    + "a screen is dismissed")
        }
        return destination.routerID
    }

    /// Shows several screens in order: the first from `site`, each next one from the router of the one before,
    /// each at its own location (`RouterViewModel.showScreens(routerId:destinations:)`, which does not
    /// override the location, whatever `AnyRouter`'s doc comment says).
    public mutating func showScreens(_ destinations: [RouterDestination], from site: String) {
        var site = site
        for destination in destinations {
            site = showScreen(destination, from: site)
        }
    }

    private func uniqueID(for screen: String) -> String {
        var id = screen
        var number = 2
        while allScreens.contains(where: { $0.id == id }) || id == Self.rootID {
            id = "\(screen)-\(number)"
            number += 1
        }
        return id
    }

    // MARK: Dismissing screens

    /// What `RouterViewModel.dismissScreen(routeId:animates:)` did.
    private enum Dismissal {
        /// The screen and everything above it went.
        case dismissed
        /// The id was the root's, which it ignores without a word.
        case root
        /// No screen has the id; it logs `dismissScreen_routerIdNotFound`.
        case notFound
    }

    /// SwiftfulRouting's `dismissScreen(routeId:)`: the last screen with this router id and everything above it.
    private mutating func dismiss(routerID id: String) -> Dismissal {
        guard id != Self.rootID else { return .root }
        for stackIndex in activeScreens.indices.reversed() {
            guard let screenIndex = activeScreens[stackIndex].screens.lastIndex(where: { $0.routerID == id }) else {
                continue
            }
            let before = allScreens
            if activeScreens[stackIndex].screens.count > 1 {
                activeScreens.removeSubrange((stackIndex + 1)...)
                activeScreens[stackIndex].screens.removeSubrange(screenIndex...)
            } else {
                activeScreens.removeSubrange(stackIndex...)
            }
            // There is always a push stack last for the environment's NavigationStack to bind to.
            if activeScreens.last?.segue != .push {
                activeScreens.append(RouterDestinationStack(segue: .push, screens: []))
            }
            let remaining = Set(allScreens.map(\.instance))
            for gone in before where !remaining.contains(gone.instance) && routerID(named: gone.id) == nil {
                formerRouterIDs[gone.id] = gone.routerID
            }
            return .dismissed
        }
        return .notFound
    }

    private mutating func warnIgnoredRoot(_ what: String) {
        warn("\(what): SwiftfulRouting's dismissScreen ignores the root's id without a word, so nothing is dismissed")
    }

    private mutating func warnNotFound(_ routerID: String) {
        warn(
            "no screen with id \(swiftStringLiteral(name(routerID))) is on screen: SwiftfulRouting logs "
                + "dismissScreen_routerIdNotFound and dismisses nothing (\(knownIDs))")
    }

    /// Dismisses the screen with this router id and every screen above it (`dismissScreen()` on its router).
    public mutating func dismissScreen(routerID id: String) {
        switch dismiss(routerID: id) {
        case .dismissed: break
        case .root: warnIgnoredRoot("the root cannot be dismissed")
        case .notFound: warnNotFound(id)
        }
    }

    /// Dismisses the screen a plan names so and every screen above it (`dismissScreen(id:)`).
    public mutating func dismissScreen(id name: String) {
        dismissScreen(routerID: routerID(named: name) ?? name)
    }

    /// Dismisses every screen above the screen a plan names so (`dismissScreens(upToId:)`, SwiftfulRouting's
    /// `dismissScreens(to:)`); nothing if it is on top, nothing but a warning if it is not on screen.
    public mutating func dismissScreens(upToID name: String) {
        let id = routerID(named: name) ?? name
        let screens = allScreens
        guard let index = screens.firstIndex(where: { $0.routerID == id }) else {
            warn(
                "no screen with id \(swiftStringLiteral(name)) is on screen: SwiftfulRouting's dismissScreens(to:) "
                    + "does nothing, without a word (\(knownIDs))")
            return
        }
        if index + 1 < screens.count {
            dismissScreen(routerID: screens[index + 1].routerID)
        }
    }

    /// Dismisses the top `count` screens (`dismissScreens(count:)`).
    ///
    /// SwiftfulRouting counts down from the top screen and dismisses the one where the count runs out, or the
    /// root when it gets there first, which `dismissScreen` ignores: a count past the screens above the root
    /// (or below 1) dismisses nothing, without a word.
    public mutating func dismissScreens(count: Int) {
        let screens = allScreens
        var counter = 0
        for screen in screens.reversed() {
            counter += 1
            if counter == count || screen.routerID == screens[0].routerID {
                if dismiss(routerID: screen.routerID) == .root {
                    let above = screens.count - 1
                    warnIgnoredRoot(
                        "dismissScreens(count: \(count)) counts down to the root (\(above) screen\(above == 1 ? " is" : "s are") above it)"
                    )
                }
                return
            }
        }
    }

    /// Dismisses the pushes of the push stack screen `site` is in or heads (`dismissPushStack()`).
    public mutating func dismissPushStack(from site: String) {
        for index in activeScreens.indices.reversed()
        where activeScreens[index].screens.contains(where: { $0.routerID == site }) {
            let stack = activeScreens[index]
            if stack.segue == .push, let first = stack.screens.first {
                dismissScreen(routerID: first.routerID)
                return
            }
            if stack.segue.presentsNewEnvironment, index + 1 < activeScreens.count,
                activeScreens[index + 1].segue == .push, let first = activeScreens[index + 1].screens.first
            {
                dismissScreen(routerID: first.routerID)
                return
            }
        }
        warn(
            "no pushed screens in the push stack of \(swiftStringLiteral(name(site))): SwiftfulRouting logs "
                + "dismissPushStack_noPushStack and dismisses nothing")
    }

    /// Dismisses the closest sheet or full-screen cover at or below screen `site` (`dismissEnvironment()`).
    ///
    /// In the root's environment that is the root's own `.fullScreenCover` stack, and the root is not dismissed.
    public mutating func dismissEnvironment(from site: String) {
        var found = false
        for stack in activeScreens.reversed() {
            if stack.screens.contains(where: { $0.routerID == site }) { found = true }
            if found, stack.segue.presentsNewEnvironment, let first = stack.screens.first {
                if dismiss(routerID: first.routerID) == .root {
                    warnIgnoredRoot(
                        "\(swiftStringLiteral(name(site))) is in the root's environment: dismissEnvironment() reaches "
                            + "the root's own .fullScreenCover stack")
                }
                return
            }
        }
        warn(
            "the router of \(swiftStringLiteral(name(site))) is no longer on screen: SwiftfulRouting logs "
                + "dismissEnvironment_noEnvironmentToDismiss and dismisses nothing")
    }

    /// Dismisses the top screen, wherever the call is made (`dismissLastScreen()`); with only the root, that is
    /// the root, which is not dismissed.
    public mutating func dismissLastScreen() {
        if dismiss(routerID: topScreen.routerID) == .root {
            warnIgnoredRoot("only the root is on screen: dismissLastScreen() dismisses the root's id")
        }
    }

    /// Dismisses the pushes of the last push stack (`dismissLastPushStack()`); it does not fall back to an
    /// earlier push stack when the last one is empty.
    public mutating func dismissLastPushStack() {
        guard let last = activeScreens.last(where: { $0.segue == .push }), let first = last.screens.first else {
            warn(
                "the last push stack is empty: SwiftfulRouting logs dismissPushStack_noPushStack and dismisses "
                    + "nothing (it does not look at earlier push stacks)")
            return
        }
        dismissScreen(routerID: first.routerID)
    }

    /// Dismisses the last sheet or full-screen cover and everything above it (`dismissLastEnvironment()`); with
    /// none, the last is the root's own `.fullScreenCover` stack, and the root is not dismissed.
    public mutating func dismissLastEnvironment() {
        guard let last = activeScreens.last(where: { $0.segue.presentsNewEnvironment }), let first = last.screens.first
        else { return }
        if dismiss(routerID: first.routerID) == .root {
            warnIgnoredRoot(
                "no .sheet or .fullScreenCover is on screen: dismissLastEnvironment() reaches the root's own "
                    + ".fullScreenCover stack")
        }
    }

    /// Dismisses every screen above the root (`dismissAllScreens()`); nothing if only the root is shown.
    public mutating func dismissAllScreens() {
        dismissScreens(upToID: Self.rootID)
    }

    // MARK: Screen queue

    /// The router id a name in a plan means among the queued screens, like ``routerID(named:)``.
    private func queuedRouterID(named name: String) -> String? {
        if screenQueue.contains(where: { $0.hasExplicitID && $0.routerID == name }) { return name }
        return screenQueue.first { !$0.hasExplicitID && $0.id == name }?.routerID
    }

    private var queueIDs: String {
        screenQueue.isEmpty
            ? "the queue is empty" : "queued: " + screenQueue.map { swiftStringLiteral($0.id) }.joined(separator: ", ")
    }

    /// Adds screens to the queue from the router of `site` at each one's location, as SwiftfulRouting's
    /// `RouterViewModel.addScreensToQueue(routerId:destinations:)` does.
    ///
    /// `.insert` (the default) puts them at the front of the queue, in order; `.append` at the end;
    /// `.insertAfter(id:)` after the queued screen with that id, or nowhere, with a warning, when none has it.
    /// SwiftfulRouting counts the screens inserted after an id in a dictionary it also uses for `.insert` (keyed
    /// by the call site's id) and stores there the absolute index plus one, not a count: a second
    /// `.insertAfter` of the same id in one call lands further on (a warning says so), and one that lands past
    /// the end of the queue crashes `Array.insert`, which is an error.
    public mutating func addScreensToQueue(_ destinations: [RouterDestination], from site: String) throws(InputError) {
        var insertCounts: [String: Int] = [site: 0]
        var intended: [String: Int] = [:]
        for destination in destinations {
            var destination = destination
            identify(&destination)
            switch destination.location {
            case .append:
                screenQueue.append(destination)
            case .insert:
                let index = insertCounts[site] ?? 0
                try insertIntoQueue(destination, at: index)
                insertCounts[site] = index + 1
            case .insertAfter(let name):
                let id = queuedRouterID(named: name) ?? name
                guard let found = screenQueue.firstIndex(where: { $0.routerID == id }) else {
                    warn(
                        "location .insertAfter(id: \(swiftStringLiteral(name))): no queued screen has that id; "
                            + "SwiftfulRouting logs screenQueue_routerIdNotFound and does not queue "
                            + "\(destination.notation) (\(queueIDs))")
                    continue
                }
                let index = found + 1 + (insertCounts[id] ?? 0)
                try insertIntoQueue(destination, at: index)
                let meant = found + 1 + intended[id, default: 0]
                if index != meant {
                    warn(
                        "\(destination.notation) lands at queue position \(index + 1), not right after the screens "
                            + "already inserted after \(swiftStringLiteral(name)) (position \(meant + 1)): "
                            + "SwiftfulRouting's addScreensToQueue stores the index it inserted at plus one as the "
                            + "count of screens after \(swiftStringLiteral(name)) (queued: "
                            + screenQueue.map { swiftStringLiteral($0.id) }.joined(separator: ", ") + ")")
                }
                insertCounts[id] = index + 1
                intended[id, default: 0] += 1
            }
        }
    }

    private mutating func insertIntoQueue(_ destination: RouterDestination, at index: Int) throws(InputError) {
        guard index <= screenQueue.count else {
            throw InputError(
                "SwiftfulRouting crashes here: addScreensToQueue inserts \(destination.notation) at index \(index) "
                    + "of a queue of \(screenQueue.count) (Array.insert(_:at:) past the end); \(queueIDs)")
        }
        screenQueue.insert(destination, at: index)
    }

    /// Removes queued screens by id (`removeScreensFromQueue(ids:)`); an id no queued screen has removes
    /// nothing, without a word in SwiftfulRouting and with a warning here.
    public mutating func removeScreensFromQueue(ids names: [String]) {
        for name in names {
            let id = queuedRouterID(named: name) ?? name
            guard screenQueue.contains(where: { $0.routerID == id }) else {
                warn(
                    "no queued screen has id \(swiftStringLiteral(name)): SwiftfulRouting's removeScreensFromQueue "
                        + "removes nothing, without a word (\(queueIDs))")
                continue
            }
            screenQueue.removeAll { $0.routerID == id }
        }
    }

    /// Empties the queue (`removeAllScreensFromQueue()`).
    public mutating func removeAllScreensFromQueue() {
        screenQueue.removeAll()
    }

    /// Shows the first queued screen from `site` and removes it from the queue; returns whether there was one.
    ///
    /// This is `tryShowNextScreen()`'s path, which checks the queue first; ``showNextScreen(from:)`` is
    /// `showNextScreen()`'s.
    @discardableResult
    mutating func showQueuedScreen(from site: String) -> Bool {
        guard let next = screenQueue.first else { return false }
        showScreen(next, from: site)
        screenQueue.removeFirst()
        return true
    }

    /// Shows the first queued screen from `site` (`showNextScreen()`); an empty queue shows nothing, which
    /// SwiftfulRouting logs as `showNextScreen_emptyQueue`.
    public mutating func showNextScreen(from site: String) {
        if !showQueuedScreen(from: site) {
            warn("the screen queue is empty: SwiftfulRouting logs showNextScreen_emptyQueue and shows nothing")
        }
    }

    // MARK: Alerts and modals

    /// Shows an alert on the top screen or, with `location: .currentScreen`, on `site`; it replaces any alert there.
    public mutating func showAlert(_ alert: RouterAlert, from site: String) {
        alerts[alert.onTopScreen ? topScreen.routerID : site] = alert
    }

    /// Dismisses the alert on `site`, if any (`dismissAlert()`).
    public mutating func dismissAlert(from site: String) {
        alerts[site] = nil
    }

    /// Dismisses every alert (`dismissAllAlerts()`).
    public mutating func dismissAllAlerts() {
        alerts.removeAll()
    }

    /// Shows a modal over `site`, above the modals already there.
    public mutating func showModal(_ modal: RouterModal, from site: String) {
        modals[site, default: []].append(modal)
    }

    /// SwiftfulRouting's `dismissModal(routerId:modalId:)`: the last shown modal with the id; whether there was one.
    private mutating func dismissModal(id: String, from site: String) -> Bool {
        guard let index = modals[site]?.lastIndex(where: { $0.id == id && !$0.isRemoved }) else { return false }
        modals[site]?[index].isRemoved = true
        return true
    }

    /// Dismisses modals over `site` as SwiftfulRouting's modal methods do: the last one, the last with an id,
    /// those above an id, the last `count`, or all. Where nothing matches, it logs a warning and so does this.
    public mutating func dismissModals(from site: String, _ which: ModalDismissal) {
        let list = modals[site] ?? []
        let names = activeModals(site).map { swiftStringLiteral($0.id) }
        let shown = names.isEmpty ? "none are shown" : "shown: " + names.joined(separator: ", ")
        let over = "over \(swiftStringLiteral(name(site)))"
        switch which {
        case .last:
            guard let last = list.last(where: { !$0.isRemoved }) else {
                warn("no modal is shown \(over): SwiftfulRouting logs dismissLastModal_noModals and dismisses nothing")
                return
            }
            _ = dismissModal(id: last.id, from: site)
        case .id(let id):
            if !dismissModal(id: id, from: site) {
                warn(
                    "no modal with id \(swiftStringLiteral(id)) is shown \(over): SwiftfulRouting logs "
                        + "dismissModal_modalNotFound and dismisses nothing (\(shown))")
            }
        case .upTo(let id):
            // It finds the id among dismissed modals too, and dismisses the shown ones above it.
            if let index = list.lastIndex(where: { $0.id == id }), index + 1 < list.count {
                for modal in list[(index + 1)...].reversed() where !modal.isRemoved {
                    _ = dismissModal(id: modal.id, from: site)
                }
                return
            }
            warn(
                "no modal above one with id \(swiftStringLiteral(id)) \(over): SwiftfulRouting logs "
                    + "dismissModalsAbove_noneFound and dismisses nothing (\(shown))")
        case .count(let count):
            var counter = 0
            for modal in list.reversed() {
                if !modal.isRemoved {
                    counter += 1
                    _ = dismissModal(id: modal.id, from: site)
                }
                if counter == count { return }
            }
            warn(
                "dismissModals(count: \(count)) \(over) dismissed \(counter) modal\(counter == 1 ? "" : "s") and "
                    + "ran out: SwiftfulRouting dismisses every shown modal and logs dismissModalsCount_noneToDismiss")
        case .all:
            for modal in list.reversed() where !modal.isRemoved {
                _ = dismissModal(id: modal.id, from: site)
            }
        }
    }

    /// Which modals a dismissal removes.
    public enum ModalDismissal: Hashable, Sendable {
        /// The last one shown.
        case last
        /// The one with this id.
        case id(String)
        /// Those above the one with this id.
        case upTo(String)
        /// The last few.
        case count(Int)
        /// All of them.
        case all
    }
}

/// Whose router a call is made on.
public enum RouterName: Hashable, Sendable {
    /// `router.`: the router in the environment of the screen on top.
    case current
    /// `router("id").`: the router of the screen with this id (or the root, by its screen's label).
    case named(String)
    /// `router2.`, as SwiftfulRouting's README names the router each `showScreen` closure receives: the router
    /// of the N-th screen on screen, the root's counting as the first (`router1`).
    case numbered(Int)

    /// The receiver as written: `router` or `router("id")`.
    public var notation: String {
        switch self {
        case .current: "router"
        case .named(let name): "router(\(swiftStringLiteral(name)))"
        case .numbered(let number): "router\(number)"
        }
    }
}
