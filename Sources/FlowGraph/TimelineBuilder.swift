import FlowModel
import Graphviz

/// Builds the nodes and edges of a timeline as the story of its change: the stack before (once), one node per
/// moment the app redraws in one column per rule set (time going down, moments at the same running time on
/// the same row), and the stack after (once).
struct TimelineBuilder {
    let root: Root
    let palette: Palette
    let options: Options
    let vocabulary: DiagramWords
    var nodes: [Node] = []
    var edges: [Edge] = []
    var subgraphs: [Subgraph] = []
    var used: Set<LegendItem> = []
    /// The node showing each step: `[rule set][transition][step]`.
    var stepIDs: [[[String]]] = []
    /// The line saying how the rule sets differ, when they do; drawn under the title.
    var differenceLine: String?
    /// Whether the first and last stacks fold unchanged screens too (a very long timeline).
    var collapsesUnchangedScreens = false
    /// The widest a text line may be, in points; `nil` never wraps.
    var textWidth: Double?
    /// The notation of the last stack a tooltip named, route by route, for the next moment's.
    var stackNotations = StackNotations()
    /// Lines for the stacks before and after (``TimelineDiagram/startNote``, ``TimelineDiagram/endNote``).
    var startNote: String?
    var endNote: String?

    typealias Options = TimelineDiagram.Options

    init(root: Root, palette: Palette, options: Options, vocabulary: DiagramWords) {
        self.root = root
        self.palette = palette
        self.options = options
        self.vocabulary = vocabulary
    }

    /// The size of screen names in a timeline, in points (16 px shown 1:1, as hand-written charts).
    static let screenSize = 12
    /// The gap between columns, in points.
    static let columnGap = 14.0

    /// The legend entries for what was drawn, in a fixed order.
    var legend: [LegendItem] { LegendItem.allCases.filter(used.contains) }

    /// One transition of one rule set, with its moments.
    struct Entry {
        var number: Int
        var transition: PlanTransition
        var moments: [TimelineMoment]
        /// What the transition is in a comparison of two versions, if the row compares them.
        var mark: TransitionMark?
    }

    /// Every rule set's transitions, `[transition][rule set]`, numbered in the order they are drawn
    /// (transition `j` of every rule set before `j + 1`).
    func entries(_ rows: [TimelineDiagram.Row]) -> [[Entry?]] {
        var number = 0
        let longest = rows.map(\.transitions.count).max() ?? 0
        return (0..<longest).map { index in
            rows.map { row -> Entry? in
                guard index < row.transitions.count else { return nil }
                defer { number += 1 }
                let transition = row.transitions[index]
                let details = vocabulary.details(at: number)
                let moments = TimelineMoment.moments(
                    of: transition, changes: details?.changes ?? transition.changes,
                    libraryGaveChanges: details?.changes != nil, root: root)
                return Entry(number: number, transition: transition, moments: moments, mark: row.mark(at: index))
            }
        }
    }

