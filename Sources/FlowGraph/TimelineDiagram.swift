import FlowModel
import Graphviz

/// A drawing of one or more transitions as the story of the change, read top to bottom: the stack before
/// (once), each moment the app redraws, the stack after (once).
///
/// Rule sets compared (``Row``) stand in one column each, time going down, moments at the same running time on
/// the same row; one rule set is one left-aligned column. A moment says when it is applied (its running time,
/// `◷` when it waited FlowStacks' delay, and which update it is), what it does in words, the layers it changes
/// (numbered as the screen stacks them, across nested coordinators) with the screens it removes (struck,
/// `removed`) and adds (`new`), one line for the layers below that it keeps, and what is on screen. Step 0,
/// which FlowStacks assigns in the same turn as step 1, is part of the first moment. Where rule sets part,
/// the first moment that differs is marked and a line under the title says how.
///
/// The natural width is at most ``Options/width`` pixels, so the drawing is shown 1:1 there; text wraps
/// inside its column, never cut. Each moment is one node with an HTML-like table label, `id`
/// `t<transition>-step-<last step>` and `class` `step moment step-<last step> transition-<transition>
/// row-<rule set>` (``stepNodeIDs()`` maps every step to its moment); the stacks are `before` and `after`,
/// the rule sets' headers `column-<n>`.
public struct TimelineDiagram: Sendable {
    /// One row of transitions, e.g. the same change under one platform's rules.
    public struct Row: Sendable {
        /// The row's name shown in each of its transition headers, e.g. `iOS 16`; `nil` for none.
        public var label: String?
        /// The row's transitions, in order.
        public var transitions: [PlanTransition]
        /// What each transition is in a comparison of two versions, in the order of ``transitions``; empty when
        /// the row compares nothing.
        public var marks: [TransitionMark]

        /// Creates a row.
        public init(label: String? = nil, transitions: [PlanTransition], marks: [TransitionMark] = []) {
            self.label = label
            self.transitions = transitions
            self.marks = marks
        }

        /// The mark of transition `index`, if the row has marks.
        func mark(at index: Int) -> TransitionMark? { marks.indices.contains(index) ? marks[index] : nil }

        /// The transitions the row plays: every one, or in a comparison the head's (not those marked removed).
        var played: [PlanTransition] {
            transitions.indices.filter { mark(at: $0) != .removed }.map { transitions[$0] }
        }

        /// Its updates and seconds, `2 updates` and `0.65 s`, each followed by the base's in a comparison
        /// where they differ: `2 updates (was 4)`.
        func figures() -> (updates: String, seconds: String) {
            let played = played
            let updates = played.reduce(0) { $0 + $1.updates }
            let seconds = played.estimatedSeconds
            var texts = (counted(updates, "update"), PlanTransition.secondsText(seconds))
            guard !marks.isEmpty else { return texts }
            // The base's: what it kept, what it lost and what it had where the head changed it.
            let base = transitions.indices.compactMap { index -> PlanTransition? in
                switch mark(at: index) {
                case .added: nil
                case .changed(let from): from
                default: transitions[index]
                }
            }
            let wasUpdates = base.reduce(0) { $0 + $1.updates }
            let wasSeconds = base.estimatedSeconds
            if wasUpdates != updates { texts.0 += " (was \(wasUpdates))" }
            if wasSeconds != seconds { texts.1 += " (was \(PlanTransition.secondsText(wasSeconds)))" }
            return texts
        }
    }

    /// Choices about the layout that do not change what is drawn.
    public struct Options: Hashable, Codable, Sendable {
        /// The width in CSS pixels the diagram will be shown at (a README, a pull request: 880); lines wrap so
        /// that body text is at least ``minimumBodyPixels`` there. `0` never wraps.
        public var width: Int
        /// The number shown for each row's first transition; more than 1 when this timeline is one page of a
        /// longer one, so headers keep the whole plan's numbering.
        public var firstTransitionNumber: Int
        /// The most screen rows (every step's screens and root, summed over the timeline) before the first and
        /// last steps of transitions fold unchanged screens too.
        ///
        /// Steps between a transition's first and last always fold each run of ``minimumCollapsedRun`` or more
        /// screens they keep unchanged into one row, `⋮ 34 unchanged`; a longer timeline folds its transitions'
        /// first and last steps the same way (except the very first step of each row) and says so in its
        /// header. Every step's tooltip lists its whole stack. `Int.max` draws every first and last step whole.
        public var collapseThreshold: Int

        /// The default ``width``: 880 px, the width of a README or pull request on GitHub.
        public static let defaultWidth = 880
        /// The smallest size body text (screen names, 14 pt) may be shown at, in CSS pixels.
        public static let minimumBodyPixels = 11.0
        /// The default ``collapseThreshold``: 10,000 screen rows.
        public static let defaultCollapseThreshold = 10_000
        /// The fewest unchanged screens in a row that are folded into one row.
        public static let minimumCollapsedRun = 2

