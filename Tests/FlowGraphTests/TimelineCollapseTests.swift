import FlowGraphTestSupport
import Foundation
import Testing

@testable import FlowGraph

@Suite("Timelines fold unchanged screens")
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

    @Test("Each transition shows its whole stack first and last; the steps between fold unchanged runs")
    func stepsBetweenFold() throws {
        let transitions = Self.transitions(changes: 20, screens: 40)
        let timeline = Self.timeline(transitions)
        #expect(timeline.screenRows == transitions.reduce(0) { $0 + $1.steps.reduce(0) { $0 + $1.count + 1 } })
        #expect(timeline.screenRows <= 10_000)
        #expect(!timeline.collapsesUnchangedScreens)
        let diagram = timeline.diagram()
        #expect(!diagram.headerText.contains("long timeline"))
        let ids = timeline.stepNodeIDs()[0]
        for (number, transition) in transitions.enumerated() {
            let drawn = transition.steps.indices.filter { ids[number][$0] == "t\(number)-step-\($0)" }
            // Step 0 repeats the previous transition's end, so only the first transition draws it.
            #expect(drawn.first == (number == 0 ? 0 : 1), "t\(number)")
            for index in drawn {
                let step = transition.steps[index]
                let node = try #require(diagram.node("t\(number)-step-\(index)"))
                let text = node.label.plainText
                let isWhole = index == drawn.first || index == drawn.last
                #expect(text.contains("unchanged") != isWhole, "t\(number)-step-\(index)")
                for route in step where isWhole { #expect(text.contains(route.screen)) }
                if !isWhole {
                    #expect(!text.contains("Screen20 "))
                    #expect(try #require(node.label?.html).cells.count < 12)
                }
                // The tooltip lists the whole stack.
                #expect(node.attributes["tooltip"]?.contains("Screen20") == true)
            }
        }
        // Exactly the diagram drawn when first and last steps never fold.
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
        #expect(diagram.headerText.contains("every step folds screens it keeps unchanged"))

        // The first step is whole, so every screen is seen once.
        let first = try #require(diagram.node("t0-step-0")).label.plainText
        for screen in 0..<38 { #expect(first.contains("Screen\(screen) ") || first.hasSuffix("Screen\(screen)")) }
        #expect(!first.contains("unchanged"))

        // Every later step: what it adds and the top screen, with one folded row for the unchanged pushes.
        let steps = Self.stepNodes(diagram)
        #expect(steps.count == 300 - 74, "step 0 of every transition but the first repeats the previous end")
        let ids = timeline.stepNodeIDs()[0]
        var folded = 0
        for (number, transition) in transitions.enumerated() {
            for (index, step) in transition.steps.enumerated() where number > 0 || index > 0 {
                guard ids[number][index] == "t\(number)-step-\(index)" else { continue }
                let node = try #require(diagram.node("t\(number)-step-\(index)"))
                let texts = try #require(node.label?.html).texts
                #expect(texts.contains { $0.hasPrefix("⋮ ") && $0.hasSuffix(" unchanged") }, "t\(number)-step-\(index)")
                folded += 1
                #expect(!texts.contains("Screen20"))
                for index in transition.changes[index].added {
                    #expect(texts.contains(step[index].screen), "\(step[index].screen) in t\(number)")
                }
                // The tooltip still lists the whole stack.
                #expect(node.attributes["tooltip"]?.contains("Screen20") == true)
                #expect(try #require(node.label?.html).cells.count < 12)
            }
        }
        #expect(folded == 300 - 74 - 1)

        // The SVG still has one element per drawn step with its id and classes.
        let svg = try RenderedSVG(diagram)
        for (number, transition) in transitions.enumerated() {
            for index in transition.steps.indices where ids[number][index] == "t\(number)-step-\(index)" {
                let groups = svg.groups(withClasses: "step step-\(index) transition-\(number)")
                #expect(groups.count == 1)
                #expect(groups.first?.attributeValue("id") == "t\(number)-step-\(index)")
            }
        }
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
        // Drawn old → new.
        let arrow = try #require(last.firstIndex(of: " → "))
        #expect(last[arrow - 1] == "S5" && last[arrow + 1] == "S5 edited")
        #expect(last.contains("Top"), "the top screen stays")
        #expect(last.filter { $0 == "⋮ 6 unchanged" }.count == 2)  // S11…S6, and S4…S0 with Home
        #expect(!last.contains("S11") && !last.contains("Home"))
    }
}
