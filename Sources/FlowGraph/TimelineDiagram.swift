import FlowModel
import Graphviz

/// A drawing of the steps of one or more transitions: one column per step, the operation between columns.
///
/// Each transition is one line read left to right: a header (the action, the platform rules, the number of
/// steps and the estimated time), then one column per step showing the whole stack grouped into presentation
/// layers, top screen first. Screens a step adds are marked `+` with a bold border, screens the next step
/// removes `−`, struck through and dashed; steps that wait for FlowStacks' 0.65 s delay are marked `◷`.
///
/// Each column is one node with an HTML-like table label (Graphviz clusters lay out far too slowly for
/// thousands of steps). In the SVG a step's node has `id` `t<transition>-step-<n>` and `class`
/// `step step-<n> transition-<transition>`; operation edges have `class` `operation`; transition headers have
/// `id` `t<transition>` and `class` `transition transition-<transition>`.
public struct TimelineDiagram: Sendable {
    /// One row of transitions, e.g. the same change under one platform's rules.
    public struct Row: Sendable {
        /// The row's name shown in each of its transition headers, e.g. `iOS 16`; `nil` for none.
        public var label: String?
        /// The row's transitions, in order.
        public var transitions: [Transition]

        /// Creates a row.
        public init(label: String? = nil, transitions: [Transition]) {
            self.label = label
            self.transitions = transitions
        }
    }

    /// Choices about the layout that do not change what is drawn.
    public struct Options: Hashable, Sendable {
        /// The most step columns on one line; a longer transition continues on the next line. `0` never wraps.
        public var stepsPerLine: Int
        /// The number shown for each row's first transition; more than 1 when this timeline is one page of a
        /// longer one, so headers keep the whole plan's numbering.
        public var firstTransitionNumber: Int
        /// The most screen rows (every step's screens and root, summed over the timeline) drawn in full.
        ///
        /// A longer timeline draws each run of ``minimumCollapsedRun`` or more screens that a step keeps
        /// unchanged from the step before as one row, `⋮ 34 unchanged screens`, and says so in its header; each
        /// step still shows its root, the top screens of each layer and every screen it adds, removes or
        /// updates, and its tooltip lists the whole stack. `Int.max` always draws every screen.
        public var collapseThreshold: Int

        /// The default ``collapseThreshold``: 10,000 screen rows, beyond which Graphviz spends seconds laying out
        /// rows that repeat the step before.
        public static let defaultCollapseThreshold = 10_000
        /// The fewest unchanged screens in a row that are collapsed into one row.
        public static let minimumCollapsedRun = 3
        /// The top screens of each presentation layer that are always drawn, changed or not.
        public static let keptTopScreens = 2

        /// Creates options; by default a line holds 12 steps, transitions are numbered from 1, and timelines of
        /// more than 10,000 screen rows collapse unchanged screens.
        public init(
            stepsPerLine: Int = 12, firstTransitionNumber: Int = 1,
            collapseThreshold: Int = Options.defaultCollapseThreshold
        ) {
            self.stepsPerLine = stepsPerLine
            self.firstTransitionNumber = firstTransitionNumber
            self.collapseThreshold = collapseThreshold
        }
    }

    /// The title drawn above the timeline; `nil` draws `Navigation timeline`.
    public var title: String?
    /// The root screen below every stack.
    public var root: Root
    /// The rows; transition `j` of every row is drawn before transition `j + 1` of any row, so rows compare.
    public var rows: [Row]
    /// The colour scheme.
    public var theme: Theme
    /// Layout choices.
    public var options: Options
    /// The words of the plan's library and what its steps do (FlowStacks' by default).
    public var vocabulary: DiagramVocabulary

    /// Creates a timeline of transitions drawn one after another.
    public init(
        title: String?, root: Root, transitions: [Transition], theme: Theme = .light,
        vocabulary: DiagramVocabulary = .flowStacks
    ) {
        self.init(
            title: title, root: root, rows: [Row(transitions: transitions)], theme: theme, vocabulary: vocabulary)
    }

    /// Creates a timeline of several rows, e.g. the same change under several platform rules, one row each.
    public init(
        title: String?, root: Root, rows: [Row], theme: Theme = .light, options: Options = Options(),
        vocabulary: DiagramVocabulary = .flowStacks
    ) {
        self.title = title
        self.root = root
        self.rows = rows
        self.theme = theme
        self.options = options
        self.vocabulary = vocabulary
    }

