import FlowModel

/// Plain-text drawings of route stacks and timelines, for terminals, logs and monospace PR comments.
///
/// Drawn from the same model as ``StackDiagram`` and ``TimelineDiagram``, with box-drawing characters and
/// no colour: each presentation layer is a box whose border tells how it is shown (`┌─┐` the root's layer,
/// `╭─╮` a sheet, `╔═╗` a full-screen cover), each screen is tagged `⌂ root`, `→ push`, `▲ sheet` or
/// `■ cover`, `☰` marks layers with navigation, `◀ top` the top screen and `✗` a route FlowStacks would
/// reject, with the reason. Lines fit ``defaultWidth`` columns (labels are wrapped or cut with `…`, long
/// timelines continue in further blocks), and user text is cleaned of control characters.
public enum TextDiagram {
    /// The widest line drawn by default, in columns.
    public static let defaultWidth = 100

    /// A route stack: the title, then each presentation layer as a box, bottom layer first, indented by depth.
    ///
    /// With child FlowStacks (`coordinator` has children), each child that owns its routes is drawn right after
    /// the layer holding the route that hosts it, indented further under a `┆ child FlowStack` line, as the
    /// image nests it; a route hosting a child says so, and `◀ top` marks the screen on screen.
    ///
    /// - Parameters:
    ///   - title: The first line; `nil` writes `Route stack`.
    ///   - root: The root screen, drawn first in the root's layer.
    ///   - routes: The routes above the root, bottom first.
    ///   - coordinator: The whole hierarchy, when child FlowStacks are nested; `routes` is then its path.
    ///   - width: The widest line, in columns (at least 40).
    ///   - vocabulary: The words of the stack's library (FlowStacks' by default).
    /// - Returns: The drawing, lines ending in `\n`.
    public static func stack(
        title: String?, root: Root, routes: [PlanRoute], coordinator: PlanCoordinator? = nil,
        width: Int = defaultWidth, vocabulary: DiagramWords = .flowStacks
    ) -> String {
        let width = max(40, width)
        let hierarchy = coordinator?.hasChildren == true ? coordinator : nil
        let layers = routes.presentationLayers(rootHasNavigation: root.withNavigation)
        let problemCount =
            hierarchy?.problems().count ?? routes.problems(rootHasNavigation: root.withNavigation).count
        var legend = LegendMarks(words: vocabulary.words)
        legend.used.insert(.root)

        var lines = MonospaceText.wrapped(
            MonospaceText.clean(title ?? vocabulary.stackTitle), width: width, maximumLines: 3)
        lines.append(String(repeating: "═", count: min(width, lines.map(MonospaceText.width).max() ?? 0)))
        var summary = "root \(MonospaceText.clean(root.screen)) (\(rootNote(root, words: vocabulary.words)))"
        summary += " · \(count(routes.count, vocabulary.routeName)) in \(count(layers.count, vocabulary.layerName))"
        if let hierarchy {
            summary += " · on screen: \(MonospaceText.clean(hierarchy.screenOnScreen(roots: hierarchy.effectiveRoots)))"
        } else if let top = routes.last {
            summary += " · top: \(MonospaceText.clean(top.screen))"
        }
        if problemCount > 0 {
            summary += " · \(count(problemCount, "invalid route"))"
        }
        lines += MonospaceText.wrapped(summary, width: width, maximumLines: 3)
        lines.append("")

        var boxes = StackBoxes(width: width, vocabulary: vocabulary, legend: legend)
        if let hierarchy {
            let roots = hierarchy.effectiveRoots
            boxes.problems = Dictionary(
                hierarchy.problems().map { ("\($0.coordinator)#\($0.routeIndex)", $0.reason) },
                uniquingKeysWith: { first, _ in first })
            lines += boxes.coordinator(hierarchy, root: roots[hierarchy.name] ?? root, roots: roots, indent: 0)
        } else {
            let flat = PlanCoordinator(root: root, routes: routes)
            boxes.problems = Dictionary(
                routes.problems(rootHasNavigation: root.withNavigation).map { ("\(flat.name)#\($0.index)", $0.reason) },
                uniquingKeysWith: { first, _ in first })
            lines += boxes.coordinator(flat, root: root, roots: [:], indent: 0)
        }
        legend = boxes.legend
        if !routes.isEmpty { legend.used.insert(.top) }
        lines.append("")
        lines += MonospaceText.wrapped(legend.line(), width: width)
        return lines.joined(separator: "\n") + "\n"
    }

