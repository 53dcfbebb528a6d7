import FlowGraphTestSupport
import Foundation
import Graphviz
import Testing

@testable import FlowGraph

/// Every output reads one ``PlanRun``: a command plays its plan once, and the outputs tell the same story.
@Suite struct PlanRunConsistencyTests {
    static let folder = RepositoryFolders.samples

    static let samples: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    static func plan(_ name: String) throws -> Plan {
        let url = folder.appendingPathComponent(name + ".json")
        return try Plan.decode(bytes: Array(try Data(contentsOf: url)), file: name + ".json")
    }

    @Test func everySampleIsChecked() {
        #expect(Self.samples.count >= 30)
        #expect(Self.samples.contains("nested-flowstacks-uitest") && Self.samples.contains("deeplink-into-onboarding"))
    }

    @Test func renderingEveryFormatPlaysThePlanOnce() throws {
        let plan = try Self.plan("deeplink-into-onboarding")
        let counter = PlayCounter()
        let outputs = try PlayCounter.$current.withValue(counter) {
            try PlanRenderer().render(plan, formats: [.svg, .png, .html, .txt, .mermaid, .dot])
        }
        #expect(outputs.map(\.format) == [.svg, .png, .html, .txt, .mermaid, .dot])
        #expect(counter.plays == 1)

        // A counter not bound counts nothing; one bound counts each play.
        let other = PlayCounter()
        _ = try plan.play()
        try PlayCounter.$current.withValue(other) { _ = try plan.play() }
        #expect(other.plays == 1 && counter.plays == 1)
    }

