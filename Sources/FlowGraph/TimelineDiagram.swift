import FlowModel
import Graphviz

/// A drawing of the steps of one or more transitions, laid out to be read at the width it is shown at.
///
/// Each transition starts a line with a header (the action, the platform rules, how many updates SwiftUI makes
/// and how long they take, and where the states before and after differ), then one box per step, read left to
/// right. A step's box says when it is applied (its running time from the start of the change, `◷` when it
/// waited FlowStacks' delay), what it does, the screens it removes and adds (tagged `removed` and `new`), the
/// stack after it grouped into presentation layers with the top screen first, and what is on screen. The first
/// and last step of a transition show the whole stack; steps between fold runs of screens they keep unchanged
/// into one row (`⋮ 3 unchanged`). A transition whose step 0 only repeats the previous transition's end starts
/// from that end instead of drawing it again.
///
/// Lines wrap so that, shown ``Options/width`` pixels wide, body text stays at 11 px or more: a transition that
/// does not fit continues on the next line (`continued from step 4`), so long plans grow down, not right. Rule
/// sets compared (``Row``) share a time axis: steps applied at the same moment stand in the same column, and
/// each wrapped line of one rule set is followed by the same span of the next.
///
/// Each step is one node with an HTML-like table label (Graphviz clusters lay out far too slowly for thousands
/// of steps). In the SVG a step's node has `id` `t<transition>-step-<n>` and `class`
/// `step step-<n> transition-<transition>` (``stepNodeIDs()`` gives them per rule set, transition and step);
/// transition headers have `id` `t<transition>` and `class` `transition transition-<transition>`.
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

        /// The widest a diagram may be laid out, in points, for body text to stay readable at ``width``; `nil`
        /// when lines never wrap.
        ///
        /// Shown `width` px wide, a diagram `w` pt wide (`w · 4/3` px natively) draws 14 pt body text at
        /// `18.7 px · width / (w · 4/3)`; that is at least 11 px while `w ≤ width · 14 / 11`.
        public var maximumPoints: Double? {
            width > 0 ? Double(width) * Double(Typography.body) / Self.minimumBodyPixels : nil
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
    /// Lines about the deep link the plan resolved (its URL, the rule that matched, the captures), drawn under
    /// the title; empty for none.
    public var deepLinkLines: [String] = []

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

    /// The graph's `ranksep`: the gap between columns, in inches.
    static let columnGap = 0.25
    /// The graph's `pad` on each side, in inches.
    static let padding = 0.2

    /// The diagram to render.
    public func diagram() -> Diagram {
        let palette = theme.palette
        var builder = TimelineBuilder(root: root, palette: palette, options: options, vocabulary: vocabulary)
        builder.collapsesUnchangedScreens = collapsesUnchangedScreens
        // Room for the columns: the width allowed, less 4 % for what the width estimates miss, less the padding.
        let budget = options.maximumPoints.map { $0 * 0.96 - 2 * 72 * Self.padding }
        let longest = rows.map(\.transitions.count).max() ?? 0
        var groups: [[TimelineBuilder.Member]] = []
        for index in 0..<longest {
            var members: [TimelineBuilder.Member] = []
            for (rowIndex, row) in rows.enumerated() where index < row.transitions.count {
                members.append(
                    builder.prepare(
                        row.transitions[index], previous: index > 0 ? row.transitions[index - 1] : nil,
                        rowIndex: rowIndex, rowLabel: row.label, indexInRow: index,
                        countInRow: row.transitions.count))
            }
            groups.append(members)
        }
        builder.budget = budget
        let perLine = builder.columnsPerLine(groups)
        for members in groups { builder.place(members, perLine: perLine) }
        let header = headerLabel(
            title: title ?? vocabulary.timelineTitle, subtitle: subtitle(), legend: builder.legend, palette: palette,
            vocabulary: vocabulary, width: builder.budget)
        return Diagram(
            name: "timeline",
            label: header,
            attributes: headerPlacement.merging([
                "rankdir": "LR",
                "bgcolor": palette.background,
                "fontname": Typography.family,
                "fontcolor": palette.text,
                "nodesep": "0.3",
                "ranksep": String(Self.columnGap),
                "pad": String(Self.padding),
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
                "arrowsize": "0.7",
                "penwidth": "1.2",
            ],
            nodes: builder.nodes,
            edges: builder.edges + builder.lineOrder
        )
    }

    /// The name of the node that draws step `step` of transition `transition` of row `row` (see
    /// ``stepNodeIDs()``); the HTML player reads it back from the ``Diagram`` as the node's element id.
    public func stepNodeID(row: Int, transition: Int, step: Int) -> String {
        stepNodeIDs()[row][transition][step]
    }

    /// The id of the diagram node that shows each step: `[rule set][transition][step]`.
    ///
    /// A step 0 that only repeats the previous transition's end is not drawn again: its id is that of the
    /// previous transition's last step. Ids are `t<n>-step-<index>`, `n` counting transitions in the order they
    /// are drawn (transition `j` of every row before `j + 1`), and do not depend on ``Options/width``.
    public func stepNodeIDs() -> [[[String]]] {
        var ids: [[[String]]] = rows.map { _ in [] }
        var number = 0
        let longest = rows.map(\.transitions.count).max() ?? 0
        for index in 0..<longest {
            for (rowIndex, row) in rows.enumerated() where index < row.transitions.count {
                let transition = row.transitions[index]
                let previous = index > 0 ? row.transitions[index - 1] : nil
                var stepIDs = transition.steps.indices.map { "t\(number)-step-\($0)" }
                if let previous, let last = ids[rowIndex].last?.last,
                    !TimelineBuilder.drawsStepZero(
                        of: transition, after: previous, changes: vocabulary.details(at: number)?.changes)
                {
                    stepIDs[0] = last
                }
                ids[rowIndex].append(stepIDs)
                number += 1
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

    /// The lines under the title: the library, the deep link, the root, the rules, updates and time of each row.
    private func subtitle() -> [String] {
        var lines = vocabulary.header + deepLinkLines
        let navigation = root.withNavigation ? vocabulary.rootNavigationNote : vocabulary.rootPlainNote
        lines += ["root \(root.screen) (\(navigation))"]
        for row in rows {
            let transitions = row.transitions
            let updates = transitions.reduce(0) { $0 + $1.updates }
            let total = transitions.reduce(0) { $0 + $1.estimatedSeconds }
            var rules: [String] = []
            for transition in transitions where !rules.contains(vocabulary.rules ?? transition.rules.summary) {
                rules.append(vocabulary.rules ?? transition.rules.summary)
            }
            let joinedRules = rules.joined(separator: ", ")
            var line = row.label.map { joinedRules.hasPrefix($0) ? "" : "\($0): " } ?? ""
            line += joinedRules
            line += " · \(transitions.count) transition\(transitions.count == 1 ? "" : "s")"
            line += ", \(updates) update\(updates == 1 ? "" : "s") · total \(Vocabulary.seconds(total))"
            lines.append(line)
        }
        let rowCount = screenRows
        if rowCount > options.collapseThreshold {
            lines.append(
                "⋮ long timeline (\(grouped(rowCount)) screen rows > \(grouped(options.collapseThreshold))): "
                    + "every step folds screens it keeps unchanged; a step's tooltip lists its whole stack")
        }
        return lines
    }
}
