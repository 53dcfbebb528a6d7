import FlowModel

/// Mermaid flowcharts of route stacks and timelines, which GitHub and GitLab render inline in Markdown.
///
/// A stack is one subgraph per presentation layer; a timeline is one subgraph per transition holding one
/// subgraph per step, linked by edges labelled with the operation. Kinds differ in shape and words, not
/// only colour: the root is a stadium `([…])`, a push a rectangle, a sheet a rounded box, a full-screen
/// cover a double-bordered subroutine box `[[…]]`; presentations are dotted edges. The top screen and
/// invalid routes get classes (`top`, `invalid`) and words (`◀ top`, `✗ reason`). All user text goes
/// through ``MermaidText``, so hostile labels cannot break the syntax. The title goes in the front matter.
///
/// Long timelines switch to a compact form (one node per step listing its screens) and stop after
/// ``maximumSteps`` steps with a note, to stay within what Mermaid renders.
public enum MermaidDiagram {
    /// The most steps drawn in one timeline; later steps are summarized in a note.
    public static let maximumSteps = 150
    /// Timelines with more route nodes than this use the compact form.
    public static let compactThreshold = 120

    /// A route stack as a Mermaid `flowchart TB`, one subgraph per presentation layer, bottom layer first.
    ///
    /// - Parameters:
    ///   - title: The diagram's title (front matter); `nil` for `Route stack`.
    ///   - root: The root screen.
    ///   - routes: The routes above the root, bottom first.
    /// - Returns: Mermaid source, lines ending in `\n`, to put in a ```` ```mermaid ```` block.
    public static func stack(title: String?, root: Root, routes: [Route]) -> String {
        var lines = header(title: title ?? "Route stack", direction: "TB")
        let layers = routes.presentationLayers(rootHasNavigation: root.withNavigation)
        let problems = Dictionary(
            routes.problems(rootHasNavigation: root.withNavigation).map { ($0.index, $0.reason) },
            uniquingKeysWith: { first, _ in first })
        for layer in layers {
            let title = Vocabulary.layerTitle(layer) + " · " + Vocabulary.navigation(layer.hasNavigation)
            lines.append("  subgraph layer\(layer.index)[\(MermaidText.quoted(title))]")
            lines.append("    direction TB")
            if layer.index == 0 {
                lines.append("    root" + shape(nil, MermaidText.quoted("⌂ root: " + root.screen)))
            }
            for index in layer.routeIndices {
                let route = routes[index]
                var text = [mark(route.style) + " " + route.style.kindName + ": " + route.screen]
                if index == routes.count - 1 { text[0] += "  ◀ top" }
                if let reason = problems[index] { text.append("✗ " + reason) }
                lines.append("    r\(index)" + shape(route.style, MermaidText.quoted(lines: text)))
            }
            lines.append("  end")
        }
        for (index, route) in routes.enumerated() {
            let from = index == 0 ? "root" : "r\(index - 1)"
            if route.isPresented {
                let label = "presents " + Vocabulary.kind(of: route.style)
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

    /// A timeline as a Mermaid `flowchart TB`: one subgraph per transition (left to right), one per step.
    ///
    /// Each step lists its stack top layer first with `+` on screens it adds, `−` on those the next step
    /// removes, `~` on updated ones; edges into a step carry its operation and `◷ +0.65 s` when it waits.
    ///
    /// - Parameters:
    ///   - title: The diagram's title (front matter); `nil` for `Navigation timeline`.
    ///   - root: The root screen below every stack.
    ///   - transitions: The transitions, in order.
    /// - Returns: Mermaid source, lines ending in `\n`.
    public static func timeline(title: String?, root: Root, transitions: [Transition]) -> String {
        timeline(title: title, root: root, rows: [(label: nil, transitions: transitions)])
    }

    /// Timelines of the same change under several rule sets (iOS 16 and 17, say) in one chart: one subgraph
    /// per rule set, titled with its `label`, stacked top to bottom. With one row it is
    /// ``timeline(title:root:transitions:)``. At most ``maximumSteps`` steps are drawn in all.
    public static func timeline(
        title: String?, root: Root, rows: [(label: String?, transitions: [Transition])]
    ) -> String {
        var lines = header(title: title ?? "Navigation timeline", direction: "TB")
        let routeNodes = rows.reduce(0) { total, row in
            row.transitions.reduce(total) { total, transition in
                total + transition.steps.reduce(0) { $0 + $1.count + 1 }
            }
        }
        var chart = TimelineChart(root: root, compact: routeNodes > compactThreshold)
        if rows.count == 1 {
            lines += chart.row(rows[0].transitions, prefix: "", indent: "  ")
        } else {
            for (index, row) in rows.enumerated() {
                let id = "r\(index)"
                lines.append("  subgraph \(id)[\(MermaidText.quoted(row.label ?? "rule set \(index + 1)"))]")
                lines.append("    direction TB")
                lines += chart.row(row.transitions, prefix: id, indent: "    ")
                lines.append("  end")
                if index > 0 { lines.append("  r\(index - 1) ~~~ \(id)") }
            }
        }
        lines += classDefinitions()
        for name in ["rootScreen", "push", "sheet", "cover", "step", "note", "added", "removed", "invalid"] {
            lines += assign(name, chart.classes[name] ?? [])
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Writes timeline rows, sharing the step budget and the class lists between them.
    private struct TimelineChart {
        let root: Root
        let compact: Bool
        /// Steps drawn so far, in all rows.
        var drawn = 0
        /// Node ids per class name.
        var classes: [String: [String]] = [:]

        /// One rule set's summary and transitions; every id starts with `prefix`, every line with `indent`.
        mutating func row(_ transitions: [Transition], prefix: String, indent: String) -> [String] {
            var lines: [String] = []
            let total = transitions.reduce(0) { $0 + $1.estimatedSeconds }
            let stepCount = transitions.reduce(0) { $0 + $1.steps.count }
            let summary = prefix + "summary"
            lines.append(
                indent + summary + "["
                    + MermaidText.quoted(
                        lines: [
                            "root \(root.screen) (\(root.withNavigation ? "with" : "no") navigation)",
                            "\(TextDiagram.count(transitions.count, "transition")) · "
                                + "\(TextDiagram.count(stepCount, "step")) · total ≈ \(Vocabulary.seconds(total))",
                        ]) + "]")
            classes["note", default: []].append(summary)
            var previousTransition = summary
            var drawnHere = 0
            for (number, transition) in transitions.enumerated() {
                guard drawn < maximumSteps else { break }
                let id = "\(prefix)t\(number)"
                var heading = "Transition \(number + 1) of \(transitions.count)"
                if let action = transition.action { heading += ": " + action }
                let count = transition.steps.count
                heading +=
                    transition.isSynchronous
                    ? " · \(TextDiagram.count(count, "step")) · synchronous"
                    : " · \(count) steps · ≈ \(Vocabulary.seconds(transition.estimatedSeconds))"
                lines.append(indent + "subgraph \(id)[\(MermaidText.quoted(heading))]")
                lines.append(indent + "  direction LR")
                let changes = transition.changes
                var stepIDs: [String] = []
                for (index, step) in transition.steps.enumerated() {
                    guard drawn < maximumSteps else { break }
                    drawn += 1
                    drawnHere += 1
                    let stepID = "\(id)s\(index)"
                    stepIDs.append(stepID)
                    var stepTitle = "step \(index)"
                    if transition.isDelayed(step: index) {
                        stepTitle += " ◷ +\(Vocabulary.seconds(Transition.stepDelay))"
                    }
                    if index == count - 1 { stepTitle += " · end" }
                    let removedByNext = index + 1 < changes.count ? Set(changes[index + 1].removed) : []
                    let entries = MermaidDiagram.stepEntries(
                        step, root: root, change: changes[index], removedByNext: removedByNext)
                    if compact {
                        lines.append(
                            indent + "  \(stepID)[" + MermaidText.quoted(lines: [stepTitle] + entries.map(\.text)) + "]"
                        )
                        classes["step", default: []].append(stepID)
                    } else {
                        lines.append(indent + "  subgraph \(stepID)[\(MermaidText.quoted(stepTitle))]")
                        lines.append(indent + "    direction TB")
                        var nodeIDs: [String] = []
                        for entry in entries {
                            let nodeID = "\(stepID)\(entry.suffix)"
                            nodeIDs.append(nodeID)
                            lines.append(
                                indent + "    \(nodeID)"
                                    + MermaidDiagram.shape(entry.style, MermaidText.quoted(entry.text)))
                            classes[entry.className, default: []].append(nodeID)
                            if entry.isInvalid { classes["invalid", default: []].append(nodeID) }
                            if entry.isAdded { classes["added", default: []].append(nodeID) }
                            if entry.isRemoved { classes["removed", default: []].append(nodeID) }
                        }
                        for (upper, lower) in zip(nodeIDs, nodeIDs.dropFirst()) {
                            lines.append(indent + "    \(upper) ~~~ \(lower)")
                        }
                        lines.append(indent + "  end")
                    }
                }
                for (index, pair) in zip(stepIDs, stepIDs.dropFirst()).enumerated() {
                    var label = [changes[index + 1].summary]
                    if transition.isDelayed(step: index + 1) {
                        label.append("◷ after \(Vocabulary.seconds(Transition.stepDelay))")
                    }
                    lines.append(indent + "  \(pair.0) -->|\(MermaidText.quoted(lines: label))| \(pair.1)")
                }
                lines.append(indent + "end")
                lines.append(indent + "\(previousTransition) ~~~ \(id)")
                previousTransition = id
            }
            if drawnHere < stepCount {
                let more = prefix + "more"
                lines.append(
                    indent + more + "["
                        + MermaidText.quoted(
                            "… \(TextDiagram.count(stepCount - drawnHere, "more step")) not drawn: too large for "
                                + "Mermaid; use SVG or text output") + "]")
                lines.append(indent + "\(previousTransition) ~~~ \(more)")
                classes["note", default: []].append(more)
            }
            return lines
        }
    }

    fileprivate struct Entry {
        var suffix: String
        var style: RouteStyle?
        var text: String
        var className: String
        var isInvalid = false
        var isAdded = false
        var isRemoved = false
    }

    /// A step's screens top first, root last, each with its marks.
    fileprivate static func stepEntries(_ step: [Route], root: Root, change: StepChange, removedByNext: Set<Int>)
        -> [Entry]
    {
        let problems = Dictionary(
            step.problems(rootHasNavigation: root.withNavigation).map { ($0.index, $0.reason) },
            uniquingKeysWith: { first, _ in first })
        var entries: [Entry] = []
        for layer in step.presentationLayers(rootHasNavigation: root.withNavigation).reversed() {
            for index in layer.routeIndices.reversed() {
                let route = step[index]
                var flags = ""
                if problems[index] != nil { flags += " ✗" }
                if change.added.contains(index) { flags += " +" }
                if removedByNext.contains(index) { flags += " −" }
                if change.updated.contains(index) { flags += " ~" }
                var text = mark(route.style) + " " + route.screen + flags
                if route.isPresented, route.withNavigation { text += " ☰" }
                entries.append(
                    Entry(
                        suffix: "r\(index)", style: route.style, text: text, className: route.style.kindName,
                        isInvalid: problems[index] != nil, isAdded: change.added.contains(index),
                        isRemoved: removedByNext.contains(index)))
            }
        }
        entries.append(
            Entry(
                suffix: "root", style: nil, text: "⌂ " + root.screen + (root.withNavigation ? " ☰" : ""),
                className: "rootScreen"))
        return entries
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

    private static func classDefinitions() -> [String] {
        [
            "  classDef rootScreen fill:#eef2f7,stroke:#4a5568",
            "  classDef push fill:#ffffff,stroke:#4a5568",
            "  classDef sheet fill:#e8f4ff,stroke:#2b6cb0",
            "  classDef cover fill:#f3ecff,stroke:#6b46c1,stroke-width:2px",
            "  classDef step fill:#ffffff,stroke:#4a5568,text-align:left",
            "  classDef note fill:#fafafa,stroke:#a0aec0,stroke-dasharray:3 3",
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
