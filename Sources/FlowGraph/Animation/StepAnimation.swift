import FlowModel
import Foundation
import Graphviz

/// A self-contained HTML page that plays a plan's steps one after another.
///
/// Each step is a frame: the whole stack at that step (inline SVG, drawn as the timeline draws its stacks
/// before and after: ``TimelineDiagram/frameStack(_:annotations:notation:theme:vocabulary:folds:)``), the
/// action, what the step does, whether it waits FlowStacks' 0.65 s delay, and the time so far out of the total.
/// Beside it (under the text and the stack, in a window under 1,000 px) the plan's timeline marks the current
/// step with one outline and scrolls it into view inside its own box, a strip over its top keeping the rule
/// sets' headers in view once it scrolls past them. The frame area keeps the size of the largest frame, so nothing on the page moves
/// from frame to frame. Controls, only where something plays: play/pause, step back and forward, first/last,
/// a slider, the speed and (when rule sets are compared) the rule set; keyboard: space or k, ← → (or j l),
/// Home, End. The address `page.html#3` opens at frame 3, `page.html#play` plays. A stack drawing (nothing
/// plays) is a page with the stack alone. The header and the counter count frames per rule set alike.
///
/// The page needs no network: styles, script and drawings are inline. User text reaches it HTML-escaped
/// in markup, XML-escaped by Graphviz in SVG, and in a JSON data block with `<`, `>` and `&` written as
/// `\u003c`, `\u003e`, `\u0026`; the script only ever sets `textContent` and numbers.
struct StepAnimation {
    /// The drawing whose plan is played.
    var drawing: PlanDiagram
    /// The drawing's diagram when the caller made it already (and checked its layout budget).
    var timelineDiagram: Diagram? = nil
    /// The timeline's SVG with its ids in ``timelineNamespace``, when the caller rendered it from the layout it
    /// drew its other formats with (``LaidOutDiagram/renderSVG(namespacingIDs:)``), so it is not laid out again.
    var timelineSVG: Data? = nil

    /// One step of one transition of one rule set.
    private struct Frame {
        var row: Int
        var stack: Int
        var node: String?
        var transition: String
        var step: Int
        var steps: Int
        var operation: String
        var delayed: Bool
        var elapsed: Double
        var total: Double
        /// Whether it is a rule set's first frame, the app before the change.
        var isBefore = false
    }

    /// The namespace of the timeline's ids in the page (`Diagram/namespacingIDs(_:)`); stack drawings have
    /// `s0`, `s1`, ….
    static let timelineNamespace = "timeline"

    /// The most routes a frame's stack drawing shows; those below are folded into its root box.
    static let drawnRoutes = 12

    /// What makes two frames' stack drawings the same: the whole state, its routes as the library writes them
    /// and the library's notes on its screens.
    struct StackKey: Hashable {
        var hierarchy: PlanCoordinator
        var notations: [String]
        var annotations: StateAnnotations
    }

    /// The root and routes a frame draws for `routes`: all of them, or the top ``drawnRoutes`` above a root
    /// box that says how many are folded below (with the navigation of the layer they continue), so each
    /// frame costs the same however deep the stack and the page grows linearly with the steps. `routeName` is
    /// what the library calls one entry (`route`, `screen`, `view`).
    static func folded(_ routes: [PlanRoute], root: Root, routeName: String = "route") -> (
        root: Root, routes: [PlanRoute]
    ) {
        guard routes.count > drawnRoutes else { return (root, routes) }
        let cut = routes.count - drawnRoutes
        let below = routes[..<cut]
        let navigation = below.last(where: \.isPresented)?.withNavigation ?? root.withNavigation
        let folded = Root(
            screen: "\(root.screen) + \(cut) \(routeName)\(cut == 1 ? "" : "s") below", withNavigation: navigation)
        return (folded, Array(routes[cut...]))
    }