    /// Lays out the whole story: before, every transition's moments, after.
    mutating func build(_ rows: [TimelineDiagram.Row], budget: Double?) {
        let table = entries(rows)
        let columns = rows.count
        let columnWidth = budget.map { ($0 - Double(columns - 1) * Self.columnGap) / Double(columns) }
        // Text inside a box: the column less the box's border, padding and spacing.
        // Estimates miss a little (DejaVu's bold is wider than they say): keep 12 % spare.
        textWidth = columnWidth.map { max(60, $0 * 0.94 - 14) }
        let columnText = textWidth
        stepIDs = rows.map { _ in [] }
        let compares = Self.compares(rows)
        let parting = compares ? nil : firstDifference(table)
        differenceLine = parting.flatMap { difference(table, rows: rows, at: $0) }

        // Ranks: 0 the stack before, then one per moment row, then the stack after. Compared rule sets share
        // their moments up to the first difference: those are drawn once, across the columns, and the columns'
        // headers stand where they part.
        let sharedText = budget.map { max(60, $0 * 0.94 - 14) }
        var rank = 1
        var placed: [[(node: Node, rank: Int)]] = Array(repeating: [], count: columns)
        var shared: [(node: Node, rank: Int)] = []
        for (index, entries) in table.enumerated() {
            let slots = Self.slots(entries)
            var sharedIDs: [Int: String] = [:]
            for (column, entry) in entries.enumerated() {
                guard let entry else { continue }
                var ids = entry.transition.steps.indices.map { _ in "" }
                var order: [Int: Int] = [:]
                let markings =
                    entry.mark.map { Self.markedMoments(entry.moments, $0, root: root) } ?? (marked: [], tagged: 0)
                // In a comparison, the head's number of the transition; -1 (none) for one only the base has.
                let row = rows[column]
                let shownIndex =
                    row.marks.isEmpty
                    ? index
                    : row.mark(at: index) == .removed
                        ? -1 : (0..<index).filter { row.mark(at: $0) != .removed }.count
                for (position, moment) in entry.moments.enumerated() {
                    let timeOrder = order[moment.hundredths, default: 0]
                    order[moment.hundredths] = timeOrder + 1
                    let isShared =
                        columns > 1 && !compares
                        && Self.isShared(transition: index, position: position, before: parting)
                    if isShared, let id = sharedIDs[position] {
                        for step in moment.steps where ids.indices.contains(step) { ids[step] = id }
                        continue
                    }
                    let row = slots.firstIndex(of: Slot(time: moment.hundredths, order: timeOrder)) ?? 0
                    let id = "t\(entry.number)-step-\(moment.lastStep)"
                    for step in moment.steps where ids.indices.contains(step) { ids[step] = id }
                    let notes = vocabulary.details(at: entry.number).flatMap {
                        $0.annotations.indices.contains(moment.lastStep) ? $0.annotations[moment.lastStep] : nil
                    }
                    if isShared { (textWidth, sharedIDs[position]) = (sharedText, id) }
                    var label = momentLabel(
                        moment, transition: entry.transition, index: shownIndex, count: table.count,
                        parts: parting.map { $0.transition == index && $0.slot == position } ?? false,
                        annotations: notes ?? .none)
                    if let mark = entry.mark, markings.marked.contains(position) {
                        label = marked(label, mark, of: entry.transition, tagged: position == markings.tagged)
                    }
                    if isShared { textWidth = columnText }
                    let node = Node(
                        id: id, label: .html(label),
                        attributes: [
                            "id": id,
                            "class": "step moment step-\(moment.lastStep) transition-\(entry.number) row-\(column)"
                                + (isShared ? " shared" : ""),
                            "tooltip": "step \(moment.lastStep): " + routesNotation(moment, number: entry.number),
                            "group": isShared ? "shared" : "column\(column)",
                        ])
                    if isShared {
                        shared.append((node, rank + row))
                    } else {
                        placed[column].append((node, rank + row))
                    }
                }
                stepIDs[column].append(ids)
            }
            rank += slots.count
        }
        // The columns' headers take the row where they part; every later row moves down one.
        let splitRank = columns > 1 ? (shared.map(\.rank).max() ?? 0) + 1 : 0
        if columns > 1 {
            placed = placed.map { $0.map { ($0.node, $0.rank >= splitRank ? $0.rank + 1 : $0.rank) } }
            rank += 1
        }
        let widths = (0..<columns).map { column in
            let widest =
                placed[column].map { pair -> Double in
                    guard case .html(let html) = pair.node.label else { return 0 }
                    return LabelWidth.of(html, size: Self.screenSize)
                }.max() ?? 120
            // Every box of a column is as wide as its widest, so their left edges line up; a column takes what it
            // needs (a player beside its frame shows it whole).
            // 8 % over the estimate: what it misses on bold text must not widen one box past the others.
            return columnWidth.map { min($0, max(widest * 1.08, 150)) } ?? max(widest * 1.08, 150)
        }
        let total = widths.reduce(0, +) + Double(columns - 1) * Self.columnGap
        // Compared rule sets share the stacks before and after: drawn across every column, they wrap less.
        // Their boxes take the width their text needs (Graphviz centres them over the columns), with room for
        // fonts a browser draws wider than those measured (Thai, say, without a Thai font).
        if columns > 1, textWidth != nil { textWidth = max(60, total * 0.8 - 14) }
        let ends = endStacks(rows, width: total)
        textWidth = columnText
        var ranked: [Int: [String]] = [:]
        func add(_ node: Node, width: Double?, rank: Int) {
            var node = node
            // Graphviz widens a table's column to its widest cell: the first cell sets the box's width.
            if let width, case .html(.table(var table)) = node.label, !table.rows.isEmpty, !table.rows[0].isEmpty {
                table.rows[0][0].attributes["width"] = String(Int((width - 6).rounded(.down)))
                node.label = .html(.table(table))
            }
            nodes.append(node)
            ranked[rank, default: []].append(node.id)
        }
        // Across compared columns, a stack is as wide as its text with a tenth to spare (see above).
        func endWidth(_ node: Node) -> Double? {
            guard columns > 1 else { return widths[0] }
            guard case .html(let html) = node.label else { return nil }
            return min(total, LabelWidth.of(html, size: Self.screenSize) * 1.1)
        }
        if let before = ends.before { add(before, width: endWidth(before), rank: 0) }
        var sharedEnd: (id: String, rank: Int)? = ends.before.map { ($0.id, 0) }
        // The shared moments are one column as wide as the widest of them, so their left edges line up.
        let sharedWidth = shared.compactMap { endWidth($0.node) }.max()
        for (node, nodeRank) in shared {
            add(node, width: sharedWidth, rank: nodeRank)
            if let previous = sharedEnd {
                edges.append(edge(previous.id, node.id, nodeRank - previous.rank, invisible: false))
            }
            sharedEnd = (node.id, nodeRank)
        }
        for column in 0..<columns {
            var previous = sharedEnd
            if columns > 1 {
                let header = columnHeader(rows[column], column: column)
                add(header, width: widths[column], rank: splitRank)
                if let previous {
                    edges.append(edge(previous.id, header.id, splitRank - previous.rank, invisible: false))
                }
                previous = (header.id, splitRank)
            }
            for (node, nodeRank) in placed[column] {
                add(node, width: widths[column], rank: nodeRank)
                if let previous { edges.append(edge(previous.id, node.id, nodeRank - previous.rank, invisible: false)) }
                previous = (node.id, nodeRank)
            }
            if let after = ends.after, let previous {
                edges.append(edge(previous.id, after.id, rank - previous.rank, invisible: false))
            }
        }
        if let after = ends.after { add(after, width: endWidth(after), rank: rank) }
        var ported: Set<String> = []
        for (rankIndex, ids) in ranked.sorted(by: { $0.key < $1.key }) where ids.count > 1 {
            // Nodes of one row keep their columns' order: edges within a rank are drawn left to right.
            for (left, right) in zip(ids, ids.dropFirst()) {
                edges.append(Edge(from: left, to: right, attributes: ["style": "invis", "class": "row-order"]))
            }
            var members = ids.compactMap { id in nodes.first { $0.id == id } }
            ported.formUnion(Self.alignTops(&members))
            nodes.removeAll { ids.contains($0.id) }
            subgraphs.append(
                Subgraph(id: "moment\(rankIndex)", isCluster: false, attributes: ["rank": "same"], nodes: members))
        }
        for index in edges.indices where ported.contains(edges[index].from) && edges[index].attributes["style"] == nil {
            edges[index].attributes["tailport"] = Self.boxPort + ":s"
        }
    }

