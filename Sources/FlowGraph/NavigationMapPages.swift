import FlowModel
import Foundation
import Graphviz

/// An app's navigation map in pages that stay readable where people look at them, 880 px wide: the whole map
/// when it fits, else an overview of its stacks and how they connect, then one map per stack.
///
/// A map laid out wider than ``maximumPoints`` would be shown scaled down, its screen names (14 pt, 18.7 px
/// at 1:1) under 14 px at 880 px. Such a map of two or more stacks is drawn instead as an overview (each stack
/// one box saying its library, screens and calls and naming its own page; a dotted arrow from the stack whose
/// screen holds another, a solid one for a call that shows a screen of another stack) and one
/// ``NavigationMapDiagram`` per stack. A stack still too wide (a map of one stack, or one stack's page) is cut
/// into parts (``MapPartition``): its most linked screens on an overview of the stack, each part a box there
/// naming its page, and a page per part where what other pages draw is a dashed box naming them; so every
/// screen is drawn in full once and every call on the page of each screen it joins.
public enum NavigationMapPages {
    /// One page: its files' suffix (empty for the first: the whole map or the overview), the stack it draws
    /// (`nil` for the whole map or the overview), and its renderings.
    public struct Page: Sendable {
        /// What the page's files add to the map's name before the extension: `""`, `-NumberCoordinator`,
        /// `-part-2`.
        public var suffix: String
        /// The owner of the stack it draws; `nil` for the whole map or the overview of its stacks.
        public var stack: String?
        /// Which part of its stack it draws, from 1; `nil` for a whole stack or an overview.
        public var part: Int?
        /// Each format, rendered from one layout.
        public var outputs: [OutputFormat: Data]
    }

    /// The widest a page is laid out, in points, for 14 pt names to stay 14 px when it is shown 880 px wide.
    public static let maximumPoints = 880.0

    /// The pages of `drawing`'s map in `formats`; `name` is the map's file name without its extension (as
    /// pages name their neighbours in the overview: `map-NumberCoordinator`).
    public static func render(_ drawing: NavigationMapDiagram, to formats: [OutputFormat], name: String)
        throws(GraphvizError) -> [Page]
    {
        let whole = try drawing.renderFittedMeasuring(to: formats)
        guard whole.width > maximumPoints else { return [Page(suffix: "", stack: nil, outputs: whole.outputs)] }
        guard drawing.map.coordinators.count > 1 else {
            return try parts(of: drawing, suffix: "", name: name, to: formats)
                ?? [Page(suffix: "", stack: nil, outputs: whole.outputs)]
        }
        let suffixes = stackSuffixes(drawing.map.coordinators.map(\.owner))
        let overview = overviewDiagram(drawing, pageNames: suffixes.map { name + $0 })
        var pages = [
            Page(
                suffix: "", stack: nil,
                outputs: try overview.withLayout(drawing: formats) { laidOut throws(GraphvizError) in
                    try laidOut.render(to: formats)
                })
        ]
        for (coordinator, suffix) in zip(drawing.map.coordinators, suffixes) {
            var stack = drawing
            stack.title = "\(coordinator.owner) navigation"
            stack.map = drawing.map.stack(coordinator.id)
            let fitted = try stack.renderFittedMeasuring(to: formats)
            if fitted.width > maximumPoints, let parts = try parts(of: stack, suffix: suffix, name: name, to: formats) {
                pages += parts
            } else {
                pages.append(Page(suffix: suffix, stack: coordinator.owner, outputs: fitted.outputs))
            }
        }
        return pages
    }