    /// The page's UTF-8 bytes.
    ///
    /// Every frame reads the drawing's one ``PlanRun``: the whole state at the step (child FlowStacks
    /// included) drawn in the library's words, and what the step does as the library says it. The drawings are
    /// Graphviz's SVG as it renders them, each diagram's ids in its own namespace (`Diagram/namespacingIDs(_:)`),
    /// and a frame names its timeline step by the id the timeline `Diagram` gives that step's node.
    func page() throws(RenderError) -> Data {
        let plan = drawing.plan
        let run: PlanRun
        do {
            run = try drawing.run()
        } catch {
            throw .plan(error)
        }
        let vocabulary = DiagramWords(run: run)
        let palette = drawing.theme.palette
        var stacks: [String] = []
        var stackIndex: [StackKey: Int] = [:]
        var frames: [Frame] = []
        var rowNames: [String] = []
        var timeline: String?
        var heads: [(text: String, node: String?)] = []

        // A library whose routes are not FlowStacks' own values declares its root in code.
        let rootNotation = run.words.listsRouteNotation ? nil : run.rootNotation

        /// The index of the stack drawing of `hierarchy`, drawn once; `notations` are its path as the library
        /// writes it.
        func stack(
            _ hierarchy: PlanCoordinator, notations: [String], annotations: StateAnnotations, title: String
        ) throws(RenderError) -> Int {
            // Child FlowStacks are drawn from the hierarchy alone.
            let key = StackKey(
                hierarchy: hierarchy, notations: hierarchy.hasChildren ? [] : notations, annotations: annotations)
            if let index = stackIndex[key] { return index }
            if self.drawing.kind == .timeline {
                // A frame's stack in the timeline's own style, as its stacks before and after are drawn.
                // The tooltip names the routes as the library writes them, the top ones when the stack folds (so a
                // page of deep stacks grows linearly).
                let written =
                    notations.count == hierarchy.path.count && !hierarchy.hasChildren
                    ? notations : hierarchy.path.map(\.notation)
                let shown =
                    written.count > Self.drawnRoutes
                    ? ["… \(written.count - Self.drawnRoutes) below"] + written.suffix(Self.drawnRoutes) : written
                let notation = "[" + shown.joined(separator: ", ") + "]"
                let table = TimelineDiagram.frameStack(
                    hierarchy, annotations: annotations, notation: notation, theme: self.drawing.theme,
                    vocabulary: vocabulary, folds: hierarchy.path.count > Self.drawnRoutes)
                let index = stacks.count
                stacks.append(Self.frameStackMarkup(table, palette: self.drawing.theme.palette))
                stackIndex[key] = index
                return index
            }
            var drawing = StackDiagram(
                title: title, root: hierarchy.root, routes: hierarchy.path, theme: self.drawing.theme,
                vocabulary: vocabulary, annotations: annotations)
            drawing.rootNotation = rootNotation
            if hierarchy.hasChildren {
                drawing.coordinator = hierarchy
                drawing.navigationStack = plan.navigationStack
            } else {
                // A deep stack shows its top routes above a root box counting the rest.
                let (root, shown) = Self.folded(hierarchy.path, root: hierarchy.root, routeName: vocabulary.routeName)
                drawing.root = root
                drawing.routes = shown
                drawing.firstRouteNumber = hierarchy.path.count - shown.count
                if notations.count == hierarchy.path.count {
                    drawing.notations = Array(notations.suffix(shown.count))
                }
            }
            let index = stacks.count
            stacks.append(try Self.inlineSVG(drawing.diagram().namespacingIDs("s\(index)")))
            stackIndex[key] = index
            return index
        }

        if drawing.kind == .timeline {
            var diagram: Diagram
            do {
                if let timelineDiagram {
                    diagram = timelineDiagram
                } else {
                    diagram = try drawing.diagram()
                }
            } catch {
                throw .plan(error)
            }
            diagram = diagram.namespacingIDs(Self.timelineNamespace)
            if let timelineSVG {
                timeline = Self.svgElement(timelineSVG)
            } else {
                timeline = try Self.inlineSVG(diagram)
            }
            // The node of every step as the timeline draws it (a step 0 repeating the previous end is that end),
            // read back from the diagram drawn.
            let rows = run.ruleSets
            let nodeIDs: [[[String]]]
            do {
                nodeIDs = try drawing.timeline().stepNodeIDs()
            } catch {
                throw .plan(error)
            }
            // The rule sets' headers, kept in view above the timeline while it scrolls: each over its column (the
            // node of its header), one across a single column (the stack before, which it stands for).
            heads = rows.enumerated().map { index, row in
                let updates = row.transitions.reduce(0) { $0 + $1.updates }
                let seconds = row.transitions.estimatedSeconds
                let rules = vocabulary.rules ?? row.rules.summary
                let name = row.label.map { rules.hasPrefix($0) ? rules : $0 } ?? rules
                let text =
                    "\(name) · \(updates) update\(updates == 1 ? "" : "s") · \(PlanTransition.secondsText(seconds))"
                return (text, diagram.elementID(ofNode: rows.count > 1 ? "column-\(index)" : "before"))
            }
            // A deep link's frames say which: its URL and the rule that matched.
            let deepLinkName = run.deepLink.map { "deep link \($0.url) (\($0.rule.pattern.text))" }
            // Each moment's words, as the timeline says them (`dismiss sheet Cart ☰`), by rule set.
            let story = TimelineStory(run: run, title: nil)
            for (rowIndex, row) in rows.enumerated() {
                var moments = story.columns.indices.contains(rowIndex) ? story.columns[rowIndex].moments[...] : []
                rowNames.append(row.label ?? vocabulary.rules ?? row.rules.summary)
                let total = row.estimatedSeconds
                /// `2 of 3: push(Detail)`, or the deep link, or where the change goes; and the coordinator it acts in.
                func name(ofTransition index: Int) -> String {
                    let transition = row.transitions[index]
                    var name =
                        "\(index + 1) of \(row.transitions.count): "
                        + (transition.action ?? deepLinkName
                            ?? "to " + ([plan.root.screen] + transition.to.map(\.screen)).joined(separator: " › "))
                    if let coordinator = transition.coordinator, coordinator != run.startHierarchy.name {
                        name += " · in \(coordinator)"
                    }
                    return name
                }
                // The first frame is the app before the change, as the timeline's stack before draws it.
                if let first = row.transitions.first {
                    frames.append(
                        Frame(
                            row: rowIndex,
                            stack: try stack(
                                run.startHierarchy, notations: run.startNotations, annotations: run.startAnnotations,
                                title: "The stack at this step"),
                            node: diagram.elementID(ofNode: "before"), transition: name(ofTransition: 0), step: 0,
                            steps: first.steps.count, operation: "before the change", delayed: false, elapsed: 0,
                            total: total, isBefore: true))
                }
                // Then one frame per moment, in the moment's words: FlowStacks applies step 0 with step 1 in one
                // update, so step 0 is never on screen on its own.
                for step in row.steps {
                    let transition = row.transitions[step.transition]
                    if step.index == 0, transition.steps.count > 1 { continue }
                    let moment = moments.popFirst()
                    let hierarchy = step.hierarchy ?? PlanCoordinator(root: plan.root, routes: step.routes)
                    let annotations = row.details(at: step.transition)?.annotations
                    frames.append(
                        Frame(
                            row: rowIndex,
                            stack: try stack(
                                hierarchy, notations: step.notations,
                                annotations: annotations.flatMap {
                                    $0.indices.contains(step.index) ? $0[step.index] : nil
                                } ?? .none, title: "The stack at this step"),
                            node: diagram.elementID(ofNode: nodeIDs[rowIndex][step.transition][step.index]),
                            transition: name(ofTransition: step.transition), step: step.index,
                            steps: transition.steps.count, operation: moment?.sentence ?? step.change.summary,
                            delayed: step.delayed, elapsed: step.runningTime, total: total))
                }
            }
        } else {
            let atEnd = drawing.moment == .end
            let hierarchy = atEnd ? run.finalHierarchy : run.startHierarchy
            let notations = atEnd ? run.finalNotations : run.startNotations
            // The library's notation of the routes, unless child FlowStacks make the path more than the routes.
            let operation =
                hierarchy.path.isEmpty
                ? "only the root"
                : notations.count == hierarchy.path.count
                    ? "[" + notations.joined(separator: ", ") + "]" : hierarchy.path.notation
            rowNames = [vocabulary.rules ?? plan.rules.summary]
            frames.append(
                Frame(
                    row: 0,
                    stack: try stack(
                        hierarchy, notations: notations,
                        annotations: atEnd ? run.finalAnnotations : run.startAnnotations,
                        title: plan.title ?? vocabulary.stackTitle),
                    node: nil, transition: atEnd ? "after the change" : "start", step: 0, steps: 1,
                    operation: operation,
                    delayed: false, elapsed: 0, total: 0))
        }

        // One count per rule set, said the same way in the header and the counter.
        let counts = rowNames.indices.map { row in frames.count { $0.row == row } }
        let plays = counts.contains { $0 > 1 }
        var facts = ["root " + plan.root.screen]
        if timeline != nil {
            if rowNames.count == 1 {
                facts.append(Self.frameCount(counts[0]))
            } else {
                facts += zip(rowNames, counts).map { "\($0): \(Self.frameCount($1))" }
            }
        }
        let title = plan.title ?? (drawing.kind == .timeline ? vocabulary.timelineTitle : vocabulary.stackTitle)
        let page = Page(
            title: title, facts: facts, palette: palette, rowNames: rowNames, plays: plays, stacks: stacks,
            timeline: timeline, heads: heads, frames: Self.json(frames))
        return Data(page.html.utf8)
    }