    /// The name of the node that draws step `step` of transition `transition` of row `row` in ``diagram()``
    /// (also its `id`): transitions are numbered in the order they are drawn, transition `j` of every row
    /// before transition `j + 1` of any row.
    public func stepNodeID(row: Int, transition: Int, step: Int) -> String {
        var number = 0
        for index in 0..<transition { number += rows.count { index < $0.transitions.count } }
        number += rows[..<row].count { transition < $0.transitions.count }
        return TimelineBuilder.stepID(transition: number, step: step)
    }

    /// The diagram to render.
    public func diagram() -> Diagram {
        var builder = TimelineBuilder(root: root, palette: theme.palette, options: options, vocabulary: vocabulary)
        builder.collapsesUnchangedScreens = collapsesUnchangedScreens
        let longest = rows.map(\.transitions.count).max() ?? 0
        for index in 0..<longest {
            for (rowIndex, row) in rows.enumerated() where index < row.transitions.count {
                builder.addLine(
                    row.transitions[index], rowIndex: rowIndex, rowLabel: row.label, indexInRow: index,
                    countInRow: row.transitions.count)
            }
        }
        let palette = theme.palette
        let header = headerLabel(
            title: title ?? vocabulary.timelineTitle, subtitle: subtitle(), legend: builder.legend, palette: palette,
            vocabulary: vocabulary)
        return Diagram(
            name: "timeline",
            label: header,
            attributes: headerPlacement.merging([
                "rankdir": "LR",
                "bgcolor": palette.background,
                "fontname": Typography.family,
                "fontcolor": palette.text,
                "nodesep": "0.35",
                "ranksep": "0.3",
                "pad": "0.25",
                "class": "timeline-diagram",
            ]),
            nodeDefaults: [
                "shape": "plain",
                "fontname": Typography.family,
                "fontsize": String(Typography.body),
                "fontcolor": palette.text,
                "color": palette.line,
            ],
            edgeDefaults: [
                "fontname": Typography.family,
                "fontsize": String(Typography.small),
                "fontcolor": palette.text,
                "color": palette.line,
                "arrowsize": "0.8",
                "penwidth": "1.2",
            ],
            nodes: builder.nodes,
            edges: builder.edges + builder.lineOrder
        )
    }

    /// The number of screen rows drawn in full: every step's screens and its root, over all rows.
    public var screenRows: Int {
        rows.reduce(0) { total, row in
            row.transitions.reduce(total) { total, transition in
                transition.steps.reduce(total) { $0 + $1.count + 1 }
            }
        }
    }

    /// Whether this timeline is long enough that unchanged screens are collapsed (see ``Options/collapseThreshold``).
    public var collapsesUnchangedScreens: Bool { screenRows > options.collapseThreshold }

    /// `12345` as `12,345`.
    private func grouped(_ number: Int) -> String {
        var digits = String(number.magnitude)
        var position = digits.count - 3
        while position > 0 {
            digits.insert(",", at: digits.index(digits.startIndex, offsetBy: position))
            position -= 3
        }
        return (number < 0 ? "-" : "") + digits
    }

    /// The lines under the title: the root, the rules and times of each row.
    private func subtitle() -> [String] {
        var lines = vocabulary.header
        lines += ["root \(root.screen)\(root.withNavigation ? " (with navigation)" : " (no navigation)")"]
        for row in rows {
            let transitions = row.transitions
            let steps = transitions.reduce(0) { $0 + $1.steps.count }
            let total = transitions.reduce(0) { $0 + $1.estimatedSeconds }
            var rules: [String] = []
            for transition in transitions where !rules.contains(vocabulary.rules ?? transition.rules.summary) {
                rules.append(vocabulary.rules ?? transition.rules.summary)
            }
            let joinedRules = rules.joined(separator: ", ")
            var line = row.label.map { joinedRules.hasPrefix($0) ? "" : "\($0): " } ?? ""
            line += joinedRules
            line += " · \(transitions.count) transition\(transitions.count == 1 ? "" : "s"), \(steps) steps"
            line += " · total ≈ \(Vocabulary.seconds(total))"
            lines.append(line)
        }
        let rowCount = screenRows
        if rowCount > options.collapseThreshold {
            lines.append(
                "⋮ long timeline (\(grouped(rowCount)) screen rows > \(grouped(options.collapseThreshold))): "
                    + "screens unchanged since the previous step are collapsed; a step's tooltip lists its whole stack")
        }
        return lines
    }
}

