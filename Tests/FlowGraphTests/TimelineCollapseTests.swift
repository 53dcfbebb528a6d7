import FlowGraphTestSupport
import Foundation
import Graphviz
import Testing

@testable import FlowGraph

@Suite("Timelines fold unchanged screens")
struct TimelineCollapseTests {
    /// `changes` transitions over a stack of `screens - 2` pushes, alternating two sheets and one cover on top
    /// (four steps each on iOS 16), like the timeline benchmark.
    static func transitions(changes: Int, screens: Int) -> [PlanTransition] {
        let base = (0..<(screens - 2)).map { PlanRoute.push("Screen\($0)") }
        var states: [[PlanRoute]] = [base + [.sheet("Sheet", withNavigation: true), .sheet("Detail")]]
        for change in 0..<changes {
            states.append(
                change.isMultiple(of: 2)
                    ? base + [.cover("Cover\(change)")]
                    : base + [.sheet("Sheet\(change)", withNavigation: true), .sheet("Detail\(change)")])
        }
        return zip(states, states.dropFirst()).map {
            PlanTransition(from: $0, to: $1, rules: PlatformRules(platform: .ios16))
        }
    }

    static func timeline(_ transitions: [PlanTransition], options: TimelineDiagram.Options = .init()) -> TimelineDiagram
    {
        TimelineDiagram(
            title: "Long", root: Root(screen: "Home"), rows: [.init(transitions: transitions)], options: options)
    }

    static func stepNodes(_ diagram: Diagram) -> [Node] {
        diagram.allNodes.filter { ($0.attributes["class"] ?? "").hasPrefix("step ") }
    }

    @Test("Moments draw only the layers they change; before and after are whole, once")
    func momentsFoldWhatTheyKeep() throws {
        let transitions = Self.transitions(changes: 5, screens: 40)
        let timeline = Self.timeline(transitions)
        #expect(!timeline.collapsesUnchangedScreens)
        let diagram = timeline.diagram()
        let before = try #require(diagram.node("before")).label.plainText
        for screen in 0..<38 { #expect(before.contains("Screen\(screen) ") || before.hasSuffix("Screen\(screen)")) }
        #expect(!before.contains("unchanged"))
        let steps = Self.stepNodes(diagram)
        #expect(steps.count == transitions.reduce(0) { $0 + $1.updates })
        for node in steps {
            let text = node.label.plainText
            // What a moment keeps is the stacks' to draw: not one of the 38 pushes below it is repeated.
            #expect(!text.contains("Screen20") && !text.contains("unchanged"), "\(node.id): \(text)")
            #expect(try #require(node.label?.html).cells.count < 12)
            // The tooltip still lists the whole stack.
            #expect(node.attributes["tooltip"]?.contains("Screen20") == true)
        }
        // Exactly the diagram drawn when before and after never fold.
        let never = Self.timeline(transitions, options: .init(collapseThreshold: .max)).diagram()
        #expect(try diagram.render(to: .dot) == never.render(to: .dot))
    }

    @Test("Above the threshold, before and after fold too; the header says so", .heavy)
    func largeTimelineCollapses() throws {
        let transitions = Self.transitions(changes: 75, screens: 40)  // 300 steps of 38 to 40 screens + root
        let timeline = Self.timeline(transitions)
        #expect(timeline.screenRows == 12_000)
        #expect(timeline.collapsesUnchangedScreens)
        let diagram = timeline.diagram()
        #expect(diagram.headerText.contains("long timeline (12,000 screen rows > 10,000)"))
        let before = try #require(diagram.node("before")).label.plainText
        #expect(before.contains("⋮ 38 screens"), "\(before)")
        let steps = Self.stepNodes(diagram)
        #expect(steps.count == transitions.reduce(0) { $0 + $1.updates })
        // The SVG has one element per moment with its id and classes.
        let svg = try RenderedSVG(diagram)
        let ids = timeline.stepNodeIDs()[0]
        for (number, transition) in transitions.enumerated() {
            for index in 1..<transition.steps.count {
                #expect(ids[number][index] == "t\(number)-step-\(index)")
                let groups = svg.groups(withClasses: "step moment step-\(index) transition-\(number) row-0")
                #expect(groups.count == 1)
                #expect(groups.first?.attributeValue("id") == "t\(number)-step-\(index)")
            }
        }
    }

    @Test("A changed screen inside a run stays drawn, splitting the run around it")
    func changedScreensStay() throws {
        let base = (0..<12).map { PlanRoute.push("S\($0)") }
        var updated = base
        updated[5] = .push("S5 edited")
        let transitions = [
            PlanTransition(from: base, to: base + [.sheet("Top")], rules: PlatformRules(platform: .ios17)),
            PlanTransition(from: base + [.sheet("Top")], to: updated, rules: PlatformRules(platform: .ios17)),
        ]
        let diagram = Self.timeline(transitions).diagram()
        // Transition 1's first moment updates S5 (step 0, applied with step 1) and dismisses Top.
        let texts = try #require(diagram.node("t1-step-1")?.label?.html).texts
        let joined = texts.joined(separator: "|")
        #expect(joined.contains("dismiss sheet Top and update S5 → S5 edited"), "\(joined)")
        // Bottom first on the root layer's line: Home and S0…S4 folded, S5 → S5 edited, S6…S10 folded, S11 on top.
        let old = try #require(texts.firstIndex(of: "S5"))
        #expect(texts[old + 1].trimmingCharacters(in: .whitespaces) == "→" && texts[old + 2] == "S5 edited")
        #expect(texts.contains("⋮ 6 screens") && texts.contains("⋮ 5 screens") && texts.contains("S11"), "\(joined)")
        #expect(
            try #require(texts.firstIndex(of: "⋮ 6 screens")) < old && old < (texts.firstIndex(of: "⋮ 5 screens") ?? 0))
        #expect(!texts.contains("S10") && !texts.contains("S3"))
    }
}
