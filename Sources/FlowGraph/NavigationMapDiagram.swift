import FlowModel
import Foundation
import Graphviz

/// A drawing of an app's navigation map, as `flowgraph scan` reads it from source.
///
/// Each FlowStack (coordinator) is a box holding its screens, the root view first and in bold. An arrow is a
/// call that shows another screen, from the screen whose view makes it: a thin arrow pushes, a bold one
/// presents a sheet, a double one a full-screen cover, a dashed one replaces the routes; each says so in
/// words and gives the call and its FILE:LINE in its tooltip. Screens reached only as sheets are rounded,
/// only as covers double-bordered, as in the stack drawings. Back and dismiss calls are listed on the screen
/// that makes them (`↩ goBack()`), not drawn. Deep-link entry points are rounded grey boxes (`deep link`, the handler).
/// In the SVG each screen's node has `class` `screen` (`screen root` for a root), each edge `class`
/// `<style>-edge`.
public struct NavigationMapDiagram: Sendable {
    /// The title drawn above the map.
    public var title: String
    /// The map.
    public var map: NavigationMap
    /// The colour scheme.
    public var theme: Theme
    /// Where each screen, handler and arrow links to in an SVG: the line of source it was read from; no links
    /// when `nil`.
    public var sourceLinks: SourceLinks?
    /// The screens and deep-link handlers of `map` drawn in full on another page of a paged map, by id: each is a
    /// dashed box naming that page (``NavigationMapPages``).
    var elsewhere: [String: Elsewhere] = [:]
    /// A line under the counts saying what part of a paged map this page draws.
    var note: String?

    /// A box standing for what another page draws: a screen there, or a whole part of a stack on an overview.
    struct Elsewhere: Sendable {
        /// Its first line, in the size of screen names: the screen's name, or `part 2 · 22 screens`.
        var title: String
        /// A line under it, or `nil`: the first screens of a part.
        var detail: String?
        /// The page that draws it: `map-part-2`.
        var page: String
        /// How many screens it stands for in the map's counts: 0 for a screen drawn in full elsewhere (counted
        /// there), a part's screens for a part.
        var holds = 0
    }

    /// Creates a map drawing.
    public init(title: String = "Navigation map", map: NavigationMap, theme: Theme = .light) {
        self.title = title
        self.map = map
        self.theme = theme
    }

    /// Which way screens follow each other: the direction of Graphviz's ranks.
    public enum Direction: String, Sendable {
        /// Pushes go right: several coordinators stack up, one above another.
        case leftToRight = "LR"
        /// Pushes go down: long chains of screens grow down the page.
        case topToBottom = "TB"
    }

    /// The drawing in whichever direction comes out narrower, since maps are read in pages about 880 px wide:
    /// an app whose screens push one another in a long chain grows down (a 60-screen chain is 779 px wide
    /// top to bottom, 13,260 px left to right), an app of several small coordinators grows right (FlowStacks'
    /// example app: 1,147 px wide left to right, about twice that top to bottom). The width of each direction is
    /// estimated from its ranks (`MapDirection`), and the map is laid out once, in the narrower.
    public func fittedDiagram() throws(GraphvizError) -> Diagram {
        try withFittedLayout(drawing: []) { $0.diagram }
    }

    /// The map in whichever direction comes out narrower (``fittedDiagram()``), rendered to each format from
    /// its one layout.
    public func renderFitted(to formats: [OutputFormat]) throws(GraphvizError) -> [OutputFormat: Data] {
        try withFittedLayout(drawing: formats) { laidOut throws(GraphvizError) in try laidOut.render(to: formats) }
    }

    /// ``renderFitted(to:)`` with the width of the layout, in points.
    func renderFittedMeasuring(to formats: [OutputFormat]) throws(GraphvizError) -> (
        outputs: [OutputFormat: Data], width: Double
    ) {
        try withFittedLayout(drawing: formats) { laidOut throws(GraphvizError) in
            (try laidOut.render(to: formats), laidOut.size.width)
        }
    }

    /// The width in points of the map laid out as ``renderFitted(to:)`` lays it out.
    func fittedWidth() throws(GraphvizError) -> Double {
        try withFittedLayout(drawing: []) { $0.size.width }
    }

