import FlowModel
import Graphviz

/// The drawings of what changed between two navigation maps: the head with added screens and calls in the
/// accent colour for additions (bold green borders, `+`), removed ones dashed grey (`−`), restyled calls in
/// blue saying `push → sheet`; and the base, drawn from the same positions.
///
/// Both drawings are made from one union of the two maps (every screen, stack, deep-link entry and call of
/// either side, matched by name as ``NavigationMapDiff`` matches them), so everything Graphviz lays out —
/// nodes, labels, arrows, their order — is the same in both and only colours and line styles differ: what the
/// head adds is invisible in the base but keeps its place. Unchanged screens stay exactly where the base
/// drew them, so an image swipe or onion-skin view shows only the change.
public struct NavigationMapDiffDiagram: Sendable {
    /// Which side a drawing shows.
    public enum Side: String, Sendable, CaseIterable {
        /// The version before the change.
        case base
        /// The version after the change, its changes marked.
        case head
    }

    /// What a node, stack or arrow of the union is.
    enum Status: Hashable, Sendable {
        case same
        case added
        case removed
        /// An arrow whose style changed: the base's style, e.g. `push` or `sheet ☰`.
        case restyled(was: String)
    }

    /// The union of both maps, in the head's order with the base's removed parts after.
    let union: NavigationMap
    /// The status of each screen, entry and stack by its id in ``union``.
    let nodeStatus: [String: Status]
    /// The ids in ``union`` of the stacks whose making type was renamed.
    let renamedStacks: Set<String>
    /// The status of each arrow, by `from→to·style` of its ids in ``union``.
    let edgeStatus: [String: Status]
    /// How each side reaches each screen it draws, by id in ``union``: the styles of the calls that show it.
    let incoming: [Side: [String: Set<NavigationMap.Style>]]
    /// What names each side in the title, e.g. `main` and `working tree`.
    public var baseName: String
    /// What names the head in the title.
    public var headName: String
    /// The colour scheme.
    public var theme: Theme
    /// The counts the title gives, when the caller counts the change as its report does (``Counts/init(_:)``,
    /// one per call site); `nil` counts the drawing's screens and arrows.
    public var counts: Counts?

    /// What the title counts: screens and stacks added and removed, calls added, removed and restyled, and
    /// stacks renamed.
    public struct Counts: Hashable, Sendable {
        var added = 0, removed = 0, callsAdded = 0, callsRemoved = 0, callsRestyled = 0, renamed = 0

        /// The change as ``NavigationMapDiff`` says it once per call (its `…Once` lists), as the text report does.
        public init(_ diff: NavigationMapDiff) {
            added = diff.addedStacks.count + diff.addedScreensOnce.count
            removed = diff.removedStacks.count + diff.removedScreensOnce.count
            callsAdded = diff.addedEdgesOnce.count
            callsRemoved = diff.removedEdgesOnce.count
            callsRestyled = diff.restyledEdgesOnce.count
            renamed = diff.renamedStacks.count
        }

        init() {}

        /// `+1 / −0 screens or stacks · +2 / −1 / ~0 calls`, and how many stacks were renamed, if any.
        var text: String {
            "+\(added) / −\(removed) screens or stacks · +\(callsAdded) / −\(callsRemoved) / ~\(callsRestyled) calls"
                + (renamed == 0 ? "" : " · \(renamed) stack\(renamed == 1 ? "" : "s") renamed")
        }
    }

