import Foundation
import Testing

@testable import FlowGraph

@Suite("Timeline diagram")
struct TimelineDiagramTests {
    let start: [Route] = [.sheet("A", withNavigation: true), .push("B"), .sheet("C")]
    let end: [Route] = [.push("D")]

    func timeline(_ platform: Platform, options: TimelineDiagram.Options = .init()) -> (Transition, Diagram) {
        let transition = Transition(from: start, to: end, rules: PlatformRules(platform: platform))
        let diagram = TimelineDiagram(
            title: "T", root: Root(screen: "Home"), rows: [.init(transitions: [transition])], options: options
        ).diagram()
        return (transition, diagram)
    }

    @Test(arguments: Platform.allCases)
    func oneStepNodePerStepWithIDAndClasses(platform: Platform) throws {
        let (transition, diagram) = timeline(platform)
        let steps = diagram.allNodes.filter { ($0.attributes["class"] ?? "").hasPrefix("step ") }
        #expect(steps.count == transition.steps.count)
        for (index, step) in transition.steps.enumerated() {
            let node = try #require(diagram.node("t0-step-\(index)"))
            #expect(node.attributes["id"] == "t0-step-\(index)")
            #expect(node.attributes["class"] == "step step-\(index) transition-0")
            #expect(node.label.plainText.contains("step \(index)"))
            for route in step { #expect(node.label.plainText.contains(route.screen)) }
            #expect(node.label.plainText.contains("Home"))
            #expect(node.label?.html.map { if case .table = $0 { true } else { false } } == true)
        }
        #expect(diagram.allSubgraphs.isEmpty, "steps are HTML tables, not clusters")
        #expect(diagram.label.plainText.contains("NavigationView"), "the header is the graph's label")
    }

    @Test func eachOperationIsSaidOnceInItsStepNotOnTheEdge() throws {
        let (transition, diagram) = timeline(.ios16)
        #expect(transition.steps.count == 4)
        let operations = diagram.edges.filter { $0.attributes["class"] == "operation" }
        #expect(operations.map(\.to) == ["t0-step-1", "t0-step-2", "t0-step-3"])
        #expect(operations.map(\.from) == ["t0-step-0", "t0-step-1", "t0-step-2"])
        let changes = transition.changes
        for (offset, edge) in operations.enumerated() {
            #expect(edge.label == nil, "no edge label to cross or to repeat the box")
            #expect(edge.attributes["tooltip"] == changes[offset + 1].summary)
            let box = try #require(diagram.node(edge.to)).label.plainText
            #expect(changes[offset + 1].summary.split(separator: " ").allSatisfy { box.contains($0) })
        }
        let steps = (0..<4).map { diagram.node("t0-step-\($0)")?.label.plainText ?? "" }
        #expect(steps[1].contains("dismiss .sheet(C)"))
        #expect(steps[3].contains("push .push(D)"))
        // Said once: no step repeats another's operation.
        #expect(!steps[2].contains("dismiss .sheet(C)") && !steps[3].contains("dismiss"))
    }

    @Test func removalIsMarkedInTheStepThatRemovesAndAddedScreensAreTagged() throws {
        let (_, diagram) = timeline(.ios17)
        let first = try #require(diagram.node("t0-step-0")?.label?.html)
        let removing = try #require(diagram.node("t0-step-1")?.label?.html)
        let last = try #require(diagram.node("t0-step-2")?.label?.html)
        // Step 1 removes A, B and C: step 1, not step 0, shows them struck through, tagged, dashed.
        #expect(!["A", "B", "C"].contains { first.containsStruckThrough($0) })
        for screen in ["A", "B", "C"] { #expect(removing.containsStruckThrough(screen)) }
        #expect(removing.texts.filter { $0.trimmingCharacters(in: .whitespaces) == "removed" }.count == 3)
        #expect(removing.cells.filter { $0.attributes["style"] == "dashed" }.count == 3)
        // The last step adds D: a bold border and the word "new", never a sign before the name.
        let added = try #require(last.cells.first { $0.content.texts.contains("D") })
        #expect(added.attributes["border"] == "2")
        #expect(added.content.texts.contains { $0.trimmingCharacters(in: .whitespaces) == "new" })
        #expect(!last.texts.contains { $0.hasPrefix("+ ") || $0.hasPrefix("− ") })
        #expect(last.texts.joined().contains("on screen: D"))
    }

    @Test(arguments: Platform.allCases)
    func eachStepSaysItsRunningTimeOnce(platform: Platform) throws {
        let (transition, diagram) = timeline(platform)
        for index in transition.steps.indices {
            let text = try #require(diagram.node("t0-step-\(index)")).label.plainText
            let time = Vocabulary.seconds(transition.elapsed(atStep: index))
            #expect(text.contains("◷ \(time)") == transition.isDelayed(step: index), "step \(index): \(text)")
            #expect(text.contains(time))
        }
        #expect(transition.elapsed(atStep: transition.steps.count - 1) == transition.estimatedSeconds)
        #expect(!diagram.edges.contains { $0.label.plainText.contains("0.65") }, "the delay is said in the box only")
    }

    @Test func headerNamesRulesUpdatesTimeAndAction() throws {
        let rules = PlatformRules(platform: .ios16)
        let transitions = [
            Transition(action: "push(Feed)", from: [], to: [.push("Feed")], rules: rules),
            Transition(
                action: "presentSheet(A)", from: [.push("Feed")], to: [.push("Feed"), .sheet("A")], rules: rules),
            Transition(action: "goBackToRoot()", from: [.push("Feed"), .sheet("A")], to: [], rules: rules),
        ]
        let timeline = TimelineDiagram(title: nil, root: Root(), transitions: transitions)
        let diagram = timeline.diagram()
        for (index, transition) in transitions.enumerated() {
            let header = try #require(diagram.node("t\(index)"))
            #expect(header.attributes["class"] == "transition transition-\(index) row-0")
            let text = header.label.plainText
            #expect(text.contains(transition.action!))
            #expect(text.contains("iOS 16 · NavigationView"))
        }
        // The first transition starts from its step 0; later ones start from the previous end, not a copy.
        #expect(diagram.edges.contains { $0.from == "t0" && $0.to == "t0-step-0" })
        for index in 1...2 {
            #expect(diagram.node("t\(index)-step-0") == nil)
            #expect(diagram.edges.contains { $0.from == "t\(index)" && $0.to == "t\(index)-step-1" })
        }
        #expect(
            timeline.stepNodeIDs() == [
                [
                    ["t0-step-0", "t0-step-1"], ["t0-step-1", "t1-step-1"],
                    ["t1-step-1", "t2-step-1", "t2-step-2"],
                ]
            ])
        // Updates, not steps: the starting state is not counted.
        #expect(diagram.node("t0")?.label.plainText.contains("1 update · at once · 0 s") == true)
        #expect(diagram.node("t2")?.label.plainText.contains("2 updates · 0.65 s in all") == true)
        #expect(diagram.headerText.hasPrefix("Navigation timeline"))
        #expect(diagram.headerText.contains("3 transitions, 4 updates · total 0.65 s"))
        // From and to are said from where they differ.
        #expect(diagram.node("t1")?.label.plainText.contains("from […1 kept]") == true)
        #expect(diagram.node("t1")?.label.plainText.contains("to […1 kept, .sheet(A)]") == true)
        // Nothing removed in the first transition, so no "removed" legend entry from it alone.
        let alone = TimelineDiagram(title: nil, root: Root(), transitions: [transitions[0]]).diagram()
        #expect(!alone.headerText.contains("by this step") || !alone.headerText.contains("removed"))
        #expect(!alone.headerText.contains(LegendItem.delay.caption))
        #expect(alone.headerText.contains("added by this step"))
        #expect(diagram.headerText.contains("removed"))
        #expect(diagram.headerText.contains(LegendItem.delay.caption))
    }

    @Test func rowsDrawTheSameChangeUnderEachRuleSet() throws {
        let diagram = Fixtures.rulesComparison().diagram()
        let headers = diagram.allNodes.filter { ($0.attributes["class"] ?? "").hasPrefix("transition ") }
        #expect(headers.map(\.id) == ["t0", "t1"])
        #expect(headers[0].label.plainText.contains("iOS 16"))
        #expect(headers[1].label.plainText.contains("iOS 17"))
        #expect((headers[1].attributes["class"] ?? "").hasSuffix("row-1"))
        #expect(diagram.node("t0-step-3") != nil)
        #expect(diagram.node("t1-step-2") != nil)
        #expect(diagram.node("t1-step-3") == nil)
        #expect(diagram.headerText.contains("iOS 16 · NavigationView · 1 transition, 3 updates · total 1.3 s"))
        #expect(diagram.headerText.contains("iOS 17 · NavigationView · 1 transition, 2 updates · total 0.65 s"))
        // One time axis: the steps applied 0.65 s in stand in the same column, whatever their number.
        func column(_ id: String) -> Int? {
            var column = 0
            var current = id
            while let edge = diagram.edges.first(where: { $0.to == current && $0.attributes["style"] != "invis" }) {
                column += Int(edge.attributes["minlen"] ?? "1") ?? 1
                current = edge.from
            }
            return column
        }
        #expect(column("t0-step-2") == column("t1-step-2"))
        #expect(column("t0-step-3") == 4 && column("t1-step-2") == 3)
    }

    @Test func longTransitionsWrapToTheWidthTheyAreShownAt() throws {
        let end = (1...8).map { Route.push("S\($0)") }
        let transition = Transition(from: [], to: end, rules: PlatformRules())
        #expect(transition.steps.count == 9)
        func lines(_ width: Int) -> (diagram: Diagram, starts: [String]) {
            let diagram = TimelineDiagram(
                title: nil, root: Root(), rows: [.init(transitions: [transition])], options: .init(width: width)
            ).diagram()
            return (diagram, diagram.edges.filter { $0.attributes["class"] == "line-order" }.map(\.to))
        }
        let narrow = lines(560)
        let wide = lines(4000)
        let never = lines(0)
        #expect(never.starts.isEmpty && wide.starts.isEmpty, "one line when it fits")
        #expect(narrow.starts.count >= 2, "\(narrow.starts)")
        #expect(narrow.starts.allSatisfy { $0.hasPrefix("t0-continued-") })
        for start in narrow.starts {
            // A continuation line starts with its header, then the step it names; no edge jumps lines.
            let index = try #require(Int(start.split(separator: "-").last!))
            #expect(narrow.diagram.edges.contains { $0.from == start && $0.to == "t0-step-\(index)" })
            #expect(!narrow.diagram.edges.contains { $0.from == "t0-step-\(index - 1)" && $0.to == "t0-step-\(index)" })
            #expect(narrow.diagram.node(start)?.label.plainText.contains("continued from step \(index - 1)") == true)
        }
        // Every step is still drawn once.
        #expect(narrow.diagram.allNodes.filter { ($0.attributes["class"] ?? "").hasPrefix("step ") }.count == 9)
        // Laid out, the narrow drawing stays within 560 px · 14 / 11 points (body text ≥ 11 px shown 560 px wide).
        let size = try narrow.diagram.layoutSize()
        #expect(size.width <= 560 * 14 / 11, "\(size)")
        #expect(try wide.diagram.layoutSize().width > 560 * 14 / 11)
    }

    @Test func invalidRoutesInAStepAreRedWithTheirReason() throws {
        let transition = Transition(from: [], to: [.sheet("S"), .push("P")], rules: PlatformRules())
        let diagram = TimelineDiagram(title: nil, root: Root(screen: "Home"), transitions: [transition]).diagram()
        let last = try #require(diagram.node("t0-step-2")?.label?.html)
        let reason = try #require([.sheet("S"), .push("P")].problems(rootHasNavigation: true).first?.reason)
        #expect(
            last.texts.joined(separator: " ").contains(reason.split(separator: " ").prefix(3).joined(separator: " ")))
        #expect(last.cells.contains { $0.attributes["color"] == Theme.light.palette.error })
        #expect(diagram.headerText.contains(LegendItem.invalid.caption))
    }
}