    /// Lays the map out once, in the direction estimated to come out narrower (`MapDirection`: on the 25
    /// apps and fixtures measured it picks what laying out both ways and measuring picked), and lends the
    /// layout, made for drawing `formats` (``Diagram/withLayout(drawing:_:)``), to `body`.
    private func withFittedLayout<Result>(
        drawing formats: [OutputFormat], _ body: (LaidOutDiagram) throws(GraphvizError) -> Result
    ) throws(GraphvizError) -> Result {
        var map = diagram(direction: .leftToRight)
        map.attributes["rankdir"] = MapDirection.narrower(map).rawValue
        return try map.withLayout(drawing: formats, body)
    }

    /// Refuses a map whose layout would cost more than `limits.layout`, before Graphviz is called.
    ///
    /// A map's arrows jump far across the chain of pushes: `dot` draws an arrow across `k` ranks as `k` arrows
    /// through `k - 1` hidden nodes. So its cost is the diagram's `LayoutCost/units` plus two units per rank
    /// its arrows cross (`Diagram.estimatedVirtualNodes`: a node and an arrow each). Measured on the 2-core
    /// machine with the debug build when a map was laid out in both directions (so each figure here is one
    /// direction's, the time both's): 60 screens in a chain of pushes, each also presenting the one `7 × i + 3`
    /// on (2,515 units), drew in 1.2 s; 90 (5,545 units) took 7 s idle and 57 s loaded, 100 (6,603 units) 34 s,
    /// 95 over 200 s; the scan benchmark's 60-screen app is 985 units. `file` is where the map was to be
    /// written, for the error.
    public func checkLayoutBudget(_ limits: Limits, file: String?) throws(FlowGraphError) {
        let drawing = diagram(direction: .topToBottom)
        let size = drawing.layoutCost
        let crossed = drawing.estimatedVirtualNodes
        let units = size.units + 2 * crossed
        guard units > limits.layout else { return }
        throw FlowGraphError(
            file: file,
            message: "the navigation map would be a layout of \(units) units (its "
                + "\(size.nodes) nodes, \(size.edges) arrows, \(size.clusters) boxes, \(size.htmlCells) table cells "
                + "and about \(crossed) ranks crossed by long arrows, 2 units each), more than Graphviz is given by default: "
                + "about 10 s and 1 GB (docs/hardening.md, \"Limits\"); scan part of the app, or "
                + limits.exceeded(.layout))
    }

