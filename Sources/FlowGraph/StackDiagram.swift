import FlowModel
import Graphviz

/// A drawing of one route stack: the root and each presentation layer as a box, screens from bottom to top.
///
/// Pushes are plain boxes, sheets rounded boxes and full-screen covers double-bordered boxes, each tagged in
/// words as well. The top screen has a bold outline and `▲ top`; a route FlowStacks would reject is red and
/// dashed and says why. In the SVG every route's node has `id` `route-<index>` and `class`
/// `route route-<index> <push|sheet|cover>`, the root's node `id` `root`, and layer boxes
/// `class` `layer layer-<n>`.
public struct StackDiagram: Sendable {
    /// The title drawn above the stack; `nil` draws `Route stack`.
    public var title: String?
    /// The stack's root screen.
    public var root: Root
    /// The routes above the root, bottom first.
    public var routes: [PlanRoute]
    /// The colour scheme.
    public var theme: Theme
    /// The coordinator hierarchy, when routes host child FlowStacks: each child is drawn inside the layer of
    /// the route hosting it. `nil` draws ``root`` and ``routes`` alone.
    public var coordinator: PlanCoordinator?
    /// Whether the stacks use `NavigationStack` (for the nesting rule FlowStacks asserts on then).
    public var navigationStack: Bool = false
    /// The words of the stack's library (FlowStacks' by default).
    public var vocabulary: DiagramWords
    /// Notes on screens (ids, alerts, modals) and lines about the state, from the stack's library.
    public var annotations: StateAnnotations
    /// ``routes`` as the library writes them, one string per route, for the tooltips; `nil` writes FlowStacks'
    /// route notation.
    public var notations: [String]?
    /// The root as the library declares it (`RouterView { Home() }`), for its tooltip; `nil` writes the screen
    /// and whether it has navigation.
    public var rootNotation: String?
    /// The number written on the first of ``routes`` (`#0` unless the routes below it are folded away, as
    /// in the HTML player's frames).
    public var firstRouteNumber = 0

    /// Creates a stack drawing, in FlowStacks' words unless another library's vocabulary is given.
    public init(
        title: String?, root: Root, routes: [PlanRoute], theme: Theme = .light, vocabulary: DiagramWords = .flowStacks,
        annotations: StateAnnotations = .none
    ) {
        self.title = title
        self.root = root
        self.routes = routes
        self.theme = theme
        self.vocabulary = vocabulary
        self.annotations = annotations
    }

    /// Creates a drawing of a coordinator hierarchy: the top coordinator's path with its children nested inside.
    public init(title: String?, coordinator: PlanCoordinator, navigationStack: Bool = false, theme: Theme = .light) {
        self.init(title: title, root: coordinator.root, routes: coordinator.path, theme: theme)
        self.coordinator = coordinator
        self.navigationStack = navigationStack
    }

    /// The widest the header (title, notes, legend) is laid out, in points: 880 px less the padding, so a
    /// stack's header never makes it wider than a README or pull request shows it 1:1.
    static let headerWidth = 660 * 0.96 - 2 * 72 * 0.25

    /// The diagram to render.
    public func diagram() -> Diagram {
        if let coordinator, coordinator.hasChildren { return nestedDiagram(coordinator) }
        let palette = theme.palette
        let layers = routes.presentationLayers(rootHasNavigation: root.withNavigation)
        let problems = Dictionary(
            routes.problems(rootHasNavigation: root.withNavigation).map { ($0.index, $0.reason) },
            uniquingKeysWith: { first, _ in first })

        var subgraphs: [Subgraph] = []
        for layer in layers {
            var nodes: [Node] = []
            if layer.index == 0 { nodes.append(rootNode(palette: palette)) }
            for index in layer.routeIndices {
                nodes.append(routeNode(index, problem: problems[index], palette: palette))
            }
            subgraphs.append(layerCluster(layer, nodes: nodes, palette: palette))
        }

        var edges: [Edge] = []
        for (index, route) in routes.enumerated() {
            edges.append(
                chainEdge(
                    from: index == 0 ? "root" : "route-\(index - 1)", to: "route-\(index)", route: route,
                    isInvalid: problems[index] != nil, palette: palette))
        }

        var legend: [LegendItem] = []
        if routes.contains(where: { $0.style.isPush }) { legend.append(.push) }
        if routes.contains(where: { $0.style.isSheet }) { legend.append(.sheet) }
        if routes.contains(where: { $0.style.isCover }) { legend.append(.cover) }
        if layers.contains(where: \.hasNavigation) { legend.append(.navigation) }
        legend.append(.top)
        if !problems.isEmpty { legend.append(.invalid) }

        let topName = routes.last?.screen ?? root.screen
        var subtitle = vocabulary.header
        subtitle += [
            "root \(root.screen)\(root.withNavigation ? " (\(vocabulary.rootNavigationNote))" : "") · "
                + "\(vocabulary.count(routes.count, of: vocabulary.routeName)) in "
                + "\(vocabulary.count(layers.count, of: vocabulary.layerName)) · top: \(truncated(topName, limit: 40))"
        ]
        if !routes.isEmpty, vocabulary.listsRouteNotation {
            subtitle.append(truncated(routes.notation, limit: 140))
        }
        subtitle += annotations.lines.flatMap { wrapped($0, width: 110) }
        if !problems.isEmpty {
            subtitle.append(
                "⚠ \(problems.count) route\(problems.count == 1 ? "" : "s") \(vocabulary.rejectedBy) would reject")
        }

        return Diagram(
            name: "stack",
            // The graph's own label: unlike a cluster's, `labelloc=t` puts it on top even with rankdir=BT.
            label: headerLabel(
                title: title ?? vocabulary.stackTitle, subtitle: subtitle, legend: legend, palette: palette,
                vocabulary: vocabulary, width: Self.headerWidth),
            attributes: headerPlacement.merging([
                "rankdir": "BT",
                "bgcolor": palette.background,
                "fontname": Typography.family,
                "fontcolor": palette.text,
                "nodesep": "0.3",
                "ranksep": "0.3",
                "pad": "0.25",
                "class": "stack-diagram",
            ]),
            nodeDefaults: [
                "shape": "box",
                "style": "filled",
                "fontname": Typography.family,
                "fontsize": String(Typography.body),
                "fontcolor": palette.text,
                "color": palette.line,
                "fillcolor": palette.pushFill,
                "margin": "0.14,0.06",
            ],
            edgeDefaults: [
                "fontname": Typography.family,
                "fontsize": String(Typography.tiny),
                "fontcolor": palette.muted,
                "color": palette.line,
                "arrowsize": "0.7",
            ],
            edges: edges,
            subgraphs: subgraphs
        )
    }

