/// A FlowStack in a nested plan: its root, its routes, and the child FlowStacks some of its routes host.
///
/// A child that **owns its routes** (it has its own binding, `FlowStack($childRoutes)`) keeps a path of its
/// own; a child that **shares its parent's path** (no binding, under a `FlowPath` or unbound parent)
/// contributes its routes to the path of the nearest ancestor that owns one, right after the route that hosts
/// it. ``path`` is what a coordinator's navigator works on.
public struct PlanCoordinator: Hashable, Sendable {
    /// One route of a coordinator as written, with the child FlowStack it hosts, if any.
    public struct Entry: Hashable, Sendable {
        /// The route.
        public var route: PlanRoute
        /// The child FlowStack the route's screen contains, if any.
        public var child: PlanCoordinator?
        /// The JSON key path the route came from, e.g. `start[2]`; empty for routes built in code.
        public var keyPath: String
        /// Where the route was written, if it came from a file.
        public var position: SourcePosition?

        /// Creates an entry.
        public init(
            _ route: PlanRoute, child: PlanCoordinator? = nil, keyPath: String = "", position: SourcePosition? = nil
        ) {
            self.route = route
            self.child = child
            self.keyPath = keyPath
            self.position = position
        }
    }

    /// The name that actions and deep-link rules use to address this coordinator (`"in": "Onboarding"`).
    public var name: String
    /// The FlowStack's root screen (for a child sharing its parent's path, its `withNavigation` is ignored:
    /// the hosting route decides).
    public var root: Root
    /// Whether the FlowStack has its own routes (`true` for the top coordinator).
    public var ownsRoutes: Bool
    /// The routes this coordinator holds (or, when sharing, contributes), bottom first.
    public var entries: [Entry]
    /// The JSON key path of the child's declaration, e.g. `start[1].child`; empty for the top coordinator.
    public var keyPath: String
    /// Where the child was declared, if it came from a file.
    public var position: SourcePosition?

    /// The name of the top coordinator when a plan gives none.
    public static let defaultName = "main"

    /// Creates a coordinator.
    public init(
        name: String = PlanCoordinator.defaultName, root: Root = Root(), ownsRoutes: Bool = true, entries: [Entry] = [],
        keyPath: String = "", position: SourcePosition? = nil
    ) {
        self.name = name
        self.root = root
        self.ownsRoutes = ownsRoutes
        self.entries = entries
        self.keyPath = keyPath
        self.position = position
    }

    /// Creates a coordinator from plain routes that host no children.
    public init(name: String = PlanCoordinator.defaultName, root: Root, ownsRoutes: Bool = true, routes: [PlanRoute]) {
        self.init(name: name, root: root, ownsRoutes: ownsRoutes, entries: routes.map { Entry($0) })
    }

    /// Whether any route of this coordinator, or of its descendants, hosts a child FlowStack.
    public var hasChildren: Bool { entries.contains { $0.child != nil } }

    // MARK: Paths

    /// One position of a path: the coordinator whose entry it is, and the entry.
    public struct PathElement: Hashable, Sendable {
        /// The name of the coordinator that holds the entry (this one, or a child sharing its path).
        public var owner: String
        /// The entry.
        public var entry: Entry
    }

    /// The path this coordinator's navigator works on: its routes with each sharing child's routes right
    /// after the route hosting it (depth first). Children that own their routes contribute nothing.
    public var path: [PlanRoute] { pathElements.map(\.entry.route) }

    /// ``path`` with the coordinator each route belongs to.
    public var pathElements: [PathElement] {
        var elements: [PathElement] = []
        appendPathElements(to: &elements)
        return elements
    }

    private func appendPathElements(to elements: inout [PathElement]) {
        for entry in entries {
            elements.append(PathElement(owner: name, entry: entry))
            if let child = entry.child, !child.ownsRoutes {
                child.appendPathElements(to: &elements)
            }
        }
    }

    /// Every route the app shows, bottom first: ``path`` with the routes of each child that owns its routes
    /// (its own whole path) right after the route hosting it.
    public var appPath: [PlanRoute] {
        pathElements.flatMap { element -> [PlanRoute] in
            guard let child = element.entry.child, child.ownsRoutes else { return [element.entry.route] }
            return [element.entry.route] + child.appPath
        }
    }