    /// The diagram to render, its screens following each other in `direction`.
    public func diagram(direction: Direction = .leftToRight) -> Diagram {
        let palette = theme.palette
        var subgraphs: [Subgraph] = []
        var incoming: [String: Set<NavigationMap.Style>] = [:]
        for edge in map.edges {
            if let to = edge.to, edge.style.showsScreen {
                incoming[to, default: []].insert(edge.style)
            }
        }
        let shown = map.edges.filter(\.showsScreen)
        let fileNames = Self.shortestDistinctNames(map.coordinators.map(\.location.file))
        for coordinator in map.coordinators {
            var nodes: [Node] = []
            for screen in map.screens where screen.coordinator == coordinator.id {
                nodes.append(
                    elsewhere[screen.id].map { stubNode(screen.id, $0, palette: palette) }
                        ?? screenNode(screen, incoming: incoming[screen.id] ?? [], palette: palette))
            }
            for entry in map.entries where entry.coordinator == coordinator.id {
                if let stub = elsewhere[entry.id] {
                    nodes.append(stubNode(entry.id, stub, palette: palette))
                    continue
                }
                nodes.append(
                    Node(
                        id: entry.id,
                        label: .html(
                            .concat([
                                .styled("deep link", size: Typography.small, color: palette.muted),
                                .lineBreak(),
                                .styled(entry.name, size: Typography.small, color: palette.text, bold: true),
                            ])),
                        attributes: [
                            "shape": "box", "style": "filled,rounded", "class": "entry",
                            "fillcolor": palette.headerFill,
                            "tooltip": "\(entry.name)\n\(entry.location.description)",
                        ], link: sourceLinks?.link(entry.location)))
            }
            let library = coordinator.library.displayName
            // Two stacks of one owner's name (two apps scanned together) are told apart by their folders.
            let fileName = fileNames[coordinator.location.file] ?? ""
            let folder = fileName.split(separator: "/").dropLast().joined(separator: "/")
            let sameName = map.coordinators.filter { $0.owner == coordinator.owner }.count > 1
            let heading =
                (sameName && !folder.isEmpty ? "\(folder) · " : "") + "\(coordinator.owner) · \(library) · "
                + (coordinator.withNavigation ? "with navigation" : "no navigation")
            subgraphs.append(
                Subgraph(
                    id: coordinator.id,
                    label: .html(
                        .concat([
                            .styled(heading, size: Typography.heading, color: palette.text, bold: true),
                            .lineBreak(),
                            .styled(
                                "routes: \(coordinator.routes) · \(fileName):\(coordinator.location.line)",
                                size: Typography.small, color: palette.muted),
                        ])),
                    attributes: [
                        "style": "rounded,filled", "color": palette.layerLine, "fillcolor": palette.layerFill,
                        "labeljust": "l", "class": "coordinator", "margin": "12",
                        "tooltip": "\(coordinator.owner): \(library) at \(coordinator.location.description)",
                    ],
                    nodes: nodes))
        }
        // One arrow per (from, to, style): a screen that pushes the same screen from three buttons has one
        // arrow, its tooltip listing the calls.
        var grouped: [(key: String, edges: [NavigationMap.Edge])] = []
        var positions: [String: Int] = [:]
        for edge in shown {
            let key = "\(edge.from)→\(edge.to ?? "")·\(edge.style.rawValue)"
            if let position = positions[key] {
                grouped[position].edges.append(edge)
            } else {
                positions[key] = grouped.count
                grouped.append((key, [edge]))
            }
        }
        let edges =
            Self.sharingLoopLabels(grouped.map { group in mapEdge(group.edges, palette: palette) })
            + hostEdges(palette: palette)
        let screens = map.screens.reduce(0) { count, screen in count + (elsewhere[screen.id].map(\.holds) ?? 1) }
        let counts =
            "\(map.coordinators.count) stack\(map.coordinators.count == 1 ? "" : "s") · "
            + "\(screens) screens · \(shown.count) calls that show a screen"
            + (map.problems.isEmpty ? "" : " · ⚠ \(map.problems.count) problem\(map.problems.count == 1 ? "" : "s")")
            // On two short lines, so an empty map stays as narrow as its legend.
            + (map.emptyReason.map { "\n" + $0.replacingOccurrences(of: ": scan reads", with: ":\nscan reads") } ?? "")
        var heading: [HTML] = [
            .styled(title, size: Typography.title, color: palette.text, bold: true), .lineBreak(),
            .styled(counts, size: Typography.small, color: palette.muted), .lineBreak(),
        ]
        if let note { heading += [.styled(note, size: Typography.small, color: palette.text), .lineBreak()] }
        return Diagram(
            name: "map",
            label: .html(
                .concat(
                    heading + [
                        .styled(
                            "→ push   ⇒ sheet (bold)   ⇉ cover (double)   ⇢ routes replaced (dashed)   ↩ back/dismiss calls on the screen"
                                + (map.coordinators.contains { !$0.hosts.isEmpty }
                                    ? "   ··· a stack inside a screen (dotted)" : ""),
                            size: Typography.small, color: palette.muted),
                        .lineBreak(),
                        .styled(
                            Self.boxLegend(subgraphs, palette: palette), size: Typography.small, color: palette.muted),
                    ])),
            attributes: [
                "rankdir": direction.rawValue, "labelloc": "t", "labeljust": "l", "bgcolor": palette.background,
                "fontname": Typography.family, "fontcolor": palette.text, "nodesep": "0.25", "ranksep": "0.3",
                "pad": "0.2", "class": "map-diagram", "newrank": "true",
            ],
            nodeDefaults: [
                "shape": "box", "style": "filled", "fontname": Typography.family,
                "fontsize": String(Typography.body), "fontcolor": palette.text, "color": palette.line,
                "fillcolor": palette.pushFill, "margin": "0.12,0.05",
            ],
            edgeDefaults: [
                "fontname": Typography.family, "fontsize": String(Typography.small), "fontcolor": palette.muted,
                "color": palette.line, "arrowsize": "0.7",
            ],
            edges: edges,
            subgraphs: subgraphs)
    }