    /// The strip over the timeline's top that keeps the rule sets' headers in view once the timeline scrolls
    /// past its own (the script shows it then and places each over its column); hidden until then.
    static func timelineHead(_ heads: [(text: String, node: String?)]) -> String {
        guard !heads.isEmpty else { return "" }
        var html = "<div class=\"timeline-head\" hidden>"
        for (index, head) in heads.enumerated() {
            let node = head.node.map { " data-node=\"\(escape($0))\"" } ?? ""
            let across = heads.count == 1 ? " data-across=\"true\"" : ""
            html += "<span data-column=\"\(index)\"\(node)\(across)>\(escape(head.text))</span>"
        }
        return html + "</div>\n"
    }

    /// `1 frame`, `5 frames`.
    static func frameCount(_ count: Int) -> String {
        "\(count) frame\(count == 1 ? "" : "s")"
    }

    /// The playback controls: only on pages where something plays.
    static func controls(rowNames: [String]) -> String {
        var html = """
            <nav class="controls" aria-label="Playback">
            <button id="first" type="button" title="First step (Home)">« first</button>
            <button id="prev" type="button" title="Previous step (←)">◀ step</button>
            <button id="play" type="button" title="Play or pause (space)">▶ play</button>
            <button id="next" type="button" title="Next step (→)">step ▶</button>
            <button id="last" type="button" title="Last step (End)">last »</button>
            <input id="scrub" type="range" min="0" max="0" value="0" aria-label="Step">
            <label>speed <select id="speed">
            <option value="1500">slow</option>
            <option value="800" selected>normal</option>
            <option value="0">FlowStacks timing</option>
            </select></label>

            """
        if rowNames.count > 1 {
            html += "<label>rules <select id=\"row\">"
            for (index, name) in rowNames.enumerated() {
                html += "<option value=\"\(index)\">\(Self.escape(name))</option>"
            }
            html += "</select></label>\n"
        }
        return html + "</nav>\n"
    }

