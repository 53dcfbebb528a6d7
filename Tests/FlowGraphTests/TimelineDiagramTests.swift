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

    @Test func operationsBetweenStepsAreLabelledEdgesInWords() throws {
        let (transition, diagram) = timeline(.ios16)
        #expect(transition.steps.count == 4)
        let operations = diagram.edges.filter { $0.attributes["class"] == "operation" }
        #expect(operations.map(\.to) == ["t0-step-1", "t0-step-2", "t0-step-3"])
        #expect(operations.map(\.from) == ["t0-step-0", "t0-step-1", "t0-step-2"])
        let changes = transition.changes
        for (offset, edge) in operations.enumerated() {
            #expect(edge.attributes["tooltip"] == changes[offset + 1].summary)
            let words = edge.label.plainText
            #expect(changes[offset + 1].summary.split(separator: " ").allSatisfy { words.contains($0) })
        }
        #expect(operations[0].label.plainText == "dismiss .sheet(C)")
        #expect(operations[2].label.plainText.hasPrefix("push .push(D)"))
    }

    @Test func addedAndRemovedScreensAreMarkedByWordsAndBorders() throws {
        let (_, diagram) = timeline(.ios17)
        let first = try #require(diagram.node("t0-step-0")?.label?.html)
        let last = try #require(diagram.node("t0-step-2")?.label?.html)
        // Step 1 removes A, B and C: step 0 shows them struck through, with a dashed border.
        for screen in ["A", "B", "C"] {
            #expect(first.texts.contains("− \(screen)"))
            #expect(first.containsStruckThrough(screen))
        }
        #expect(first.cells.filter { $0.attributes["style"] == "dashed" }.count == 3)
        // The last step adds D with a bold border.
        #expect(last.texts.contains("+ D"))
        let added = try #require(last.cells.first { $0.content.texts.contains("+ D") })
        #expect(added.attributes["border"] == "2")
        #expect(!last.texts.contains { $0.hasPrefix("− ") })
    }

    @Test(arguments: Platform.allCases)
    func delayedStepsAreMarked(platform: Platform) throws {
        let (transition, diagram) = timeline(platform)
        for index in transition.steps.indices {
            let text = try #require(diagram.node("t0-step-\(index)")).label.plainText
            #expect(text.contains("◷ +0.65 s") == transition.isDelayed(step: index))
        }
        let delayedEdges = diagram.edges.filter { $0.label.plainText.contains("◷ after 0.65 s") }
        #expect(delayedEdges.count == transition.steps.indices.filter(transition.isDelayed).count)
    }

    @Test func headerNamesRulesTimeAndAction() throws {
        let rules = PlatformRules(platform: .ios16)
        let transitions = [
            Transition(action: "push(Feed)", from: [], to: [.push("Feed")], rules: rules),
            Transition(
                action: "presentSheet(A)", from: [.push("Feed")], to: [.push("Feed"), .sheet("A")], rules: rules),
            Transition(action: "goBackToRoot()", from: [.push("Feed"), .sheet("A")], to: [], rules: rules),
        ]
        let diagram = TimelineDiagram(title: nil, root: Root(), transitions: transitions).diagram()
        for (index, transition) in transitions.enumerated() {
            let header = try #require(diagram.node("t\(index)"))
            #expect(header.attributes["class"] == "transition transition-\(index) row-0")
            let text = header.label.plainText
            #expect(text.contains(transition.action!))
            #expect(text.contains("iOS 16 · NavigationView"))
            #expect(text.contains("\(transition.steps.count) step"))
            // The line starts at the header: header → step 0 → step 1 …
            #expect(diagram.edges.contains { $0.from == "t\(index)" && $0.to == "t\(index)-step-0" })
        }
        #expect(diagram.node("t2")?.label.plainText.contains("delayed · ≈ 0.65 s") == true)
        #expect(diagram.node("t0")?.label.plainText.contains("synchronous · 0 s") == true)
        #expect(diagram.headerText.hasPrefix("Navigation timeline"))
        #expect(diagram.headerText.contains("3 transitions, 7 steps · total ≈ 0.65 s"))
        // Nothing struck in the first transition, so no "removed" legend entry from it alone.
        let alone = TimelineDiagram(title: nil, root: Root(), transitions: [transitions[0]]).diagram()
        #expect(!alone.headerText.contains("− removed"))
        #expect(!alone.headerText.contains(LegendItem.delay.caption))
        #expect(alone.headerText.contains(LegendItem.added.caption))
        #expect(diagram.headerText.contains("− removed"))
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
        #expect(diagram.headerText.contains("iOS 16 · NavigationView · 1 transition, 4 steps · total ≈ 1.3 s"))
        #expect(diagram.headerText.contains("iOS 17 · NavigationView · 1 transition, 3 steps · total ≈ 0.65 s"))
    }

    @Test func longTransitionsWrapOntoContinuationLines() throws {
        let end = (1...8).map { Route.push("S\($0)") }
        let transition = Transition(from: [], to: end, rules: PlatformRules())
        #expect(transition.steps.count == 9)
        let diagram = TimelineDiagram(
            title: nil, root: Root(), rows: [.init(transitions: [transition])], options: .init(width: 560)
        ).diagram()
        let continued = diagram.allNodes.filter { $0.id.contains("-continued-") }.map(\.id)
        #expect(continued == ["t0-continued-4", "t0-continued-8"])
        #expect(diagram.edges.contains { $0.from == "t0-continued-4" && $0.to == "t0-step-4" })
        #expect(diagram.edges.contains { $0.from == "t0-step-3" && $0.to == "t0-more-4" })
        #expect(!diagram.edges.contains { $0.from == "t0-step-3" && $0.to == "t0-step-4" })
        // Every step is still drawn once, and the operation into step 4 is on the continuation edge.
        #expect(diagram.allNodes.filter { ($0.attributes["class"] ?? "").hasPrefix("step ") }.count == 9)
        let into4 = try #require(diagram.edges.first { $0.to == "t0-step-4" })
        #expect(into4.attributes["class"] == "operation")
        #expect(into4.label.plainText.contains("push .push(S4)"))
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