    /// Gives the boxes of one row one height, their boxes at the top, so their tops line up (Graphviz centres
    /// the nodes of a rank on one line): each node is as tall as the row's tallest label is estimated to be,
    /// its box in a borderless table of that height. Returns the nodes whose box is now the port ``boxPort``,
    /// which the line down leaves, so that from a box shorter than its row's node the line starts at the box.
    @discardableResult
    static func alignTops(_ nodes: inout [Node]) -> Set<String> {
        let heights = nodes.map { node -> Double in
            guard case .html(let html) = node.label else { return 0 }
            return LabelHeight.of(html, size: screenSize)
        }
        // The estimate runs about 8 % over what Graphviz lays out (measured on the samples): a box a little taller
        // than it keeps its top where the others' are; one a little shorter only sits a point or two lower.
        guard let estimate = heights.max(), estimate > 0 else { return [] }
        let tallest = String(Int((estimate * 0.92).rounded()))
        var ported: Set<String> = []
        for index in nodes.indices {
            guard case .html(.table(var box)) = nodes[index].label else { continue }
            box.attributes["port"] = boxPort
            let holder = HTMLTable(
                attributes: [
                    "border": "0", "cellborder": "0", "cellspacing": "0", "cellpadding": "0", "height": tallest,
                ],
                rows: [[HTMLCell(.table(box), attributes: ["valign": "top"])]])
            nodes[index].label = .html(.table(holder))
            ported.insert(nodes[index].id)
        }
        return ported
    }

    /// The port of a row-aligned box (``alignTops(_:)``), which the line down from it leaves.
    static let boxPort = "box"

    /// An edge down a column, `ranks` rows long.
    private func edge(_ from: String, _ to: String, _ ranks: Int, invisible: Bool) -> Edge {
        var attributes: Attributes = ["class": "time"]
        if ranks > 1 { attributes["minlen"] = String(ranks) }
        if invisible { attributes["style"] = "invis" }
        return Edge(from: from, to: to, attributes: attributes)
    }

    /// Whether the rows compare two versions of a plan: then they share no moment, each column being one rule
    /// set's change with its transitions marked.
    static func compares(_ rows: [TimelineDiagram.Row]) -> Bool { rows.contains { !$0.marks.isEmpty } }

