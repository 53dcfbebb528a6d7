/// What changed between two navigation maps read from two versions of an app: screens, stacks and the calls
/// between screens added or removed, calls whose style changed, back and dismiss calls added or removed,
/// problems new or fixed.
///
/// Things are matched by name, not by id or line (ids and lines move when code is edited): a stack by the
/// type that makes it, a screen by its stack and name, a call by its stack, the screens it goes from and to,
/// and its style (`sheet ☰`, a sheet with navigation, is not `sheet`). A call whose pair of screens is kept
/// but whose style changed is *restyled*. A back or dismiss call is matched by its stack, the screen whose code
/// makes it, its kind and the screen it goes back to, if it names one: a screen that had two `dismiss()` calls and
/// now has one lost one. Each change keeps the location on the side it exists on.
public struct NavigationMapDiff: Hashable, Sendable {
    /// A screen added or removed: its stack's type, its name and where it is declared.
    public struct ScreenChange: Hashable, Sendable {
        /// The type that makes the stack it belongs to.
        public var stack: String
        /// The screen's name.
        public var name: String
        /// Where it is declared, on the side it exists on.
        public var location: NavigationMap.Location
    }

    /// A call that shows a screen, added or removed.
    public struct EdgeChange: Hashable, Sendable {
        /// The type that makes the stack.
        public var stack: String
        /// The screen (or deep-link entry) whose code makes the call.
        public var from: String
        /// The screen shown.
        public var to: String
        /// How: `push`, `sheet`, `sheet ☰` (with navigation), `cover`, `replace`; for a back or dismiss call,
        /// `back` or `dismiss`.
        public var style: String
        /// The call, on the side it exists on.
        public var location: NavigationMap.Location
        /// The call as written (`navigator.goBack()`), for a back or dismiss call; empty for the others.
        public var call: String = ""
    }

    /// A call kept between the same two screens whose style changed.
    public struct Restyle: Hashable, Sendable {
        /// The type that makes the stack.
        public var stack: String
        /// The screen whose code makes the call.
        public var from: String
        /// The screen shown.
        public var to: String
        /// The style in the base.
        public var was: String
        /// The style in the head.
        public var now: String
        /// The call in the head.
        public var location: NavigationMap.Location
    }

    /// Screens in the head only.
    public var addedScreens: [ScreenChange] = []
    /// Screens in the base only.
    public var removedScreens: [ScreenChange] = []
    /// Stacks (by the type that makes them) in the head only.
    public var addedStacks: [ScreenChange] = []
    /// Stacks in the base only.
    public var removedStacks: [ScreenChange] = []
    /// Calls in the head only.
    public var addedEdges: [EdgeChange] = []
    /// Calls in the base only.
    public var removedEdges: [EdgeChange] = []
    /// Calls whose style changed.
    public var restyledEdges: [Restyle] = []
    /// Back and dismiss calls in the head only (`to` is the screen gone back to, or empty).
    public var addedBacks: [EdgeChange] = []
    /// Back and dismiss calls in the base only.
    public var removedBacks: [EdgeChange] = []
    /// Problems in the head only.
    public var newProblems: [NavigationMap.Problem] = []
    /// Problems in the base only.
    public var fixedProblems: [NavigationMap.Problem] = []

    /// Whether nothing changed.
    public var isEmpty: Bool {
        addedScreens.isEmpty && removedScreens.isEmpty && addedStacks.isEmpty && removedStacks.isEmpty
            && addedEdges.isEmpty && removedEdges.isEmpty && restyledEdges.isEmpty && addedBacks.isEmpty
            && removedBacks.isEmpty && newProblems.isEmpty && fixedProblems.isEmpty
    }

    /// Compares two maps.
    public init(base: NavigationMap, head: NavigationMap) {
        let baseStacks = Self.stacks(base)
        let headStacks = Self.stacks(head)
        addedStacks = headStacks.filter { stack in !baseStacks.contains { $0.stack == stack.stack } }
        removedStacks = baseStacks.filter { stack in !headStacks.contains { $0.stack == stack.stack } }
        let baseScreens = Self.screens(base)
        let headScreens = Self.screens(head)
        addedScreens = headScreens.filter { screen in !baseScreens.contains { Self.same($0, screen) } }
        removedScreens = baseScreens.filter { screen in !headScreens.contains { Self.same($0, screen) } }
        compareEdges(Self.edges(base), Self.edges(head))
        (removedBacks, addedBacks) = Self.unpaired(Self.backs(base), Self.backs(head))
        let baseProblems = Set(base.problems.map(Self.problemKey))
        let headProblems = Set(head.problems.map(Self.problemKey))
        newProblems = head.problems.filter { !baseProblems.contains(Self.problemKey($0)) }
        fixedProblems = base.problems.filter { !headProblems.contains(Self.problemKey($0)) }
    }

