import FlowModel
import Graphviz

/// Drawing a coordinator hierarchy: each child FlowStack is a box inside the layer of the route hosting it.
///
/// A child that owns its routes is a solid purple box holding its own root and layers, joined to its host by a
/// dotted `hosts` edge; the routes a child sharing its parent's path contributes are grouped in a dashed
/// purple box inside each parent layer they are in. Broken nesting rules are red, with their reason. In the
/// SVG, the top coordinator's nodes keep the ids `root` and `route-<i>`; a child's are prefixed `c<n>-`
/// (`n` counting coordinators depth first), and its box has `id` `child-c<n>` and `class` `child owned` or
/// `child shared`.
extension StackDiagram {
    func nestedDiagram(_ hierarchy: PlanCoordinator) -> Diagram {
        let palette = theme.palette
        var drawing = NestedStackDrawing(
            hierarchy: hierarchy, palette: palette, problems: hierarchy.problems(navigationStack: navigationStack))
        let (subgraphs, edges) = drawing.draw(hierarchy, prefix: "", root: hierarchy.root)

        let children = Array(hierarchy.allCoordinators.dropFirst())
        var legend: [LegendItem] = []
        let allRoutes = hierarchy.allCoordinators.flatMap(\.path)
        if allRoutes.contains(where: { $0.style.isPush }) { legend.append(.push) }
        if allRoutes.contains(where: { $0.style.isSheet }) { legend.append(.sheet) }
        if allRoutes.contains(where: { $0.style.isCover }) { legend.append(.cover) }
        legend.append(.navigation)
        legend.append(.top)
        if children.contains(where: \.ownsRoutes) { legend.append(.ownedChild) }
        if children.contains(where: { !$0.ownsRoutes }) { legend.append(.sharedChild) }
        if !drawing.problems.isEmpty { legend.append(.invalid) }

        let top = drawing.onScreen
        var subtitle = [
            "\(hierarchy.name): root \(hierarchy.root.screen)\(hierarchy.root.withNavigation ? " (with navigation)" : "")"
                + " · \(hierarchy.path.count) route\(hierarchy.path.count == 1 ? "" : "s") · on screen: "
                + truncated(top.screen, limit: 40) + (top.coordinator == hierarchy.name ? "" : " in \(top.coordinator)")
        ]
        let kinds = children.map { "\($0.name) (\($0.ownsRoutes ? "owns its routes" : "shares its parent's path"))" }
        subtitle += wrapped("child FlowStacks: " + kinds.joined(separator: ", "), width: 110)
        if !drawing.problems.isEmpty {
            let count = drawing.problems.count
            subtitle.append("⚠ \(count) nesting rule\(count == 1 ? "" : "s") broken (red)")
        }

        return Diagram(
            name: "stack",
            label: headerLabel(
                title: title ?? "Nested route stacks", subtitle: subtitle, legend: legend, palette: palette,
                width: Self.headerWidth),
            attributes: headerPlacement.merging([
                "rankdir": "BT", "bgcolor": palette.background, "fontname": Typography.family,
                "fontcolor": palette.text, "nodesep": "0.3", "ranksep": "0.3", "pad": "0.25",
                "class": "stack-diagram nested",
            ]),
            nodeDefaults: [
                "shape": "box", "style": "filled", "fontname": Typography.family, "fontsize": String(Typography.body),
                "fontcolor": palette.text, "color": palette.line, "fillcolor": palette.pushFill, "margin": "0.14,0.06",
            ],
            edgeDefaults: [
                "fontname": Typography.family, "fontsize": String(Typography.tiny), "fontcolor": palette.muted,
                "color": palette.line, "arrowsize": "0.7",
            ],
            edges: edges,
            subgraphs: subgraphs
        )
    }
}

/// Builds the clusters, nodes and edges of a coordinator hierarchy.
private struct NestedStackDrawing {
    let hierarchy: PlanCoordinator
    let palette: Palette
    let problems: [NestingProblem]
    let roots: [String: Root]
    /// The coordinator and route index of the screen on screen (`-1` for a root).
    let onScreen: (coordinator: String, index: Int, screen: String)
    var numbers: [String: Int] = [:]

