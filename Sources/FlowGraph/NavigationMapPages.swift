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
/// ``NavigationMapDiagram`` per stack. A single stack too wide stays one page: it cannot be split.
public enum NavigationMapPages {
    /// One page: its files' suffix (empty for the first: the whole map or the overview), the stack it draws
    /// (`nil` for the whole map or the overview), and its renderings.
    public struct Page: Sendable {
        /// What the page's files add to the map's name before the extension: `""`, `-NumberCoordinator`.
        public var suffix: String
        /// The owner of the stack it draws; `nil` for the whole map or the overview.
        public var stack: String?
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
        guard whole.width > maximumPoints, drawing.map.coordinators.count > 1 else {
            return [Page(suffix: "", stack: nil, outputs: whole.outputs)]
        }
        let suffixes = stackSuffixes(drawing.map.coordinators.map(\.owner))
        let overview = overviewDiagram(drawing, pageNames: suffixes.map { name + $0 })
        var pages = [
            Page(
                suffix: "", stack: nil,
                outputs: try overview.withLayout { laidOut throws(GraphvizError) in try laidOut.render(to: formats) })
        ]
        for (coordinator, suffix) in zip(drawing.map.coordinators, suffixes) {
            var stack = drawing
            stack.title = "\(coordinator.owner) navigation"
            stack.map = drawing.map.stack(coordinator.id)
            pages.append(
                Page(suffix: suffix, stack: coordinator.owner, outputs: try stack.renderFitted(to: formats)))
        }
        return pages
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