    /// Pairs calls between the same two screens: equal styles cancel, the rest pair up as restyled, and what
    /// is left is added or removed.
    private mutating func compareEdges(_ base: [EdgeChange], _ head: [EdgeChange]) {
        let (left, paired) = Self.unpaired(base, head)
        var unmatched = paired
        for edge in left {
            if let index = unmatched.firstIndex(where: { Self.pair($0) == Self.pair(edge) }) {
                let now = unmatched.remove(at: index)
                restyledEdges.append(
                    Restyle(
                        stack: edge.stack, from: edge.from, to: edge.to, was: edge.style, now: now.style,
                        location: now.location))
            } else {
                removedEdges.append(edge)
            }
        }
        addedEdges = unmatched
    }

    private static func pair(_ edge: EdgeChange) -> [String] { [edge.stack, edge.from, edge.to] }

    /// The calls of each side that pair with none of the other's (by stack, screens and style), one for one:
    /// the base's left over, then the head's.
    private static func unpaired(_ base: [EdgeChange], _ head: [EdgeChange]) -> ([EdgeChange], [EdgeChange]) {
        var unmatched = head
        var left: [EdgeChange] = []
        for edge in base {
            if let index = unmatched.firstIndex(where: { pair($0) == pair(edge) && $0.style == edge.style }) {
                unmatched.remove(at: index)
            } else {
                left.append(edge)
            }
        }
        return (left, unmatched)
    }

    private static func same(_ lhs: ScreenChange, _ rhs: ScreenChange) -> Bool {
        lhs.stack == rhs.stack && lhs.name == rhs.name
    }

    /// A problem's identity across versions: its file and message (its line moves when code is edited).
    private static func problemKey(_ problem: NavigationMap.Problem) -> [String] {
        [problem.location.file, problem.message]
    }

    /// Each stack once, by the type that makes it.
    private static func stacks(_ map: NavigationMap) -> [ScreenChange] {
        map.owners.compactMap { owner in
            map.coordinators.first { $0.owner == owner }.map {
                ScreenChange(stack: owner, name: owner, location: $0.location)
            }
        }
    }

    /// The type that makes each stack, by the stack's id.
    private static func owners(_ map: NavigationMap) -> [String: String] {
        Dictionary(map.coordinators.map { ($0.id, $0.owner) }) { first, _ in first }
    }

    /// Every screen with its stack's type.
    private static func screens(_ map: NavigationMap) -> [ScreenChange] {
        let owners = owners(map)
        return map.screens.map {
            ScreenChange(stack: owners[$0.coordinator] ?? $0.coordinator, name: $0.name, location: $0.location)
        }
    }

    /// Each screen's and entry's name and its stack's type, by id.
    private static func names(_ map: NavigationMap) -> [String: (name: String, stack: String)] {
        let owners = owners(map)
        var names: [String: (name: String, stack: String)] = [:]
        for screen in map.screens { names[screen.id] = (screen.name, owners[screen.coordinator] ?? "") }
        for entry in map.entries { names[entry.id] = ("deep link \(entry.name)", owners[entry.coordinator] ?? "") }
        return names
    }

    /// Every back and dismiss call, by names: `to` is the screen it goes back to, when it names one.
    private static func backs(_ map: NavigationMap) -> [EdgeChange] {
        let names = names(map)
        return map.edges.compactMap { edge in
            guard [.back, .dismiss].contains(edge.style), let source = names[edge.from] else { return nil }
            return EdgeChange(
                stack: source.stack, from: source.name, to: edge.to.flatMap { names[$0]?.name } ?? "",
                style: edge.style.rawValue, location: edge.location, call: edge.call)
        }
    }

    /// Every call that shows a screen, by names.
    private static func edges(_ map: NavigationMap) -> [EdgeChange] {
        let names = names(map)
        return map.edges.compactMap { edge in
            guard let to = edge.to, let target = names[to], let source = names[edge.from],
                [.push, .sheet, .cover, .replace].contains(edge.style)
            else { return nil }
            let style = edge.style.rawValue + (edge.withNavigation && edge.style != .push ? " ☰" : "")
            return EdgeChange(
                stack: source.stack, from: source.name, to: target.name, style: style, location: edge.location)
        }
    }
}