    @Test func pngPagingAddsNoReplay() throws {
        let actions = (0..<30).map { "\"presentSheet(S\($0))\", \"dismiss()\"" }.joined(separator: ", ")
        let plan = try Plan.decode(#"{"title": "Long", "root": "Home", "actions": [\#(actions)]}"#, file: "p.json")
        let counter = PlayCounter()
        let outputs = try PlayCounter.$current.withValue(counter) {
            try PlanRenderer(options: .init(maximumPNGSide: 1_500)).render(plan, formats: [.png, .html, .txt])
        }
        #expect(outputs.filter { $0.format == .png }.count >= 2)
        #expect(counter.plays == 1)
    }

    /// The first letters of a screen name as every output writes them (escaping and truncation aside).
    static func visible(_ screen: String) -> String {
        String(screen.prefix { $0.isLetter || $0.isNumber }.prefix(6))
    }

    @Test(arguments: samples)
    func outputsAgreeOnEveryStep(name: String) throws {
        let run = try Self.plan(name).play()
        let drawing = PlanDiagram(run: run)
        let html = String(decoding: try StepAnimation(drawing: drawing).page(), as: UTF8.self)
        let frames = try Self.frames(html)
        let stacks = Self.stacks(html)
        guard drawing.kind == .timeline else {
            #expect(frames.count == 1)
            return
        }
        let timeline = try drawing.diagram()
        let pageTimeline = timeline.namespacingIDs(StepAnimation.timelineNamespace)
        let steps = TimelineDiagram(title: nil, root: run.plan.root, rows: try drawing.rows())
        let svg = String(decoding: try timeline.render(to: .svg), as: UTF8.self)
        let text = try drawing.text(mermaid: false)
        let mermaid = try drawing.text(mermaid: true)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(StepsReport.json(run).rendered(.pretty).utf8))
                as? [String: Any])
        let jsonRuleSets: [[[String: Any]]] =
            run.ruleSets.count == 1
            ? [try #require(json["transitions"] as? [[String: Any]])]
            : try #require(json["ruleSets"] as? [[String: Any]]).map { ($0["transitions"] as? [[String: Any]]) ?? [] }

        var frameIndex = 0
        for (rowIndex, ruleSet) in run.ruleSets.enumerated() {
            // steps --json: the same steps, and the coordinator each transition acts in.
            #expect(jsonRuleSets[rowIndex].count == ruleSet.transitions.count, "\(name)")
            for (number, transition) in ruleSet.transitions.enumerated() {
                let steps = jsonRuleSets[rowIndex][number]["steps"] as? [[String]]
                // In the library's notation (FlowStacks' route notation, or the sibling library's with its ids).
                let notations = transition.steps.indices.map { ruleSet.routeNotations(ofTransition: number, step: $0) }
                #expect(steps == notations, "\(name) transition \(number + 1)")
                #expect(jsonRuleSets[rowIndex][number]["coordinator"] as? String == transition.coordinator)
            }
            // The row's first frame is the app before the change: the first transition's `from` as steps --json
            // has it (with every child FlowStack), never its step 0, which already holds the new screens.
            let story = TimelineStory(run: run, title: nil)
            guard let first = ruleSet.transitions.first,
                let opening = frames.indices.contains(frameIndex) ? frames[frameIndex] : nil
            else {
                Issue.record("\(name) row \(rowIndex): no HTML frame before the change")
                return
            }
            frameIndex += 1
            #expect(
                jsonRuleSets[rowIndex][0]["from"] as? [String] == ruleSet.routeNotations(ofTransition: 0).from,
                "\(name)")
            let start = first.nesting?.start.appPath ?? first.from
            let openingIndex = try #require(opening["stack"] as? Int)
            let openingStack = try #require(stacks[openingIndex])
            #expect(opening["operation"] as? String == "before the change", "\(name)")
            #expect(opening["node"] as? String == pageTimeline.elementID(ofNode: "before"), "\(name)")
            let before = try #require(story.before)
            for route in start where !Self.visible(route.screen).isEmpty {
                #expect(openingStack.contains(Self.visible(route.screen)), "\(name): first frame lacks \(route.screen)")
                #expect(before.path.contains(Self.visible(route.screen)), "\(name): BEFORE lacks \(route.screen)")
            }
            let shownFirst = Set((first.steps.first ?? []).map(\.screen)).subtracting(start.map(\.screen))
            for screen in shownFirst where !Self.visible(screen).isEmpty {
                #expect(!before.path.contains(screen), "\(name): BEFORE shows \(screen), which step 0 brings")
            }
            // Then a frame per moment of the timeline, in order, each drawing the step the moment ends at.
            var moments = story.columns[rowIndex].moments[...]
            for step in ruleSet.steps {
                let label = "\(name) row \(rowIndex) transition \(step.transition + 1) step \(step.index)"
                let count = ruleSet.transitions[step.transition].steps.count
                // Step 0 is applied with step 1: the app never shows it.
                if step.index == 0, count > 1 { continue }
                let moment = moments.popFirst()
                guard frameIndex < frames.count else {
                    Issue.record("\(label): no HTML frame")
                    return
                }
                let frame = frames[frameIndex]
                frameIndex += 1
                // The HTML frame: this step, its node in the SVG timeline, and the app's whole state on screen.
                #expect(frame["row"] as? Int == rowIndex && frame["step"] as? Int == step.index, "\(label)")
                // The frame names the id the page's timeline Diagram gives the step's node; that node is the step's
                // element in the page and in the SVG (Graphviz writes '-' in ids as &#45;).
                let node = try #require(frame["node"] as? String)
                let name = steps.stepNodeID(row: rowIndex, transition: step.transition, step: step.index)
                #expect(node == pageTimeline.elementID(ofNode: name), "\(label)")
                #expect(html.contains("id=\"\(node.replacingOccurrences(of: "-", with: "&#45;"))\""), "\(label)")
                let svgID = try #require(timeline.elementID(ofNode: name)).replacingOccurrences(of: "-", with: "&#45;")
                #expect(svg.contains("id=\"\(svgID)\""), "\(label): SVG has no step element \(name)")
                let stackIndex = try #require(frame["stack"] as? Int)
                let stack = try #require(stacks[stackIndex])
                for route in step.path where !Self.visible(route.screen).isEmpty {
                    #expect(stack.contains(Self.visible(route.screen)), "\(label): frame lacks \(route.screen)")
                }
                // It says what the timeline's moment says, and the moment leaves on screen what the step shows.
                let said = try #require(moment, "\(label): no moment")
                #expect(frame["operation"] as? String == said.sentence, "\(label)")
                #expect(said.onScreen == step.visibleScreen(root: run.plan.root), "\(label)")
            }
            #expect(moments.isEmpty, "\(name) row \(rowIndex): \(moments.count) moments without a frame")
            // Mermaid: one box per moment (steps 0 and 1 are one moment), each transition's last saying the running
            // time and the screen its last step leaves on screen, as steps --json has them.
            var moment = 0
            for (number, transition) in ruleSet.transitions.enumerated() {
                let states = (jsonRuleSets[rowIndex][number]["steps"] as? [[String]])?.count ?? 0
                #expect(states == transition.steps.count, "\(name)")
                moment += max(1, transition.steps.count - 1)
                guard moment <= MermaidDiagram.maximumSteps else { break }
                // A moment every rule set plays alike is one box for all, `s…`, before the columns part.
                let box = try #require(
                    (mermaid.components(separatedBy: "\n  c\(rowIndex)m\(moment - 1)[\"").dropFirst().first
                        ?? mermaid.components(separatedBy: "\n  s\(moment - 1)[\"").dropFirst().first)?
                        .prefix { $0 != "\n" }, "\(name) mermaid transition \(number + 1)")
                let seconds = PlanTransition.secondsText(transition.estimatedSeconds)
                let header = (box.components(separatedBy: "<br/>").first ?? "")
                    .replacingOccurrences(of: "<b>", with: "").replacingOccurrences(of: "</b>", with: "")
                let parts = header.components(separatedBy: " · ").map { $0.replacingOccurrences(of: "◷ ", with: "") }
                #expect(parts.contains(seconds), "\(name): \(header)")
                let last = try #require(ruleSet.steps.last { $0.transition == number })
                let onScreen =
                    last.hierarchy.map { $0.screenOnScreen(roots: $0.effectiveRoots) }
                    ?? last.path.last?.screen ?? run.plan.root.screen
                #expect(box.contains("on screen: <b>" + MermaidText.encoded(onScreen)), "\(name): \(box)")
            }
            #expect(
                !mermaid.contains("\n  c\(rowIndex)m\(moment)[\"") && !mermaid.contains("\n  s\(moment)[\""),
                "\(name): one box per moment")
        }
        // txt and Mermaid: the stack after holds the whole path the first rule set's last step leaves.
        if let last = run.ruleSets[0].steps.last {
            let after = text.components(separatedBy: "\nAFTER · ").dropFirst().first ?? ""
            for route in (last.hierarchy?.appPath ?? last.path) where !Self.visible(route.screen).isEmpty {
                #expect(after.contains(Self.visible(route.screen)), "\(name) txt after lacks \(route.screen)")
            }
            #expect(mermaid.contains("\n  after[\""), "\(name)")
        }
        #expect(frameIndex == frames.count, "\(name): \(frames.count) frames for \(frameIndex) moments")
    }

    /// The frames of an HTML player page.
    static func frames(_ html: String) throws -> [[String: Any]] {
        let marker = "<script type=\"application/json\" id=\"frames\">"
        let start = try #require(html.range(of: marker))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        let data = Data(html[start.upperBound..<end.lowerBound].utf8)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
    }

    /// The stack drawings of an HTML player page, by index.
    static func stacks(_ html: String) -> [Int: String] {
        var stacks: [Int: String] = [:]
        for part in html.components(separatedBy: "<div class=\"stack\" data-stack=\"").dropFirst() {
            guard let quote = part.firstIndex(of: "\""), let index = Int(part[..<quote]) else { continue }
            stacks[index] = part.components(separatedBy: "</div>").first
        }
        return stacks
    }
}