    /// A row of the shared time axis: a running time, and the position among the moments at it.
    struct Slot: Hashable, Comparable {
        var time: Int
        var order: Int

        static func < (lhs: Slot, rhs: Slot) -> Bool {
            (lhs.time, lhs.order) < (rhs.time, rhs.order)
        }
    }

    /// Whether the moment at `position` of transition `transition` comes before the first difference
    /// (`parting`), so every rule set shows it alike; with no difference at all, every moment is shared.
    static func isShared(transition: Int, position: Int, before parting: (transition: Int, slot: Int)?) -> Bool {
        guard let parting else { return true }
        return transition < parting.transition || (transition == parting.transition && position < parting.slot)
    }

    /// The rows of one transition over every rule set, in time order.
    static func slots(_ entries: [Entry?]) -> [Slot] {
        var slots: Set<Slot> = []
        for entry in entries.compactMap({ $0 }) {
            var order: [Int: Int] = [:]
            for moment in entry.moments {
                let position = order[moment.hundredths, default: 0]
                order[moment.hundredths] = position + 1
                slots.insert(Slot(time: moment.hundredths, order: position))
            }
        }
        return slots.sorted()
    }

    /// The first moment where rule sets do different things: its transition and row.
    func firstDifference(_ table: [[Entry?]]) -> (transition: Int, slot: Int)? {
        guard (table.first?.count ?? 0) > 1 else { return nil }
        for (index, entries) in table.enumerated() {
            let present = entries.compactMap { $0 }
            let longest = present.map(\.moments.count).max() ?? 0
            for position in 0..<longest {
                let afters = Set(
                    present.map { $0.moments.indices.contains(position) ? $0.moments[position].after : nil })
                let times = Set(
                    present.map { $0.moments.indices.contains(position) ? $0.moments[position].hundredths : -1 })
                if afters.count > 1 || times.count > 1 { return (index, position) }
            }
        }
        return nil
    }

    /// One line saying how the rule set that needs the fewest updates differs from the others where they part.
    func difference(_ table: [[Entry?]], rows: [TimelineDiagram.Row], at parting: (transition: Int, slot: Int))
        -> String?
    {
        let entries = table[parting.transition]
        let present = entries.enumerated().compactMap { pair in pair.element.map { (pair.offset, $0) } }
        guard let fewest = present.min(by: { $0.1.moments.count < $1.1.moments.count }),
            let most = present.max(by: { $0.1.moments.count < $1.1.moments.count })
        else { return nil }
        let label = { (column: Int) in rows[column].label ?? "rule set \(column + 1)" }
        let saved = most.1.moments.count - fewest.1.moments.count
        let seconds = Double(most.1.transition.estimatedHundredths - fewest.1.transition.estimatedHundredths) / 100
        func words(_ moment: TimelineMoment) -> String {
            moment.libraryWords
                ?? MomentWords.sentence(
                    moment.change, before: moment.before, after: moment.after, vocabulary: vocabulary)
        }
        guard saved > 0, fewest.1.moments.indices.contains(parting.slot) else {
            // As many updates (or parting after the shortest ends): what each does where they part.
            let said = present.map { column, entry -> String in
                guard entry.moments.indices.contains(parting.slot) else { return "\(label(column)) has ended" }
                let moment = entry.moments[parting.slot]
                return
                    "\(label(column)) does “\(words(moment))” at \(PlanTransition.secondsText(Double(moment.hundredths) / 100))"
            }
            let place = table.count > 1 ? "In transition \(parting.transition + 1), at" : "At"
            return "\(place) update \(parting.slot + 1) " + said.joined(separator: ", ") + " (◆ where they part)"
        }
        let moment = fewest.1.moments[parting.slot]
        let words = words(moment)
        return "\(label(fewest.0)) does “\(words)” in one update, \(label(most.0)) in \(saved + 1): "
            + "\(saved) update\(saved == 1 ? "" : "s"), \(PlanTransition.secondsText(seconds)) fewer (◆ where they part)"
    }

    /// The routes after a moment as the library writes them (`TransitionDetails.stepNotations`), else in
    /// FlowStacks' route notation (the whole app path when children are nested).
    mutating func routesNotation(_ moment: TimelineMoment, number: Int) -> String {
        if moment.coordinator == nil, let notations = vocabulary.details(at: number)?.stepNotations,
            notations.indices.contains(moment.lastStep)
        {
            return "[" + notations[moment.lastStep].joined(separator: ", ") + "]"
        }
        return stackNotations.notation(of: moment.after)
    }
}
