import FlowModel

/// Mermaid flowcharts of route stacks and timelines, which GitHub and GitLab render inline in Markdown.
///
/// A stack is one subgraph per presentation layer; a timeline is a column of step boxes per transition
/// (``timeline(run:title:)``). Kinds differ in shape and words, not
/// only colour: the root is a stadium `([…])`, a push a rectangle, a sheet a rounded box, a full-screen
/// cover a double-bordered subroutine box `[[…]]`; presentations are dotted edges. The top screen and
/// invalid routes get classes (`top`, `invalid`) and words (`◀ top`, `✗ reason`). All user text goes
/// through ``MermaidText``, so hostile labels cannot break the syntax. The title goes in the front matter.
///
/// Timelines stop after ``maximumSteps`` steps with a note, to stay within what Mermaid renders.
public enum MermaidDiagram {
    /// The most steps drawn in one timeline; later steps are summarized in a note.
    public static let maximumSteps = 150

    /// A route stack as a Mermaid `flowchart TB`, one subgraph per presentation layer, bottom layer first.
    ///
    /// - Parameters:
    ///   - title: The diagram's title (front matter); `nil` for `Route stack`.
    ///   - root: The root screen.
    ///   - routes: The routes above the root, bottom first.
    ///   - vocabulary: The words of the stack's library (FlowStacks' by default).
    /// - Returns: Mermaid source, lines ending in `\n`, to put in a fenced code block tagged `mermaid`.
    public static func stack(
        title: String?, root: Root, routes: [Route], vocabulary: DiagramVocabulary = .flowStacks
    ) -> String {
        var lines = header(title: title ?? vocabulary.stackTitle, direction: "TB")
        let layers = routes.presentationLayers(rootHasNavigation: root.withNavigation)
        let problems = Dictionary(
            routes.problems(rootHasNavigation: root.withNavigation).map { ($0.index, $0.reason) },
            uniquingKeysWith: { first, _ in first })
        for layer in layers {
            let title = vocabulary.layerTitle(layer) + " · " + vocabulary.navigation(layer.hasNavigation)
            lines.append("  subgraph layer\(layer.index)[\(MermaidText.quoted(title))]")
            lines.append("    direction TB")
            if layer.index == 0 {
                lines.append("    root" + shape(nil, MermaidText.quoted("⌂ root: " + root.screen)))
            }
            for index in layer.routeIndices {
                let route = routes[index]
                var text = [mark(route.style) + " " + vocabulary.presentedKind(of: route.style) + ": " + route.screen]
                if index == routes.count - 1 { text[0] += "  ◀ top" }
                if let reason = problems[index] { text.append("✗ " + reason) }
                lines.append("    r\(index)" + shape(route.style, MermaidText.quoted(lines: text)))
            }
            lines.append("  end")
        }
        for (index, route) in routes.enumerated() {
            let from = index == 0 ? "root" : "r\(index - 1)"
            if route.isPresented {
                let label = vocabulary.presentVerb + " " + vocabulary.kind(of: route.style)
                lines.append("  \(from) -.->|\(MermaidText.quoted(label))| r\(index)")
            } else {
                lines.append("  \(from) --> r\(index)")
            }
        }
        lines += classDefinitions()
        lines += assign(
            "push", routes.indices.filter { routes[$0].style.isPush }.map { "r\($0)" })
        lines += assign("sheet", routes.indices.filter { routes[$0].style.isSheet }.map { "r\($0)" })
        lines += assign("cover", routes.indices.filter { routes[$0].style.isCover }.map { "r\($0)" })
        lines += assign("rootScreen", ["root"])
        lines += assign("invalid", problems.keys.sorted().map { "r\($0)" })
        lines += assign("top", routes.isEmpty ? ["root"] : ["r\(routes.count - 1)"])
        for layer in layers where layer.hasNavigation {
            lines.append("  style layer\(layer.index) stroke-width:2px")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The most columns side by side: four columns of boxes ``lineWidth`` characters wide lay out within about
    /// 1,250 px, so shown 880 px wide Mermaid's 16 px text is still 11 px or more.
    public static let maximumColumns = 4
    /// The most steps in one column; a longer transition continues in the next column.
    public static let maximumStepsPerColumn = 8

    /// How many steps each column of a transition of `count` steps holds: as few columns as
    /// ``maximumStepsPerColumn`` allows, evenly filled (9 steps are columns of 5 and 4, not 8 and 1).
    public static func stepsPerColumn(_ count: Int) -> Int {
        let columns = max(1, (count + maximumStepsPerColumn - 1) / maximumStepsPerColumn)
        return max(1, (count + columns - 1) / columns)
    }

    /// A played plan's timeline as a Mermaid `flowchart TB` that reads at 880 px: a column per transition (per
    /// rule set when they are compared), going down, at most ``maximumColumns`` side by side, further columns on
    /// further lines below; a long transition continues in the next column.
    ///
    /// A summary box says the root, each rule set's updates and running time, the deep link (URL, rule,
    /// captures) and the legend. Each column starts with a box naming its transition, its operation, its updates
    /// and time; each step is one box saying its running time and which update it is, what it removes (`−`),
    /// adds (`+`) and updates (`~ old → new`), what is on screen after it, the parent stack for a step of a
    /// child FlowStack, and its stack top layer first, one line per layer title and per screen. Layers a step
    /// leaves unchanged below the ones it changes are folded into one line, except at a transition's start and
    /// end. A dotted arrow leads to a step that waits for the delay. Everything comes from the `run`.
    ///
    /// - Parameters:
    ///   - run: The played plan.
    ///   - title: The diagram's title (front matter); `nil` for the library's timeline title.
    /// - Returns: Mermaid source, lines ending in `\n`, to put in a fenced code block tagged `mermaid`.
    public static func timeline(run: PlanRun, title: String?) -> String {
        let root = run.plan.root
        let fullTitle = title ?? run.words.timelineTitle
        // Mermaid sets the title on one line at 18 px: a long one would widen the whole chart.
        let shortTitle = MonospaceText.truncated(fullTitle, to: 90)
        var lines = header(title: shortTitle, direction: "TB")
        var summary: [String] = []
        if shortTitle != fullTitle { summary.append(fullTitle) }
        summary.append("root ⌂ " + root.screen + (root.withNavigation ? " ☰" : ""))
        for ruleSet in run.ruleSets {
            let updates = ruleSet.transitions.reduce(0) { $0 + $1.updates }
            let seconds = ruleSet.transitions.reduce(0) { $0 + $1.estimatedSeconds }
            var line = ruleSet.label.map { $0 + ": " } ?? ""
            line += TextDiagram.count(ruleSet.transitions.count, "transition") + " · "
            line += StepStory.updatesText(updates) + " · " + StepStory.runningTime(seconds) + " in all"
            summary.append(line)
        }
        if let deepLink = StepStory.deepLinkLine(run) { summary.append(deepLink) }
        summary.append(
            "− removed · + added · ~ updated · ☰ navigation · dotted arrow: waits "
                + StepStory.runningTime(Transition.stepDelay))
        lines.append("  summary[" + MermaidText.quoted(lines: wrapped(summary)) + "]")
        var classes: [String: [String]] = ["note": ["summary"]]

        var columns: [TimelineColumn] = []
        var drawn = 0
        var total = 0
        for (setIndex, ruleSet) in run.ruleSets.enumerated() {
            let steps = ruleSet.steps
            total += steps.count
            var lastPath: [Route]?
            var lastHierarchy: Coordinator?
            for (number, transition) in ruleSet.transitions.enumerated() {
                let mine = steps.filter { $0.transition == number }
                var heading = [
                    (ruleSet.label.map { $0 + " · " } ?? "")
                        + "Transition \(number + 1) of \(ruleSet.transitions.count)"
                ]
                if let action = transition.action { heading.append(action) }
                if let coordinator = transition.coordinator, mine.first?.hierarchy?.hasChildren == true {
                    heading.append("in " + coordinator)
                }
                heading.append(
                    StepStory.updatesText(transition.updates) + " · "
                        + StepStory.runningTime(transition.estimatedSeconds))
                var previous: PlanRun.Step?
                var stories: [(story: StepStory, step: PlanRun.Step, repeatsEnd: Bool)] = []
                for step in mine {
                    guard drawn < maximumSteps else { break }
                    drawn += 1
                    let story = StepStory(step, in: transition, previous: previous, root: root, words: run.words)
                    // A transition starting where the one before ended says so instead of drawing that stack again.
                    let repeatsEnd =
                        step.index == 0 && story.changes.isEmpty && lastPath == step.path
                        && lastHierarchy == step.hierarchy
                    stories.append((story, step, repeatsEnd))
                    previous = step
                }
                lastPath = mine.last?.path
                lastHierarchy = mine.last?.hierarchy
                var start = 0
                let perColumn = stepsPerColumn(stories.count)
                while start < stories.count {
                    let chunk = Array(stories[start..<min(start + perColumn, stories.count)])
                    let title =
                        start == 0
                        ? heading : [heading[0] + " (continued)", "from " + (chunk.first?.story.header ?? "")]
                    columns.append(
                        TimelineColumn(id: "c\(columns.count)", heading: title, steps: chunk, ruleSet: setIndex))
                    start += perColumn
                }
            }
        }

        // Lines of at most maximumColumns columns; compared rule sets that do not fit on one line start their own.
        var rows: [[TimelineColumn]] = []
        let oneLine = columns.count <= maximumColumns
        for column in columns {
            if let last = rows.last?.last, last.ruleSet == column.ruleSet || oneLine,
                rows[rows.count - 1].count < maximumColumns
            {
                rows[rows.count - 1].append(column)
            } else {
                rows.append([column])
            }
        }

        for column in columns {
            lines.append("  \(column.id)[" + MermaidText.quoted(lines: wrapped(column.heading)) + "]")
            classes["column", default: []].append(column.id)
            var previousID = column.id
            for (position, item) in column.steps.enumerated() {
                let id = "\(column.id)s\(position)"
                let story = item.story
                let text = wrapped(
                    item.repeatsEnd
                        ? stepLines(story, asEndOf: item.step.transition)
                        : stepLines(story, full: item.step.index == 0))
                lines.append("  \(id)[" + MermaidText.quoted(lines: text) + "]")
                classes["step", default: []].append(id)
                classes[story.layers.first?.style.map(\.kindName) ?? "rootScreen", default: []].append(id)
                if story.isEnd { classes["last", default: []].append(id) }
                let arrow = position == 0 ? "---" : story.delayed ? "-.->" : "-->"
                lines.append("  \(previousID) \(arrow) \(id)")
                previousID = id
            }
        }
        // Invisible links put each line of columns below the one before and keep the columns in order: every
        // column of a line hangs from one node (the summary, then an empty node under the line before, hung from
        // the end of each of its columns), so the layout (dagre) has no crossing to untangle by reordering them.
        var above: [String] = []
        for (number, row) in rows.enumerated() {
            var anchor = "summary"
            if number > 0 {
                anchor = "line\(number)"
                lines.append("  \(anchor)[\" \"]")
                classes["gap", default: []].append(anchor)
                for end in above { lines.append("  \(end) ~~~ \(anchor)") }
            }
            for column in row { lines.append("  \(anchor) ~~~ \(column.id)") }
            above = row.map { $0.steps.isEmpty ? $0.id : "\($0.id)s\($0.steps.count - 1)" }
        }
        if drawn < total {
            lines.append(
                "  more["
                    + MermaidText.quoted(
                        "… \(TextDiagram.count(total - drawn, "more step")) not drawn: too large for Mermaid; "
                            + "use SVG or text output") + "]")
            for end in above { lines.append("  \(end) ~~~ more") }
            classes["note", default: []].append("more")
        }
        lines += classDefinitions()
        for name in ["note", "column", "step", "rootScreen", "push", "sheet", "cover", "last", "gap"] {
            lines += assign(name, classes[name] ?? [])
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The widest line of a timeline box, in characters: Mermaid wraps a label's lines at 200 px where they have
    /// spaces and never where they have none; 26 characters of its 16 px font stay within that.
    public static let lineWidth = 26

    /// Lines wrapped at ``lineWidth`` (at most eight lines each), continuations indented.
    private static func wrapped(_ lines: [String]) -> [String] {
        lines.flatMap { line in
            MonospaceText.wrapped(MonospaceText.clean(line), width: lineWidth, maximumLines: 8).enumerated().map {
                ($0.offset == 0 ? "" : "\u{00A0}\u{00A0}") + $0.element
            }
        }
    }

    /// One column of a timeline: a heading box and the steps below it.
    private struct TimelineColumn {
        var id: String
        var heading: [String]
        var steps: [(story: StepStory, step: PlanRun.Step, repeatsEnd: Bool)]
        var ruleSet: Int
    }

    /// A step box's lines: header, changes, on screen, parent context, then the stack by layer, top first;
    /// unchanged layers below the changed ones folded into one line unless `full` or the step ends its transition.
    static func stepLines(_ story: StepStory, full: Bool) -> [String] {
        var text = [story.header] + story.changes + [story.onScreen]
        if let context = story.context { text.append(context) }
        let (kept, folded) = full || story.isEnd ? (story.layers, 0) : story.foldedLayers()
        for layer in kept {
            text.append("┈ " + layer.title + " ┈")
            text += layer.screens.map { $0.symbol + " " + $0.name + ($0.flags.isEmpty ? "" : " " + $0.flags) }
        }
        if folded > 0 {
            text.append("⋮ \(folded) unchanged below")
            if let parentPath = story.parentPath { text.append("on " + parentPath) }
        }
        return text
    }

    /// A starting step that is the state transition `number` (counted from 0) ended in: one line saying so.
    static func stepLines(_ story: StepStory, asEndOf number: Int) -> [String] {
        var text = [story.header + " = end of transition \(number)", story.onScreen]
        if let context = story.context { text.append(context) }
        return text
    }

    private static func header(title: String, direction: String) -> [String] {
        ["---", "title: " + MermaidText.yamlQuoted(title), "---", "flowchart \(direction)"]
    }

    private static func mark(_ style: RouteStyle) -> String {
        switch style {
        case .push: "→"
        case .sheet: "▲"
        case .cover: "■"
        }
    }

    /// A node's shape around an already quoted label.
    fileprivate static func shape(_ style: RouteStyle?, _ label: String) -> String {
        switch style {
        case .none: "([\(label)])"
        case .push: "[\(label)]"
        case .sheet: "(\(label))"
        case .cover: "[[\(label)]]"
        }
    }

    /// The classes' styles; light fills with dark text, so a chart stays legible in a dark Mermaid theme too.
    private static func classDefinitions() -> [String] {
        [
            "  classDef rootScreen fill:#eef2f7,stroke:#4a5568,color:#1a202c",
            "  classDef push fill:#ffffff,stroke:#4a5568,color:#1a202c",
            "  classDef sheet fill:#e8f4ff,stroke:#2b6cb0,color:#1a202c",
            "  classDef cover fill:#f3ecff,stroke:#6b46c1,stroke-width:2px,color:#1a202c",
            "  classDef step text-align:left",
            "  classDef column fill:#edf2f7,stroke:#4a5568,color:#1a202c",
            "  classDef last stroke-width:3px",
            "  classDef gap fill:none,stroke:none",
            "  classDef note fill:#fafafa,stroke:#a0aec0,stroke-dasharray:3 3,color:#1a202c",
            "  classDef added stroke-width:3px",
            "  classDef removed stroke-dasharray:5 3",
            "  classDef invalid fill:#fff0f0,stroke:#c53030,color:#c53030,stroke-dasharray:4 2",
            "  classDef top stroke-width:3px",
        ]
    }

    private static func assign(_ className: String, _ ids: [String]) -> [String] {
        guard !ids.isEmpty else { return [] }
        // Long lists in chunks keep lines readable.
        return stride(from: 0, to: ids.count, by: 40).map { start in
            "  class " + ids[start..<min(start + 40, ids.count)].joined(separator: ",") + " " + className
        }
    }
}