/// Builds the nodes and edges of a timeline, one line per transition.
struct TimelineBuilder {
    let root: Root
    let palette: Palette
    let options: Options
    let vocabulary: DiagramVocabulary
    var nodes: [Node] = []
    var edges: [Edge] = []
    var used: Set<LegendItem> = []
    var transitionCount = 0
    /// The first node of each line (transition headers and continuation headers), top line first.
    var lineStarts: [String] = []
    /// The notation of each route drawn so far: every step repeats most of the stack before it.
    private var notations: [Route: String] = [:]
    /// Whether runs of screens unchanged since the previous step are drawn as one row.
    var collapsesUnchangedScreens = false

    typealias Options = TimelineDiagram.Options

    init(root: Root, palette: Palette, options: Options, vocabulary: DiagramVocabulary) {
        self.root = root
        self.palette = palette
        self.options = options
        self.vocabulary = vocabulary
    }

    /// The name and `id` of the node of step `step` of the transition drawn `transition`-th (from 0).
    static func stepID(transition: Int, step: Int) -> String { "t\(transition)-step-\(step)" }

    /// Invisible edges from each line's start to the next one's, which keep the lines in order top to bottom.
    ///
    /// Each line is a separate component of the graph, and with `rankdir=LR` dot stacks components last
    /// first; edges between nodes of the same rank are ordered, so these put the first line on top. They do
    /// not change ranks (`constraint=false`).
    var lineOrder: [Edge] {
        zip(lineStarts, lineStarts.dropFirst()).map { from, to in
            Edge(from: from, to: to, attributes: ["style": "invis", "constraint": "false", "class": "line-order"])
        }
    }

    /// `routes.notation`, each route's notation computed once per timeline.
    mutating func notation(of routes: [Route]) -> String {
        var text = "["
        for (index, route) in routes.enumerated() {
            if index > 0 { text += ", " }
            if let known = notations[route] {
                text += known
            } else {
                let computed = route.notation
                notations[route] = computed
                text += computed
            }
        }
        return text + "]"
    }

    /// The legend entries for what was drawn, in a fixed order.
    var legend: [LegendItem] { LegendItem.allCases.filter(used.contains) }

    mutating func addLine(_ transition: Transition, rowIndex: Int, rowLabel: String?, indexInRow: Int, countInRow: Int)
    {
        let number = transitionCount
        transitionCount += 1
        let details = vocabulary.details(at: number)
        let headerID = "t\(number)"
        lineStarts.append(headerID)
        nodes.append(
            Node(
                id: headerID,
                label: transitionHeader(
                    transition, details: details, rowLabel: rowLabel, indexInRow: indexInRow, countInRow: countInRow),
                attributes: [
                    "id": headerID,
                    "class": "transition transition-\(number) row-\(rowIndex)",
                    "shape": "box",
                    "style": "rounded,filled",
                    "fillcolor": palette.headerFill,
                    "color": palette.line,
                    "margin": "0.15,0.08",
                    "tooltip": "\(notation(of: transition.from)) → \(notation(of: transition.to))",
                ]))

        let changes = details?.changes ?? transition.changes
        var previousID = headerID
        let perLine = options.stepsPerLine > 0 ? options.stepsPerLine : Int.max
        for (stepIndex, step) in transition.steps.enumerated() {
            let stepID = Self.stepID(transition: number, step: stepIndex)
            if stepIndex > 0, stepIndex % perLine == 0 {
                // Wrap: end this line with a marker and start the next with a continuation header.
                let moreID = "\(headerID)-more-\(stepIndex)"
                nodes.append(
                    Node(
                        id: moreID,
                        label: .html(.styled("continued below ↓", size: Typography.small, color: palette.muted)),
                        attributes: ["id": moreID, "class": "continuation", "shape": "plaintext"]))
                edges.append(
                    Edge(from: previousID, to: moreID, attributes: ["style": "dotted", "class": "continuation"]))
                let continuedID = "\(headerID)-continued-\(stepIndex)"
                lineStarts.append(continuedID)
                let title = transition.action ?? "change"
                nodes.append(
                    Node(
                        id: continuedID,
                        label: .html(
                            .lines([
                                .styled("↪ " + truncated(title, limit: 40), size: Typography.heading, bold: true),
                                .styled("continued from step \(stepIndex - 1)", size: Typography.small),
                            ])),
                        attributes: [
                            "id": continuedID, "class": "continuation transition-\(number)", "shape": "box",
                            "style": "rounded,dashed", "fontcolor": palette.muted,
                        ]))
                previousID = continuedID
            }
            let removedByNext = stepIndex + 1 < changes.count ? Set(changes[stepIndex + 1].removed) : []
            let change = changes[stepIndex]
            // The first step of each row stays whole, so the reader sees every screen once.
            let isFirstOfRow = indexInRow == 0 && stepIndex == 0
            let previous = stepIndex == 0 ? transition.from : transition.steps[stepIndex - 1]
            nodes.append(
                Node(
                    id: stepID,
                    label: stepLabel(
                        step, index: stepIndex, transition: transition, added: Set(change.added),
                        removed: removedByNext, updated: Set(change.updated),
                        annotations: details?.annotations[stepIndex] ?? .none,
                        unchangedSince: collapsesUnchangedScreens && !isFirstOfRow ? previous : nil),
                    attributes: [
                        "id": stepID,
                        "class": "step step-\(stepIndex) transition-\(number)",
                        "tooltip": "step \(stepIndex): \(notation(of: step))",
                    ]))
            edges.append(operationEdge(from: previousID, to: stepID, change: change, transition: transition, stepIndex))
            previousID = stepID
        }
    }