    init(hierarchy: PlanCoordinator, palette: Palette, problems: [NestingProblem]) {
        self.hierarchy = hierarchy
        self.palette = palette
        self.problems = problems
        self.roots = hierarchy.effectiveRoots
        var current = hierarchy
        while let last = current.pathElements.last, let child = last.entry.child, child.ownsRoutes {
            current = child
        }
        let path = current.path
        onScreen = (current.name, path.count - 1, path.last?.screen ?? current.root.screen)
        for (number, coordinator) in hierarchy.allCoordinators.enumerated() { numbers[coordinator.name] = number }
    }

    private func reasons(_ coordinator: String, _ index: Int) -> [String] {
        problems.filter { $0.coordinator == coordinator && $0.routeIndex == index }.map(\.reason)
    }

    /// The layer clusters of an owning coordinator, with its children inside, and its edges.
    mutating func draw(_ coordinator: PlanCoordinator, prefix: String, root: Root) -> ([Subgraph], [Edge]) {
        let elements = coordinator.pathElements
        let path = elements.map(\.entry.route)
        let layers = path.presentationLayers(rootHasNavigation: root.withNavigation)
        var clusters: [Subgraph] = []
        var edges: [Edge] = []
        let rootID = prefix + "root"

        for layer in layers {
            var nodes: [Node] = []
            if layer.index == 0 { nodes.append(rootNode(coordinator, root: root, id: rootID)) }
            var shared: [(owner: String, nodes: [Node])] = []
            var inner: [Subgraph] = []
            for index in layer.routeIndices {
                let node = routeNode(elements[index], index: index, coordinator: coordinator.name, prefix: prefix)
                if elements[index].owner != coordinator.name {
                    if shared.last?.owner == elements[index].owner {
                        shared[shared.count - 1].nodes.append(node)
                    } else {
                        shared.append((elements[index].owner, [node]))
                    }
                } else {
                    nodes.append(node)
                }
                if let child = elements[index].entry.child, child.ownsRoutes {
                    let childPrefix = "c\(numbers[child.name] ?? 0)-"
                    let childRoot = roots[child.name] ?? child.root
                    let (childClusters, childEdges) = draw(child, prefix: childPrefix, root: childRoot)
                    inner.append(
                        childBox(
                            child, id: "child-" + childPrefix.dropLast(), host: path[index],
                            broken: reasons(coordinator.name, index).isEmpty == false, clusters: childClusters))
                    edges += childEdges
                    edges.append(
                        Edge(
                            from: prefix + "route-\(index)", to: childPrefix + "root",
                            label: .html(.styled("hosts", size: Typography.tiny, color: palette.childLine)),
                            attributes: [
                                "style": "dotted", "color": palette.childLine, "class": "hosts-edge", "penwidth": "1.5",
                            ]))
                }
            }
            for (number, group) in shared.enumerated() {
                inner.append(
                    sharedBox(group.owner, id: "\(prefix)layer-\(layer.index)-shared-\(number)", nodes: group.nodes))
            }
            var cluster = StackDiagram(title: nil, root: root, routes: path).layerCluster(
                layer, nodes: nodes, palette: palette)
            cluster.id = prefix + cluster.id
            cluster.attributes["id"] = cluster.id
            cluster.subgraphs = inner
            clusters.append(cluster)
        }

        let chain = StackDiagram(title: nil, root: root, routes: path)
        for (index, route) in path.enumerated() {
            edges.append(
                chain.chainEdge(
                    from: index == 0 ? rootID : prefix + "route-\(index - 1)", to: prefix + "route-\(index)",
                    route: route, isInvalid: !reasons(coordinator.name, index).isEmpty, palette: palette))
        }
        return (clusters, edges)
    }

