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
    /// - Parameters:
    ///   - title: The first line; `nil` writes `Route stack`.
    ///   - root: The root screen, drawn first in the root's layer.
    ///   - routes: The routes above the root, bottom first.
    ///   - width: The widest line, in columns (at least 40).
    ///   - vocabulary: The words of the stack's library (FlowStacks' by default).
    /// - Returns: The drawing, lines ending in `\n`.
    public static func stack(
        title: String?, root: Root, routes: [Route], width: Int = defaultWidth,
        vocabulary: DiagramVocabulary = .flowStacks
    ) -> String {
        let width = max(40, width)
        let layers = routes.presentationLayers(rootHasNavigation: root.withNavigation)
        let problems = Dictionary(
            routes.problems(rootHasNavigation: root.withNavigation).map { ($0.index, $0.reason) },
            uniquingKeysWith: { first, _ in first })
        var legend = LegendMarks(words: vocabulary.words)
        legend.used.insert(.root)

        var lines = MonospaceText.wrapped(
            MonospaceText.clean(title ?? vocabulary.stackTitle), width: width, maximumLines: 3)
        lines.append(String(repeating: "═", count: min(width, lines.map(MonospaceText.width).max() ?? 0)))
        var summary = "root \(MonospaceText.clean(root.screen)) (\(rootNote(root, words: vocabulary.words)))"
        summary += " · \(count(routes.count, vocabulary.routeName)) in \(count(layers.count, vocabulary.layerName))"
        if let top = routes.last {
            summary += " · top: \(MonospaceText.clean(top.screen))"
        }
        if !problems.isEmpty {
            summary += " · \(count(problems.count, "invalid route"))"
        }
        lines += MonospaceText.wrapped(summary, width: width, maximumLines: 3)
        lines.append("")

        // `■ cover` and a space in FlowStacks' words; `■ .fullScreenCover` in SwiftfulRouting's.
        let tagWidth = max(
            9,
            ([RouteStyle.push, .sheet(withNavigation: false), .cover(withNavigation: false)].map {
                vocabulary.presentedKind(of: $0)
            }
            .map(MonospaceText.width).max() ?? 0) + 4)
        let topMark = "  ◀ top"
        let indentStep = 2
        let maximumIndent = min(indentStep * (layers.count - 1), width / 4)
        let labels = [root.screen] + routes.map(\.screen)
        let widest = labels.map { MonospaceText.width(MonospaceText.clean($0)) }.max() ?? 0
        let headers = layers.map {
            MonospaceText.width(vocabulary.layerTitle($0) + " · " + vocabulary.navigation($0.hasNavigation)) + 4
        }
        let needed = max(tagWidth + widest + MonospaceText.width(topMark), headers.max() ?? 0, 40)
        let inner = min(needed, width - 4 - maximumIndent)
        let labelWidth = inner - tagWidth - MonospaceText.width(topMark)

        for layer in layers {
            let indent = String(repeating: " ", count: min(indentStep * layer.index, maximumIndent))
            let border = TextBox.Border.forLayer(layer.style)
            if layer.hasNavigation { legend.used.insert(.navigation) }
            let header = vocabulary.layerTitle(layer) + " · " + vocabulary.navigation(layer.hasNavigation)
            lines.append(indent + TextBox.top(border, title: header, inner: inner))
            var rows: [String] = []
            if layer.index == 0 {
                rows += labelRows(
                    tag: "⌂ root", label: root.screen, isTop: routes.isEmpty, tagWidth: tagWidth,
                    labelWidth: labelWidth,
                    topMark: topMark)
            }
            for index in layer.routeIndices {
                let route = routes[index]
                let mark = LegendMarks.Mark(style: route.style)
                legend.used.insert(mark)
                let word = vocabulary.presentedKind(of: route.style)
                var tag = mark.symbol + " " + word
                if problems[index] != nil {
                    legend.used.insert(.invalid)
                    tag = "✗ " + word
                }
                rows += labelRows(
                    tag: tag, label: route.screen, isTop: index == routes.count - 1, tagWidth: tagWidth,
                    labelWidth: labelWidth, topMark: topMark)
                if let reason = problems[index] {
                    let reasonLines = MonospaceText.wrapped(
                        MonospaceText.clean(reason), width: inner - tagWidth - 2, maximumLines: 4)
                    for (number, text) in reasonLines.enumerated() {
                        rows.append(String(repeating: " ", count: tagWidth) + (number == 0 ? "↳ " : "  ") + text)
                    }
                }
            }
            lines += rows.map { indent + TextBox.line(border, $0, inner: inner) }
            lines.append(indent + TextBox.bottom(border, inner: inner))
        }
        if !routes.isEmpty { legend.used.insert(.top) }
        lines.append("")
        lines += MonospaceText.wrapped(legend.line(), width: width)
        return lines.joined(separator: "\n") + "\n"
    }

    /// How the root's line says whether the root can push, in the library's words: `with navigation`.
    private static func rootNote(_ root: Root, words: LibraryWords) -> String {
        root.withNavigation ? words.rootNavigationNote : words.rootPlainNote
    }

    /// A label's rows: the tag, then the label wrapped to three lines, `◀ top` after the first if it is the top.
    private static func labelRows(
        tag: String, label: String, isTop: Bool, tagWidth: Int, labelWidth: Int, topMark: String
    ) -> [String] {
        let wrappedLabel = MonospaceText.wrapped(MonospaceText.clean(label), width: labelWidth, maximumLines: 3)
        return wrappedLabel.enumerated().map { number, text in
            let head = number == 0 ? MonospaceText.padded(tag, to: tagWidth) : String(repeating: " ", count: tagWidth)
            let mark = number == 0 && isTop ? topMark : ""
            return head + MonospaceText.padded(text, to: labelWidth) + mark
        }
    }

    /// A played plan's timeline under one rule set: each transition's header, then its steps side by side in
    /// blocks that fit `width`, each step with its running time, which update it is, what it removes, adds and
    /// updates (old → new), what is on screen after it, the parent stack of a step in a child FlowStack, and its
    /// stack top layer first; the same facts as ``MermaidDiagram/timeline(run:title:)``.
    ///
    /// - Parameters:
    ///   - run: The played plan.
    ///   - ruleSet: Which of the run's rule sets to draw.
    ///   - title: The first line; `nil` writes the library's timeline title.
    ///   - width: The widest line, in columns (at least 40).
    /// - Returns: The drawing, lines ending in `\n`.
    public static func timeline(run: PlanRun, ruleSet: Int = 0, title: String?, width: Int = defaultWidth) -> String {
        let width = max(40, width)
        let root = run.plan.root
        let set = run.ruleSets[ruleSet]
        let transitions = set.transitions
        var legend = LegendMarks(words: run.words)
        legend.used.insert(.root)
        var lines = MonospaceText.wrapped(
            MonospaceText.clean(title ?? run.words.timelineTitle), width: width, maximumLines: 3)
        lines.append(String(repeating: "═", count: min(width, lines.map(MonospaceText.width).max() ?? 0)))
        let updates = transitions.reduce(0) { $0 + $1.updates }
        let total = transitions.reduce(0) { $0 + $1.estimatedSeconds }
        var summary = "root \(MonospaceText.clean(root.screen)) (\(rootNote(root, words: run.words)))"
        summary += " · \(count(transitions.count, "transition")) · \(StepStory.updatesText(updates))"
        summary += " · \(StepStory.runningTime(total)) in all"
        lines += MonospaceText.wrapped(summary, width: width, maximumLines: 3)
        if let deepLink = StepStory.deepLinkLine(run) {
            lines += MonospaceText.wrapped(MonospaceText.clean(deepLink), width: width, maximumLines: 4)
        }
        if transitions.isEmpty {
            lines += ["", "No change: nothing to show."]
        }

        let gap = 4
        let columnWidth = min(29, width - 3)
        // Room for the `─▶` that leads from a block's last column to the next block.
        let perBlock = max(1, (width - 3 + gap) / (columnWidth + gap))
        let steps = set.steps
        for (number, transition) in transitions.enumerated() {
            lines.append("")
            var heading = "Transition \(number + 1) of \(transitions.count)"
            if let action = transition.action { heading += ": " + MonospaceText.clean(action) }
            let mine = steps.filter { $0.transition == number }
            if let coordinator = transition.coordinator, mine.first?.hierarchy?.hasChildren == true {
                heading += " · in " + MonospaceText.clean(coordinator)
            }
            heading = "━━ " + MonospaceText.truncated(heading, to: width - 4) + " "
            lines.append(heading + String(repeating: "━", count: max(0, width - MonospaceText.width(heading))))
            let stepCount = transition.steps.count
            let counted = StepStory.updatesText(transition.updates)
            let timing =
                transition.isSynchronous
                ? "\(counted) · synchronous: applied at once, no delay"
                : "\(counted) · steps 0 and 1 at once, then one every \(Vocabulary.seconds(Transition.stepDelay))"
                    + " · \(StepStory.runningTime(transition.estimatedSeconds)) in all"
            lines += MonospaceText.wrapped(
                (run.words.rules ?? transition.rules.summary) + " · "
                    + "\(count(stepCount, "step")) · " + timing, width: width)
            let notation = set.notation(ofTransition: number)
            lines.append(MonospaceText.truncated("from " + MonospaceText.clean(notation.from), to: width))
            lines.append(MonospaceText.truncated("to   " + MonospaceText.clean(notation.to), to: width))

            var previous: PlanRun.Step?
            var stories: [StepStory] = []
            for step in mine {
                stories.append(StepStory(step, in: transition, previous: previous, root: root, words: run.words))
                previous = step
            }
            let columns = stories.map { stepColumn($0, width: columnWidth, legend: &legend) }
            var invalid: [String] = []
            for (index, step) in transition.steps.enumerated() where mine.first?.hierarchy?.hasChildren != true {
                for problem in step.problems(rootHasNavigation: root.withNavigation) {
                    let text = "✗ \(step[problem.index].notation) at index \(problem.index): \(problem.reason)"
                    let line = "step \(index): " + MonospaceText.clean(text)
                    if !invalid.contains(where: { $0.hasSuffix(MonospaceText.clean(text)) }) { invalid.append(line) }
                }
            }
            var start = 0
            while start < columns.count {
                let block = Array(columns[start..<min(start + perBlock, columns.count)])
                lines.append("")
                if start > 0 { lines.append("… continued from " + MonospaceText.clean(stories[start - 1].header)) }
                lines += join(block, columnWidth: columnWidth, gap: gap, continues: start + perBlock < columns.count)
                start += perBlock
            }
            if !invalid.isEmpty {
                lines.append("")
                for line in invalid { lines += MonospaceText.wrapped(line, width: width, maximumLines: 4) }
            }
        }
        lines.append("")
        lines += MonospaceText.wrapped(legend.line(), width: width)
        return lines.joined(separator: "\n") + "\n"
    }

    /// One step's column: its header, what it changes, what is on screen, its parent context, then its stack in
    /// a box, top layer first.
    private static func stepColumn(_ story: StepStory, width: Int, legend: inout LegendMarks) -> Column {
        let inner = width - 4
        var header = MonospaceText.clean(story.header)
        if story.delayed {
            header += " ◷"
            legend.used.insert(.delay)
        }
        var operation: [String] = []
        for change in story.changes {
            if change.hasPrefix("−") { legend.used.insert(.removed) }
            if change.hasPrefix("~") { legend.used.insert(.updated) }
            operation += MonospaceText.wrapped(MonospaceText.clean(change), width: width, maximumLines: 3)
                .enumerated().map { ($0.offset == 0 ? "" : "  ") + $0.element }
        }
        operation += MonospaceText.wrapped(MonospaceText.clean(story.onScreen), width: width, maximumLines: 3)
        if let context = story.context {
            operation += MonospaceText.wrapped(MonospaceText.clean(context), width: width, maximumLines: 4)
        }
        let border = TextBox.Border.forLayer(story.layers.first?.style)
        var box: [String] = []
        for (position, layer) in story.layers.enumerated() {
            if layer.title.contains("☰") { legend.used.insert(.navigation) }
            var title = MonospaceText.clean(layer.title)
            // Nested layers name their coordinator: without the layer number it fits the box.
            if MonospaceText.width(title) > inner - 5 {
                if title.hasPrefix("layer "), let dot = title.range(of: " · ") {
                    title = String(title[dot.upperBound...])
                } else if title.hasPrefix("root layer") {
                    title = "root" + title.dropFirst("root layer".count)
                } else if let dot = title.range(of: " · ") {
                    // Another library's root layer, e.g. `root environment · RouterView`: the view it is.
                    title = String(title[dot.upperBound...])
                }
            }
            box.append(
                position == 0
                    ? TextBox.top(border, title: title, inner: inner)
                    : TextBox.divider(border, title: title, inner: inner))
            for screen in layer.screens {
                if let style = LegendMarks.Mark.allCases.first(where: { $0.symbol == screen.symbol }) {
                    legend.used.insert(style)
                }
                if screen.flags.contains("✗") { legend.used.insert(.invalid) }
                if screen.flags.contains("+") { legend.used.insert(.added) }
                if screen.flags.contains("~") { legend.used.insert(.updated) }
                box.append(routeLine(screen.symbol, screen.name, flags: screen.flags, border: border, inner: inner))
            }
        }
        box.append(TextBox.bottom(border, inner: inner))
        return Column(header: MonospaceText.truncated(header, to: width), operation: operation, box: box)
    }

    private static func routeLine(_ symbol: String, _ label: String, flags: String, border: TextBox.Border, inner: Int)
        -> String
    {
        let flagText = String(flags.prefix(2))
        let labelWidth = inner - 2 - 3
        let text =
            symbol + " "
            + MonospaceText.padded(MonospaceText.truncated(MonospaceText.clean(label), to: labelWidth), to: labelWidth)
            + " " + MonospaceText.padded(flagText, to: 2)
        return TextBox.line(border, text, inner: inner)
    }

    private struct Column {
        var header: String
        var operation: [String]
        var box: [String]
    }

    /// Columns side by side: headers, operations and boxes aligned, `──▶` between neighbouring boxes.
    private static func join(_ columns: [Column], columnWidth: Int, gap: Int, continues: Bool) -> [String] {
        let operationHeight = columns.map(\.operation.count).max() ?? 0
        let boxHeight = columns.map(\.box.count).max() ?? 0
        var lines: [String] = []
        func row(_ cells: [String], arrowAt: Bool) -> String {
            var line = ""
            for (index, cell) in cells.enumerated() {
                line += MonospaceText.padded(cell, to: columnWidth)
                if index < cells.count - 1 {
                    line += arrowAt ? " ─▶ " : String(repeating: " ", count: gap)
                } else if continues, arrowAt {
                    line += " ─▶"
                }
            }
            return String(line.reversed().drop { $0 == " " }.reversed())
        }
        lines.append(row(columns.map(\.header), arrowAt: false))
        for index in 0..<operationHeight {
            lines.append(row(columns.map { index < $0.operation.count ? $0.operation[index] : "" }, arrowAt: false))
        }
        for index in 0..<boxHeight {
            lines.append(row(columns.map { index < $0.box.count ? $0.box[index] : "" }, arrowAt: index == 1))
        }
        return lines
    }

    static func count(_ number: Int, _ noun: String) -> String {
        number == 1 ? "1 \(noun)" : "\(number) \(noun)s"
    }
}

/// The marks a text drawing used, for its legend line, explained in the library's words.
struct LegendMarks {
    /// The library's words, which name pushes, sheets and covers.
    var words: LibraryWords = .flowStacks

    enum Mark: Int, CaseIterable {
        case root, push, sheet, cover, navigation, top, added, removed, updated, delay, invalid

        init(style: RouteStyle) {
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
            case .delay: "waits \(Vocabulary.seconds(Transition.stepDelay))"
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