    /// The root's node, drawn like a push (a plain box) and tagged `root`.
    private func rootNode(palette: Palette) -> Node {
        let isTop = routes.isEmpty
        var tag = "root"
        if root.withNavigation { tag += " · " + vocabulary.navigation(true) }
        var attributes: Attributes = [
            "id": "root",
            "class": "root",
            "tooltip": "root: "
                + (rootNotation ?? "\(root.screen)\(root.withNavigation ? " (withNavigation: true)" : "")"),
        ]
        if isTop { Self.markTop(&attributes, palette: palette) }
        return Node(
            id: "root",
            label: Self.screenLabel(
                root.screen, tag: tag, isTop: isTop, problem: nil, notes: annotations.notes[-1] ?? [],
                palette: palette),
            attributes: attributes)
    }

    /// A route's node: its shape says push, sheet or cover; its label says it in words too.
    private func routeNode(_ index: Int, problem: String?, palette: Palette) -> Node {
        let route = routes[index]
        let isTop = index == routes.count - 1
        var tag = "#\(firstRouteNumber + index) · \(vocabulary.kind(of: route.style))"
        if route.withNavigation { tag += " · " + vocabulary.navigation(true) }
        return Node(
            id: "route-\(index)",
            label: Self.screenLabel(
                route.screen, tag: tag, isTop: isTop, problem: problem, notes: annotations.notes[index] ?? [],
                palette: palette),
            attributes: Self.routeAttributes(
                route, id: "route-\(index)", index: index,
                tooltip: "\(vocabulary.routeName)s[\(firstRouteNumber + index)]: \(notation(ofRoute: index))",
                isTop: isTop, problem: problem, palette: palette))
    }

    /// Route `index` as the library writes it: from ``notations`` when given, else FlowStacks' route notation.
    private func notation(ofRoute index: Int) -> String {
        if let notations, notations.indices.contains(index) { return notations[index] }
        return routes[index].notation
    }

    /// A route node's attributes: shape and fill by kind (plain push, rounded sheet, double-bordered cover),
    /// the top screen marked, and a route with a problem red and dashed (its reason in the tooltip).
    static func routeAttributes(
        _ route: PlanRoute, id: String, index: Int, tooltip: String, isTop: Bool, problem: String?, palette: Palette
    ) -> Attributes {
        var attributes: Attributes = [
            "id": id,
            "class": "route route-\(index) \(route.style.kindName)",
            "tooltip": tooltip + (problem.map { "\n⚠ \($0)" } ?? ""),
        ]
        switch route.style {
        case .push:
            break
        case .sheet:
            attributes["style"] = "rounded,filled"
            attributes["fillcolor"] = palette.sheetFill
        case .cover:
            attributes["peripheries"] = "2"
            attributes["fillcolor"] = palette.coverFill
        }
        if isTop { markTop(&attributes, palette: palette) }
        if problem != nil {
            attributes["color"] = palette.error
            attributes["fillcolor"] = palette.errorFill
            attributes["style"] = route.style.isSheet ? "rounded,filled,dashed" : "filled,dashed"
            attributes["penwidth"] = "2"
            attributes["class"] = (attributes["class"] ?? "") + " invalid"
        }
        return attributes
    }

    static func markTop(_ attributes: inout Attributes, palette: Palette) {
        attributes["penwidth"] = "3"
        attributes["color"] = palette.accent
        attributes["class"] = (attributes["class"] ?? "") + " top"
    }

