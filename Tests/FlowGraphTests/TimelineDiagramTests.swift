import Foundation
import Graphviz
import Testing

@testable import FlowGraph

/// The timeline as the story of one change: before once, one box per moment the app redraws, after once.
@Suite("Timeline diagram")
struct TimelineDiagramTests {
    let start: [PlanRoute] = [.sheet("A", withNavigation: true), .push("B"), .sheet("C")]
    let end: [PlanRoute] = [.push("D")]

    func timeline(_ platform: Platform, options: TimelineDiagram.Options = .init()) -> (PlanTransition, Diagram) {
        let transition = PlanTransition(from: start, to: end, rules: PlatformRules(platform: platform))
        let diagram = TimelineDiagram(
            title: "T", root: Root(screen: "Home"), rows: [.init(transitions: [transition])], options: options
        ).diagram()
        return (transition, diagram)
    }

    func moments(_ diagram: Diagram) -> [Node] {
        diagram.allNodes.filter { ($0.attributes["class"] ?? "").hasPrefix("step moment ") }
    }

    @Test(arguments: Platform.allCases)
    func beforeOnceOneMomentPerUpdateAfterOnce(platform: Platform) throws {
        let (transition, diagram) = timeline(platform)
        // Step 0 is applied with step 1 in one turn: not a moment of its own.
        #expect(moments(diagram).count == transition.updates)
        #expect(diagram.node("t0-step-0") == nil)
        for step in 1..<transition.steps.count {
            let node = try #require(diagram.node("t0-step-\(step)"))
            #expect(node.attributes["class"] == "step moment step-\(step) transition-0 row-0")
            // One line per update, starting with its running time.
            let time = PlanTransition.secondsText(transition.elapsed(atStep: step))
            #expect(node.label.plainText.hasPrefix(transition.isDelayed(step: step) ? "◷ " + time : time))
        }
        let before = try #require(diagram.node("before")).label.plainText
        let after = try #require(diagram.node("after")).label.plainText
        for route in start { #expect(before.contains(route.screen)) }
        for route in end { #expect(after.contains(route.screen)) }
        #expect(before.hasPrefix("BEFORE    on screen:  C") && after.hasPrefix("AFTER    on screen:  D"), "\(before)")
        #expect(diagram.attributes["rankdir"] == "TB", "time goes down")
        // Before and after are drawn once: no moment repeats the whole stack.
        #expect(moments(diagram).filter { $0.label.plainText.contains("ROOT LAYER") }.count <= 1)
    }

    @Test func eachMomentSaysWhatItDoesInWordsAndOnlyTheLayerItChanges() throws {
        let (transition, diagram) = timeline(.ios16)
        #expect(transition.steps.count == 4)
        let texts = (1...3).map { diagram.node("t0-step-\($0)")?.label.plainText ?? "" }
        // A moment whose one line names all it changes is that line: `0 s   dismiss sheet C   → on screen: B`.
        #expect(texts[0] == "0 s     dismiss sheet C     → on screen:  B", "\(texts[0])")
        // One that removes a screen its words do not name (B, pushed in A's sheet) draws the layer it changes;
        // what it keeps below is the stacks' to draw, not repeated.
        #expect(texts[1].contains("dismiss sheet A ☰"))
        #expect(texts[1].contains("LAYER 1 · SHEET") && texts[1].contains("dismissed") && texts[1].contains("B"))
        #expect(!texts.contains { $0.contains("unchanged") })
        #expect(texts[2].contains("push D") && !texts[2].contains("LAYER"))
        #expect(!texts[2].contains("dismiss"), "said once, in its own moment")
        // On screen after each: said, unless the moment adds it on top (`push D`).
        let onScreen = (1...3).map { diagram.node("t0-step-\($0)")?.label.onScreenText }
        #expect(onScreen == ["B", "Home", nil], "\(texts)")
        // iOS 17: one moment dismisses both sheets and the push in A's layer, every part said.
        let (_, ios17) = timeline(.ios17)
        let first = try #require(ios17.node("t0-step-1")).label.plainText
        #expect(first.contains("dismiss sheet C, sheet A ☰"), "\(first)")
        #expect(first.range(of: "LAYER 2")!.lowerBound < first.range(of: "LAYER 1")!.lowerBound, "top first")
    }

    @Test func removedScreensAreStruckAndNewOnesTagged() throws {
        // With NavigationStack, iOS 17 dismisses both sheets and pushes D in one update: its layers are drawn.
        let transition = PlanTransition(
            from: start, to: end, rules: PlatformRules(platform: .ios17, navigationStack: true))
        #expect(transition.updates == 1)
        let diagram = TimelineDiagram(
            title: "T", root: Root(screen: "Home"), rows: [.init(transitions: [transition])]
        ).diagram()
        let removing = try #require(diagram.node("t0-step-1")?.label?.html)
        let adding = removing
        for screen in ["A", "B", "C"] { #expect(removing.containsStruckThrough(screen)) }
        #expect(removing.texts.filter { $0.trimmingCharacters(in: .whitespaces) == "removed" }.count == 3)
        // A new screen is written in the accent green and tagged with the word `new`, on its layer's line.
        // (The header says `on screen: D` too.)
        let line = try #require(
            adding.cells.first {
                $0.content.texts.contains("D") && !$0.content.texts.contains { $0.hasSuffix("on screen: ") }
            })
        let words = line.content.texts.map { $0.trimmingCharacters(in: .whitespaces) }
        let name = try #require(words.firstIndex(of: "D"))
        #expect(words[name + 1] == "new")
        #expect(adding.fontColors(of: "D").contains(Theme.light.palette.added))
        #expect(!adding.texts.contains { $0.hasPrefix("+ ") || $0.hasPrefix("− ") })
    }

    @Test(arguments: Platform.allCases)
    func eachMomentSaysItsRunningTimeOnce(platform: Platform) throws {
        let (transition, diagram) = timeline(platform)
        for index in 1..<transition.steps.count {
            let text = try #require(diagram.node("t0-step-\(index)")).label.plainText
            let time = PlanTransition.secondsText(transition.elapsed(atStep: index))
            #expect(text.contains("◷ \(time)") == transition.isDelayed(step: index), "step \(index): \(text)")
            #expect(text.hasPrefix(transition.isDelayed(step: index) ? "◷ \(time)" : time))
        }
        #expect(!diagram.edges.contains { $0.label.plainText.contains("0.65") }, "the delay is said in the box only")
    }

    @Test func actionPlansAreOneRowPerActionNamedAndNumbered() throws {
        let rules = PlatformRules(platform: .ios16)
        let transitions = [
            PlanTransition(action: "push(Feed)", from: [], to: [.push("Feed")], rules: rules),
            PlanTransition(
                action: "presentSheet(A)", from: [.push("Feed")], to: [.push("Feed"), .sheet("A")], rules: rules),
            PlanTransition(action: "goBackToRoot()", from: [.push("Feed"), .sheet("A")], to: [], rules: rules),
        ]
        let timeline = TimelineDiagram(title: nil, root: Root(), transitions: transitions)
        let diagram = timeline.diagram()
        #expect(diagram.node("t0-step-1")?.label.plainText.hasPrefix("1. push(Feed)") == true)
        #expect(diagram.node("t1-step-1")?.label.plainText.hasPrefix("2. presentSheet(A)") == true)
        #expect(diagram.node("t2-step-1")?.label.plainText.hasPrefix("3. goBackToRoot()") == true)
        #expect(diagram.node("t2-step-2")?.label.plainText.contains("goBackToRoot") == false, "named once")
        // Every step maps to the moment that shows it; step 0 to the first moment.
        #expect(
            timeline.stepNodeIDs() == [
                [["t0-step-1", "t0-step-1"], ["t1-step-1", "t1-step-1"], ["t2-step-1", "t2-step-1", "t2-step-2"]]
            ])
        // The presentSheet moment says it all in its action: one line, no layer, nothing it keeps.
        let sheet = try #require(diagram.node("t1-step-1")).label.plainText
        #expect(sheet == "2. presentSheet(A)     0 s", "\(sheet)")
        #expect(diagram.headerText.hasPrefix("Navigation timeline"))
        #expect(diagram.headerText.contains("3 transitions, 4 updates · total 0.65 s"))
        // What the symbols mean is said once, at the foot.
        #expect(!diagram.headerText.contains(LegendItem.delay.caption))
        #expect(try #require(diagram.node("legend")).label.plainText.contains(LegendItem.delay.caption))
    }

    /// A comparison (`flowgraph diff`) is one column of the head: a removed transition dashed where it was and not
    /// numbered, a new one and a changed one's new moments marked and said once, the stacks and counts the head's.
    @Test func aComparedRowMarksEachTransitionAndNumbersTheHeads() throws {
        let rules = PlatformRules(platform: .ios16)
        let login = PlanTransition(
            action: "presentSheet(Login)", from: [.push("Old")], to: [.push("Old"), .sheet("Login")], rules: rules)
        let payment = PlanTransition(action: "push(Payment)", from: [], to: [.push("Payment")], rules: rules)
        let was = PlanTransition(action: "dismissAll()", from: [.push("Payment")], to: [], rules: rules)
        let now = PlanTransition(
            action: "dismissAll()", from: [.push("Payment"), .sheet("Terms")], to: [], rules: rules)
        let terms = PlanTransition(
            action: "presentSheet(Terms)", from: [.push("Payment")], to: [.push("Payment"), .sheet("Terms")],
            rules: rules)
        let row = TimelineDiagram.Row(
            transitions: [login, payment, terms, now], marks: [.removed, .kept, .added, .changed(from: was)])
        var timeline = TimelineDiagram(title: "Checkout", root: Root(), rows: [row])
        timeline.comparisonLine = "changes since main: + new · − removed · ~ changed"
        timeline.endNote = "before this change it ended at Root"
        let diagram = timeline.diagram()
        func box(_ id: String) throws -> (text: String, table: HTMLTable) {
            let node = try #require(diagram.node(id), "\(id)")
            guard case .html(.table(let table)) = node.label else { throw Unexpected.label(id) }
            return (node.label.plainText, table)
        }
        let removed = try box("t0-step-1")
        #expect(removed.text.hasPrefix("− removed presentSheet(Login)"), "\(removed.text)")
        #expect(removed.table.attributes["style"] == "rounded,dashed")
        #expect(try box("t1-step-1").text.hasPrefix("1. push(Payment)"), "kept: plain, the head's first")
        #expect(try box("t1-step-1").table.attributes["color"] == Theme.light.palette.line)
        #expect(try box("t2-step-1").text.hasPrefix("+ new 2. presentSheet(Terms)"))
        // dismissAll() now closes a sheet and pops Payment: two updates where the base's one made it.
        let first = try box("t3-step-1").text
        #expect(first.hasPrefix("~ changed: was 1 update, 0 s 3. dismissAll()"), "\(first)")
        #expect(!(try box("t3-step-2").text.contains("~ changed")), "said once")
        #expect(diagram.headerText.contains("3 transitions, 4 updates (was 3) · total 0.65 s (was 0 s)"))
        #expect(diagram.headerText.contains("changes since main: + new · − removed · ~ changed"))
        let after = try box("after").text
        #expect(after.contains("on screen:  Root") && after.hasSuffix("before this change it ended at Root"))
        // The head's start, not the removed transition's (it started at Old).
        #expect(try box("before").text == "BEFORE    on screen:  Root ROOT LAYER ☰    Root")
        #expect(timeline.stepNodeIDs()[0].map(\.count) == [2, 2, 2, 3])
    }

    enum Unexpected: Error { case label(String) }

    @Test func ruleSetsStandInColumnsOnASharedTimeAxisAndTheirDifferenceIsSaid() throws {
        let diagram = Fixtures.rulesComparison().diagram()
        let headers = diagram.allNodes.filter { ($0.attributes["class"] ?? "").hasPrefix("transition column") }
        #expect(headers.map(\.id) == ["column-0", "column-1"])
        #expect(headers[0].label.plainText.contains("iOS 16") && headers[0].label.plainText.contains("3 updates"))
        #expect(headers[1].label.plainText.contains("iOS 17") && headers[1].label.plainText.contains("2 updates"))
        // iOS 16 is t0 (steps 1–3), iOS 17 t1 (steps 1–2).
        #expect(
            diagram.node("t0-step-3") != nil && diagram.node("t1-step-2") != nil && diagram.node("t1-step-3") == nil)
        // Moments at the same running time share a row (a rank=same subgraph).
        func row(_ id: String) -> String? { diagram.subgraphs.first { $0.nodes.contains { $0.id == id } }?.id }
        #expect(row("t0-step-1") != nil && row("t0-step-1") == row("t1-step-1"))
        #expect(row("t0-step-2") == row("t1-step-2"))
        #expect(row("t0-step-3") == nil, "iOS 17 has nothing at 1.3 s")
        // One line says the difference; the first moment where they part is marked in both columns.
        #expect(diagram.headerText.contains("iOS 17 does “dismiss sheet C, sheet A ☰” in one update, iOS 16 in 2"))
        #expect(diagram.headerText.contains("1 update, 0.65 s fewer"))
        #expect(diagram.node("t0-step-1")?.label.plainText.contains("◆ first difference") == true)
        #expect(diagram.node("t1-step-1")?.label.plainText.contains("◆ first difference") == true)
        #expect(diagram.node("t0-step-2")?.label.plainText.contains("◆") == false)
    }