        /// Creates options; by default lines fit 880 px, transitions are numbered from 1, and timelines of more
        /// than 10,000 screen rows fold every step.
        public init(
            width: Int = Options.defaultWidth, firstTransitionNumber: Int = 1,
            collapseThreshold: Int = Options.defaultCollapseThreshold
        ) {
            self.width = width
            self.firstTransitionNumber = firstTransitionNumber
            self.collapseThreshold = collapseThreshold
        }

        /// The widest a diagram may be laid out, in points, for it to be shown 1:1 at ``width`` (`width` px is
        /// `width · 3/4` pt), so every text keeps its own size; `nil` when lines never wrap.
        public var maximumPoints: Double? {
            width > 0 ? Double(width) * 0.75 : nil
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
    public var vocabulary: DiagramWords
    /// Lines about the deep link the plan resolved (its URL, the rule that matched, the captures), drawn under
    /// the title; empty for none.
    public var deepLinkLines: [String] = []
    /// A line under the title saying what the marks of a comparison mean (``TimelineComparison``); `nil` for
    /// none.
    public var comparisonLine: String?
    /// A line drawn in the stack before, e.g. what the base of a `flowgraph diff` started with; `nil` for none.
    public var startNote: String?
    /// A line drawn in the stack after, e.g. what the base of a `flowgraph diff` ended with; `nil` for none.
    public var endNote: String?

    /// Creates a timeline of transitions drawn one after another.
    public init(
        title: String?, root: Root, transitions: [PlanTransition], theme: Theme = .light,
        vocabulary: DiagramWords = .flowStacks
    ) {
        self.init(
            title: title, root: root, rows: [Row(transitions: transitions)], theme: theme, vocabulary: vocabulary)
    }

    /// Creates a timeline of several rows, e.g. the same change under several platform rules, one row each.
    public init(
        title: String?, root: Root, rows: [Row], theme: Theme = .light, options: Options = Options(),
        vocabulary: DiagramWords = .flowStacks
    ) {
        self.title = title
        self.root = root
        self.rows = rows
        self.theme = theme
        self.options = options
        self.vocabulary = vocabulary
    }

    /// The graph's `pad` on each side, in inches.
    static let padding = 0.2

    /// The diagram to render.
    public func diagram() -> Diagram {
        let palette = theme.palette
        var builder = TimelineBuilder(root: root, palette: palette, options: options, vocabulary: vocabulary)
        builder.collapsesUnchangedScreens = collapsesUnchangedScreens
        (builder.startNote, builder.endNote) = (startNote, endNote)
        // Room for the columns: the width allowed, less 4 % for what the width estimates miss, less the padding.
        let budget = options.maximumPoints.map { $0 * 0.96 - 2 * 72 * Self.padding }
        builder.build(rows, budget: budget)
        var subtitle = subtitle()
        if let difference = builder.differenceLine { subtitle.append(difference) }
        // What each symbol means is said once, at the foot, under the stack after.
        let legend = builder.legend.filter { $0 != .added && $0 != .removed }
        if !legend.isEmpty, builder.nodes.contains(where: { $0.id == "after" }) {
            let text = "legend: " + legend.map { $0.caption(vocabulary) }.joined(separator: " · ")
            let lines = (budget.map { wrappedToWidth(text, points: $0 * 0.7, size: Typography.small) } ?? [text]).map {
                HTML.styled($0, size: Typography.small, color: palette.muted)
            }
            builder.nodes.append(
                Node(id: "legend", label: .html(.lines(lines, align: "left")), attributes: ["class": "legend"]))
            builder.edges.append(Edge(from: "after", to: "legend", attributes: ["style": "invis"]))
        }
        let header = headerLabel(
            title: title ?? vocabulary.timelineTitle, subtitle: subtitle, legend: [], palette: palette,
            vocabulary: vocabulary, width: budget, titleLines: 2)
        return Diagram(
            name: "timeline",
            label: header,
            attributes: headerPlacement.merging([
                "rankdir": "TB",
                "bgcolor": palette.background,
                "fontname": Typography.family,
                "fontcolor": palette.text,
                "nodesep": String(TimelineBuilder.columnGap / 72),
                "ranksep": "0.09",
                "pad": String(Self.padding),
                "class": "timeline-diagram",
            ]),
            nodeDefaults: [
                "shape": "plain",
                "fontname": Typography.family,
                "fontsize": String(TimelineBuilder.screenSize),
                "fontcolor": palette.text,
                "color": palette.line,
            ],
            edgeDefaults: [
                "color": palette.line,
                "arrowsize": "0.6",
                "penwidth": "1",
            ],
            nodes: builder.nodes,
            edges: builder.edges,
            subgraphs: builder.subgraphs
        )
    }

    /// The name of the node that draws step `step` of transition `transition` of row `row` (see
    /// ``stepNodeIDs()``); the HTML player reads it back from the `Diagram` as the node's element id.
    public func stepNodeID(row: Int, transition: Int, step: Int) -> String {
        stepNodeIDs()[row][transition][step]
    }

    /// The id of the diagram node that shows each step: `[rule set][transition][step]`.
    ///
    /// Each moment is one node, `t<n>-step-<k>` after its last step `k`, `n` counting transitions in the order
    /// they are drawn (transition `j` of every row before `j + 1`); step 0, which FlowStacks applies together
    /// with step 1, is in step 1's node. Ids do not depend on ``Options/width``.
    public func stepNodeIDs() -> [[[String]]] {
        let builder = TimelineBuilder(root: root, palette: theme.palette, options: options, vocabulary: vocabulary)
        var ids: [[[String]]] = rows.map { _ in [] }
        let table = builder.entries(rows)
        let compares = TimelineBuilder.compares(rows)
        let parting = compares ? nil : builder.firstDifference(table)
        for (index, entries) in table.enumerated() {
            // A moment every rule set shares (before they part) is drawn once, as the first column's.
            let first = entries.compactMap { $0 }.first
            for (column, entry) in entries.enumerated() {
                guard let entry else { continue }
                var steps = entry.transition.steps.indices.map { _ in "" }
                for (position, moment) in entry.moments.enumerated() {
                    let shared =
                        rows.count > 1 && !compares
                        && TimelineBuilder.isShared(transition: index, position: position, before: parting)
                    let number = shared ? first?.number ?? entry.number : entry.number
                    for step in moment.steps where steps.indices.contains(step) {
                        steps[step] = "t\(number)-step-\(moment.lastStep)"
                    }
                }
                ids[column].append(steps)
            }
        }
        return ids
    }

    /// The number of screen rows of every step drawn whole: every step's screens and its root, over all rows.
    public var screenRows: Int {
        rows.reduce(0) { total, row in
            row.transitions.reduce(total) { total, transition in
                transition.steps.reduce(total) { $0 + $1.count + 1 }
            }
        }
    }

    /// Whether this timeline is long enough that every step folds unchanged screens
    /// (see ``Options/collapseThreshold``).
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

    /// What of `rules` (`SwiftfulRouting · one update per router call`) the header has not `said` already: the
    /// library's name and the rule each left out once said.
    static func unsaid(_ rules: String, in said: String) -> String {
        rules.components(separatedBy: " · ").filter { !said.contains($0) }.joined(separator: " · ")
    }

    /// The lines under the title: the library, the deep link, the root, the rules, updates and time of each row.
    private func subtitle() -> [String] {
        // The deep link, the rule it matched and what it captured on one line (wrapped when long): the header
        // takes two lines where it can.
        var lines = vocabulary.header + (deepLinkLines.isEmpty ? [] : [deepLinkLines.joined(separator: " · ")])
        let navigation = root.withNavigation ? vocabulary.rootNavigationNote : vocabulary.rootPlainNote
        // Compared rule sets draw the root in the stack before them (`ROOT LAYER ☰ Shop`); one rule set says it
        // on the line of its rules.
        // The library's own header may already say the root (`NavigationStackView(…) { Home }`), the library
        // and its rules: the line of the rules leaves out what it says.
        let said = vocabulary.header.joined(separator: " · ")
        let rootWords =
            said.contains("{ \(root.screen) }") ? nil : "root \(root.screen) (\(navigation))"
        // Compared rule sets say their updates and time in their columns' headers.
        for row in rows where rows.count == 1 {
            let transitions = row.played
            let figures = row.figures()
            var rules: [String] = []
            for transition in transitions where !rules.contains(vocabulary.rules ?? transition.rules.summary) {
                rules.append(vocabulary.rules ?? transition.rules.summary)
            }
            let joinedRules = rules.map { Self.unsaid($0, in: said) }.filter { !$0.isEmpty }.joined(separator: ", ")
            var line = row.label.map { joinedRules.hasPrefix($0) ? "" : "\($0): " } ?? ""
            line += joinedRules
            if !line.isEmpty { line += " · " }
            line += "\(transitions.count) transition\(transitions.count == 1 ? "" : "s")"
            line += ", \(figures.updates) · total \(figures.seconds)"
            lines.append([rootWords, line].compactMap { $0 }.joined(separator: " · "))
        }
        if let comparisonLine { lines.append(comparisonLine) }
        let rowCount = screenRows
        if rowCount > options.collapseThreshold {
            lines.append(
                "⋮ long timeline (\(grouped(rowCount)) screen rows > \(grouped(options.collapseThreshold))): "
                    + "the stacks before and after fold runs of screens; moments show only what they change")
        }
        return lines
    }
}
