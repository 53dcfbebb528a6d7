import FlowGraphTestSupport
import Foundation
import Graphviz
import Testing

@testable import FlowGraph

/// The HTML player's page as a browser gets it: one frame count, controls only where something plays, the
/// timeline's step ids read from the Diagram it draws, and Graphviz's SVG embedded as rendered.
@Suite struct PlayerPageTests {
    static func page(_ name: String) throws -> (html: String, drawing: PlanDiagram) {
        let drawing = PlanDiagram(run: try PlanRunConsistencyTests.plan(name).play())
        return (String(decoding: try StepAnimation(drawing: drawing).page(), as: UTF8.self), drawing)
    }

    /// Every `id="…"` value in `html`, in order, with Graphviz's `&#45;` read as `-`.
    static func ids(_ html: String) -> [String] {
        html.components(separatedBy: " id=\"").dropFirst().compactMap {
            $0.components(separatedBy: "\"").first?.replacingOccurrences(of: "&#45;", with: "-")
        }
    }

    /// The text of the page's header line under the title.
    static func header(_ html: String) throws -> String {
        try #require(
            html.components(separatedBy: "<p class=\"sub\">").dropFirst().first?.components(separatedBy: "</p>").first)
    }

    @Test func headerCountsTheFramesEachRuleSetPlays() throws {
        let (html, _) = try Self.page("deeplink-two-sheets")
        let frames = try PlanRunConsistencyTests.frames(html)
        let perRow = Dictionary(grouping: frames, by: { $0["row"] as? Int ?? -1 }).mapValues(\.count)
        #expect(perRow == [0: 5, 1: 4])
        // The counter counts the frames of the rule set shown (the script's "of " + list.length); so does the header.
        #expect(try Self.header(html) == "root Shop · iOS 16: 5 frames · iOS 17: 4 frames")
        #expect(html.contains("\"Frame \" + (position + 1) + \" of \" + count"))

        let (single, _) = try Self.page("onboarding-actions")
        #expect(try Self.header(single) == "root Welcome · \(try PlanRunConsistencyTests.frames(single).count) frames")
    }

    @Test func stackPageHasNoControlsAndShowsItsStack() throws {
        let (html, drawing) = try Self.page("sheet-over-cover")
        #expect(drawing.kind == .stack)
        #expect(try Self.header(html) == "root Library")
        for control in ["<nav", "<button", "id=\"scrub\"", "id=\"position\"", "<script>\n", "class=\"timeline"] {
            #expect(!html.contains(control), "\(control)")
        }
        #expect(html.contains("<div class=\"stack\" data-stack=\"0\">\n<svg"), "shown, not hidden")
        #expect(try PlanRunConsistencyTests.frames(html).count == 1)
    }

    @Test func playingPagesKeepControlsAndKeyboard() throws {
        let (html, _) = try Self.page("nested-flowstacks-uitest")
        for control in ["id=\"play\"", "id=\"prev\"", "id=\"next\"", "id=\"first\"", "id=\"last\"", "id=\"scrub\""] {
            #expect(html.contains(control), "\(control)")
        }
        for key in ["\"ArrowRight\"", "\"ArrowLeft\"", "\"Home\"", "\"End\"", "case \" \""] {
            #expect(html.contains(key), "\(key)")
        }
        // No rule-set menu with one rule set; one with two.
        #expect(!html.contains("id=\"row\""))
        #expect(try Self.page("deeplink-two-sheets").html.contains("<select id=\"row\">"))
    }

    @Test(arguments: ["deeplink-two-sheets", "nested-flowstacks-uitest", "long-deep-link", "sheet-over-cover"])
    func idsComeFromTheDiagramAndTheSVGIsEmbeddedAsRendered(name: String) throws {
        let (html, drawing) = try Self.page(name)
        let ids = Self.ids(html)
        #expect(
            Set(ids).count == ids.count,
            "\(name): ids repeat: \(Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted().prefix(5))"
        )
        let frames = try PlanRunConsistencyTests.frames(html)
        // A timeline's frames show their stacks as HTML (the timeline's table of layers: no layout, no ids); a
        // stack plan's are Graphviz's SVG of that stack's Diagram in its own namespace, byte for byte.
        let stacks = PlanRunConsistencyTests.stacks(html)
        #expect(!stacks.isEmpty)
        for (index, stack) in stacks where drawing.kind == .timeline {
            #expect(stack.contains(#"<div class="frame-stack""#) && stack.contains(#"class="stack-now""#))
            #expect(!stack.contains("<svg") && Self.ids(stack).isEmpty, "\(name): stack \(index)")
        }
        for (index, stack) in stacks where drawing.kind != .timeline {
            let start = try #require(stack.range(of: "<svg"))
            let svg = String(stack[start.lowerBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
            #expect(svg.hasPrefix("<svg") && svg.hasSuffix("</svg>"))
            // (Graphviz names a node's tooltip anchor `a_` + the node's id.)
            for id in atLeastOne(Self.ids(svg), "the ids of stack \(index)'s SVG") {
                let own = id.hasPrefix("a_") ? String(id.dropFirst(2)) : id
                #expect(own == "s\(index)" || own.hasPrefix("s\(index)_"), "\(name): \(id)")
            }
        }
        guard drawing.kind == .timeline else {
            #expect(frames.allSatisfy { $0["node"] is NSNull })
            return
        }
        let timeline = try drawing.diagram().namespacingIDs(StepAnimation.timelineNamespace)
        let rendered = String(decoding: try timeline.render(to: .svg), as: UTF8.self)
        let start = try #require(rendered.range(of: "<svg"))
        let svg = String(rendered[start.lowerBound...]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(
            html.contains("<div class=\"timeline-view\">\n" + svg + "\n</div>"), "\(name): the timeline as rendered")
        // Every frame names its step's node by the id the timeline Diagram gives it, and the page has that element.
        let steps = TimelineDiagram(title: nil, root: drawing.plan.root, rows: try drawing.rows())
        let run = try drawing.run()
        // A row's first frame is the stack before (the timeline's `before` node); then a frame per moment, named
        // after the step it ends at: step 0, applied with step 1, never has a frame of its own.
        var expected: [Int: [String?]] = [:]
        for (row, ruleSet) in run.ruleSets.enumerated() {
            expected[row] =
                [timeline.elementID(ofNode: "before")]
                + ruleSet.steps.filter { step in
                    step.index > 0 || ruleSet.transitions[step.transition].steps.count == 1
                }.map {
                    timeline.elementID(ofNode: steps.stepNodeID(row: row, transition: $0.transition, step: $0.index))
                }
        }
        #expect(frames.count == expected.values.reduce(0) { $0 + $1.count }, "\(name)")
        var position: [Int: Int] = [:]
        for frame in frames {
            let row = try #require(frame["row"] as? Int)
            let want = try #require(expected[row]?[position[row, default: 0]])
            position[row, default: 0] += 1
            let node = try #require(frame["node"] as? String)
            #expect(node == want, "\(name)")
            #expect(ids.contains(node), "\(name): no element \(node)")
        }
    }
}
