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
///
/// A stack whose type was renamed (or moved to another file) is matched by what it is, not by its name: a
/// stack only the base has and one only the head has, with the same screens (at least half of either's
/// names shared, the root named after its type counting as that type), are one stack *renamed*, and
/// everything under it is compared under the head's name. A problem is matched by its message (its type names
/// renamed as above, and the files it names by their last component, without lines), one for one, so a moved
/// or renamed file or a shifted line is no new problem.
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
        /// The screen (or deep-link entry) whose code makes the call; in a change said once, each such screen,
        /// joined with `, `.
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

    /// A stack whose making type was renamed: the base's name, the head's, and where the head makes it.
    public struct Rename: Hashable, Sendable {
        /// The type that made the stack in the base.
        public var was: String
        /// The type that makes it in the head.
        public var now: String
        /// Where the head makes it.
        public var location: NavigationMap.Location
    }

    /// Stacks matched across a rename of the type that makes them.
    public var renamedStacks: [Rename] = []
    /// Screens in the head only.
    public var addedScreens: [ScreenChange] = []
    /// Screens in the base only.
    public var removedScreens: [ScreenChange] = []

    /// ``addedScreens`` one per screen: a screen several stacks show (one case of a screen type they share,
    /// declared once) is one change, its ``ScreenChange/stack`` naming each (`Home, Search`).
    public var addedScreensOnce: [ScreenChange] { Self.once(addedScreens) { [$0.name, $0.location.description] } }
    /// ``removedScreens`` one per screen, as ``addedScreensOnce``.
    public var removedScreensOnce: [ScreenChange] {
        Self.once(removedScreens) { [$0.name, $0.location.description] }
    }
    /// ``addedEdges`` one per call: a call several stacks place (a screen two stacks show makes it) is one
    /// change, its ``EdgeChange/stack`` naming each.
    public var addedEdgesOnce: [EdgeChange] { Self.once(addedEdges, by: Self.callKey) }
    /// ``removedEdges`` one per call, as ``addedEdgesOnce``.
    public var removedEdgesOnce: [EdgeChange] { Self.once(removedEdges, by: Self.callKey) }
    /// ``restyledEdges`` one per call, as ``addedEdgesOnce``.
    public var restyledEdgesOnce: [Restyle] {
        Self.once(restyledEdges) { [$0.to, $0.was, $0.now, $0.location.description] }
    }
    /// ``addedBacks`` one per call, as ``addedEdgesOnce``.
    public var addedBacksOnce: [EdgeChange] { Self.once(addedBacks, by: Self.callKey) }
    /// ``removedBacks`` one per call, as ``addedEdgesOnce``.
    public var removedBacksOnce: [EdgeChange] { Self.once(removedBacks, by: Self.callKey) }

    /// What tells one call's change from another's, whatever stack places it and whichever screens it runs on:
    /// a call written in a view two screens draw (the root and a case showing the same view) is one change.
    private static func callKey(_ edge: EdgeChange) -> [String] {
        [edge.to, edge.style, edge.location.description, edge.call]
    }

    /// `changes` with those of one `key` joined (``StackChange/join(_:)``), in the order first met.
    private static func once<Change: StackChange>(_ changes: [Change], by key: (Change) -> [String]) -> [Change] {
        var joined: [Change] = []
        var positions: [[String]: Int] = [:]
        for change in changes {
            if let index = positions[key(change)] {
                joined[index].join(change)
            } else {
                positions[key(change)] = joined.count
                joined.append(change)
            }
        }
        return joined
    }
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
        renamedStacks.isEmpty && addedScreens.isEmpty && removedScreens.isEmpty && addedStacks.isEmpty
            && removedStacks.isEmpty
            && addedEdges.isEmpty && removedEdges.isEmpty && restyledEdges.isEmpty && addedBacks.isEmpty
            && removedBacks.isEmpty && newProblems.isEmpty && fixedProblems.isEmpty
    }

    /// Compares two maps.
    public init(base: NavigationMap, head: NavigationMap) {
        let headStacks = Self.stacks(head)
        let headScreens = Self.screens(head)
        let readStacks = Self.stacks(base)
        let readScreens = Self.screens(base)
        renamedStacks = Self.renames(base: readStacks, readScreens, head: headStacks, headScreens)
        let renames = Dictionary(renamedStacks.map { ($0.was, $0.now) }) { first, _ in first }
        let baseStacks = readStacks.map { Self.renamed($0, renames) }
        addedStacks = headStacks.filter { stack in !baseStacks.contains { $0.stack == stack.stack } }
        removedStacks = baseStacks.filter { stack in !headStacks.contains { $0.stack == stack.stack } }
        let baseScreens = readScreens.map { Self.renamed($0, renames) }
        addedScreens = headScreens.filter { screen in !baseScreens.contains { Self.same($0, screen) } }
        removedScreens = baseScreens.filter { screen in !headScreens.contains { Self.same($0, screen) } }
        // A stack added (or removed) over screens other stacks show too (a child stack handling every case
        // of its parent's screen enum) adds the stack, not those screens.
        let added = Set(addedStacks.map(\.stack))
        let removed = Set(removedStacks.map(\.stack))
        addedScreens.removeAll { screen in
            added.contains(screen.stack) && baseScreens.contains { Self.sameDeclaration($0, screen) }
        }
        removedScreens.removeAll { screen in
            removed.contains(screen.stack) && headScreens.contains { Self.sameDeclaration($0, screen) }
        }
        compareEdges(Self.edges(base).map { Self.renamed($0, renames) }, Self.edges(head))
        (removedBacks, addedBacks) = Self.unpaired(Self.backs(base).map { Self.renamed($0, renames) }, Self.backs(head))
        (fixedProblems, newProblems) = Self.unpaired(base.problems, head.problems, renames: renames)
    }

    /// The stacks only one side has that are one stack renamed: pairs sharing at least half of either's
    /// screen names (a root named after its stack's type counts as that type), best pairs first.
    private static func renames(
        base baseStacks: [ScreenChange], _ baseScreens: [ScreenChange], head headStacks: [ScreenChange],
        _ headScreens: [ScreenChange]
    ) -> [Rename] {
        let baseOwners = Set(baseStacks.map(\.stack))
        let headOwners = Set(headStacks.map(\.stack))
        /// Each stack's screen names, by the stack's type.
        func names(_ screens: [ScreenChange]) -> [String: Set<String>] {
            var names: [String: Set<String>] = [:]
            for screen in screens {
                names[screen.stack, default: []].insert(screen.name == screen.stack ? "\u{0}stack" : screen.name)
            }
            return names
        }
        let baseNames = names(baseScreens)
        let headNames = names(headScreens)
        var candidates: [(shared: Double, was: String, now: ScreenChange)] = []
        for was in baseStacks where !headOwners.contains(was.stack) {
            let before = baseNames[was.stack] ?? []
            for now in headStacks where !baseOwners.contains(now.stack) {
                let after = headNames[now.stack] ?? []
                let shared = Double(before.intersection(after).count)
                guard shared > 0, shared * 2 >= Double(max(before.count, after.count)) else { continue }
                candidates.append((shared / Double(before.union(after).count), was.stack, now))
            }
        }
        var takenBase: Set<String> = []
        var takenHead: Set<String> = []
        var result: [Rename] = []
        for candidate in candidates.sorted(by: { $0.shared > $1.shared }) {
            guard !takenBase.contains(candidate.was), !takenHead.contains(candidate.now.stack) else { continue }
            takenBase.insert(candidate.was)
            takenHead.insert(candidate.now.stack)
            result.append(Rename(was: candidate.was, now: candidate.now.stack, location: candidate.now.location))
        }
        return result.sorted { ($0.now, $0.was) < ($1.now, $1.was) }
    }

    /// A base screen (or stack) under its stack's head name; a root named after the type takes the new name.
    private static func renamed(_ screen: ScreenChange, _ renames: [String: String]) -> ScreenChange {
        guard let now = renames[screen.stack] else { return screen }
        var change = screen
        if change.name == change.stack { change.name = now }
        change.stack = now
        return change
    }

    /// A base call under its stack's head name.
    private static func renamed(_ edge: EdgeChange, _ renames: [String: String]) -> EdgeChange {
        guard let now = renames[edge.stack] else { return edge }
        var change = edge
        if change.from == change.stack { change.from = now }
        if change.to == change.stack { change.to = now }
        change.stack = now
        return change
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
    /// the base's left over, then the head's. A call pairs first with one in a file of the same name, so a
    /// second call between the same screens added in another file is the one added, not the one kept.
    private static func unpaired(_ base: [EdgeChange], _ head: [EdgeChange]) -> ([EdgeChange], [EdgeChange]) {
        var unmatched = head
        var left: [EdgeChange] = []
        for sameFile in [true, false] {
            var rest: [EdgeChange] = []
            for edge in sameFile ? base : left {
                if let index = unmatched.firstIndex(where: {
                    pair($0) == pair(edge) && $0.style == edge.style
                        && (!sameFile || lastComponent($0.location.file) == lastComponent(edge.location.file))
                }) {
                    unmatched.remove(at: index)
                } else {
                    rest.append(edge)
                }
            }
            left = rest
        }
        return (left, unmatched)
    }

    private static func same(_ lhs: ScreenChange, _ rhs: ScreenChange) -> Bool {
        lhs.stack == rhs.stack && lhs.name == rhs.name
    }

    /// Whether two screens of any stacks are one declaration: one name, declared in files of one name (the
    /// two sides' paths differ in the folder each was read from).
    private static func sameDeclaration(_ lhs: ScreenChange, _ rhs: ScreenChange) -> Bool {
        lhs.name == rhs.name && lastComponent(lhs.location.file) == lastComponent(rhs.location.file)
    }

    /// The problems of each side that pair with none of the other's, one for one (``problemKey(_:renames:)``):
    /// the base's left over (fixed), then the head's (new).
    private static func unpaired(
        _ base: [NavigationMap.Problem], _ head: [NavigationMap.Problem], renames: [String: String]
    ) -> ([NavigationMap.Problem], [NavigationMap.Problem]) {
        var unmatched: [[String]: Int] = [:]
        for problem in head { unmatched[problemKey(problem), default: 0] += 1 }
        var fixed: [NavigationMap.Problem] = []
        for problem in base {
            let key = problemKey(problem, renames: renames)
            if let count = unmatched[key], count > 0 {
                unmatched[key] = count - 1
            } else {
                fixed.append(problem)
            }
        }
        var new: [NavigationMap.Problem] = []
        for problem in head.reversed() {
            let key = problemKey(problem)
            if let count = unmatched[key], count > 0 {
                unmatched[key] = count - 1
                new.append(problem)
            }
        }
        return (fixed, new.reversed())
    }

    /// A problem's identity across versions: its message (which names the call and the types it is about).
    /// Lines move when code is edited, files when they are moved or renamed with their type, and a diff of two
    /// folders names the same file under each: so the files a message names are kept by their last
    /// component, without lines, and a base message's type names are those of the head after `renames`.
    private static func problemKey(_ problem: NavigationMap.Problem, renames: [String: String] = [:]) -> [String] {
        var message = ""
        for word in problem.message.split(separator: " ", omittingEmptySubsequences: false) {
            if !message.isEmpty { message += " " }
            message += fileReference(word) ?? String(word)
        }
        for (was, now) in renames { message = replacingWord(was, with: now, in: message) }
        return [message]
    }

    /// A word that names a source file (`App/Shop.swift:12:5,`): the file's last component and what follows
    /// its line and column (`Shop.swift,`); `nil` for any other word.
    private static func fileReference(_ word: Substring) -> String? {
        guard let swift = word.range(of: ".swift") ?? word.range(of: ".json") else { return nil }
        var rest = word[swift.upperBound...]
        while let first = rest.first, first == ":" || first.isNumber { rest = rest.dropFirst() }
        return lastComponent(String(word[..<swift.upperBound])) + rest
    }

    private static func lastComponent(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// `text` with every whole-word `word` (not part of a longer name) replaced by `replacement`.
    private static func replacingWord(_ word: String, with replacement: String, in text: String) -> String {
        var result = ""
        var rest = Substring(text)
        func isNamePart(_ character: Character?) -> Bool {
            character.map { $0.isLetter || $0.isNumber || $0 == "_" } ?? false
        }
        while let range = rest.range(of: word) {
            let before = range.lowerBound == rest.startIndex ? result.last : rest[rest.index(before: range.lowerBound)]
            let after = range.upperBound == rest.endIndex ? nil : rest[range.upperBound]
            result += rest[..<range.lowerBound]
            result += isNamePart(before) || isNamePart(after) ? word : replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
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
                edge.style.showsScreen
            else { return nil }
            let style = edge.style.rawValue + (edge.withNavigation && edge.style != .push ? " ☰" : "")
            return EdgeChange(
                stack: source.stack, from: source.name, to: target.name, style: style, location: edge.location)
        }
    }
}

/// A change that names the stack it is in, so that the same change in several stacks can be said once.
protocol StackChange {
    /// The type that makes the stack (several, joined with `, `).
    var stack: String { get set }
    /// Joins the same change in another stack (or from another screen) into this one, naming both.
    mutating func join(_ other: Self)
}

extension StackChange {
    mutating func join(_ other: Self) { stack = Self.joined(stack, other.stack) }

    /// `names` with `name` after them, unless they hold it already (names joined with `, `).
    static func joined(_ names: String, _ name: String) -> String {
        names.components(separatedBy: ", ").contains(name) ? names : names + ", " + name
    }
}

/// A change of a call, which names the screens it runs on as well as its stacks.
protocol CallChange: StackChange {
    /// The screen whose code makes the call (several, joined with `, `).
    var from: String { get set }
}

extension CallChange {
    /// Joins the same call placed in another stack, or run on another screen.
    mutating func join(_ other: Self) {
        stack = Self.joined(stack, other.stack)
        from = Self.joined(from, other.from)
    }
}

extension NavigationMapDiff.ScreenChange: StackChange {}
extension NavigationMapDiff.EdgeChange: CallChange {}
extension NavigationMapDiff.Restyle: CallChange {}