    /// The diagram's SVG as Graphviz renders it, from its `<svg>` element on (an XML prolog and doctype have no
    /// place inside HTML); nothing in it is changed.
    /// CSS pixels per Graphviz point in a frame's stack: 10 % over natural size, so its smallest text is 14.7 px.
    static let frameStackScale = 4.0 / 3.0 * 1.1

    /// A frame's stack as HTML in the timeline's font and colours: no layout, so the page lays out only its
    /// timeline.
    static func frameStackMarkup(_ table: HTMLTable, palette: Palette) -> String {
        let size = TimelineDiagram.frameStackFontSize * frameStackScale
        return "<div class=\"frame-stack\" style=\"font-family: \(Typography.family); font-size: "
            + "\((size * 100).rounded() / 100)px; line-height: 1.2; color: \(palette.text)\">"
            + table.webMarkup(pixelsPerPoint: frameStackScale) + "</div>"
    }

    private static func inlineSVG(_ diagram: Diagram) throws(RenderError) -> String {
        let data: Data
        do {
            data = try diagram.render(to: .svg)
        } catch {
            throw .graphviz(error)
        }
        return svgElement(data)
    }

    /// Graphviz's SVG from its `<svg>` element on.
    private static func svgElement(_ data: Data) -> String {
        let svg = String(decoding: data, as: UTF8.self)
        guard let start = svg.range(of: "<svg") else { return svg }
        return String(svg[start.lowerBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Text for HTML content and attribute values; control and bidi characters are written as `\u{…}` text.
    static func escape(_ text: String) -> String {
        GalleryMarkup.html(MonospaceText.clean(text))
    }

    /// The frames as JSON safe inside a `<script>` element.
    private static func json(_ frames: [Frame]) -> String {
        let values = frames.map { frame -> JSONValue in
            .object([
                "row": .number(frame.row),
                "stack": .number(frame.stack),
                "node": frame.node.map { JSONValue.string($0) } ?? JSONValue(.null),
                "transition": .string(frame.transition),
                "step": .number(frame.step),
                "steps": .number(frame.steps),
                "operation": .string(frame.operation),
                "delayed": .bool(frame.delayed),
                "wait": .string(
                    frame.delayed
                        ? "◷ waits \(PlanTransition.secondsText(PlanTransition.stepDelay)) before this step"
                        : frame.step < 2 && !frame.isBefore ? "applied at once" : ""),
                "time": .string(
                    "time \(PlanTransition.secondsText(frame.elapsed)) of \(PlanTransition.secondsText(frame.total))"),
            ])
        }
        return JSONValue.array(values).rendered(.compact)
            .replacingOccurrences(of: "&", with: "\\u0026")
            .replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: ">", with: "\\u003e")
    }
}
