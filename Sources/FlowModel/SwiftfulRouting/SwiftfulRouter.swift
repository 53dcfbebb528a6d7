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

    /// Creates a modal; without an id, the id is the content's label.
    public init(id: String? = nil, content: String) {
        self.id = id ?? content
        self.content = content
    }
}

/// A SwiftfulRouting call its router would refuse or ignore, with what would be right.
public struct RouterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// The screens SwiftfulRouting has on screen, as its `RouterViewModel` holds them, and its router's operations.
///
/// ``activeScreens`` is SwiftfulRouting's `[AnyDestinationStack]`: the root's own stack first (`RouterView`
/// inserts the root as a `.fullScreenCover`-segue stack of one screen, id `root`), then the root's push
/// stack, then for each sheet or full-screen cover an environment stack of that one screen followed by the
/// environment's push stack. The last stack is always a push stack, possibly empty.
///
/// Operations take the call site, the id of the screen whose router is called: `dismissScreen()` on screen
/// 2's router dismisses screen 2 and every screen above it. Calls SwiftfulRouting ignores with a warning (an
/// unknown id, nothing to dismiss) throw a ``RouterError`` instead, since a plan relying on them is wrong.
public struct SwiftfulRouter: Hashable, Sendable {
    /// The root screen's id, as in SwiftfulRouting.
    public static let rootID = "root"

    /// SwiftfulRouting's `activeScreens`, root stack first.
    public private(set) var activeScreens: [DestinationStack]
    /// SwiftfulRouting's `activeScreenQueue`: screens `showNextScreen()` shows, first first.
    public private(set) var screenQueue: [Destination] = []
    /// The alert on each screen, by screen id.
    public private(set) var alerts: [String: RouterAlert] = [:]
    /// The modals over each screen, by screen id, bottom first.
    public private(set) var modals: [String: [RouterModal]] = [:]

    /// Creates the state of a `RouterView` showing `root`.
    public init(root: String) {
        activeScreens = [
            DestinationStack(
                segue: .fullScreenCover, screens: [Destination(id: Self.rootID, segue: .fullScreenCover, screen: root)]),
            DestinationStack(segue: .push, screens: []),
        ]
    }

    /// The root screen.
    public var root: Destination { activeScreens[0].screens[0] }

    /// Every screen, root first.
    public var allScreens: [Destination] { activeScreens.allScreens }

    /// The screen on top, whose router `router.` means.
    public var topScreen: Destination { allScreens.last ?? root }

    /// The screens above the root as routes FlowGraph draws.
    public var routes: [Route] { allScreens.dropFirst().map(\.route) }

    /// The ids of the screens above the root, bottom first (one per route).
    public var screenIDs: [String] { allScreens.dropFirst().map(\.id) }

    /// The screens above the root in compact notation: `[.push(A), .sheet(B, id: "b")]`.
    public var notation: String {
        "[" + allScreens.dropFirst().map(\.notation).joined(separator: ", ") + "]"
    }

    /// Whether a screen with this id is on screen.
    public func contains(id: String) -> Bool {
        allScreens.contains { $0.id == id }
    }

    /// The id of the screen a router name means: a screen's id, or the root's screen label for the root.
    public func resolve(_ name: RouterName) throws(RouterError) -> String {
        switch name {
        case .current:
            return topScreen.id
        case .named(let name):
            if contains(id: name) { return name }
            if name == root.screen { return Self.rootID }
            throw RouterError("no screen with id \(swiftStringLiteral(name)) is on screen; \(knownIDs)")
        }
    }

    private var knownIDs: String {
        "screens on screen: " + allScreens.map { swiftStringLiteral($0.id) }.joined(separator: ", ")
    }

    private func stackIndex(containing id: String) -> Int? {
        activeScreens.lastIndex { $0.screens.contains { $0.id == id } }
    }

    // MARK: Showing screens