    /// A stack too wide for a page as an overview (suffix `suffix`) and a page per part (`suffix-part-N`), or
    /// `nil` when it cannot be cut (``MapPartition``). `stack` draws one stack; `name` is the map's file name.
    /// Whether a part fits is measured by laying its page out (each set of screens once): the width estimated
    /// from ranks (``MapDirection``) is a third too small on a page whose arrows run back to a screen elsewhere.
    static func parts(of stack: NavigationMapDiagram, suffix: String, name: String, to formats: [OutputFormat])
        throws(GraphvizError) -> [Page]?
    {
        let map = stack.map
        guard map.coordinators.count == 1, let owner = map.coordinators.first?.owner else { return nil }
        let links = map.edges.filter(\.showsScreen).compactMap { edge in edge.to.map { (edge.from, $0) } }
        let nodes = map.screens.map(\.id) + map.entries.map(\.id)
        // A part's page names pages up to `-part-99` in its dashed boxes: measured with the longest.
        var measured: [Set<String>: Bool] = [:]
        var failure: GraphvizError?
        func fits(_ ids: [String]) -> Bool {
            let key = Set(ids)
            if let known = measured[key] { return known }
            let drawing = partDrawing(stack, key, pageOf: { _ in name + suffix + "-part-99" })
            do throws(GraphvizError) {
                let fits = try drawing.fittedWidth() <= maximumPoints
                measured[key] = fits
                return fits
            } catch {
                failure = error
                return true
            }
        }
        let roots = map.screens.filter(\.isRoot).map(\.id)
        let cut = MapPartition.cut(nodes: nodes, links: links, pinned: roots, fits: fits)
        if let failure { throw failure }
        guard let partition = cut else { return nil }
        var partOf: [String: Int] = [:]
        for (index, part) in partition.parts.enumerated() { for id in part { partOf[id] = index } }
        let pageOf = { (id: String) in name + suffix + (partOf[id].map { "-part-\($0 + 1)" } ?? "") }
        let count = partition.parts.count
        var overview = overviewDrawing(stack, partition, pageOf: { name + suffix + "-part-\($0 + 1)" })
        overview.note =
            "\(owner)'s \(map.screens.count) screens: its root and most linked here, the rest in \(count) "
            + "part\(count == 1 ? "" : "s") of a map each, as one map is too wide to read at 880 px"
        var pages = [Page(suffix: suffix, stack: owner, outputs: try overview.renderFitted(to: formats))]
        for (index, part) in partition.parts.enumerated() {
            var drawing = partDrawing(stack, Set(part), pageOf: pageOf)
            drawing.title = stack.title + " · part \(index + 1) of \(count)"
            drawing.note = "part \(index + 1) of \(owner)'s map; the overview: \(name + suffix)"
            pages.append(
                Page(
                    suffix: suffix + "-part-\(index + 1)", stack: owner, part: index + 1,
                    outputs: try drawing.renderFitted(to: formats)))
        }
        return pages
    }