    /// The edge into a step, labelled with what the step does; the edge into step 0 is labelled only if it
    /// changes something.
    private mutating func operationEdge(
        from: String, to: String, change: StepChange, transition: Transition, _ stepIndex: Int
    ) -> Edge {
        var lines: [HTML] = []
        if stepIndex > 0 || change.kind != .none {
            lines += wrapped((transition.nestedCoordinator.map { "\($0): " } ?? "") + change.summary, width: 26).map {
                .styled($0, size: Typography.small, color: palette.text)
            }
        }
        if transition.isDelayed(step: stepIndex) {
            used.insert(.delay)
            lines.append(
                .styled(
                    "◷ after \(Vocabulary.seconds(Transition.stepDelay))", size: Typography.small,
                    color: palette.delay, bold: true))
        }
        var attributes: Attributes = ["class": lines.isEmpty ? "start" : "operation"]
        if !lines.isEmpty { attributes["tooltip"] = change.summary }
        return Edge(from: from, to: to, label: lines.isEmpty ? nil : .html(.lines(lines)), attributes: attributes)
    }

    /// The header of a transition's line: the action, the rules, the number of steps and the time.
    private mutating func transitionHeader(
        _ transition: Transition, details: TransitionDetails?, rowLabel: String?, indexInRow: Int, countInRow: Int
    ) -> Label {
        var lines: [HTML] = []
        if let rowLabel {
            lines.append(
                .styled(truncated(rowLabel, limit: 40), size: Typography.body, color: palette.accent, bold: true))
        }
        if let coordinator = transition.coordinator {
            lines.append(
                .styled(
                    "in " + truncated(coordinator, limit: 40), size: Typography.small, color: palette.childLine,
                    bold: true))
        }
        let first = options.firstTransitionNumber
        let position = countInRow > 1 || first != 1 ? "\(first + indexInRow). " : ""
        if let action = transition.action {
            lines += wrapped(position + truncated(action, limit: 90), width: 34).map {
                .styled($0, size: Typography.body, color: palette.text, bold: true)
            }
        } else if rowLabel == nil {
            lines.append(.styled(position + "change", size: Typography.body, color: palette.text, bold: true))
        }
        lines.append(
            .styled(vocabulary.rules ?? transition.rules.summary, size: Typography.small, color: palette.muted))
        let count = transition.steps.count
        var timing =
            transition.isSynchronous
            ? "\(count) step\(count == 1 ? "" : "s") · synchronous · 0 s"
            : "\(count) steps · delayed · ≈ \(Vocabulary.seconds(transition.estimatedSeconds))"
        if details != nil {
            timing = count == 1 ? "no change · 0 s" : "before → after · one update · 0 s"
        }
        lines.append(.styled(timing, size: Typography.small, color: palette.text))
        let from = details?.from ?? notation(of: transition.from)
        let to = details?.to ?? notation(of: transition.to)
        lines.append(.styled("from " + truncated(from, limit: 48), size: Typography.tiny, color: palette.muted))
        lines.append(.styled("to " + truncated(to, limit: 48), size: Typography.tiny, color: palette.muted))
        return .html(.lines(lines, align: "left"))
    }