    /// What the map's boxes mean, for those it draws: `▭ screen (bold border: a stack's root)`, then the sheet,
    /// cover, deep-link and missing-view boxes when there are any.
    static func boxLegend(_ subgraphs: [Subgraph], palette: Palette) -> String {
        func nodes(_ subgraphs: [Subgraph]) -> [Node] { subgraphs.flatMap { $0.nodes + nodes($0.subgraphs) } }
        let drawn = nodes(subgraphs).map(\.attributes)
        var words = ["▭ screen (bold border: its stack's root)"]
        if drawn.contains(where: { $0["fillcolor"] == palette.sheetFill && $0["style"] == "rounded,filled" }) {
            words.append("rounded blue: shown only as a sheet")
        }
        if drawn.contains(where: { $0["peripheries"] == "2" }) { words.append("double border: shown only as a cover") }
        if drawn.contains(where: { $0["class"] == "entry" }) { words.append("rounded grey: a deep-link handler") }
        if drawn.contains(where: { $0["color"] == palette.error }) { words.append("red dashed: no destination view") }
        if drawn.contains(where: { $0["class"] == "elsewhere" }) {
            words.append("grey dashed: drawn on the page named")
        }
        return words.joined(separator: "   ")
    }

    private func screenNode(_ screen: NavigationMap.Screen, incoming: Set<NavigationMap.Style>, palette: Palette)
        -> Node
    {
        var parts: [HTML] = []
        if screen.isRoot { parts += [.styled("root", size: Typography.small, color: palette.muted), .lineBreak()] }
        parts.append(.styled(screen.name, size: Typography.body, color: palette.text, bold: screen.isRoot))
        if let view = screen.view, view != screen.name {
            parts += [.lineBreak(), .styled(view, size: Typography.small, color: palette.muted)]
        } else if screen.view == nil, !screen.isRoot {
            parts += [.lineBreak(), .styled("no destination view", size: Typography.small, color: palette.error)]
        }
        for line in Self.backCallLines(screen.backCalls) {
            parts += [.lineBreak(), .styled(line, size: Typography.small, color: palette.muted)]
        }
        var attributes: Attributes = [
            "id": "screen-\(screen.id)",
            "class": screen.isRoot ? "screen root" : "screen",
            "tooltip": "\(screen.name)\(screen.view.map { " → \($0)" } ?? "")\n\(screen.location.description)"
                + (screen.backCalls.isEmpty ? "" : "\n" + screen.backCalls.joined(separator: "\n")),
        ]
        if screen.isRoot { attributes["penwidth"] = "2" }
        if !screen.isRoot, !incoming.isEmpty, incoming.isSubset(of: [.sheet]) {
            attributes["style"] = "rounded,filled"
            attributes["fillcolor"] = palette.sheetFill
        } else if !screen.isRoot, !incoming.isEmpty, incoming.isSubset(of: [.cover]) {
            attributes["peripheries"] = "2"
            attributes["fillcolor"] = palette.coverFill
        }
        if screen.view == nil, !screen.isRoot {
            attributes["color"] = palette.error
            attributes["style"] = "filled,dashed"
        }
        return Node(
            id: screen.id, label: .html(.concat(parts)), attributes: attributes,
            link: sourceLinks?.link(screen.location))
    }

    /// A dashed grey box for what another page draws in full, naming that page.
    private func stubNode(_ id: String, _ stub: Elsewhere, palette: Palette) -> Node {
        var parts: [HTML] = [.styled(stub.title, size: Typography.body, color: palette.text)]
        if let detail = stub.detail {
            parts += [.lineBreak(), .styled(detail, size: Typography.small, color: palette.muted)]
        }
        parts += [.lineBreak(), .styled("→ \(stub.page)", size: Typography.small, color: palette.accent)]
        return Node(
            id: id, label: .html(.concat(parts)),
            attributes: [
                "id": "elsewhere-\(id)", "class": "elsewhere", "style": "dashed,filled",
                "fillcolor": palette.background, "color": palette.muted,
                "tooltip": "\(stub.title)\(stub.detail.map { ": " + $0 } ?? ""), drawn on \(stub.page)",
            ])
    }

    /// The most a back-call line holds on a screen, in characters: longer calls are cut (the tooltip has them whole).
    static let backCallLength = 34