    /// The page of the screens `ids` of `stack`: each in full, every call to or from one of them, and the
    /// screens at the far end of those calls as dashed boxes naming `pageOf` them.
    static func partDrawing(_ stack: NavigationMapDiagram, _ ids: Set<String>, pageOf: (String) -> String)
        -> NavigationMapDiagram
    {
        var drawing = stack
        drawing.map.edges = stack.map.edges.filter { edge in
            ids.contains(edge.from) || (edge.showsScreen && ids.contains(edge.to ?? ""))
        }
        let drawn = Set(drawing.map.edges.filter(\.showsScreen).flatMap { [$0.from, $0.to ?? $0.from] }).union(ids)
        drawing.map.screens = stack.map.screens.filter { drawn.contains($0.id) }
        drawing.map.entries = stack.map.entries.filter { drawn.contains($0.id) }
        drawing.map.problems = []
        let names =
            Dictionary(stack.map.screens.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            .merging(stack.map.entries.map { ($0.id, "deep link " + $0.name) }, uniquingKeysWith: { first, _ in first })
        drawing.elsewhere = Dictionary(
            uniqueKeysWithValues: drawn.subtracting(ids).map { id in
                (id, NavigationMapDiagram.Elsewhere(title: names[id] ?? id, page: pageOf(id)))
            })
        return drawing
    }

    /// The overview of a stack cut into parts: its hubs in full, each part one dashed box naming its page
    /// (`pageOf` its index) and its first screens, and every call between them, those to or from a part drawn
    /// from or to its box.
    static func overviewDrawing(
        _ stack: NavigationMapDiagram, _ partition: MapPartition, pageOf: (Int) -> String
    ) -> NavigationMapDiagram {
        let map = stack.map
        let hubs = Set(partition.hubs)
        let taken = Set(map.screens.map(\.id) + map.entries.map(\.id))
        var boxes: [String] = []
        for index in partition.parts.indices {
            var id = "part-\(index + 1)"
            while taken.contains(id) { id = "flowgraph-" + id }
            boxes.append(id)
        }
        var place: [String: String] = [:]
        for (index, part) in partition.parts.enumerated() { for id in part { place[id] = boxes[index] } }
        var drawing = stack
        let names = Dictionary(map.screens.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let handlers = Dictionary(map.entries.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        let location = map.coordinators[0].location
        drawing.map.screens =
            map.screens.filter { hubs.contains($0.id) }
            + boxes.map {
                NavigationMap.Screen(
                    id: $0, name: $0, view: nil, coordinator: map.coordinators[0].id, isRoot: false, location: location)
            }
        drawing.map.entries = map.entries.filter { hubs.contains($0.id) }
        drawing.map.edges = map.edges.compactMap { edge in
            var moved = edge
            moved.from = place[edge.from] ?? edge.from
            moved.to = edge.to.map { place[$0] ?? $0 }
            guard hubs.contains(edge.from) || (moved.to != nil && moved.to != moved.from) else { return nil }
            return moved
        }
        drawing.elsewhere = Dictionary(
            uniqueKeysWithValues: partition.parts.enumerated().map { index, part in
                let screens = part.count { names[$0] != nil }
                return (
                    boxes[index],
                    NavigationMapDiagram.Elsewhere(
                        title: "part \(index + 1) · \(screens) screen\(screens == 1 ? "" : "s")",
                        detail: firstNames(part.compactMap { names[$0] ?? handlers[$0] }), page: pageOf(index),
                        holds: screens)
                )
            })
        return drawing
    }

    /// As many of `names` as fit in about 36 characters, whole, then `+N` for the rest: `policy, about +21`.
    static func firstNames(_ names: [String]) -> String {
        var listed: [String] = []
        var length = 0
        for name in names {
            guard listed.isEmpty || length + name.count + 2 <= 36 else { break }
            listed.append(name)
            length += name.count + 2
        }
        let rest = names.count - listed.count
        return listed.joined(separator: ", ") + (rest > 0 ? " +\(rest)" : "")
    }

    /// `-Owner` for each stack, distinct (`-Owner-2` for a second of the name), letters, digits, `_` and `-`.
    static func stackSuffixes(_ owners: [String]) -> [String] {
        var taken: Set<String> = []
        return owners.map { owner in
            let cleaned = String(owner.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" ? $0 : "_" })
            let base = "-" + (cleaned.isEmpty ? "stack" : String(cleaned.prefix(60)))
            var suffix = base
            var number = 2
            while !taken.insert(suffix.lowercased()).inserted {
                suffix = base + "-\(number)"
                number += 1
            }
            return suffix
        }
    }

    /// The overview: a box per stack, a dotted arrow from a stack holding another in one of its screens, a
    /// solid one for calls from a screen of one stack that show a screen of another.
    static func overviewDiagram(_ drawing: NavigationMapDiagram, pageNames: [String]) -> Diagram {
        let map = drawing.map
        let palette = drawing.theme.palette
        let stackOf = Dictionary(map.screens.map { ($0.id, $0.coordinator) }, uniquingKeysWith: { first, _ in first })
        let nodes = zip(map.coordinators, pageNames).map { coordinator, page -> Node in
            let screens = map.screens.count { $0.coordinator == coordinator.id }
            let calls = map.edges.count { stackOf[$0.from] == coordinator.id }
            let label = HTML.lines(
                [
                    .styled(coordinator.owner, size: Typography.body, color: palette.text, bold: true),
                    .styled(
                        "\(coordinator.library.displayName) · "
                            + (coordinator.withNavigation ? "with navigation" : "no navigation"),
                        size: Typography.small, color: palette.muted),
                    .styled(
                        "\(screens) screen\(screens == 1 ? "" : "s") · \(calls) call\(calls == 1 ? "" : "s")",
                        size: Typography.small, color: palette.text),
                    .styled("its map: \(page)", size: Typography.small, color: palette.accent),
                ], align: "left")
            return Node(
                id: "stack-\(coordinator.id)", label: .html(label),
                attributes: [
                    "id": "stack-\(coordinator.id)", "class": "stack", "style": "rounded,filled",
                    "fillcolor": palette.layerFill, "color": palette.layerLine,
                    "tooltip": "\(coordinator.owner) (\(coordinator.location.description))",
                ])
        }
        var edges: [Edge] = []
        var drawn: Set<String> = []
        for coordinator in map.coordinators {
            for host in coordinator.hosts.compactMap(map.screen)
            where drawn.insert("h\(host.id)>\(coordinator.id)").inserted {
                edges.append(
                    Edge(
                        from: "stack-\(host.coordinator)", to: "stack-\(coordinator.id)",
                        attributes: [
                            "class": "host-edge", "style": "dotted", "arrowhead": "odot", "constraint": "false",
                            "tooltip": "\(host.name) holds the stack of \(coordinator.owner)",
                        ]))
            }
        }
        for edge in map.edges {
            guard let to = edge.to, let from = stackOf[edge.from], let target = stackOf[to], from != target,
                drawn.insert("\(from)>\(target)>\(edge.style.rawValue)").inserted
            else { continue }
            edges.append(
                Edge(
                    from: "stack-\(from)", to: "stack-\(target)",
                    attributes: [
                        "class": "\(edge.style.rawValue)-edge", "constraint": "false",
                        "tooltip": "\(edge.call) (\(edge.location.description))",
                    ]))
        }
        // Stacks in rows of two, in source order, so the overview grows down rather than across (the arrows
        // between them do not move them).
        var rows: [Subgraph] = []
        for start in stride(from: 0, to: nodes.count, by: 2) {
            let row = Array(nodes[start..<min(start + 2, nodes.count)])
            rows.append(Subgraph(id: "row\(start / 2)", isCluster: false, attributes: ["rank": "same"], nodes: row))
            if start + 2 < nodes.count {
                edges.append(Edge(from: row[0].id, to: nodes[start + 2].id, attributes: ["style": "invis"]))
            }
        }
        let counts =
            "\(map.coordinators.count) stacks · \(map.screens.count) screens · one map per stack, as the whole is "
            + "too wide to read at 880 px"
            + (map.problems.isEmpty ? "" : " · ⚠ \(map.problems.count) problem\(map.problems.count == 1 ? "" : "s")")
        return Diagram(
            name: "map-overview",
            label: .html(
                .concat([
                    .styled(drawing.title, size: Typography.title, color: palette.text, bold: true), .lineBreak(),
                    .styled(counts, size: Typography.small, color: palette.muted), .lineBreak(),
                    .styled(
                        "▭ a stack   ··· a stack held in a screen of another (dotted)   → a call showing another stack's screen",
                        size: Typography.small, color: palette.muted),
                ])),
            attributes: [
                "rankdir": "TB", "labelloc": "t", "labeljust": "l", "bgcolor": palette.background,
                "fontname": Typography.family, "fontcolor": palette.text, "nodesep": "0.3", "ranksep": "0.4",
                "pad": "0.2", "class": "map-overview", "newrank": "true",
            ],
            nodeDefaults: [
                "shape": "box", "fontname": Typography.family, "fontsize": String(Typography.body),
                "fontcolor": palette.text, "margin": "0.15,0.08",
            ],
            edgeDefaults: [
                "fontname": Typography.family, "fontsize": String(Typography.small), "fontcolor": palette.muted,
                "color": palette.line, "arrowsize": "0.7",
            ],
            edges: edges, subgraphs: rows)
    }
}

extension NavigationMap {
    /// The part of the map one stack draws: its screens, the calls they make, its deep-link entries (holders in
    /// other stacks left out).
    func stack(_ id: String) -> NavigationMap {
        var part = NavigationMap()
        part.coordinators = coordinators.filter { $0.id == id }.map { coordinator in
            var own = coordinator
            own.hosts = []
            return own
        }
        part.screens = screens.filter { $0.coordinator == id }
        part.entries = entries.filter { $0.coordinator == id }
        let ids = Set(part.screens.map(\.id) + part.entries.map(\.id))
        part.edges = edges.filter { ids.contains($0.from) && ($0.to.map(ids.contains) ?? true) }
        return part
    }
}