    /// A screen's label: a small tag line, the screen name, then the top marker or the problem.
    static func screenLabel(
        _ screen: String, tag: String, isTop: Bool, problem: String?, notes: [String] = [], palette: Palette
    ) -> Label {
        var lines: [HTML] = [.styled(tag, size: Typography.tiny, color: palette.muted)]
        lines += wrapped(screen, width: 36).map { .styled($0, size: Typography.body, color: palette.text) }
        lines += notes.flatMap { wrapped($0, width: 40) }.map {
            .styled($0, size: Typography.tiny, color: palette.accent, bold: true)
        }
        if isTop {
            lines.append(.styled("▲ top · on screen", size: Typography.tiny, color: palette.accent, bold: true))
        }
        if let problem {
            let reason = ["⚠ " + problem].flatMap(clauses).flatMap { wrapped($0, width: 34) }
            lines += reason.map { .styled($0, size: Typography.tiny, color: palette.error, bold: true) }
        }
        return .html(.lines(lines, align: "left"))
    }

    /// The edge up to a route from the route (or root) below it: plain for a push, a bold curve on the right
    /// labelled "presents sheet" for a presentation, red and dashed when the route is invalid.
    func chainEdge(from: String, to: String, route: PlanRoute, isInvalid: Bool, palette: Palette) -> Edge {
        var attributes: Attributes = ["class": "\(route.style.kindName)-edge"]
        var label: Label?
        if route.isPresented {
            attributes["style"] = "bold"
            // Leaving and entering on the right keeps the curve clear of the layers' headers.
            attributes["tailport"] = "e"
            attributes["headport"] = "e"
            label = .html(
                .styled(
                    vocabulary.presentVerb + " " + vocabulary.kind(of: route.style), size: Typography.tiny,
                    color: palette.muted))
        }
        if isInvalid {
            attributes["color"] = palette.error
            attributes["style"] = "dashed"
        }
        return Edge(from: from, to: to, label: label, attributes: attributes)
    }

    /// The box around one presentation layer, headed by its kind and, on a second line, whether it has
    /// navigation.
    ///
    /// Presentation arcs leave and enter their screens on the right and pass the layer's header on their way:
    /// the header is left-aligned and narrower than every screen of its layer (each screen is made at least as
    /// wide as ``headerWidth(title:navigation:)`` estimates), so the arcs pass to the right of it and cross
    /// no label.
    func layerCluster(_ layer: PresentationLayer, nodes: [Node], palette: Palette) -> Subgraph {
        let layerTitle = vocabulary.layerTitle(layer)
        let titleText = vocabulary.capitalizesLayerTitles ? layerTitle.uppercased() : layerTitle
        let navigationText = vocabulary.navigation(layer.hasNavigation)
        let title = HTML.styled(titleText, size: Typography.tiny, color: palette.muted, bold: true)
        let navigation = HTML.styled(
            navigationText, size: Typography.tiny,
            color: layer.hasNavigation ? palette.text : palette.muted, bold: layer.hasNavigation)
        let header = HTMLTable(
            attributes: ["border": "0", "cellborder": "0", "cellspacing": "0", "cellpadding": "2"],
            rows: [
                [HTMLCell(title, attributes: ["align": "left"])],
                [
                    HTMLCell(
                        navigation,
                        attributes: layer.hasNavigation
                            ? ["bgcolor": palette.navigationBand, "align": "left"] : ["align": "left"])
                ],
            ])
        let minimumWidth = Self.headerWidth(title: titleText, navigation: navigationText) + 6
        let widened = nodes.map { node -> Node in
            var node = node
            let current = node.attributes["width"].flatMap(Double.init) ?? 0
            node.attributes["width"] = String(Double((max(current, minimumWidth / 72) * 100).rounded(.up)) / 100)
            return node
        }
        return Subgraph(
            id: "layer-\(layer.index)",
            label: .html(.table(header)),
            attributes: [
                "id": "layer-\(layer.index)",
                "class": "layer layer-\(layer.index)",
                "style": "rounded,filled",
                "fillcolor": palette.layerFill,
                "color": palette.layerLine,
                "labeljust": "l",
                // rankdir=BT flips cluster labels: "b" puts the header at the top of the box.
                "labelloc": "b",
                "margin": "10",
            ],
            nodes: widened)
    }

    /// A generous estimate, in points, of the width of a layer header's two lines in bold 10 pt DejaVu Sans
    /// (the widest glyphs: capitals, digits and symbols at 0.8 em, others at 0.68 em), with its cell padding.
    static func headerWidth(title: String, navigation: String) -> Double {
        func width(_ text: String) -> Double {
            text.reduce(0) { total, character in
                let wide = character.isUppercase || character.isNumber || !character.isASCII
                return total + (character == " " ? 0.35 : wide ? 0.8 : 0.68) * Double(Typography.tiny)
            }
        }
        return max(width(title), width(navigation)) + 4
    }
}