    /// The children that own their routes hosted on this coordinator's path, with the index of their host
    /// in ``path``, bottom first.
    public var ownedChildren: [(hostIndex: Int, child: PlanCoordinator)] {
        pathElements.enumerated().compactMap { index, element in
            guard let child = element.entry.child, child.ownsRoutes else { return nil }
            return (index, child)
        }
    }

    /// Every coordinator of the hierarchy, this one first, depth first.
    public var allCoordinators: [PlanCoordinator] {
        [self] + entries.flatMap { $0.child?.allCoordinators ?? [] }
    }

    /// The coordinator with a name in this hierarchy, if any.
    public func coordinator(named name: String) -> PlanCoordinator? {
        if self.name == name { return self }
        for entry in entries {
            if let found = entry.child?.coordinator(named: name) { return found }
        }
        return nil
    }

    /// The name of the coordinator whose path `name`'s routes are on: itself if it owns its routes, else the
    /// nearest ancestor that does.
    public func pathOwner(of name: String) -> String? {
        pathOwner(of: name, owner: self.name)
    }

    private func pathOwner(of target: String, owner: String) -> String? {
        let current = ownsRoutes ? name : owner
        if name == target { return current }
        for entry in entries {
            if let found = entry.child?.pathOwner(of: target, owner: current) { return found }
        }
        return nil
    }

    /// The name of the coordinator whose entries hold the route hosting `name`, if `name` is a child here.
    public func parent(of name: String) -> String? {
        for entry in entries {
            guard let child = entry.child else { continue }
            if child.name == name { return self.name }
            if let found = child.parent(of: name) { return found }
        }
        return nil
    }

    /// This hierarchy with the coordinator named `name` replaced; unchanged if there is none.
    public func replacing(_ name: String, with replacement: PlanCoordinator) -> PlanCoordinator {
        if self.name == name { return replacement }
        var copy = self
        for index in copy.entries.indices {
            if let child = copy.entries[index].child {
                copy.entries[index].child = child.replacing(name, with: replacement)
            }
        }
        return copy
    }

    // MARK: Changing the path

    /// This coordinator with its ``path`` changed to `routes`, keeping who holds which route.
    ///
    /// Position `i` of the new path stays with the entry at position `i` of the old one (a route whose screen or
    /// style changed loses the child it hosted: SwiftUI builds a new view for it). Routes beyond the old path
    /// go to `newOwner` if it is on top of the path (the coordinator itself or a sharing child hosted by its
    /// top route, and so on), else to the topmost such child; the first of them hosts `newChild`.
    public func settingPath(_ routes: [PlanRoute], newOwner: String? = nil, newChild: PlanCoordinator? = nil)
        -> PlanCoordinator
    {
        var copy = self
        var index = 0
        copy.reshape(to: routes, index: &index)
        if index < routes.count {
            var added = routes[index...].map { Entry($0) }
            added[0].child = newChild
            copy.appendOnTop(added, preferring: newOwner)
        }
        return copy
    }

    private mutating func reshape(to routes: [PlanRoute], index: inout Int) {
        var kept: [Entry] = []
        for var entry in entries {
            guard index < routes.count else { break }
            let route = routes[index]
            index += 1
            if route != entry.route {
                entry.child = nil
                entry.route = route
            }
            if var child = entry.child, !child.ownsRoutes {
                child.reshape(to: routes, index: &index)
                entry.child = child
            }
            kept.append(entry)
        }
        entries = kept
    }

    private mutating func appendOnTop(_ added: [Entry], preferring owner: String?) {
        if name != owner, let last = entries.indices.last, var child = entries[last].child, !child.ownsRoutes {
            child.appendOnTop(added, preferring: owner)
            entries[last].child = child
        } else {
            entries += added
        }
    }

    /// The same hierarchy with no routes in any child it hosts: how children look before they first appear.
    var emptied: PlanCoordinator {
        var copy = self
        copy.entries = []
        return copy
    }
}