    /// How the root's line says whether the root can push, in the library's words: `with navigation`.
    static func rootNote(_ root: Root, words: LibraryWords) -> String {
        root.withNavigation ? words.rootNavigationNote : words.rootPlainNote
    }

    /// A label's rows: the tag, then the label wrapped to three lines, `◀ top` after the first if it is the top.
    static func labelRows(
        tag: String, label: String, isTop: Bool, tagWidth: Int, labelWidth: Int, topMark: String
    ) -> [String] {
        let wrappedLabel = MonospaceText.wrapped(MonospaceText.clean(label), width: labelWidth, maximumLines: 3)
        return wrappedLabel.enumerated().map { number, text in
            let head = number == 0 ? MonospaceText.padded(tag, to: tagWidth) : String(repeating: " ", count: tagWidth)
            let mark = number == 0 && isTop ? topMark : ""
            return head + MonospaceText.padded(text, to: labelWidth) + mark
        }
    }

    /// A played plan's timeline as the story of its change, in the SVG timeline's words (`TimelineStory`): the
    /// stack before, layer by layer; then each moment the app redraws, time going down, compared rule sets side
    /// by side (moments at the same running time on the same row) — its running time and update, what it does,
    /// the layers it changes (`− removed`, `+ new`, `~ old → new`), what it keeps below, and what is on screen;
    /// then the stack after. The same story as ``MermaidDiagram/timeline(run:title:)``.
    ///
    /// - Parameters:
    ///   - run: The played plan.
    ///   - ruleSet: Which of the run's rule sets to draw; `nil` draws them all, side by side.
    ///   - title: The first line; `nil` writes the library's timeline title.
    ///   - width: The widest line, in columns (at least 40).
    /// - Returns: The drawing, lines ending in `\n`.
    public static func timeline(run: PlanRun, ruleSet: Int? = nil, title: String?, width: Int = defaultWidth)
        -> String
    {
        let width = max(40, width)
        let story = TimelineStory(run: run, title: title, ruleSet: ruleSet)
        var lines = MonospaceText.wrapped(MonospaceText.clean(story.title), width: width, maximumLines: 3)
        lines.append(String(repeating: "═", count: min(width, lines.map(MonospaceText.width).max() ?? 0)))
        var notes = story.notes
        if story.columns.count == 1, let column = story.columns.first {
            notes.append(column.title + " · " + column.totals)
        }
        for note in notes { lines += MonospaceText.wrapped(MonospaceText.clean(note), width: width, maximumLines: 4) }
        if story.columns.allSatisfy({ $0.moments.isEmpty }) {
            lines += ["", "No change: nothing to show."]
        }
        if let before = story.before { lines += [""] + stackLines(before, width: width) }
        let gap = " │ "
        let sideBySide = story.columns.count
        let columnWidth = (width - gap.count * (sideBySide - 1)) / max(1, sideBySide)
        // What every rule set plays alike is told once, across the width; the columns start where they part.
        let shared = 0..<story.sharedRows
        if let first = story.columns.first, !shared.isEmpty {
            lines += momentRows([first], rows: shared, width: width, gap: gap, titled: false)
        }
        let parted = story.sharedRows..<max(story.sharedRows, story.rows)
        if columnWidth >= 24 {
            lines += momentRows(story.columns, rows: parted, width: columnWidth, gap: gap, titled: sideBySide > 1)
        } else {
            for column in story.columns {
                lines += momentRows([column], rows: parted, width: width, gap: gap, titled: sideBySide > 1)
            }
        }
        if let after = story.after { lines += [""] + stackLines(after, width: width) }
        lines += [""] + MonospaceText.wrapped(legend(lines), width: width)
        return lines.joined(separator: "\n") + "\n"
    }

    /// `BEFORE · on screen: X`, then each layer, top first, indented.
    private static func stackLines(_ stack: TimelineStory.Stack, width: Int) -> [String] {
        var lines = MonospaceText.wrapped(
            MonospaceText.clean(stack.title.uppercased() + " · on screen: " + stack.onScreen), width: width)
        for layer in stack.layers {
            lines += indented(MonospaceText.wrapped(MonospaceText.clean(layer), width: width - 2))
        }
        return lines
    }

