import Foundation
import Testing

@testable import FlowGraph

@Suite("Long timelines collapse unchanged screens")
struct TimelineCollapseTests {
    /// `changes` transitions over a stack of `screens - 2` pushes, alternating two sheets and one cover on top
    /// (four steps each on iOS 16), like the timeline benchmark.
    static func transitions(changes: Int, screens: Int) -> [Transition] {
        let base = (0..<(screens - 2)).map { Route.push("Screen\($0)") }
        var states: [[Route]] = [base + [.sheet("Sheet", withNavigation: true), .sheet("Detail")]]
        for change in 0..<changes {
            states.append(
                change.isMultiple(of: 2)
                    ? base + [.cover("Cover\(change)")]
                    : base + [.sheet("Sheet\(change)", withNavigation: true), .sheet("Detail\(change)")])
        }
        return zip(states, states.dropFirst()).map {
            Transition(from: $0, to: $1, rules: PlatformRules(platform: .ios16))
        }
    }

    static func timeline(_ transitions: [Transition], options: TimelineDiagram.Options = .init()) -> TimelineDiagram {
        TimelineDiagram(
            title: "Long", root: Root(screen: "Home"), rows: [.init(transitions: transitions)], options: options)
    }

    static func stepNodes(_ diagram: Diagram) -> [Node] {
        diagram.allNodes.filter { ($0.attributes["class"] ?? "").hasPrefix("step ") }
    }

    @Test("A timeline under 10,000 screen rows draws every screen of every step, as before")
    func smallTimelineIsUnchanged() throws {
        let transitions = Self.transitions(changes: 20, screens: 40)
        let timeline = Self.timeline(transitions)
        #expect(timeline.screenRows == transitions.reduce(0) { $0 + $1.steps.reduce(0) { $0 + $1.count + 1 } })
        #expect(timeline.screenRows <= 10_000)
        #expect(!timeline.collapsesUnchangedScreens)
        let diagram = timeline.diagram()
        #expect(!diagram.headerText.contains("long timeline"))
        for (number, transition) in transitions.enumerated() {
            for (index, step) in transition.steps.enumerated() {
                let text = try #require(diagram.node("t\(number)-step-\(index)")).label.plainText
                for route in step { #expect(text.contains(route.screen)) }
                #expect(!text.contains("unchanged"))
            }
        }
        // Exactly the diagram drawn when collapsing is off altogether.
        let never = Self.timeline(transitions, options: .init(collapseThreshold: .max)).diagram()
        #expect(try diagram.render(to: .dot) == never.render(to: .dot))
    }

    @Test("Above the threshold, runs of unchanged screens become one row; the header says so", .heavy)
    func largeTimelineCollapses() throws {
        let transitions = Self.transitions(changes: 75, screens: 40)  // 300 steps of 38 to 40 screens + root
        let timeline = Self.timeline(transitions)
        #expect(timeline.screenRows == 12_000)
        #expect(timeline.collapsesUnchangedScreens)
        let diagram = timeline.diagram()
        #expect(diagram.headerText.contains("long timeline (12,000 screen rows > 10,000)"))
        #expect(diagram.headerText.contains("screens unchanged since the previous step are collapsed"))

        // The first step is whole, so every screen is seen once.
        let first = try #require(diagram.node("t0-step-0")).label.plainText
        for screen in 0..<38 { #expect(first.contains("Screen\(screen) ") || first.hasSuffix("Screen\(screen)")) }
        #expect(!first.contains("unchanged"))

        // Later steps: root, the two top screens of the root layer, what changes, and one collapsed row.
        let steps = Self.stepNodes(diagram)
        #expect(steps.count == 300)
        for (number, transition) in transitions.enumerated() {
            for (index, step) in transition.steps.enumerated() where number > 0 || index > 0 {
                let node = try #require(diagram.node("t\(number)-step-\(index)"))
                let texts = try #require(node.label?.html).texts
                #expect(texts.contains("⋮ 36 unchanged screens"), "t\(number)-step-\(index)")
                #expect(texts.contains("Home"))
                #expect(texts.contains("Screen37") && texts.contains("Screen36"))
                #expect(!texts.contains("Screen20"))
                for route in step.dropFirst(38) {
                    #expect(texts.contains { $0.contains(route.screen) }, "\(route.screen) in t\(number)-step-\(index)")
                }
                // The tooltip still lists the whole stack.
                #expect(node.attributes["tooltip"]?.contains("Screen20") == true)
            }
        }
        let rows = try #require(diagram.node("t1-step-1")?.label?.html).cells.count
        #expect(rows < 10, "a collapsed step has \(rows) rows, not 40")

        // The SVG still has one element per step with its id and classes.
        let svg = try RenderedSVG(diagram)
        for (number, transition) in transitions.enumerated() {
            for index in transition.steps.indices {
                let groups = svg.groups(withClasses: "step step-\(index) transition-\(number)")
                #expect(groups.count == 1)
                #expect(groups.first?.attributeValue("id") == "t\(number)-step-\(index)")
            }
        }
        #expect(svg.texts.filter { $0 == "⋮ 36 unchanged screens" }.count == 299)
    }

    @Test("A changed screen inside a run stays drawn, splitting the run around it")
    func changedScreensStay() throws {
        let base = (0..<12).map { Route.push("S\($0)") }
        var updated = base
        updated[5] = .push("S5 edited")
        let transitions = [
            Transition(from: base, to: base + [.sheet("Top")], rules: PlatformRules(platform: .ios17)),
            Transition(from: base + [.sheet("Top")], to: updated, rules: PlatformRules(platform: .ios17)),
        ]
        let diagram = Self.timeline(transitions, options: .init(collapseThreshold: 10)).diagram()
        #expect(diagram.headerText.contains("long timeline"))
        // The step of transition 1 that updates S5 draws it, marked, between two collapsed runs.
        let updating = try #require(transitions[1].changes.firstIndex { $0.updated == [5] })
        let last = try #require(diagram.node("t1-step-\(updating)")?.label?.html).texts
        #expect(last.contains("↻ S5 edited"))
        #expect(last.contains("S11") && last.contains("S10"))
        #expect(last.contains("⋮ 4 unchanged screens"))  // S9…S6
        #expect(last.contains("⋮ 5 unchanged screens"))  // S4…S0
        #expect(last.contains("Home"))
    }
}
