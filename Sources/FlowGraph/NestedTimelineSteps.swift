import FlowModel
import Graphviz

/// Timeline steps of plans with nested FlowStacks: still one HTML-table node per step, with each child
/// FlowStack drawn as a table nested right above the route hosting it.
extension TimelineBuilder {
    /// The rows of a step whose hierarchy has children, below its header; `nil` when it has none (the plain
    /// rows serve). When `folds`, runs of screens the step keeps unchanged are one row, in every coordinator.
    mutating func nestedStepRows(
        _ step: [PlanRoute], index: Int, transition: PlanTransition, added: Set<Int>, updated: Set<Int>,
        before: [PlanRoute],
        folds: Bool
    ) -> [[HTMLCell]]? {
        guard let nesting = transition.nesting, index < nesting.hierarchies.count,
            nesting.hierarchies[index].hasChildren
        else { return nil }
        let hierarchy = nesting.hierarchies[index]
        var context = NestedStepContext(
            roots: hierarchy.effectiveRoots, problems: hierarchy.problems(), changing: transition.coordinator,
            added: added, updated: updated, before: before, folds: folds)
        var rows: [[HTMLCell]] = []
        rows += coordinatorRows(hierarchy, context: &context)
        return rows
    }

    /// The rows of one coordinator's path: its layers top first, a child's table above the route hosting it.
    private mutating func coordinatorRows(_ coordinator: PlanCoordinator, context: inout NestedStepContext)
        -> [[HTMLCell]]
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
                        DiagramWords.flowStacks.layerTitle(layer).uppercased() + "   "
                            + DiagramWords.flowStacks.navigation(layer.hasNavigation),
                        size: Typography.small, color: layer.hasNavigation ? palette.text : palette.muted, bold: true),
                    attributes: headerAttributes)
            ])
            var run: [Int] = []
            for (position, routeIndex) in layer.routeIndices.reversed().enumerated() {
                let element = elements[routeIndex]
                let problem = context.problems.first {
                    $0.coordinator == coordinator.name && $0.routeIndex == routeIndex
                }
                let isAdded = isChanging && context.added.contains(routeIndex)
                let isUpdated = isChanging && context.updated.contains(routeIndex)
                if context.folds, position > 0, element.entry.child == nil, element.owner == coordinator.name,
                    !isAdded, !isUpdated, problem == nil
                {
                    run.append(routeIndex)
                    continue
                }
                rows += foldedRun(run, elements)
                run = []
                if let child = element.entry.child, child.ownsRoutes {
                    rows.append([
                        HTMLCell(
                            .table(childTable(child, broken: problem?.rule == .ownedChildNotOnTop, context: &context)),
                            attributes: ["align": "left", "cellpadding": "2"])
                    ])
                }
                let previous =
                    isUpdated && context.before.indices.contains(routeIndex) ? context.before[routeIndex].screen : nil
                var routeCells = routeRows(
                    element.entry.route, index: routeIndex, isAdded: isAdded, updatedFrom: previous,
                    problem: problem?.reason)
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
                            "  " + notes.joined(separator: " · ") + " ", size: Typography.small,
                            color: palette.childLine),
                    ])
                }
                rows += routeCells
            }
            rows += foldedRun(run, elements)
            if layer.index == 0 {
                rows.append([HTMLCell(.text(root.screen), attributes: ["align": "left", "bgcolor": palette.pushFill])])
            }
        }
        return rows
    }

    /// A run of unchanged screens of a coordinator's path (indices into `elements`, none hosting a child):
    /// one `⋮ N unchanged` row when it is long enough, else the screens themselves.
    private mutating func foldedRun(_ run: [Int], _ elements: [PlanCoordinator.PathElement]) -> [[HTMLCell]] {
        guard run.count >= Options.minimumCollapsedRun else {
            return run.flatMap { index in
                routeRows(elements[index].entry.route, index: index, isAdded: false, updatedFrom: nil, problem: nil)
            }
        }
        let count = run.count
        used.insert(.folded)
        return [
            [
                HTMLCell(
                    .styled("⋮ \(count) unchanged", size: Typography.small, color: palette.muted),
                    attributes: ["align": "left"])
            ]
        ]
    }

    /// A child that owns its routes, as a table with a purple border: its name, then its own layers.
    private mutating func childTable(_ child: PlanCoordinator, broken: Bool, context: inout NestedStepContext)
        -> HTMLTable
    {
        var header: [HTML] = [
            .styled(
                "CHILD FLOWSTACK \(child.name.uppercased())", size: Typography.small, color: palette.childLine,
                bold: true),
            .styled("  owns its routes", size: Typography.small, color: palette.muted),
        ]
        if broken {
            header.append(
                .styled("  ⚠ not the top route of its parent", size: Typography.small, color: palette.error, bold: true)
            )
        }
        var rows: [[HTMLCell]] = [[HTMLCell(.concat(header), attributes: ["align": "left"])]]
        rows += coordinatorRows(child, context: &context)
        return roundedTable(
            rows, border: 2, color: broken ? palette.error : palette.childLine, fill: palette.childFill)
    }
}

extension PlanTransition {
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
    var updated: Set<Int>
    /// The changing coordinator's routes before the step.
    var before: [PlanRoute]
    /// Whether runs of unchanged screens are folded.
    var folds: Bool
}