    /// Rule sets that agree on six actions and part at the seventh draw the six once, across the columns, and split
    /// into columns where they part, as a hand-written chart does.
    @Test func ruleSetsDrawWhatTheyShareOnceAndSplitWhereTheyPart() throws {
        let actions = [
            "push(Feed)", "push(Post(1))", "push(Comments)", "presentSheet(Reply, withNavigation: true)",
            "push(Emoji)", "presentSheet(Picker)", "dismissAll()",
        ]
        let json =
            #"{"title": "Late", "root": {"screen": "Home", "withNavigation": true}, "platform": ["ios16", "ios17"], "#
            + #""actions": ["# + actions.map { "\"\($0)\"" }.joined(separator: ", ") + "]}"
        let drawing = PlanDiagram(plan: try Plan.decode(bytes: Array(json.utf8), file: "late.json"))
        let timeline = try drawing.timeline()
        let diagram = timeline.diagram()
        let moments = diagram.allNodes.filter { ($0.attributes["class"] ?? "").hasPrefix("step moment ") }
        let shared = moments.filter { ($0.attributes["class"] ?? "").hasSuffix(" shared") }
        // Six shared moments once, then iOS 16's two and iOS 17's one for dismissAll().
        #expect(shared.count == 6 && moments.count == 9, "\(moments.map(\.id))")
        #expect(shared.map { $0.label.plainText.prefix(2) } == ["1.", "2.", "3.", "4.", "5.", "6."])
        // Both rule sets' steps map to the one node of a shared moment; they part at the seventh.
        let ids = timeline.stepNodeIDs()
        #expect(ids[0][0...5] == ids[1][0...5])
        #expect(Set(ids[0][6]).isDisjoint(with: ids[1][6]))
        // The columns' headers stand where they part: under the last shared moment, above the first difference.
        let svg = try RenderedSVG(diagram)
        let lastShared = try #require(RenderedSVGTests.textYs(svg, in: "shared").max())
        let headers = RenderedSVGTests.textYs(svg, in: "transition column")
        let parted = moments.filter { $0.label.plainText.contains("◆ first difference") }
        #expect(parted.count == 2)
        let partedTop = try #require(
            parted.flatMap { RenderedSVGTests.textYs(svg, in: $0.attributes["class"] ?? "") }.min())
        let (firstHeader, lastHeader) = (try #require(headers.min()), try #require(headers.max()))
        #expect(firstHeader > lastShared && lastHeader < partedTop)
        // What differs is still said in words.
        #expect(diagram.headerText.contains("iOS 17 does “dismiss sheet Picker, sheet Reply ☰” in one update"))
    }