    /// Compares two maps for drawing. `renames` are the stacks whose making type was renamed (base name →
    /// head name, as ``NavigationMapDiff/renamedStacks`` finds them): each is one stack, titled
    /// `Was → Now`, its screens matched as if the base had used the new name.
    public init(
        base: NavigationMap, head: NavigationMap, baseName: String = "base", headName: String = "head",
        theme: Theme = .light, renames: [String: String] = [:]
    ) {
        self.baseName = baseName
        self.headName = headName
        self.theme = theme
        var base = base
        if !renames.isEmpty {
            let oldOwners = Dictionary(base.coordinators.map { ($0.id, $0.owner) }) { first, _ in first }
            for index in base.screens.indices {
                if let owner = oldOwners[base.screens[index].coordinator], let now = renames[owner],
                    base.screens[index].name == owner
                {
                    base.screens[index].name = now
                }
            }
            for index in base.coordinators.indices {
                if let now = renames[base.coordinators[index].owner] { base.coordinators[index].owner = now }
            }
        }
        var union = head
        var nodes: [String: Status] = [:]
        let baseOwners = Dictionary(base.coordinators.map { ($0.id, $0.owner) }) { first, _ in first }
        let headOwners = Dictionary(head.coordinators.map { ($0.id, $0.owner) }) { first, _ in first }
        var coordinatorIDs: [String: String] = [:]  // owner → union id
        for coordinator in head.coordinators where coordinatorIDs[coordinator.owner] == nil {
            coordinatorIDs[coordinator.owner] = coordinator.id
            nodes[coordinator.id] = base.coordinators.contains { $0.owner == coordinator.owner } ? .same : .added
        }
        for coordinator in base.coordinators where coordinatorIDs[coordinator.owner] == nil {
            var removed = coordinator
            removed.id = "removed-" + coordinator.id
            coordinatorIDs[coordinator.owner] = removed.id
            nodes[removed.id] = .removed
            union.coordinators.append(removed)
        }
        // Screens and entries by stack and name: the head's ids, the base's removed ones renamed.
        var nodeIDs: [String: String] = [:]  // "owner\u{0}name" → union id
        func key(_ owner: String?, _ name: String) -> String { (owner ?? "") + "\u{0}" + name }
        for screen in head.screens { nodeIDs[key(headOwners[screen.coordinator], screen.name)] = screen.id }
        for entry in head.entries { nodeIDs[key(headOwners[entry.coordinator], "⌂" + entry.name)] = entry.id }
        var baseIDs: [String: String] = [:]  // base id → union id
        // A base screen or entry keeps the head's id when the head has it, else joins the union as removed.
        func carry<Element>(
            _ elements: [Element], name: (Element) -> String, id: WritableKeyPath<Element, String>,
            coordinator: WritableKeyPath<Element, String>
        ) -> [Element] {
            var removedOnes: [Element] = []
            for element in elements {
                let owner = baseOwners[element[keyPath: coordinator]]
                if let kept = nodeIDs[key(owner, name(element))] {
                    baseIDs[element[keyPath: id]] = kept
                    continue
                }
                var removed = element
                removed[keyPath: id] = "removed-" + element[keyPath: id]
                removed[keyPath: coordinator] = owner.flatMap { coordinatorIDs[$0] } ?? element[keyPath: coordinator]
                baseIDs[element[keyPath: id]] = removed[keyPath: id]
                nodes[removed[keyPath: id]] = .removed
                removedOnes.append(removed)
            }
            return removedOnes
        }
        union.screens += carry(base.screens, name: \.name, id: \.id, coordinator: \.coordinator)
        union.entries += carry(base.entries, name: { "⌂" + $0.name }, id: \.id, coordinator: \.coordinator)
        let kept = Set(baseIDs.values)
        for screen in head.screens { nodes[screen.id] = kept.contains(screen.id) ? .same : .added }
        for entry in head.entries { nodes[entry.id] = kept.contains(entry.id) ? .same : .added }
        nodeStatus = nodes
        let wasNamed = Dictionary(renames.map { ($0.value, $0.key) }) { first, _ in first }
        var renamed: Set<String> = []
        for index in union.coordinators.indices {
            if let was = wasNamed[union.coordinators[index].owner] {
                union.coordinators[index].owner = "\(was) → \(union.coordinators[index].owner)"
                renamed.insert(union.coordinators[index].id)
            }
        }
        renamedStacks = renamed
        let (edges, statuses) = Self.unionEdges(base: base, head: head, baseIDs: baseIDs)
        func reached(_ map: NavigationMap, _ ids: [String: String]?) -> [String: Set<NavigationMap.Style>] {
            var result: [String: Set<NavigationMap.Style>] = [:]
            for edge in map.edges where edge.showsScreen {
                result[ids.map { $0[edge.to ?? ""] ?? "" } ?? edge.to ?? "", default: []].insert(edge.style)
            }
            return result
        }
        incoming = [.base: reached(base, baseIDs), .head: reached(head, nil)]
        union.edges = edges
        edgeStatus = statuses
        self.union = union
    }

    /// The head's arrows, then the base's removed ones with their ends renamed into the union, and the status
    /// of each: arrows between the same two screens in both, of another style, are restyled.
    private static func unionEdges(base: NavigationMap, head: NavigationMap, baseIDs: [String: String])
        -> ([NavigationMap.Edge], [String: Status])
    {
        let headEdges = head.edges.filter(\.showsScreen)
        let baseEdges = base.edges.compactMap { edge -> NavigationMap.Edge? in
            guard let to = edge.to, edge.style.showsScreen, let from = baseIDs[edge.from], let target = baseIDs[to]
            else { return nil }
            var renamed = edge
            renamed.from = from
            renamed.to = target
            return renamed
        }
        let headStyles = Set(headEdges.map { styleKey($0) })
        let baseStyles = Set(baseEdges.map { styleKey($0) })
        var statuses: [String: Status] = [:]
        var restyledPairs: Set<String> = []
        var union = head.edges
        var removedKeys: [String] = []
        for edge in baseEdges where !headStyles.contains(styleKey(edge)) {
            let pair = "\(edge.from)→\(edge.to ?? "")"
            if !restyledPairs.contains(pair),
                let now = headEdges.first(where: {
                    "\($0.from)→\($0.to ?? "")" == pair && !baseStyles.contains(styleKey($0))
                })
            {
                restyledPairs.insert(pair)
                statuses[drawingKey(now)] = .restyled(was: styleWord(edge))
                continue
            }
            if !removedKeys.contains(styleKey(edge)) { removedKeys.append(styleKey(edge)) }
            statuses[drawingKey(edge)] = .removed
            union.append(edge)
        }
        for edge in headEdges where statuses[drawingKey(edge)] == nil {
            statuses[drawingKey(edge)] = baseStyles.contains(styleKey(edge)) ? .same : .added
        }
        return (union, statuses)
    }