    /// A screen's back and dismiss calls as the lines its box lists: one call per line, `↩` before each, at most
    /// three lines (two calls and `↩ +N more` when there are more than three). A call through the app's own method (`Router.popToRoot() → path.removeLast(…)`)
    /// too long for a line says only the method; any line still too long ends in `…`. So a screen's box is
    /// never wider than its name or about 250 px, however many calls it makes.
    static func backCallLines(_ calls: [String]) -> [String] {
        let listed = calls.count > 3 ? 2 : calls.count
        var lines = calls.prefix(listed).map { call -> String in
            var text = call
            if text.count > backCallLength, let arrow = text.range(of: " → ") {
                text = String(text[..<arrow.lowerBound])
            }
            if text.count > backCallLength { text = text.prefix(backCallLength - 1) + "…" }
            return "↩ " + text
        }
        if calls.count > listed { lines.append("↩ +\(calls.count - listed) more") }
        return lines
    }

    /// A dotted line from each screen that holds a stack of its own (a tab that wraps its content in one, a
    /// child coordinator) to that stack's root.
    private func hostEdges(palette: Palette) -> [Edge] {
        map.coordinators.flatMap { coordinator -> [Edge] in
            guard let root = map.screens.first(where: { $0.coordinator == coordinator.id && $0.isRoot }) else {
                return []
            }
            return coordinator.hosts.compactMap(map.screen).map { host in
                Edge(
                    from: host.id, to: root.id, label: .text("its stack"),
                    attributes: [
                        "class": "host-edge", "style": "dotted", "arrowhead": "odot",
                        "tooltip":
                            "\(host.name) holds the stack of \(coordinator.owner) (\(coordinator.location.description))",
                    ])
            }
        }
    }

    /// The arrows with each screen's loops (a screen presenting itself) labelled once: Graphviz draws a
    /// screen's loops inside one another and their labels on top of each other, so the outermost loop says all
    /// of them (`sheet · cover`) and the others none.
    static func sharingLoopLabels(_ edges: [Edge]) -> [Edge] {
        var loops: [String: [Int]] = [:]
        for (index, edge) in edges.enumerated() where edge.from == edge.to {
            loops[edge.from, default: []].append(index)
        }
        var shared = edges
        for indices in loops.values where indices.count > 1 {
            let texts = indices.compactMap { index -> String? in
                if case .text(let text)? = edges[index].label { return text }
                return nil
            }
            for index in indices { shared[index].label = nil }
            if !texts.isEmpty, let outermost = indices.last {
                shared[outermost].label = .text(texts.joined(separator: " · "))
            }
        }
        return shared
    }

    private func mapEdge(_ edges: [NavigationMap.Edge], palette: Palette) -> Edge {
        let first = edges[0]
        var attributes: Attributes = [
            "class": "\(first.style.rawValue)-edge",
            "tooltip": edges.map { "\($0.call)\n\($0.location.description)" }.joined(separator: "\n"),
        ]
        var label: Label?
        switch first.style {
        case .sheet:
            attributes["style"] = "bold"
            label = .text("sheet")
        case .cover:
            attributes["color"] = "\(palette.line):invis:\(palette.line)"
            label = .text("cover")
        case .replace:
            attributes["style"] = "dashed"
            label = .text("routes =")
        default:
            break
        }
        if edges.count > 1 {
            let count = "×\(edges.count)"
            label = .text(label.map { if case .text(let text) = $0 { text + " " + count } else { count } } ?? count)
        }
        return Edge(
            from: first.from, to: first.to ?? first.from, label: label, attributes: attributes,
            link: sourceLinks?.link(first.location))
    }
}

extension NavigationMapDiagram {
    /// Each path by its last components, as few as tell it apart from the others (`App.swift`, or `Tea/App.swift`
    /// and `Coffee/App.swift` when two apps scanned together each have one).
    static func shortestDistinctNames(_ paths: [String]) -> [String: String] {
        let unique = Array(Set(paths))
        let parts = unique.map { $0.split(separator: "/").map(String.init) }
        var result: [String: String] = [:]
        for (path, components) in zip(unique, parts) {
            var count = 1
            func suffix(_ of: [String], _ count: Int) -> [String] { Array(of.suffix(count)) }
            while count < components.count,
                parts.contains(where: { $0 != components && suffix($0, count) == suffix(components, count) })
            {
                count += 1
            }
            result[path] = suffix(components, count).joined(separator: "/")
        }
        return result
    }
}
