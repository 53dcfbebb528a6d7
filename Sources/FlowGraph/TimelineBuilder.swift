import FlowModel
import Graphviz

/// Builds the nodes and edges of a timeline: prepares each transition's header and step boxes, then places them
/// on lines that fit the width allowed.
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
    /// Whether the first and last steps of transitions fold unchanged screens too.
    var collapsesUnchangedScreens = false
    /// The widest the columns may be together, in points; `nil` never wraps.
    var budget: Double?

    typealias Options = TimelineDiagram.Options

    init(root: Root, palette: Palette, options: Options, vocabulary: DiagramVocabulary) {
        self.root = root
        self.palette = palette
        self.options = options
        self.vocabulary = vocabulary
    }

    /// One transition of one row, ready to be placed: its header and the boxes of the steps it draws.
    struct Member {
        var number: Int
        var rowIndex: Int
        var rowLabel: String?
        var transition: Transition
        var title: String
        var header: Node
        var headerWidth: Double
        var steps: [PreparedStep]
    }

    /// One step's box and the moment it is applied.
    struct PreparedStep {
        var index: Int
        /// The running time in hundredths of a second, and which step at that moment it is (0 for the first).
        var slot: Slot
        var node: Node
        var width: Double
        var summary: String
    }

    /// A column of the shared time axis: a moment, and the position among the steps applied at it.
    struct Slot: Hashable, Comparable {
        var time: Int
        var order: Int

        static func < (lhs: Slot, rhs: Slot) -> Bool {
            (lhs.time, lhs.order) < (rhs.time, rhs.order)
        }
    }

    /// Whether a transition's step 0 is drawn: not when it changes nothing and equals the previous
    /// transition's end, which is drawn just before.
    static func drawsStepZero(of transition: Transition, after previous: Transition?, changes: [StepChange]?) -> Bool {
        guard let previous, transition.steps.count > 1, let end = previous.steps.last else { return true }
        if (changes ?? transition.changes).first?.kind != StepChange.Kind.none { return true }
        // With nested FlowStacks the whole hierarchy tells (successive transitions may act in different
        // coordinators); else the routes.
        if let first = transition.nesting?.hierarchies.first, let last = previous.nesting?.hierarchies.last {
            return first != last
        }
        return transition.steps[0] != end
    }

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

    /// A step's routes as the library writes them (`TransitionDetails.stepNotations`), else in FlowStacks'
    /// route notation.
    private mutating func stepNotation(_ step: [Route], index: Int, details: TransitionDetails?) -> String {
        if let notations = details?.stepNotations, notations.indices.contains(index) {
            return "[" + notations[index].joined(separator: ", ") + "]"
        }
        return notation(of: step)
    }

    /// The legend entries for what was drawn, in a fixed order.
    var legend: [LegendItem] { LegendItem.allCases.filter(used.contains) }

    /// The header and step boxes of one transition of one row.
    mutating func prepare(
        _ transition: Transition, previous: Transition?, rowIndex: Int, rowLabel: String?, indexInRow: Int,
        countInRow: Int
    ) -> Member {
        let number = transitionCount
        transitionCount += 1
        let details = vocabulary.details(at: number)
        let changes = details?.changes ?? transition.changes
        let headerID = "t\(number)"
        let headerLabel = transitionHeader(
            transition, details: details, changes: changes, rowLabel: rowLabel, indexInRow: indexInRow,
            countInRow: countInRow)
        let header = Node(
            id: headerID, label: .html(headerLabel),
            attributes: [
                "id": headerID,
                "class": "transition transition-\(number) row-\(rowIndex)",
                "shape": "box",
                "style": "rounded,filled",
                "fillcolor": palette.headerFill,
                "color": palette.line,
                // Wider than the text by a few points each side: browsers draw "…" and tiny text a little
                // wider than Graphviz measures them.
                "margin": "0.16,0.06",
                "tooltip": details.map { "\($0.from) → \($0.to)" }
                    ?? "\(notation(of: transition.from)) → \(notation(of: transition.to))",
            ])
        let drawsZero = Self.drawsStepZero(of: transition, after: previous, changes: changes)
        var steps: [PreparedStep] = []
        var perMoment: [Int: Int] = [:]
        for (stepIndex, step) in transition.steps.enumerated() where stepIndex > 0 || drawsZero {
            let stepID = "\(headerID)-step-\(stepIndex)"
            let change = changes.indices.contains(stepIndex) ? changes[stepIndex] : StepChange(from: step, to: step)
            let before = stepIndex == 0 ? transition.from : transition.steps[stepIndex - 1]
            // The first and last step drawn show the whole stack; a very long timeline folds them too, except
            // the first step of each row, so the reader sees every screen once.
            let isEdge = steps.isEmpty || stepIndex == transition.steps.count - 1
            let isFirstOfRow = indexInRow == 0 && steps.isEmpty
            let folds = !isEdge || (collapsesUnchangedScreens && !isFirstOfRow)
            let elapsed = transition.elapsed(atStep: stepIndex)
            let label = stepLabel(
                step, index: stepIndex, transition: transition, change: change, before: before,
                annotations: details?.annotations[stepIndex] ?? .none, folds: folds, elapsed: elapsed)
            let time = Int((elapsed * 100).rounded())
            let order = perMoment[time, default: 0]
            perMoment[time] = order + 1
            steps.append(
                PreparedStep(
                    index: stepIndex, slot: Slot(time: time, order: order),
                    node: Node(
                        id: stepID, label: .html(label),
                        attributes: [
                            "id": stepID,
                            "class": "step step-\(stepIndex) transition-\(number)",
                            "tooltip": "step \(stepIndex): \(stepNotation(step, index: stepIndex, details: details))",
                        ]),
                    width: LabelWidth.of(label), summary: change.summary))
        }
        return Member(
            number: number, rowIndex: rowIndex, rowLabel: rowLabel, transition: transition,
            title: transition.action ?? "change", header: header,
            // The node's margins (0.16 in each side) and its border.
            headerWidth: LabelWidth.of(headerLabel) + 2 * 11.5 + 2, steps: steps)
    }

    /// The widths of the moments (columns of the shared time axis) of transitions placed together, in order.
    static func slotWidths(_ members: [Member]) -> [(slot: Slot, width: Double)] {
        var widths: [Slot: Double] = [:]
        for member in members {
            for step in member.steps { widths[step.slot] = max(widths[step.slot] ?? 0, step.width) }
        }
        return widths.keys.sorted().map { ($0, widths[$0] ?? 0) }
    }

    /// The most step columns a line may hold for the whole drawing to fit ``budget``: every line shares dot's
    /// columns, so column `k` is as wide as the widest box any line puts there. `Int.max` without a budget;
    /// at least 1.
    func columnsPerLine(_ groups: [[Member]]) -> Int {
        guard let budget else { return .max }
        let slots = groups.map { Self.slotWidths($0).map(\.width) }
        let headers = groups.flatMap { $0.map(\.headerWidth) }.max() ?? 0
        let longest = slots.map(\.count).max() ?? 0
        var perLine = longest
        while perLine > 1 {
            var columns = [Double](repeating: 0, count: perLine)
            for widths in slots {
                for (index, width) in widths.enumerated() where width > columns[index % perLine] {
                    columns[index % perLine] = width
                }
            }
            if Self.total([headers] + columns) <= budget { break }
            perLine -= 1
        }
        return max(1, perLine)
    }

    /// Places the transitions of the same position in every row: their steps on the shared time axis, in lines
    /// of at most `perLine` columns, each span of every row one under the other.
    mutating func place(_ members: [Member], perLine: Int) {
        let slots = Self.slotWidths(members)
        var spans: [[Slot]] = [[]]
        for (slot, _) in slots {
            if spans[spans.count - 1].count >= perLine { spans.append([]) }
            spans[spans.count - 1].append(slot)
        }

        for (spanIndex, span) in spans.enumerated() {
            let columns = Dictionary(uniqueKeysWithValues: span.enumerated().map { ($1, $0 + 1) })
            for member in members {
                let steps = member.steps.filter { columns[$0.slot] != nil }
                if spanIndex > 0, steps.isEmpty { continue }
                var previousID: String
                if spanIndex == 0 {
                    nodes.append(member.header)
                    previousID = member.header.id
                } else {
                    let first = steps[0]
                    let continued = continuationHeader(member, from: first)
                    nodes.append(continued)
                    previousID = continued.id
                }
                lineStarts.append(previousID)
                var previousColumn = 0
                for step in steps {
                    let column = columns[step.slot] ?? previousColumn + 1
                    nodes.append(step.node)
                    var attributes: Attributes = [
                        "class": previousColumn == 0 ? "start" : "operation", "tooltip": step.summary,
                    ]
                    if column - previousColumn > 1 { attributes["minlen"] = String(column - previousColumn) }
                    edges.append(Edge(from: previousID, to: step.node.id, attributes: attributes))
                    previousID = step.node.id
                    previousColumn = column
                }
            }
        }
    }

    /// The width of columns side by side with the gaps between them.
    static func total(_ widths: [Double]) -> Double {
        widths.reduce(0, +) + Double(max(0, widths.count - 1)) * 72 * TimelineDiagram.columnGap
    }

    /// The start of a line that continues a transition: its row, its action and the step it continues from.
    private func continuationHeader(_ member: Member, from step: PreparedStep) -> Node {
        let id = "t\(member.number)-continued-\(step.index)"
        var lines: [HTML] = []
        if let label = member.rowLabel {
            lines.append(
                .styled(truncated(label, limit: 24), size: Typography.heading, color: palette.accent, bold: true))
        }
        lines.append(.styled("↪ " + truncated(member.title, limit: 24), size: Typography.heading, bold: true))
        lines.append(
            .styled(
                "continued from step \(step.index - 1)", size: Typography.small, color: palette.muted))
        return Node(
            id: id, label: .html(.lines(lines, align: "left")),
            attributes: [
                "id": id, "class": "continuation transition-\(member.number)", "shape": "box",
                "style": "rounded,dashed", "margin": "0.1,0.06",
            ])
    }

    /// The header of a transition's line: the action, the rules, the updates and the time, where the states
    /// before and after differ.
    private mutating func transitionHeader(
        _ transition: Transition, details: TransitionDetails?, changes: [StepChange], rowLabel: String?,
        indexInRow: Int, countInRow: Int
    ) -> HTML {
        var lines: [HTML] = []
        if let rowLabel {
            lines.append(
                .styled(truncated(rowLabel, limit: 24), size: Typography.body, color: palette.accent, bold: true))
        }
        if let coordinator = transition.coordinator {
            lines.append(
                .styled(
                    "in " + truncated(coordinator, limit: 30), size: Typography.small, color: palette.childLine,
                    bold: true))
        }
        let first = options.firstTransitionNumber
        let position = countInRow > 1 || first != 1 ? "\(first + indexInRow). " : ""
        if let action = transition.action {
            lines += wrapped(position + truncated(action, limit: 60), width: 20).map {
                .styled($0, size: Typography.heading, color: palette.text, bold: true)
            }
        } else if rowLabel == nil {
            lines.append(.styled(position + "change", size: Typography.heading, color: palette.text, bold: true))
        }
        lines += wrapped(vocabulary.rules ?? transition.rules.summary, width: 30).map {
            .styled($0, size: Typography.tiny, color: palette.muted)
        }
        let updates = transition.updates
        let count = "\(updates) update\(updates == 1 ? "" : "s")"
        let timing =
            updates == 0
            ? "no change"
            : transition.isSynchronous
                ? "\(count) · at once · 0 s" : "\(count) · \(Vocabulary.seconds(transition.estimatedSeconds)) in all"
        lines.append(.styled(timing, size: Typography.small, color: palette.text, bold: true))
        let shown: (from: String, to: String)
        if let details {
            shown = Self.difference(details.from, details.to)
        } else {
            shown = difference(transition.from, transition.to)
        }
        lines.append(.styled("from " + truncated(shown.from, limit: 30), size: Typography.tiny, color: palette.muted))
        lines.append(.styled("to " + truncated(shown.to, limit: 30), size: Typography.tiny, color: palette.muted))
        return .lines(lines, align: "left")
    }

    /// The notations of two stacks from where they differ: the routes they share first are said once, as
    /// `…2 kept,`.
    private mutating func difference(_ from: [Route], _ to: [Route]) -> (from: String, to: String) {
        let kept = zip(from, to).prefix { $0 == $1 }.count
        guard kept > 0 else { return (notation(of: from), notation(of: to)) }
        let prefix = "[…\(kept) kept"
        func rest(_ routes: [Route]) -> String {
            routes.count == kept ? prefix + "]" : prefix + ", " + notation(of: Array(routes[kept...])).dropFirst()
        }
        return (rest(from), rest(to))
    }

    /// Two states in a library's notation from where they differ: a shared beginning up to a `, ` is cut to `…`.
    static func difference(_ from: String, _ to: String) -> (from: String, to: String) {
        let from = Array(from)
        let to = Array(to)
        let shared = zip(from, to).prefix { $0 == $1 }.count
        var cut = shared - 2
        while cut > 8, !(from[cut] == "," && from[cut + 1] == " ") { cut -= 1 }
        guard cut > 8 else { return (String(from), String(to)) }
        let opening = String(from[0])
        return (opening + "…, " + String(from[(cut + 2)...]), opening + "…, " + String(to[(cut + 2)...]))
    }
}