    /// The moments of `columns` in `rows` of the time axis, one block per row, columns side by side under their
    /// titles and totals when `titled`.
    private static func momentRows(
        _ columns: [TimelineStory.Column], rows: Range<Int>, width: Int, gap: String, titled: Bool
    ) -> [String] {
        var lines: [String] = []
        func join(_ cells: [[String]]) {
            let height = cells.map(\.count).max() ?? 0
            for line in 0..<height {
                let parts = cells.map { line < $0.count ? $0[line] : "" }
                let joined = parts.enumerated().map { index, text in
                    index == parts.count - 1 ? text : MonospaceText.padded(text, to: width)
                }.joined(separator: gap)
                lines.append(String(joined.reversed().drop { $0 == " " }.reversed()))
            }
        }
        if titled {
            lines.append("")
            join(columns.map { wrap($0.title, width) + wrap($0.totals, width) })
            lines.append(
                columns.map { _ in String(repeating: "─", count: width) }.joined(separator: "─┼─"))
        }
        for row in rows {
            let cells = columns.map { column in
                column.moments.first { $0.row == row }.map { momentCell($0, width) } ?? []
            }
            guard cells.contains(where: { !$0.isEmpty }) else { continue }
            lines.append("")
            join(cells)
        }
        return lines
    }

    /// One moment's lines: its header, what it does, the layers it changes, what it keeps below, on screen.
    private static func momentCell(_ moment: TimelineStory.Moment, _ width: Int) -> [String] {
        var cell = wrap(moment.header, width)
        if let words = moment.words { cell += wrap(words, width) }
        for line in moment.layers + moment.problems + (moment.below.map { [$0] } ?? []) {
            cell += indented(wrap(line, width - 2))
        }
        cell += indented(wrap("on screen: " + moment.onScreen, width - 2))
        return cell
    }

    /// `text` cleaned and wrapped at `width`, continuations indented.
    private static func wrap(_ text: String, _ width: Int) -> [String] {
        MonospaceText.wrapped(MonospaceText.clean(text), width: width).enumerated().map {
            $0.offset == 0 ? $0.element : " " + $0.element
        }
    }

    private static func indented(_ lines: [String]) -> [String] { lines.map { "  " + $0 } }

    /// The marks a timeline drew, explained.
    private static func legend(_ lines: [String]) -> String {
        let text = lines.dropFirst(2).joined(separator: "\n")
        let marks: [(String, String)] = [
            ("◷", "◷ waited 0.65 s"), ("−\u{00A0}", "− removed"), ("+\u{00A0}", "+ new"), ("~ ", "~ updated"),
            ("☰", "☰ layer with navigation"), ("⋮", "⋮ kept as it was"), ("✗", "✗ rejected by the library"),
            ("◆", "◆ where rule sets part"),
        ]
        return "legend: " + marks.filter { text.contains($0.0) }.map(\.1).joined(separator: " · ")
    }

    static func count(_ number: Int, _ noun: String) -> String { counted(number, noun) }
}

/// The marks a text drawing used, for its legend line, explained in the library's words.
struct LegendMarks {
    /// The library's words, which name pushes, sheets and covers.
    var words: LibraryWords = .flowStacks

    enum Mark: Int, CaseIterable {
        case root, push, sheet, cover, navigation, top, added, removed, updated, delay, invalid

        init(style: PlanRouteStyle) {
            switch style {
            case .push: self = .push
            case .sheet: self = .sheet
            case .cover: self = .cover
            }
        }

        var symbol: String {
            switch self {
            case .root: "⌂"
            case .push: "→"
            case .sheet: "▲"
            case .cover: "■"
            case .navigation: "☰"
            case .top: "◀"
            case .added: "+"
            case .removed: "−"
            case .updated: "~"
            case .delay: "◷"
            case .invalid: "✗"
            }
        }

        var word: String {
            switch self {
            case .root: "root"
            case .push: "push"
            case .sheet: "sheet"
            case .cover: "cover"
            default: ""
            }
        }

        var explanation: String {
            switch self {
            case .root: "root"
            case .push: "push"
            case .sheet: "sheet (╭╮ box)"
            case .cover: "full-screen cover (╔╗ box)"
            case .navigation: "layer with navigation"
            case .top: "top screen"
            case .added: "added by this step"
            case .removed: "removed by this step"
            case .updated: "contents updated, old → new"
            case .delay: "waits \(PlanTransition.secondsText(PlanTransition.stepDelay))"
            case .invalid: "invalid route"
            }
        }
    }

    var used: Set<Mark> = []

    func line() -> String {
        "legend: "
            + Mark.allCases.filter(used.contains).map { "\($0.symbol) \(explanation(of: $0))" }
            .joined(separator: " · ")
    }

    /// What a mark means: the library's name for a push, sheet or cover, the mark's own explanation otherwise.
    func explanation(of mark: Mark) -> String {
        switch mark {
        case .push: words.pushName
        case .sheet: words.sheetName + " (╭╮ box)"
        case .cover: words.coverName + " (╔╗ box)"
        default: mark.explanation
        }
    }
}