    private func rootNode(_ coordinator: PlanCoordinator, root: Root, id: String) -> Node {
        let isTop = onScreen.coordinator == coordinator.name && onScreen.index == -1
        var tag = coordinator.name == hierarchy.name ? "root" : "root of \(coordinator.name)"
        if root.withNavigation { tag += " · ☰ navigation" }
        var attributes: Attributes = [
            "id": id, "class": "root",
            "tooltip": "\(coordinator.name) root: \(root.screen)\(root.withNavigation ? " (with navigation)" : "")",
        ]
        if isTop { StackDiagram.markTop(&attributes, palette: palette) }
        return Node(
            id: id,
            label: StackDiagram.screenLabel(root.screen, tag: tag, isTop: isTop, problem: nil, palette: palette),
            attributes: attributes)
    }

    private func routeNode(_ element: PlanCoordinator.PathElement, index: Int, coordinator: String, prefix: String)
        -> Node
    {
        let route = element.entry.route
        let isTop = onScreen.coordinator == coordinator && onScreen.index == index
        var tag = "#\(index) · \(DiagramWords.flowStacks.kind(of: route.style))"
        if route.withNavigation { tag += " · ☰ navigation" }
        if let child = element.entry.child {
            tag += " · hosts \(child.name)"
        }
        let problem = reasons(coordinator, index).first
        let id = prefix + "route-\(index)"
        return Node(
            id: id,
            label: StackDiagram.screenLabel(route.screen, tag: tag, isTop: isTop, problem: problem, palette: palette),
            attributes: StackDiagram.routeAttributes(
                route, id: id, index: index, tooltip: "\(element.owner): \(route.notation)", isTop: isTop,
                problem: problem, palette: palette))
    }

    /// The solid box of a child that owns its routes, holding its layers.
    private func childBox(_ child: PlanCoordinator, id: String, host: PlanRoute, broken: Bool, clusters: [Subgraph])
        -> Subgraph
    {
        var lines: [HTML] = [
            .styled(
                "CHILD FLOWSTACK \(child.name.uppercased())", size: Typography.tiny, color: palette.childLine,
                bold: true),
            .styled(
                "owns its routes · only it pushes · goBackToRoot() → its root \(child.root.screen)",
                size: Typography.tiny,
                color: palette.muted),
        ]
        if broken {
            lines.append(
                .styled(
                    "⚠ must be the top route of its parent", size: Typography.tiny, color: palette.error, bold: true))
        }
        return Subgraph(
            id: id, label: .html(.lines(lines, align: "left")),
            attributes: [
                "id": id, "class": "child owned", "style": "rounded,filled", "fillcolor": palette.childFill,
                "pencolor": broken ? palette.error : palette.childLine, "penwidth": "2", "labeljust": "l",
                "labelloc": "b",
                "margin": "10",
            ],
            subgraphs: clusters)
    }

    /// The dashed box around the routes a child sharing its parent's path contributes to one layer.
    private func sharedBox(_ name: String, id: String, nodes: [Node]) -> Subgraph {
        let owner = hierarchy.pathOwner(of: name) ?? hierarchy.name
        let parentRoot = hierarchy.coordinator(named: owner)?.root.screen ?? ""
        let lines: [HTML] = [
            .styled(
                "CHILD FLOWSTACK \(name.uppercased())", size: Typography.tiny, color: palette.childLine, bold: true),
            .styled(
                "shares \(owner)'s path · goBackToRoot() → \(owner)'s root \(parentRoot)", size: Typography.tiny,
                color: palette.muted),
        ]
        return Subgraph(
            id: id, label: .html(.lines(lines, align: "left")),
            attributes: [
                "id": id, "class": "child shared", "style": "rounded,dashed", "pencolor": palette.childLine,
                "penwidth": "1.5", "labeljust": "l", "labelloc": "b", "margin": "8",
            ],
            nodes: nodes)
    }
}
