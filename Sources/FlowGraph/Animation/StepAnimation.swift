import FlowModel
import Foundation
import Graphviz

/// A self-contained HTML page that plays a plan's steps one after another.
///
/// Each step is a frame showing the whole stack at that step (a small stack drawing, inline SVG), the
/// action, what the step does, whether it waits FlowStacks' 0.65 s delay, and the time so far out of the
/// total. Below, the plan's timeline highlights the current step. Controls: play/pause, step back and
/// forward, first/last, a slider, the speed and (when rule sets are compared) the rule set; keyboard:
/// space or k, ← → (or j l), Home, End. The address `page.html#3` opens at frame 3, `page.html#play` plays.
///
/// The page needs no network: styles, script and drawings are inline. User text reaches it HTML-escaped
/// in markup, XML-escaped by Graphviz in SVG, and in a JSON data block with `<`, `>` and `&` written as
/// `\u003c`, `\u003e`, `\u0026`; the script only ever sets `textContent`.
struct StepAnimation {
    /// The drawing whose plan is played.
    var drawing: PlanDiagram
    /// The drawing's diagram when the caller made it already (and checked its layout budget).
    var timelineDiagram: Diagram? = nil

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
    }

    /// The most routes a frame's stack drawing shows; those below are folded into its root box.
    static let drawnRoutes = 12

    /// The root and routes a frame draws for `routes`: all of them, or the top ``drawnRoutes`` above a root
    /// box that says how many are folded below (with the navigation of the layer they continue), so each
    /// frame costs the same however deep the stack and the page grows linearly with the steps.
    static func folded(_ routes: [Route], root: Root) -> (root: Root, routes: [Route]) {
        guard routes.count > drawnRoutes else { return (root, routes) }
        let cut = routes.count - drawnRoutes
        let below = routes[..<cut]
        let navigation = below.last(where: \.isPresented)?.withNavigation ?? root.withNavigation
        let folded = Root(
            screen: "\(root.screen) + \(cut) route\(cut == 1 ? "" : "s") below", withNavigation: navigation)
        return (folded, Array(routes[cut...]))
    }

    /// The page's UTF-8 bytes.
    ///
    /// Every frame reads the drawing's one ``PlanRun``: the whole state at the step (child FlowStacks
    /// included) drawn in the library's words, and what the step does as the library says it.
    func page() throws(RenderError) -> Data {
        let plan = drawing.plan
        let run: PlanRun
        do {
            run = try drawing.run()
        } catch {
            throw .plan(error)
        }
        let vocabulary = DiagramVocabulary(run: run)
        let palette = drawing.theme.palette
        var stacks: [String] = []
        var stackIndex: [Coordinator: Int] = [:]
        var frames: [Frame] = []
        var rowNames: [String] = []
        var timeline: String?

        func stack(_ hierarchy: Coordinator, annotations: StateAnnotations, title: String) throws(RenderError) -> Int {
            if let index = stackIndex[hierarchy] { return index }
            var drawing = StackDiagram(
                title: title, root: hierarchy.root, routes: hierarchy.path, theme: self.drawing.theme,
                vocabulary: vocabulary, annotations: annotations)
            if hierarchy.hasChildren {
                drawing.coordinator = hierarchy
                drawing.navigationStack = plan.navigationStack
            } else {
                // A deep stack shows its top routes above a root box counting the rest.
                let (root, shown) = Self.folded(hierarchy.path, root: hierarchy.root)
                drawing.root = root
                drawing.routes = shown
                drawing.firstRouteNumber = hierarchy.path.count - shown.count
            }
            let index = stacks.count
            stacks.append(try Self.inlineSVG(drawing.diagram(), idPrefix: "s\(index)-"))
            stackIndex[hierarchy] = index
            return index
        }

        if drawing.kind == .timeline {
            let diagram: Diagram
            do {
                if let timelineDiagram {
                    diagram = timelineDiagram
                } else {
                    diagram = try drawing.diagram()
                }
            } catch {
                throw .plan(error)
            }
            timeline = try Self.inlineSVG(diagram, idPrefix: "")
            // The node of every step as the timeline draws it (a step 0 repeating the previous end is that end).
            let rows = run.ruleSets
            let nodeIDs: [[[String]]]
            do {
                nodeIDs = try drawing.timeline().stepNodeIDs()
            } catch {
                throw .plan(error)
            }
            for (rowIndex, row) in rows.enumerated() {
                rowNames.append(row.label ?? vocabulary.rules ?? row.rules.summary)
                let total = row.transitions.reduce(0) { $0 + $1.estimatedSeconds }
                var before = 0.0
                var lastTransition = 0
                for step in row.steps {
                    if step.transition != lastTransition {
                        before += row.transitions[lastTransition].estimatedSeconds
                        lastTransition = step.transition
                    }
                    let transition = row.transitions[step.transition]
                    let hierarchy = step.hierarchy ?? Coordinator(root: plan.root, routes: step.routes)
                    let annotations = row.details(at: step.transition)?.annotations
                    var name = "\(step.transition + 1) of \(row.transitions.count): " + (transition.action ?? "change")
                    if let coordinator = step.coordinator, coordinator != run.startHierarchy.name {
                        name += " · in \(coordinator)"
                    }
                    frames.append(
                        Frame(
                            row: rowIndex,
                            stack: try stack(
                                hierarchy,
                                annotations: annotations.flatMap {
                                    $0.indices.contains(step.index) ? $0[step.index] : nil
                                } ?? .none, title: "The stack at this step"),
                            node: nodeIDs[rowIndex][step.transition][step.index],
                            transition: name, step: step.index, steps: transition.steps.count,
                            operation: step.change.summary, delayed: step.delayed, elapsed: before + step.elapsed,
                            total: total))
                }
            }
        } else {
            let atEnd = drawing.moment == .end
            let hierarchy = atEnd ? run.finalHierarchy : run.startHierarchy
            rowNames = [vocabulary.rules ?? plan.rules.summary]
            frames.append(
                Frame(
                    row: 0,
                    stack: try stack(
                        hierarchy, annotations: atEnd ? run.finalAnnotations : run.startAnnotations,
                        title: plan.title ?? vocabulary.stackTitle),
                    node: nil, transition: atEnd ? "after the change" : "start", step: 0, steps: 1,
                    operation: hierarchy.path.isEmpty ? "only the root" : hierarchy.path.notation,
                    delayed: false, elapsed: 0, total: 0))
        }

        let title = plan.title ?? (drawing.kind == .timeline ? "Navigation timeline" : "Route stack")
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="FlowGraph">
            <title>\(Self.escape(title))</title>
            <style>
            \(Self.style(palette))
            </style>
            </head>
            <body>
            <header>
            <h1>\(Self.escape(title))</h1>
            <p class="sub">root \(Self.escape(plan.root.screen)) · \(frames.count) frame\(frames.count == 1 ? "" : "s")\
            \(rowNames.count > 1 ? " · " + Self.escape(rowNames.joined(separator: " vs ")) : "")</p>
            </header>
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
        html += """
            </nav>
            <main>
            <section class="now" aria-live="polite">
            <p id="position" class="position"></p>
            <p id="transition" class="transition"></p>
            <p id="operation" class="operation"></p>
            <p id="delay" class="delay"></p>
            <p id="clock" class="clock"></p>
            </section>
            <section class="stage">

            """
        for (index, svg) in stacks.enumerated() {
            html += "<div class=\"stack\" data-stack=\"\(index)\" hidden>\n\(svg)\n</div>\n"
        }
        html += "</section>\n</main>\n"
        if let timeline {
            html += "<section class=\"timeline\"><h2>Timeline</h2>\n\(timeline)\n</section>\n"
        }
        html += "<script type=\"application/json\" id=\"frames\">\(Self.json(frames))</script>\n"
        html += "<script>\n\(Self.script)\n</script>\n</body>\n</html>\n"
        return Data(html.utf8)
    }

    /// The diagram as SVG markup to put inside HTML: no XML prolog, doctype or comments, ids prefixed.
    private static func inlineSVG(_ diagram: Diagram, idPrefix: String) throws(RenderError) -> String {
        let data: Data
        do {
            data = try diagram.render(to: .svg)
        } catch {
            throw .graphviz(error)
        }
        var svg = String(decoding: data, as: UTF8.self)
        if let start = svg.range(of: "<svg") { svg = String(svg[start.lowerBound...]) }
        // Graphviz's comments hold only our node ids, but drop them all the same, in one pass (removing them
        // one by one from the front made a long timeline's page quadratic in its size).
        svg = withoutComments(svg)
        if !idPrefix.isEmpty {
            svg = svg.replacingOccurrences(of: " id=\"", with: " id=\"\(idPrefix)")
        }
        return svg.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `svg` without its `<!-- … -->` comments, in one pass over its UTF-8 bytes (Foundation's `range(of:)`
    /// on a substring measures it from the start each time, which made a long timeline's page quadratic).
    static func withoutComments(_ svg: String) -> String {
        let bytes = Array(svg.utf8)
        let open = Array("<!--".utf8)
        let close = Array("-->".utf8)
        func find(_ pattern: [UInt8], from start: Int) -> Int? {
            guard bytes.count >= pattern.count, start <= bytes.count - pattern.count else { return nil }
            var index = start
            while index <= bytes.count - pattern.count {
                if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) {
                    return index
                }
                index += 1
            }
            return nil
        }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while let start = find(open, from: index) {
            guard let end = find(close, from: start + open.count) else { break }
            output += bytes[index..<start]
            index = end + close.count
        }
        output += bytes[index...]
        return String(decoding: output, as: UTF8.self)
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
                "elapsed": .number(frame.elapsed),
                "total": .number(frame.total),
            ])
        }
        return JSONValue.array(values).rendered(.compact)
            .replacingOccurrences(of: "&", with: "\\u0026")
            .replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: ">", with: "\\u003e")
    }

    private static func style(_ palette: Palette) -> String {
        """
        :root { color-scheme: light dark; }
        body { margin: 0; padding: 16px 24px; background: \(palette.background); color: \(palette.text);
          font: 15px/1.4 Helvetica, Arial, sans-serif; }
        h1 { font-size: 22px; margin: 0 0 4px; }
        h2 { font-size: 16px; margin: 24px 0 8px; }
        .sub { color: \(palette.muted); margin: 0 0 12px; }
        .controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-bottom: 12px; }
        button, select { font: inherit; padding: 4px 10px; border: 1px solid \(palette.line); border-radius: 6px;
          background: \(palette.headerFill); color: \(palette.text); cursor: pointer; }
        button:focus-visible, select:focus-visible, input:focus-visible { outline: 3px solid \(palette.accent); }
        #scrub { flex: 1 1 200px; }
        main { display: flex; flex-wrap: wrap; gap: 24px; align-items: flex-start; }
        .now { flex: 0 0 280px; border: 1px solid \(palette.layerLine); border-radius: 8px; padding: 12px;
          background: \(palette.layerFill); }
        .now p { margin: 0 0 8px; }
        .position { font-weight: bold; font-size: 18px; }
        .operation { font-size: 16px; }
        .delay { color: \(palette.delay); font-weight: bold; min-height: 1.4em; }
        .clock { color: \(palette.muted); }
        .stage { flex: 1 1 400px; min-width: 0; }
        .stage svg { max-width: 100%; height: auto; }
        .timeline { overflow-x: auto; border-top: 1px solid \(palette.layerLine); }
        .timeline g.node.current polygon, .timeline g.node.current path { stroke: \(palette.accent);
          stroke-width: 4px; }
        """
    }

    /// Plays the frames; reads them from the JSON block and only sets `textContent`.
    private static let script = """
        (function () {
          "use strict";
          var frames = JSON.parse(document.getElementById("frames").textContent);
          var stacks = document.querySelectorAll(".stage .stack");
          var rowSelect = document.getElementById("row");
          var speed = document.getElementById("speed");
          var scrub = document.getElementById("scrub");
          var playButton = document.getElementById("play");
          var timelineBox = document.querySelector(".timeline") || document.body;
          var row = 0, index = 0, timer = null;

          function rowFrames() { return frames.filter(function (f) { return f.row === row; }); }
          function seconds(value) { return (Math.round(value * 100) / 100) + " s"; }
          function text(id, value) { document.getElementById(id).textContent = value; }

          function show() {
            var list = rowFrames();
            if (list.length === 0) { return; }
            index = Math.max(0, Math.min(index, list.length - 1));
            var frame = list[index];
            stacks.forEach(function (element) {
              element.hidden = Number(element.getAttribute("data-stack")) !== frame.stack;
            });
            document.querySelectorAll(".timeline g.node.current").forEach(function (element) {
              element.classList.remove("current");
            });
            if (frame.node) {
              var node = document.getElementById(frame.node);
              if (node) {
                node.classList.add("current");
                var box = timelineBox.getBoundingClientRect(), place = node.getBoundingClientRect();
                if (place.left < box.left || place.right > box.right) {
                  timelineBox.scrollLeft += place.left - box.left - (box.width - place.width) / 2;
                }
              }
            }
            scrub.max = String(list.length - 1);
            scrub.value = String(index);
            text("position", "Frame " + (index + 1) + " of " + list.length + " · step " + frame.step +
              " of " + (frame.steps - 1));
            text("transition", "Transition " + frame.transition);
            text("operation", frame.operation);
            text("delay", frame.delayed ? "◷ waits 0.65 s before this step" :
              (frame.step < 2 ? "applied at once" : ""));
            text("clock", "time " + seconds(frame.elapsed) + " of " + seconds(frame.total));
          }

          function stop() {
            if (timer !== null) { clearTimeout(timer); timer = null; }
            playButton.textContent = "▶ play";
          }
          function schedule() {
            var list = rowFrames();
            if (index >= list.length - 1) { stop(); return; }
            var wait = Number(speed.value);
            if (wait === 0) { wait = list[index + 1].delayed ? 650 : 250; }
            timer = setTimeout(function () { index += 1; show(); schedule(); }, wait);
          }
          function play() {
            if (timer !== null) { stop(); return; }
            if (index >= rowFrames().length - 1) { index = 0; show(); }
            playButton.textContent = "⏸ pause";
            schedule();
          }
          function go(newIndex) { stop(); index = newIndex; show(); }

          document.getElementById("first").addEventListener("click", function () { go(0); });
          document.getElementById("prev").addEventListener("click", function () { go(index - 1); });
          document.getElementById("next").addEventListener("click", function () { go(index + 1); });
          document.getElementById("last").addEventListener("click", function () { go(rowFrames().length - 1); });
          playButton.addEventListener("click", play);
          scrub.addEventListener("input", function () { go(Number(scrub.value)); });
          if (rowSelect) {
            rowSelect.addEventListener("change", function () { row = Number(rowSelect.value); go(0); });
          }
          document.addEventListener("keydown", function (event) {
            var target = event.target;
            if (target && (target.tagName === "SELECT" || target.tagName === "INPUT")) { return; }
            switch (event.key) {
              case " ": case "k": play(); break;
              case "ArrowLeft": case "j": go(index - 1); break;
              case "ArrowRight": case "l": go(index + 1); break;
              case "Home": go(0); break;
              case "End": go(rowFrames().length - 1); break;
              default: return;
            }
            event.preventDefault();
          });
          // #N opens at frame N; #play starts playing.
          var hash = window.location.hash.slice(1);
          if (/^[0-9]+$/.test(hash)) { index = Number(hash) - 1; }
          show();
          if (hash === "play") { play(); }
          document.documentElement.setAttribute("data-ready", "true");
        })();
        """
}