    /// One step's column: a header, then each presentation layer (top first) with its screens (top first).
    private mutating func stepLabel(
        _ step: [Route], index: Int, transition: Transition, added: Set<Int>, removed: Set<Int>, updated: Set<Int>,
        annotations: StateAnnotations, unchangedSince previous: [Route]? = nil
    ) -> Label {
        if let nested = nestedStepLabel(
            step, index: index, transition: transition, added: added, removed: removed, updated: updated)
        {
            return nested
        }
        let root = transition.nesting?.root ?? root
        let layers = step.presentationLayers(rootHasNavigation: root.withNavigation)
        let problems = Dictionary(
            step.problems(rootHasNavigation: root.withNavigation).map { ($0.index, $0.reason) },
            uniquingKeysWith: { first, _ in first })
        let isLast = index == transition.steps.count - 1

        var headerText: [HTML] = [
            .styled("step \(index)", size: Typography.heading, color: palette.text, bold: true)
        ]
        if transition.isDelayed(step: index) {
            headerText.append(
                .styled(
                    "  ◷ +\(Vocabulary.seconds(Transition.stepDelay))", size: Typography.heading, color: palette.delay,
                    bold: true))
        }
        if isLast {
            headerText.append(.styled("  · end", size: Typography.small, color: palette.muted))
        }
        var rows: [[HTMLCell]] = [
            [
                HTMLCell(
                    .concat(headerText),
                    attributes: ["bgcolor": palette.headerFill, "align": "left", "cellpadding": "4"])
            ]
        ]

        for layer in layers.reversed() {
            if layer.hasNavigation { used.insert(.navigation) }
            let layerTitle = vocabulary.layerTitle(layer)
            let layerText =
                (vocabulary.capitalizesLayerTitles ? layerTitle.uppercased() : layerTitle) + "   "
                + vocabulary.navigation(layer.hasNavigation)
            var headerAttributes: Attributes = ["align": "left"]
            if layer.hasNavigation { headerAttributes["bgcolor"] = palette.navigationBand }
            rows.append([
                HTMLCell(
                    .styled(
                        layerText, size: Typography.tiny, color: layer.hasNavigation ? palette.text : palette.muted,
                        bold: true),
                    attributes: headerAttributes)
            ])
            // Screens kept unchanged from the previous step, not yet drawn (only when collapsing).
            var unchanged: [Int] = []
            for (position, routeIndex) in layer.routeIndices.reversed().enumerated() {
                let isAdded = added.contains(routeIndex)
                let isRemoved = removed.contains(routeIndex)
                let isUpdated = updated.contains(routeIndex)
                let notes = annotations.notes[routeIndex] ?? []
                if let previous, position >= Options.keptTopScreens, routeIndex < previous.count,
                    previous[routeIndex] == step[routeIndex], !isAdded, !isRemoved, !isUpdated,
                    problems[routeIndex] == nil, notes.isEmpty
                {
                    unchanged.append(routeIndex)
                    continue
                }
                rows += unchangedRows(unchanged, of: step)
                unchanged = []
                rows += routeRows(
                    step[routeIndex], index: routeIndex, isAdded: isAdded, isRemoved: isRemoved, isUpdated: isUpdated,
                    problem: problems[routeIndex], notes: notes)
            }
            rows += unchangedRows(unchanged, of: step)
            if layer.index == 0 {
                var rootText = HTML.text(root.screen)
                if let notes = annotations.notes[-1] {
                    rootText = .concat([rootText, noteText(notes)])
                }
                rows.append([HTMLCell(rootText, attributes: ["align": "left", "bgcolor": palette.pushFill])])
            }
        }
        for line in annotations.lines.flatMap({ wrapped($0, width: 64) }) {
            rows.append([
                HTMLCell(
                    .styled(line, size: Typography.tiny, color: palette.muted),
                    attributes: ["align": "left"])
            ])
        }
        return .html(.table(roundedTable(rows, color: palette.line, fill: palette.layerFill)))
    }

