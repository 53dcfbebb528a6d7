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
    /// With child FlowStacks (`coordinator` has children), each child that owns its routes is a subgraph of its
    /// own layers inside the layer hosting it, reached from its host by a dotted `hosts` arrow, as the image draws
    /// it; `◀ top` marks the screen on screen.
    ///
    /// - Parameters:
    ///   - title: The diagram's title (front matter); `nil` for `Route stack`.
    ///   - root: The root screen.
    ///   - routes: The routes above the root, bottom first.
    ///   - coordinator: The whole hierarchy, when child FlowStacks are nested; `routes` is then its path.
    ///   - vocabulary: The words of the stack's library (FlowStacks' by default).
    /// - Returns: Mermaid source, lines ending in `\n`, to put in a fenced code block tagged `mermaid`.
    public static func stack(
        title: String?, root: Root, routes: [PlanRoute], coordinator: PlanCoordinator? = nil,
        vocabulary: DiagramWords = .flowStacks
    ) -> String {
        var lines = header(title: title ?? vocabulary.stackTitle, direction: "TB")
        var drawn = StackNodes()
        if let hierarchy = coordinator, hierarchy.hasChildren {
            let roots = hierarchy.effectiveRoots
            drawn.problems = Dictionary(
                hierarchy.problems().map { ("\($0.coordinator)#\($0.routeIndex)", $0.reason) },
                uniquingKeysWith: { first, _ in first })
            lines += stackLayers(
                hierarchy, root: roots[hierarchy.name] ?? root, roots: roots, prefix: "", indent: "  ",
                onScreen: true, vocabulary: vocabulary, drawn: &drawn)
        } else {
            let flat = PlanCoordinator(root: root, routes: routes)
            drawn.problems = Dictionary(
                routes.problems(rootHasNavigation: root.withNavigation).map { ("\(flat.name)#\($0.index)", $0.reason) },
                uniquingKeysWith: { first, _ in first })
            lines += stackLayers(
                flat, root: root, roots: [:], prefix: "", indent: "  ", onScreen: true, vocabulary: vocabulary,
                drawn: &drawn)
        }
        lines += drawn.edges
        lines += classDefinitions()
        for name in ["push", "sheet", "cover", "rootScreen", "invalid", "top"] {
            lines += assign(name, drawn.classes[name] ?? [])
        }
        lines += drawn.navigationLayers.map { "  style \($0) stroke-width:2px" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// What a stack's subgraphs leave to be written after them: edges, classes and layers with navigation.
    private struct StackNodes {
        var problems: [String: String] = [:]
        var edges: [String] = []
        var classes: [String: [String]] = [:]
        var navigationLayers: [String] = []
        var children = 0
    }

    /// The subgraphs of `coordinator`'s layers, its nodes' ids starting with `prefix`; a child owning its routes
    /// is a subgraph inside the layer of the route hosting it.
    private static func stackLayers(
        _ coordinator: PlanCoordinator, root: Root, roots: [String: Root], prefix: String, indent: String,
        onScreen: Bool, vocabulary: DiagramWords, drawn: inout StackNodes
    ) -> [String] {
        let elements = coordinator.pathElements
        let routes = elements.map(\.entry.route)
        let layers = routes.presentationLayers(rootHasNavigation: root.withNavigation)
        let topIndex = elements.last?.entry.child?.ownsRoutes == true ? nil : elements.indices.last
        let rootID = prefix + "root"
        var lines: [String] = []
        for layer in layers {
            let title = vocabulary.layerTitle(layer) + " · " + vocabulary.navigation(layer.hasNavigation)
            let layerID = prefix + "layer\(layer.index)"
            lines.append(indent + "subgraph \(layerID)[\(MermaidText.quoted(title))]")
            lines.append(indent + "  direction TB")
            if layer.index == 0 {
                var text = "⌂ root: " + root.screen
                if onScreen, routes.isEmpty { text += "  ◀ top" }
                lines.append(indent + "  " + rootID + shape(nil, MermaidText.quoted(text)))
                drawn.classes["rootScreen", default: []].append(rootID)
                if onScreen, routes.isEmpty { drawn.classes["top", default: []].append(rootID) }
            }
            for index in layer.routeIndices {
                let route = routes[index]
                let id = prefix + "r\(index)"
                var text = [mark(route.style) + " " + vocabulary.presentedKind(of: route.style) + ": " + route.screen]
                if let child = elements[index].entry.child {
                    text[0] += "  hosts " + child.name + (child.ownsRoutes ? "" : " (shares path)")
                }
                if onScreen, index == topIndex {
                    text[0] += "  ◀ top"
                    drawn.classes["top", default: []].append(id)
                }
                let problem = drawn.problems["\(coordinator.name)#\(index)"]
                if let problem {
                    text.append("✗ " + problem)
                    drawn.classes["invalid", default: []].append(id)
                }
                lines.append(indent + "  " + id + shape(route.style, MermaidText.quoted(lines: text)))
                let kind = route.style.isPush ? "push" : route.style.isSheet ? "sheet" : "cover"
                drawn.classes[kind, default: []].append(id)
                guard let child = elements[index].entry.child, child.ownsRoutes else { continue }
                drawn.children += 1
                let childPrefix = "c\(drawn.children)_"
                let childRoot = roots[child.name] ?? child.root
                lines.append(
                    indent + "  subgraph \(childPrefix)flow["
                        + MermaidText.quoted("child FlowStack \(child.name) · owns its routes") + "]")
                lines.append(indent + "    direction TB")
                lines += stackLayers(
                    child, root: childRoot, roots: roots, prefix: childPrefix, indent: indent + "    ",
                    onScreen: onScreen && index == elements.indices.last, vocabulary: vocabulary, drawn: &drawn)
                lines.append(indent + "  end")
                drawn.edges.append("  \(id) -.->|\"hosts\"| \(childPrefix)root")
            }
            lines.append(indent + "end")
            if layer.hasNavigation { drawn.navigationLayers.append(layerID) }
        }
        for (index, route) in routes.enumerated() {
            let from = index == 0 ? rootID : prefix + "r\(index - 1)"
            if route.isPresented {
                let label = vocabulary.presentVerb + " " + vocabulary.kind(of: route.style)
                drawn.edges.append("  \(from) -.->|\(MermaidText.quoted(label))| \(prefix)r\(index)")
            } else {
                drawn.edges.append("  \(from) --> \(prefix)r\(index)")
            }
        }
        return lines
    }

    /// A played plan's timeline as a Mermaid `flowchart TB` telling the story of its change, in the SVG
    /// timeline's words (`TimelineStory`): the stack before, once; the moments every rule set plays alike, once;
    /// then one column per compared rule set, time going down, each moment one box (`◷ 0.65 s · update 2`, what
    /// it does, `on screen: X`), moments at the same running time on the same row; the stack after, once.
    ///
    /// A note above says the library, the deep link and how the rule sets differ; each compared rule set's column
    /// starts with its rules, updates and time. A dotted arrow leads to a moment that waits for the delay, a thick
    /// border marks each transition's end. Lines are as wide as a column of an 880 px page (the front matter
    /// sets Mermaid's wrapping width and spacing), so GitHub shows the chart 1:1 at 16 px.
    ///
    /// - Parameters:
    ///   - run: The played plan.
    ///   - title: The diagram's title (front matter); `nil` for the library's timeline title.
    /// - Returns: Mermaid source, lines ending in `\n`, to put in a fenced code block tagged `mermaid`.
    public static func timeline(run: PlanRun, title: String?) -> String {
        let story = TimelineStory(run: run, title: title)
        // Mermaid sets the title on one line at 18 px: a long one would widen the whole chart.
        let shortTitle = MonospaceText.truncated(story.title, to: 90)
        let columns = max(1, story.columns.count)
        let wrapping = max(160, min(560, (860 - 24 * (columns - 1)) / columns - 24))
        var lines = header(title: shortTitle, direction: "TB", wrapping: wrapping)
        var classes: [String: [String]] = [:]
        // The root is the path's first screen: the note keeps only what the boxes do not say.
        var notes = story.notes.filter { !$0.hasPrefix("root ") }
        if shortTitle != story.title { notes.insert(story.title, at: 0) }
        if columns == 1, let column = story.columns.first { notes.append(column.title) }
        if !notes.isEmpty {
            lines.append("  notes[" + label(notes.map { [($0, false)] }) + "]")
            classes["note", default: []].append("notes")
        }
        let totals = columns == 1 ? story.columns.first.map { " · " + $0.totals } ?? "" : ""
        if let before = story.before {
            lines.append("  before[" + stackLabel(before, totals: "") + "]")
            classes["stack", default: []].append("before")
            if !notes.isEmpty { lines.append("  notes ~~~ before") }
        }
        var drawn = 0
        var ends: [(id: String, row: Int)] = []
        // Ranks: 0 the stack before, then the rows every rule set plays alike (once), then the columns' headers
        // when rule sets are compared, then the other moments' rows.
        let offset = columns > 1 ? 2 : 1
        /// Draws `moment` as the box `id`, linked from `previous`, at rank `rank`.
        func draw(_ moment: TimelineStory.Moment, id: String, rank: Int, after previous: inout (id: String, row: Int)?)
        {
            drawn += 1
            lines.append("  \(id)[" + momentLabel(moment) + "]")
            classes[moment.style.map(\.kindName) ?? "rootScreen", default: []].append(id)
            if moment.isLast { classes["last", default: []].append(id) }
            if !moment.problems.isEmpty { classes["invalid", default: []].append(id) }
            if let previous {
                lines.append("  \(previous.id) " + link(rank - previous.row, dotted: moment.delayed) + " \(id)")
            }
            previous = (id, rank)
        }
        var shared: (id: String, row: Int)? = story.before.map { _ in ("before", 0) }
        for (index, moment) in (story.columns.first?.moments ?? []).enumerated()
        where moment.row < story.sharedRows && drawn < maximumSteps {
            draw(moment, id: "s\(index)", rank: moment.row + 1, after: &shared)
        }
        for (number, column) in story.columns.enumerated() {
            var previous = shared
            if columns > 1 {
                let id = "c\(number)"
                lines.append("  \(id)[" + label([[(column.title, true)], [(column.totals, false)]]) + "]")
                classes["column", default: []].append(id)
                let rank = story.sharedRows + 1
                if let previous {
                    lines.append("  \(previous.id) " + link(rank - previous.row, dotted: false) + " \(id)")
                }
                previous = (id, rank)
            }
            for (index, moment) in column.moments.enumerated()
            where moment.row >= story.sharedRows && drawn < maximumSteps {
                draw(moment, id: "c\(number)m\(index)", rank: moment.row + offset, after: &previous)
            }
            if let previous { ends.append(previous) }
        }
        let total =
            story.columns.reduce(0) { $0 + $1.moments.count }
            - max(0, story.columns.count - 1) * (story.columns.first?.moments.count { $0.row < story.sharedRows } ?? 0)
        if let after = story.after {
            lines.append("  after[" + stackLabel(after, totals: totals) + "]")
            classes["stack", default: []].append("after")
            let last = story.rows + offset
            for end in ends { lines.append("  \(end.id) " + link(max(1, last - end.row), dotted: false) + " after") }
        }
        if drawn < total {
            lines.append(
                "  more["
                    + MermaidText.quoted(
                        "… \(TextDiagram.count(total - drawn, "more moment")) not drawn: too large for Mermaid; "
                            + "use SVG or text output") + "]")
            lines.append("  \(story.after == nil ? ends.last?.id ?? "before" : "after") ~~~ more")
            classes["note", default: []].append("more")
        }
        lines += classDefinitions()
        for name in ["note", "stack", "column", "rootScreen", "push", "sheet", "cover", "last", "invalid"] {
            lines += assign(name, classes[name] ?? [])
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A link `length` ranks long (Mermaid adds a rank per extra dash or dot), dotted when the moment waits.
    private static func link(_ length: Int, dotted: Bool) -> String {
        let extra = max(0, length - 1)
        return dotted
            ? "-" + String(repeating: ".", count: extra + 1) + "->" : "--" + String(repeating: "-", count: extra) + ">"
    }

    /// A label of lines, each of runs of text bold or not; all text entity-encoded.
    static func label(_ lines: [[(String, Bool)]]) -> String {
        "\""
            + lines.map { runs in
                runs.map { text, bold in bold ? "<b>" + MermaidText.encoded(text) + "</b>" : MermaidText.encoded(text) }
                    .joined()
            }.joined(separator: "<br/>") + "\""
    }

    /// A moment's box: its header (the action, the time, the update), what it does, what the library would
    /// reject, what it keeps below, and what is on screen.
    static func momentLabel(_ moment: TimelineStory.Moment) -> String {
        var first: [(String, Bool)] = []
        if let action = moment.action { first += [(action, true), (" · ", false)] }
        first.append((moment.time, moment.action == nil))
        let rest = [moment.update, moment.parts ? "◆ first difference" : ""].filter { !$0.isEmpty }
        if !rest.isEmpty { first.append((" · " + rest.joined(separator: " · "), false)) }
        var lines = [first]
        if let words = moment.words {
            lines.append([(words, false)])
        } else if let actingIn = moment.actingIn {
            lines.append([("in \(actingIn)", false)])
        }
        lines += moment.problems.map { [($0, false)] }
        lines.append([("on screen: ", false), (moment.onScreen, true)])
        return label(lines)
    }

    /// A whole stack's box: `BEFORE · on screen: X`, then the app's path.
    static func stackLabel(_ stack: TimelineStory.Stack, totals: String) -> String {
        label([
            [(stack.title.uppercased(), true), (totals + " · on screen: ", false), (stack.onScreen, true)],
            [(stack.path, false)],
        ])
    }

    static func header(title: String, direction: String, wrapping: Int? = nil) -> [String] {
        var lines = ["---", "title: " + MermaidText.yamlQuoted(title)]
        if let wrapping {
            // Lines as wide as a column, boxes and rows close together: the chart reads at 880 px, 1:1.
            lines += [
                "config:", "  flowchart:", "    wrappingWidth: \(wrapping)", "    rankSpacing: 24",
                "    nodeSpacing: 24", "    padding: 8",
            ]
        }
        return lines + ["---", "flowchart \(direction)"]
    }

    private static func mark(_ style: PlanRouteStyle) -> String {
        switch style {
        case .push: "→"
        case .sheet: "▲"
        case .cover: "■"
        }
    }

    /// A node's shape around an already quoted label.
    fileprivate static func shape(_ style: PlanRouteStyle?, _ label: String) -> String {
        switch style {
        case .none: "([\(label)])"
        case .push: "[\(label)]"
        case .sheet: "(\(label))"
        case .cover: "[[\(label)]]"
        }
    }

    /// The classes' styles; light fills with dark text, so a chart stays legible in a dark Mermaid theme too.
    static func classDefinitions() -> [String] {
        [
            "  classDef rootScreen fill:#eef2f7,stroke:#4a5568,color:#1a202c",
            "  classDef push fill:#ffffff,stroke:#4a5568,color:#1a202c",
            "  classDef sheet fill:#e8f4ff,stroke:#2b6cb0,color:#1a202c",
            "  classDef cover fill:#f3ecff,stroke:#6b46c1,stroke-width:2px,color:#1a202c",
            "  classDef column fill:#edf2f7,stroke:#4a5568,color:#1a202c",
            "  classDef stack fill:#f7fafc,stroke:#1a202c,stroke-width:2px,color:#1a202c",
            "  classDef last stroke-width:3px",
            "  classDef note fill:#fafafa,stroke:#a0aec0,stroke-dasharray:3 3,color:#1a202c",
            "  classDef added stroke-width:3px",
            "  classDef removed stroke-dasharray:5 3",
            "  classDef invalid fill:#fff0f0,stroke:#c53030,color:#c53030,stroke-dasharray:4 2",
            "  classDef top stroke-width:3px",
        ]
    }

    static func assign(_ className: String, _ ids: [String]) -> [String] {
        guard !ids.isEmpty else { return [] }
        // Long lists in chunks keep lines readable.
        return stride(from: 0, to: ids.count, by: 40).map { start in
            "  class " + ids[start..<min(start + 40, ids.count)].joined(separator: ",") + " " + className
        }
    }
}