    @Test func ruleSetsThatPartInAsManyUpdatesSayWhatEachDoes() throws {
        // Two rule sets of one update each that end on different screens: nothing is fewer, each is said.
        let rows: [TimelineDiagram.Row] = [
            .init(label: "A", transitions: [PlanTransition(from: [], to: [.push("Orders")], rules: PlatformRules())]),
            .init(label: "B", transitions: [PlanTransition(from: [], to: [.sheet("Help")], rules: PlatformRules())]),
        ]
        let diagram = TimelineDiagram(title: nil, root: Root(screen: "Home"), rows: rows).diagram()
        #expect(
            diagram.headerText.contains(
                "At update 1 A does “push Orders” at 0 s, B does “present sheet Help” at 0 s (◆ where they part)"),
            "\(diagram.headerText)")
        #expect(!diagram.headerText.contains("part at update"))
    }

    @Test func drawnForTheWidthItIsShownAtWithLongNamesWrappedNotCut() throws {
        let long = "shipment(trackingNumber: \"1Z999AA10123456784\", carrier: \"UPS Worldwide Express Saver\")"
        let transition = PlanTransition(
            from: [], to: (1...8).map { PlanRoute.push("S\($0)") } + [.push(long)], rules: PlatformRules())
        let diagram = TimelineDiagram(
            title: nil, root: Root(), rows: [.init(transitions: [transition])], options: .init(width: 560)
        ).diagram()
        // Natural width at most 560 px (420 pt): shown 1:1, nothing scaled down.
        let size = try diagram.layoutSize()
        #expect(size.width <= 560 * 3 / 4, "\(size)")
        let last = try #require(diagram.node("t0-step-9")).label.plainText
        #expect(last.replacingOccurrences(of: " ", with: "").contains(long.replacingOccurrences(of: " ", with: "")))
        #expect(!last.contains("…"), "never cut")
        #expect(moments(diagram).count == 9)
    }

    @Test func aNestingRuleIsBrokenInTheMomentThatBreaksIt() throws {
        // Presenting a sheet above a child that owns its routes breaks a rule in a layer the moment keeps.
        let child =
            #"{"route": ".cover(Onboarding)", "child": {"ownsRoutes": true, "root": "Welcome", "routes": [".push(Terms)"]}}"#
        let json =
            #"{"coordinator": "App", "root": "Home", "start": [\#(child)], "end": [\#(child), ".sheet(Profile)"]}"#
        let plan = try Plan.decode(bytes: Array(json.utf8), file: "nested.json")
        let diagram = try PlanDiagram(plan: plan).diagram()
        let moment = try #require(diagram.node("t0-step-1")).label.plainText
        #expect(moment.contains("must stay the top route of App"), "\(moment)")
        #expect(moment.contains("Onboarding") && moment.contains("Profile"))
        let text = try PlanDiagram(plan: plan).text(mermaid: false)
        #expect(text.contains("  ✗ Onboarding: child Onboarding owns its routes"), "\(text)")
    }

    @Test func invalidRoutesInAMomentAreRedWithTheirReason() throws {
        let transition = PlanTransition(from: [], to: [.sheet("S"), .push("P")], rules: PlatformRules())
        let diagram = TimelineDiagram(title: nil, root: Root(screen: "Home"), transitions: [transition]).diagram()
        let last = try #require(diagram.node("t0-step-2")?.label?.html)
        let reason = try #require([.sheet("S"), .push("P")].problems(rootHasNavigation: true).first?.reason)
        #expect(
            last.texts.joined(separator: " ").contains(reason.split(separator: " ").prefix(3).joined(separator: " ")))
        #expect(last.fontColors(of: "⚠ ").contains(Theme.light.palette.error))
        #expect(try #require(diagram.node("legend")).label.plainText.contains(LegendItem.invalid.caption))
    }
}