    /// The rounded box of a step (or of a child's part of it): no cell borders, 2 pt between rows.
    func roundedTable(_ rows: [[HTMLCell]], border: Int = 1, color: String, fill: String) -> HTMLTable {
        HTMLTable(
            attributes: [
                "border": "\(border)", "cellborder": "0", "cellspacing": "2", "cellpadding": "3", "style": "rounded",
                "color": color, "bgcolor": fill,
            ],
            rows: rows)
    }

    /// The row of one route: its screen with the added, removed, updated or invalid marker.
    ///
    /// Only a presenting route is tagged with its kind: every other route of a layer is a push, and the layer's
    /// header names the kind too. Text in the node's default font needs no `<FONT>`: with thousands of steps,
    /// every text span Graphviz measures costs layout time.
    mutating func routeRows(
        _ route: Route, index: Int, isAdded: Bool, isRemoved: Bool, isUpdated: Bool, problem: String?,
        notes: [String] = []
    ) -> [[HTMLCell]] {
        var cell: Attributes = ["align": "left"]
        switch route.style {
        case .push: cell["bgcolor"] = palette.pushFill
        case .sheet: cell["bgcolor"] = palette.sheetFill
        case .cover: cell["bgcolor"] = palette.coverFill
        }
        var screen: HTML
        if isAdded {
            used.insert(.added)
            cell["border"] = "2"
            cell["color"] = palette.added
            cell["bgcolor"] = palette.addedFill
            screen = .bold(.text("+ " + route.screen))
        } else if isRemoved {
            used.insert(.removed)
            cell["border"] = "1"
            cell["style"] = "dashed"
            cell["color"] = palette.removed
            cell["bgcolor"] = palette.layerFill
            screen = .styled("− " + route.screen, size: Typography.body, color: palette.muted, strikethrough: true)
        } else if isUpdated {
            used.insert(.updated)
            screen = .styled("↻ " + route.screen, color: palette.updated)
        } else {
            screen = .text(route.screen)
        }
        if route.isPresented {
            let kindName = vocabulary.presentedKind(of: route.style)
            let kind = kindName + (route.withNavigation ? " ☰" : "")
            screen = .concat([screen, .styled("  " + kind, size: Typography.tiny, color: palette.muted)])
        }
        if !notes.isEmpty {
            screen = .concat([screen, noteText(notes)])
        }
        if problem != nil {
            used.insert(.invalid)
            cell["border"] = "2"
            cell["style"] = "dashed"
            cell["color"] = palette.error
            cell["bgcolor"] = palette.errorFill
            screen = .concat([.styled("⚠ ", color: palette.error, bold: true), screen])
        }
        var rows: [[HTMLCell]] = [[HTMLCell(screen, attributes: cell)]]
        if let problem {
            rows.append([
                HTMLCell(
                    .lines(
                        wrapped(problem, width: 40).map { .styled($0, size: Typography.tiny, color: palette.error) },
                        align: "left"),
                    attributes: ["align": "left"])
            ])
        }
        return rows
    }

    /// The rows of a run of screens a step keeps unchanged from the step before: one `⋮ N unchanged screens`
    /// row for a long run, else each screen as usual.
    private mutating func unchangedRows(_ run: [Int], of step: [Route]) -> [[HTMLCell]] {
        guard run.count >= Options.minimumCollapsedRun else {
            return run.flatMap { routeIndex in
                routeRows(
                    step[routeIndex], index: routeIndex, isAdded: false, isRemoved: false, isUpdated: false,
                    problem: nil)
            }
        }
        return [
            [
                HTMLCell(
                    .styled("⋮ \(run.count) unchanged screens", size: Typography.tiny, color: palette.muted),
                    attributes: ["align": "left"])
            ]
        ]
    }

    /// Notes of a screen (its id, alert, modals) after its name, small and in the accent colour.
    private func noteText(_ notes: [String]) -> HTML {
        .styled("  " + notes.joined(separator: " · "), size: Typography.tiny, color: palette.accent, bold: true)
    }
}
