import FlowModel
import Graphviz

/// Timeline steps of plans with nested FlowStacks: still one HTML-table node per step, with each child
/// FlowStack drawn as a table nested right above the route hosting it.
extension TimelineBuilder {
    /// The label of a step whose hierarchy has children; `nil` when it has none (the plain label serves).
    mutating func nestedStepLabel(
        _ step: [Route], index: Int, transition: Transition, added: Set<Int>, removed: Set<Int>, updated: Set<Int>
    ) -> Label? {
        guard let nesting = transition.nesting, index < nesting.hierarchies.count,
            nesting.hierarchies[index].hasChildren
        else { return nil }
        let hierarchy = nesting.hierarchies[index]
        var headerText: [HTML] = [.styled("step \(index)", size: Typography.heading, color: palette.text, bold: true)]
        if transition.isDelayed(step: index) {
            headerText.append(
                .styled(
                    "  ◷ +\(Vocabulary.seconds(Transition.stepDelay))", size: Typography.heading, color: palette.delay,
                    bold: true))
        }
        if index == transition.steps.count - 1 {
            headerText.append(.styled("  · end", size: Typography.small, color: palette.muted))
        }
        if let coordinator = transition.coordinator, coordinator != hierarchy.name {
            headerText.append(.styled("  · in \(coordinator)", size: Typography.small, color: palette.childLine))
        }
        var rows: [[HTMLCell]] = [
            [
                HTMLCell(
                    .concat(headerText),
                    attributes: ["bgcolor": palette.headerFill, "align": "left", "cellpadding": "4"])
            ]
        ]
        var context = NestedStepContext(
            roots: hierarchy.effectiveRoots, problems: hierarchy.problems(), changing: transition.coordinator,
            added: added, removed: removed, updated: updated)
        rows += coordinatorRows(hierarchy, context: &context)
        return .html(.table(roundedTable(rows, color: palette.line, fill: palette.layerFill)))
    }

    /// The rows of one coordinator's path: its layers top first, a child's table above the route hosting it.
    private mutating func coordinatorRows(_ coordinator: Coordinator, context: inout NestedStepContext) -> [[HTMLCell]]
    {
        let elements = coordinator.pathElements
        let path = elements.map(\.entry.route)
        let root = context.roots[coordinator.name] ?? coordinator.root
        let isChanging = context.changing == coordinator.name
        var rows: [[HTMLCell]] = []
        for layer in path.presentationLayers(rootHasNavigation: root.withNavigation).reversed() {
            if layer.hasNavigation { used.insert(.navigation) }
            var headerAttributes: Attributes = ["align": "left"]
            if layer.hasNavigation { headerAttributes["bgcolor"] = palette.navigationBand }
            rows.append([
                HTMLCell(
                    .styled(
                        Vocabulary.layerTitle(layer).uppercased() + "   " + Vocabulary.navigation(layer.hasNavigation),
                        size: Typography.tiny, color: layer.hasNavigation ? palette.text : palette.muted, bold: true),
                    attributes: headerAttributes)
            ])
            for routeIndex in layer.routeIndices.reversed() {
                let element = elements[routeIndex]
                let problem = context.problems.first {
                    $0.coordinator == coordinator.name && $0.routeIndex == routeIndex
                }
                if let child = element.entry.child, child.ownsRoutes {
                    rows.append([
                        HTMLCell(
                            .table(childTable(child, broken: problem?.rule == .ownedChildNotOnTop, context: &context)),
                            attributes: ["align": "left", "cellpadding": "2"])
                    ])
                }
                var routeCells = routeRows(
                    element.entry.route, index: routeIndex, isAdded: isChanging && context.added.contains(routeIndex),
                    isRemoved: isChanging && context.removed.contains(routeIndex),
                    isUpdated: isChanging && context.updated.contains(routeIndex), problem: problem?.reason)
                var notes: [String] = []
                if element.owner != coordinator.name { notes.append("in \(element.owner)") }
                if let child = element.entry.child {
                    notes.append("hosts \(child.name)\(child.ownsRoutes ? "" : " (shares path)")")
                    used.insert(child.ownsRoutes ? .ownedChild : .sharedChild)
                }
                if !notes.isEmpty {
                    routeCells[0][0].content = .concat([
                        routeCells[0][0].content,
                        // The trailing space (kept as a no-break space) is room for the fractions of a point
                        // Graphviz drops from each run's width on this three-run line, which browsers do draw.
                        .styled(
                            "  " + notes.joined(separator: " · ") + " ", size: Typography.tiny,
                            color: palette.childLine),
                    ])
                }
                rows += routeCells
            }
            if layer.index == 0 {
                rows.append([HTMLCell(.text(root.screen), attributes: ["align": "left", "bgcolor": palette.pushFill])])
            }
        }
        return rows
    }

    /// A child that owns its routes, as a table with a purple border: its name, then its own layers.
    private mutating func childTable(_ child: Coordinator, broken: Bool, context: inout NestedStepContext)
        -> HTMLTable
    {
        var header: [HTML] = [
            .styled(
                "CHILD FLOWSTACK \(child.name.uppercased())", size: Typography.tiny, color: palette.childLine,
                bold: true),
            .styled("  owns its routes", size: Typography.tiny, color: palette.muted),
        ]
        if broken {
            header.append(
                .styled("  ⚠ not the top route of its parent", size: Typography.tiny, color: palette.error, bold: true))
        }
        var rows: [[HTMLCell]] = [[HTMLCell(.concat(header), attributes: ["align": "left"])]]
        rows += coordinatorRows(child, context: &context)
        return roundedTable(
            rows, border: 2, color: broken ? palette.error : palette.childLine, fill: palette.childFill)
    }
}

extension Transition {
    /// The coordinator whose steps these are, when the hierarchy has children to tell it from; else `nil`.
    var nestedCoordinator: String? {
        nesting?.hierarchies.contains(where: \.hasChildren) == true ? coordinator : nil
    }
}

/// What a nested step label needs while it walks the hierarchy.
private struct NestedStepContext {
    var roots: [String: Root]
    var problems: [NestingProblem]
    var changing: String?
    var added: Set<Int>
    var removed: Set<Int>
    var updated: Set<Int>
}