    /// Shows one screen from the router of screen `site`, at the destination's location.
    ///
    /// `.push` goes into the push stack of the site's environment, just above the site (`.insert`), above
    /// the screen with an id (`.insertAfter(id:)`) or on top (`.append`); a sheet or cover adds its
    /// environment stack and an empty push stack after the site's push stack. Returns the shown screen's id.
    @discardableResult
    public mutating func showScreen(_ destination: Destination, from site: String) throws(RouterError) -> String {
        var destination = destination
        if destination.hasExplicitID {
            guard !contains(id: destination.id) else {
                throw RouterError(
                    "a screen with id \(swiftStringLiteral(destination.id)) is already on screen; give each screen its own id"
                )
            }
        } else {
            destination.id = uniqueID(for: destination.screen)
        }
        let anchor: String
        let stackIndex: Int
        switch destination.location {
        case .insert:
            anchor = site
            guard let index = self.stackIndex(containing: site) else {
                throw RouterError("no screen with id \(swiftStringLiteral(site)) is on screen; \(knownIDs)")
            }
            stackIndex = index
        case .insertAfter(let id):
            anchor = id
            guard let index = self.stackIndex(containing: id) else {
                throw RouterError("location .insertAfter(id: \(swiftStringLiteral(id))): no such screen; \(knownIDs)")
            }
            stackIndex = index
        case .append:
            anchor = topScreen.id
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
            } else if let index = screens.firstIndex(where: { $0.id == anchor }) {
                activeScreens[target].screens.insert(destination, at: index + 1)
            } else {
                // The anchor is the environment's own screen: the push goes first in its push stack.
                activeScreens[target].screens.insert(destination, at: 0)
            }
        } else {
            let target = current.segue == .push ? stackIndex + 1 : stackIndex + 2
            activeScreens.insert(
                contentsOf: [
                    DestinationStack(segue: destination.segue, screens: [destination]),
                    DestinationStack(segue: .push, screens: []),
                ], at: target)
        }
        return destination.id
    }

    /// Shows several screens in order: the first from `site`, each next one from the router of the one before.
    public mutating func showScreens(_ destinations: [Destination], from site: String) throws(RouterError) {
        var site = site
        for (index, destination) in destinations.enumerated() {
            var destination = destination
            if index > 0 { destination.location = .insert }
            site = try showScreen(destination, from: site)
        }
    }

    private func uniqueID(for screen: String) -> String {
        var id = screen
        var number = 2
        while contains(id: id) || id == Self.rootID {
            id = "\(screen)-\(number)"
            number += 1
        }
        return id
    }

    // MARK: Dismissing screens

    /// Dismisses screen `id` and every screen above it (`dismissScreen()` on its router, `dismissScreen(id:)`).
    public mutating func dismissScreen(id: String) throws(RouterError) {
        guard id != Self.rootID else {
            throw RouterError("the root screen cannot be dismissed (SwiftfulRouting ignores this call)")
        }
        guard let stackIndex = stackIndex(containing: id),
            let screenIndex = activeScreens[stackIndex].screens.lastIndex(where: { $0.id == id })
        else {
            throw RouterError("no screen with id \(swiftStringLiteral(id)) is on screen; \(knownIDs)")
        }
        let before = Set(allScreens.map(\.id))
        if activeScreens[stackIndex].screens.count > 1 {
            activeScreens.removeSubrange((stackIndex + 1)...)
            activeScreens[stackIndex].screens.removeSubrange(screenIndex...)
        } else {
            activeScreens.removeSubrange(stackIndex...)
        }
        // There is always a push stack last for the environment's NavigationStack to bind to.
        if activeScreens.last?.segue != .push {
            activeScreens.append(DestinationStack(segue: .push, screens: []))
        }
        for gone in before.subtracting(allScreens.map(\.id)) {
            alerts[gone] = nil
            modals[gone] = nil
        }
    }

    /// Dismisses every screen above screen `id`, keeping it (`dismissScreens(upToId:)`); nothing if it is on top.
    public mutating func dismissScreens(upToID id: String) throws(RouterError) {
        let screens = allScreens
        guard let index = screens.firstIndex(where: { $0.id == id }) else {
            throw RouterError("no screen with id \(swiftStringLiteral(id)) is on screen; \(knownIDs)")
        }
        if index + 1 < screens.count {
            try dismissScreen(id: screens[index + 1].id)
        }
    }

    /// Dismisses the top `count` screens (`dismissScreens(count:)`).
    public mutating func dismissScreens(count: Int) throws(RouterError) {
        let above = allScreens.count - 1
        guard count >= 1 else { throw RouterError("count must be at least 1, not \(count)") }
        guard count <= above else {
            throw RouterError(
                "cannot dismiss \(count) screens: only \(above) screen\(above == 1 ? " is" : "s are") above the root")
        }
        try dismissScreen(id: allScreens[allScreens.count - count].id)
    }

    /// Dismisses the pushes of the push stack screen `site` is in or heads (`dismissPushStack()`).
    public mutating func dismissPushStack(from site: String) throws(RouterError) {
        guard let index = stackIndex(containing: site) else {
            throw RouterError("no screen with id \(swiftStringLiteral(site)) is on screen; \(knownIDs)")
        }
        let stack = activeScreens[index].segue == .push ? activeScreens[index] : activeScreens[index + 1]
        guard let first = stack.screens.first else {
            throw RouterError("no pushed screens above \(swiftStringLiteral(site)) to dismiss")
        }
        try dismissScreen(id: first.id)
    }

    /// Dismisses the closest sheet or full-screen cover at or below screen `site` (`dismissEnvironment()`).
    public mutating func dismissEnvironment(from site: String) throws(RouterError) {
        guard let index = stackIndex(containing: site) else {
            throw RouterError("no screen with id \(swiftStringLiteral(site)) is on screen; \(knownIDs)")
        }
        guard let environment = activeScreens[...index].dropFirst().last(where: { $0.segue.presentsNewEnvironment })
        else {
            throw RouterError(
                "\(swiftStringLiteral(site)) is in the root environment: no .sheet or .fullScreenCover below it to dismiss"
            )
        }
        try dismissScreen(id: environment.screens[0].id)
    }

    /// Dismisses the top screen, wherever the call is made (`dismissLastScreen()`).
    public mutating func dismissLastScreen() throws(RouterError) {
        guard allScreens.count > 1 else { throw RouterError("only the root is on screen: nothing to dismiss") }
        try dismissScreen(id: topScreen.id)
    }

    /// Dismisses the pushes of the last push stack (`dismissLastPushStack()`); it must have some.
    public mutating func dismissLastPushStack() throws(RouterError) {
        guard let last = activeScreens.last(where: { $0.segue == .push }), let first = last.screens.first else {
            throw RouterError("the last push stack is empty: no pushed screens on top to dismiss")
        }
        try dismissScreen(id: first.id)
    }

    /// Dismisses the last sheet or full-screen cover and everything above it (`dismissLastEnvironment()`).
    public mutating func dismissLastEnvironment() throws(RouterError) {
        guard let last = activeScreens.dropFirst().last(where: { $0.segue.presentsNewEnvironment }) else {
            throw RouterError("no .sheet or .fullScreenCover is on screen to dismiss")
        }
        try dismissScreen(id: last.screens[0].id)
    }

    /// Dismisses every screen above the root (`dismissAllScreens()`); nothing if only the root is shown.
    public mutating func dismissAllScreens() throws(RouterError) {
        try dismissScreens(upToID: Self.rootID)
    }

    // MARK: Screen queue

    /// Adds screens to the queue (`addScreensToQueue(destinations:)`) at each one's location.
    ///
    /// `.insert` (the default) puts them at the front of the queue, in order; `.append` at the end;
    /// `.insertAfter(id:)` after the queued screen with that id.
    public mutating func addScreensToQueue(_ destinations: [Destination]) throws(RouterError) {
        var frontCount = 0
        var afterCounts: [String: Int] = [:]
        for destination in destinations {
            switch destination.location {
            case .append:
                screenQueue.append(destination)
            case .insert:
                screenQueue.insert(destination, at: frontCount)
                frontCount += 1
            case .insertAfter(let id):
                guard let index = screenQueue.firstIndex(where: { $0.id == id }) else {
                    throw RouterError(
                        "location .insertAfter(id: \(swiftStringLiteral(id))): no queued screen has that id; \(queueIDs)"
                    )
                }
                let offset = afterCounts[id, default: 0]
                screenQueue.insert(destination, at: index + 1 + offset)
                afterCounts[id] = offset + 1
            }
        }
    }

    /// Removes queued screens by id (`removeScreensFromQueue(ids:)`); each must be queued.
    public mutating func removeScreensFromQueue(ids: [String]) throws(RouterError) {
        for id in ids where !screenQueue.contains(where: { $0.id == id }) {
            throw RouterError("no queued screen has id \(swiftStringLiteral(id)); \(queueIDs)")
        }
        screenQueue.removeAll { ids.contains($0.id) }
    }

    /// Empties the queue (`removeAllScreensFromQueue()`).
    public mutating func removeAllScreensFromQueue() {
        screenQueue.removeAll()
    }

    /// Shows the first queued screen from `site` and removes it from the queue; returns whether there was one.
    @discardableResult
    public mutating func showNextScreen(from site: String) throws(RouterError) -> Bool {
        guard let next = screenQueue.first else { return false }
        try showScreen(next, from: site)
        screenQueue.removeFirst()
        return true
    }

    private var queueIDs: String {
        screenQueue.isEmpty
            ? "the queue is empty" : "queued: " + screenQueue.map { swiftStringLiteral($0.id) }.joined(separator: ", ")
    }

    // MARK: Alerts and modals

    /// Shows an alert on the top screen or, with `location: .currentScreen`, on `site`; it replaces any alert there.
    public mutating func showAlert(_ alert: RouterAlert, from site: String) {
        alerts[alert.onTopScreen ? topScreen.id : site] = alert
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

    /// Dismisses modals over `site`: the last one, the one with an id and those above it, those above an id,
    /// the last `count`, or all.
    public mutating func dismissModals(from site: String, _ which: ModalDismissal) throws(RouterError) {
        var list = modals[site] ?? []
        let names =
            list.isEmpty ? "none are shown" : "shown: " + list.map { swiftStringLiteral($0.id) }.joined(separator: ", ")
        switch which {
        case .last:
            guard !list.isEmpty else {
                throw RouterError("no modal is shown over \(swiftStringLiteral(site)) to dismiss")
            }
            list.removeLast()
        case .id(let id):
            guard let index = list.lastIndex(where: { $0.id == id }) else {
                throw RouterError(
                    "no modal with id \(swiftStringLiteral(id)) over \(swiftStringLiteral(site)); \(names)")
            }
            list.remove(at: index)
        case .upTo(let id):
            guard let index = list.lastIndex(where: { $0.id == id }) else {
                throw RouterError(
                    "no modal with id \(swiftStringLiteral(id)) over \(swiftStringLiteral(site)); \(names)")
            }
            list.removeSubrange((index + 1)...)
        case .count(let count):
            guard count >= 1, count <= list.count else {
                throw RouterError("cannot dismiss \(count) modals over \(swiftStringLiteral(site)); \(names)")
            }
            list.removeLast(count)
        case .all:
            list.removeAll()
        }
        modals[site] = list.isEmpty ? nil : list
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

    /// The receiver as written: `router` or `router("id")`.
    public var notation: String {
        switch self {
        case .current: "router"
        case .named(let name): "router(\(swiftStringLiteral(name)))"
        }
    }
}