    /// `push`, `sheet`, `sheet ☰` (with navigation): a call's style as the diff names it.
    static func styleWord(_ edge: NavigationMap.Edge) -> String {
        edge.style.rawValue + (edge.withNavigation && edge.style != .push ? " ☰" : "")
    }

    /// An arrow's identity across the sides: its ends and its style word.
    private static func styleKey(_ edge: NavigationMap.Edge) -> String {
        "\(edge.from)→\(edge.to ?? "")·\(styleWord(edge))"
    }

    /// An arrow's identity in the drawing (``NavigationMapDiagram`` draws one arrow per ends and style).
    static func drawingKey(_ edge: NavigationMap.Edge) -> String {
        "\(edge.from)→\(edge.to ?? "")·\(edge.style.rawValue)"
    }

    /// The direction both drawings use: the narrower, as ``NavigationMapDiagram/fittedDiagram()`` picks it,
    /// measured once on the union.
    public func direction() throws(GraphvizError) -> NavigationMapDiagram.Direction {
        let drawing = NavigationMapDiagram(map: union, theme: theme)
        let down = try drawing.diagram(direction: .topToBottom).layoutSize().width
        let across = try drawing.diagram(direction: .leftToRight).layoutSize().width
        return down < across ? .topToBottom : .leftToRight
    }

    /// Refuses a union map whose layout would cost more than `limits.layout` (see
    /// ``NavigationMapDiagram/checkLayoutBudget(_:file:)``).
    public func checkLayoutBudget(_ limits: Limits, file: String?) throws(FlowGraphError) {
        try NavigationMapDiagram(map: union, theme: theme).checkLayoutBudget(limits, file: file)
    }

    /// The drawing of one side, laid out in `direction`.
    public func diagram(_ side: Side, direction: NavigationMapDiagram.Direction) -> Diagram {
        var diagram = NavigationMapDiagram(map: union, theme: theme).diagram(direction: direction)
        let marks = DiffMarks(palette: theme.palette, side: side, incoming: incoming[side] ?? [:])
        diagram.label = titleLabel(side)
        diagram.attributes["class"] = "map-diff-diagram map-diff-\(side.rawValue)"
        diagram.subgraphs = diagram.subgraphs.map { subgraph in
            var subgraph = subgraph
            marks.mark(&subgraph, nodeStatus[subgraph.id] ?? .same)
            subgraph.nodes = subgraph.nodes.map { node in
                var node = node
                marks.mark(&node, nodeStatus[node.id] ?? .same)
                return node
            }
            return subgraph
        }
        diagram.edges = diagram.edges.map { edge in
            var edge = edge
            let style = (edge.attributes["class"] ?? "").replacingOccurrences(of: "-edge", with: "")
            marks.mark(&edge, edgeStatus["\(edge.from)→\(edge.to)·\(style)"] ?? .same, style: style)
            return edge
        }
        return diagram
    }

    /// The drawing's own counts: its screens and stacks by mark, its arrows by mark, its stacks renamed.
    private var drawnCounts: Counts {
        var counts = Counts()
        for status in nodeStatus.values {
            if case .added = status { counts.added += 1 }
            if case .removed = status { counts.removed += 1 }
        }
        for status in edgeStatus.values {
            switch status {
            case .added: counts.callsAdded += 1
            case .removed: counts.callsRemoved += 1
            case .restyled: counts.callsRestyled += 1
            case .same: break
            }
        }
        counts.renamed = renamedStacks.count
        return counts
    }

    /// The title: the same words on both sides (so its size does not move anything), `●` marking the side
    /// drawn, then what the marks mean and the counts of the change.
    private func titleLabel(_ side: Side) -> Label {
        let palette = theme.palette
        func marker(_ this: Side) -> HTML {
            .styled(
                (side == this ? "● " : "○ ") + (this == .base ? "before: \(baseName)" : "after: \(headName)"),
                size: Typography.heading, color: side == this ? palette.text : palette.muted)
        }
        let change = (counts ?? drawnCounts).text
        return .html(
            .concat([
                .styled("Navigation map changes", size: Typography.title, color: palette.text, bold: true),
                .lineBreak(), marker(.base), .styled("   ", size: Typography.heading, color: palette.muted),
                marker(.head), .lineBreak(),
                .styled(change, size: Typography.small, color: palette.muted), .lineBreak(),
                .styled(
                    "+ added (green, bold border)   − removed (grey, dashed)   push → sheet: restyled (blue)",
                    size: Typography.tiny, color: palette.muted),
                .lineBreak(),
                .styled(
                    "→ push   ⇒ sheet (bold)   ⇉ cover (double)   ⇢ routes replaced (dashed)",
                    size: Typography.tiny, color: palette.muted),
            ]))
    }
}
