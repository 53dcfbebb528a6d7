import FlowGraphTestSupport
import Foundation
import Graphviz
import Testing

@testable import FlowGraph

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// An SVG as a reader's tools see it: parsed XML, its text and its classed groups.
struct RenderedSVG {
    let bytes: Data
    let document: XMLDocument

    init(_ diagram: Diagram) throws {
        bytes = try diagram.render(to: .svg)
        document = try XMLDocument(data: bytes)
    }

    /// The content of every `<text>` element.
    var texts: [String] {
        document.query("//*[local-name()='text']").map { $0.stringValue ?? "" }
    }

    /// All `<text>` content joined by spaces.
    var allText: String { texts.joined(separator: " ") }

    /// The `<g>` elements whose `class` has every one of the given space-separated tokens.
    func groups(withClasses tokens: String) -> [XMLElement] {
        let wanted = tokens.split(separator: " ").map(String.init)
        let all = document.query("//*[local-name()='g']")
        return all.compactMap { $0 as? XMLElement }.filter { element in
            let classes = (element.attributeValue("class") ?? "").split(separator: " ").map(String.init)
            return wanted.allSatisfy(classes.contains)
        }
    }

    /// Each `<text>` inside one group.
    func texts(in group: XMLElement) -> [String] {
        group.query(".//*[local-name()='text']", allowingNone: true).map { $0.stringValue ?? "" }
    }

    /// The text inside one group.
    func text(in group: XMLElement) -> String {
        group.query(".//*[local-name()='text']", allowingNone: true).map { $0.stringValue ?? "" }
            .joined(separator: " ")
    }
}

@Suite("Rendered SVG")
struct RenderedSVGTests {
    @Test func stackSVGHasEveryScreenAndRouteClasses() throws {
        let stack = Fixtures.sheetOverCover
        let svg = try RenderedSVG(stack.diagram())
        for route in stack.routes { #expect(svg.texts.contains(route.screen)) }
        #expect(svg.texts.contains("Home"))
        for (index, route) in stack.routes.enumerated() {
            let groups = svg.groups(withClasses: "route route-\(index) \(route.style.kindName)")
            #expect(groups.count == 1)
            #expect(groups.first?.attributeValue("id") == "route-\(index)")
        }
        #expect(svg.groups(withClasses: "route-3 sheet").count == 1)
        #expect(svg.groups(withClasses: "route-1 cover").count == 1)
        #expect(svg.groups(withClasses: "layer").count == 3)
        #expect(
            svg.groups(withClasses: "top").first.map(svg.text) == "#4 · push · ☰ navigation Account ▲ top · on screen"
                || svg.groups(withClasses: "top").first.map(svg.text)?.contains("▲ top") == true)
        #expect(svg.allText.contains("Sheet over a cover with navigation"))
    }

    @Test func invalidRouteReasonIsInTheSVG() throws {
        let svg = try RenderedSVG(Fixtures.invalidPush.diagram())
        let feed = try #require(svg.groups(withClasses: "route-0 push invalid").first)
        let text = svg.text(in: feed)
        #expect(text.contains("push without navigation:"))
        #expect(text.contains("the root has no navigation"))
        let paths = feed.query(".//*[local-name()='polygon']").compactMap { $0 as? XMLElement }
        #expect(paths.contains { $0.attributeValue("stroke") == Theme.light.palette.error })
    }

    /// Two pushes into a sheet without navigation, one update each: the first moment says why its push is
    /// invalid on one line of the box's width, the second says it for its own push only (the first is marked
    /// `⚠`), and the stack after, whose line holds both, says the reason once.
    @Test func timelineSaysWhyARouteIsInvalidOnceInTheMomentThatMakesIt() throws {
        let transition = PlanTransition(
            from: [.sheet("Photos")], to: [.sheet("Photos"), .push("Album"), .push("Photo")],
            rules: PlatformRules(platform: .ios16))
        let svg = try RenderedSVG(
            TimelineDiagram(title: "t", root: Root(screen: "Home"), transitions: [transition]).diagram())
        let reason = "push without navigation: .sheet(Photos) has no navigation (use withNavigation: true)"
        let moments = (1..<transition.steps.count).compactMap {
            svg.groups(withClasses: "step moment step-\($0) transition-0 row-0").first
        }
        #expect(moments.count == 2)
        for moment in moments {
            let lines = svg.texts(in: moment).filter { reason.hasPrefix($0) || $0.hasPrefix("push without") }
            #expect(lines == [reason], "one line, said once: \(svg.texts(in: moment))")
        }
        #expect(svg.allText.components(separatedBy: reason).count - 1 == 3, "twice in moments, once after")
    }

    @Test(arguments: Platform.allCases)
    func timelineSVGHasOneGroupPerMomentAndTimeEdgesBetween(platform: Platform) throws {
        let transition = PlanTransition(
            from: [.sheet("A", withNavigation: true), .push("B"), .sheet("C")], to: [.push("D")],
            rules: PlatformRules(platform: platform))
        let svg = try RenderedSVG(TimelineDiagram(title: "t", root: Root(), transitions: [transition]).diagram())
        #expect(svg.groups(withClasses: "step").count == transition.updates)
        var tops: [Double] = []
        for index in 1..<transition.steps.count {
            let group = try #require(svg.groups(withClasses: "step moment step-\(index) transition-0 row-0").first)
            #expect(group.attributeValue("id") == "t0-step-\(index)")
            let time = PlanTransition.secondsText(transition.elapsed(atStep: index))
            #expect(svg.text(in: group).contains(time))
            tops.append(try #require(Self.textYs(group).min()))
        }
        #expect(tops == tops.sorted(), "time goes down: \(tops)")
        // Before, the moments and after are joined by edges that draw no words.
        let edges = svg.groups(withClasses: "time")
        #expect(edges.count == transition.updates + 1)
        #expect(edges.allSatisfy { svg.text(in: $0).isEmpty })
        #expect(svg.texts.contains { $0.trimmingCharacters(in: .whitespaces) == "push D" })
        #expect(svg.texts.contains("C") && svg.texts.contains { $0.hasSuffix("removed") })
        #expect(!svg.texts.contains { $0.hasPrefix("+ ") || $0.hasPrefix("− ") })
        #expect(svg.allText.contains(transition.rules.summary))
    }

    /// In a timeline comparing rule sets, a box shorter than the other column's box in its row still has its
    /// line down leave its own bottom edge, not a point below it.
    @Test(arguments: ["dismiss-count", "rule-sets-part-late", "deeplink-two-sheets"])
    func everyLineDownLeavesTheBoxItComesFrom(sample: String) throws {
        let url = RepositoryFolders.samples.appendingPathComponent(sample + ".json")
        let plan = try Plan.decode(String(decoding: try Data(contentsOf: url), as: UTF8.self), file: url.path)
        let svg = try #require(try PlanRenderer().render(plan, formats: [.svg]).first?.data)
        let document = try XMLDocument(data: svg)
        /// The lowest point of what a node's group draws (SVG's y grows downwards).
        var bottoms: [String: Double] = [:]
        for case let group as XMLElement in document.query("//*[local-name()='g']") {
            guard group.attributeValue("class")?.hasPrefix("node") == true,
                let title = group.query("./*[local-name()='title']", allowingNone: true).first?.stringValue
            else { continue }
            let shapes = group.query(".//*[local-name()='path' or local-name()='polygon']", allowingNone: true)
            let ys = shapes.compactMap { $0 as? XMLElement }.flatMap { shape in
                Self.points(shape.attributeValue("d") ?? shape.attributeValue("points") ?? "").map(\.y)
            }
            if let lowest = ys.max() { bottoms[title] = lowest }
        }
        var checked = 0
        for case let edge as XMLElement in document.query("//*[local-name()='g']")
        where edge.attributeValue("class") == "edge time" {
            let title = try #require(edge.query("./*[local-name()='title']").first?.stringValue)
            // `tail:port->head` when the line leaves a port of its box.
            let tail = String(title[..<(try #require(title.range(of: "->"))).lowerBound].prefix { $0 != ":" })
            let path = try #require(edge.query("./*[local-name()='path']").first as? XMLElement)
            let start = try #require(Self.points(path.attributeValue("d") ?? "").first)
            let bottom = try #require(bottoms[tail], "no box drawn for \(tail)")
            #expect(abs(start.y - bottom) < 3, "\(sample): \(title) starts at y \(start.y), its box ends at \(bottom)")
            checked += 1
        }
        #expect(checked >= 6)
    }

    /// The coordinate pairs of an SVG path's `d` or a polygon's `points`.
    static func points(_ text: String) -> [(x: Double, y: Double)] {
        let numbers = text.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
    }

    @Test func hostileScreenNamesAreDrawnExactly() throws {
        let hostile = Fixtures.hostileScreen
        let stack = StackDiagram(
            title: hostile, root: Root(screen: hostile), routes: [.push(hostile), .sheet("\\G\\L & <b>")])
        let stackSVG = try RenderedSVG(stack.diagram())
        #expect(stackSVG.texts.filter { $0 == hostile }.count >= 2)
        #expect(stackSVG.texts.contains("\\G\\L & <b>"))
        #expect(stackSVG.allText.contains("Route stack") == false)

        let transition = PlanTransition(action: hostile, from: [], to: [.push(hostile)], rules: PlatformRules())
        let timelineSVG = try RenderedSVG(
            TimelineDiagram(title: hostile, root: Root(screen: hostile), transitions: [transition]).diagram())
        #expect(timelineSVG.texts.filter { $0 == hostile }.count >= 2)
        #expect(timelineSVG.texts.contains(hostile))
        for svg in [stackSVG, timelineSVG] {
            #expect(svg.document.query("//*[local-name()='image']", allowingNone: true).isEmpty)
            #expect(!svg.allText.contains("stack\\N"))
        }
    }

    @Test func renderingIsByteIdenticalTwice() throws {
        let timeline = Fixtures.actionSequence().diagram()
        #expect(try timeline.render(to: .svg) == Fixtures.actionSequence().diagram().render(to: .svg))
    }

    @Test func stackRenderingIsByteIdenticalEveryTime() throws {
        let stack = Fixtures.sheetOverCover.diagram()
        let first = try stack.render(to: [.svg, .dot])
        var differing = 0
        for _ in 0..<30 where try stack.render(to: [.svg, .dot]) != first { differing += 1 }
        #expect(differing == 0, "\(differing) of 30 renders of the same stack differed from the first")
    }

    @Test func largeTimelineRendersAsOneNodePerMoment() throws {
        let transitions = Fixtures.timelineLoad(steps: 200, screens: 40)
        let updates = transitions.reduce(0) { $0 + $1.updates }
        #expect(updates >= 150)
        let timeline = TimelineDiagram(title: "Large", root: Root(), transitions: transitions)
        let svg = try RenderedSVG(timeline.diagram())
        // One node per moment: step 0 is in step 1's node.
        let drawn = Set(timeline.stepNodeIDs().flatMap { $0.flatMap { $0 } })
        #expect(svg.groups(withClasses: "step").count == drawn.count)
        #expect(drawn.count == updates)
        #expect(svg.groups(withClasses: "cluster").isEmpty, "no clusters: the header is the graph label")
    }

    /// The `y` of each `<text>` in the groups with `classes` (SVG coordinates: smaller is higher).
    static func textYs(_ svg: RenderedSVG, in classes: String) -> [Double] {
        svg.groups(withClasses: classes).flatMap(textYs)
    }

    /// The `y` of each `<text>` inside one group.
    static func textYs(_ group: XMLElement) -> [Double] {
        group.query(".//*[local-name()='text']", allowingNone: true).compactMap {
            ($0 as? XMLElement)?.attributeValue("y").flatMap(Double.init)
        }
    }

    @Test func actionsRunTopToBottomInOrder() throws {
        let timeline = Fixtures.actionSequence()
        let svg = try RenderedSVG(timeline.diagram())
        let ids = ["before"] + timeline.stepNodeIDs()[0].map { $0.last! } + ["after"]
        let tops = try ids.map { id in
            let group = try #require(svg.groups(withClasses: "node").first { $0.attributeValue("id") == id }, "\(id)")
            return try #require(Self.textYs(group).min(), "\(id)")
        }
        #expect(tops == tops.sorted() && Set(tops).count == tops.count, "\(ids) at y \(tops)")
    }

    @Test func headerSitsAboveTheDrawingInStacksAndTimelines() throws {
        let drawings: [(title: String, diagram: Diagram, classes: [String])] = [
            ("Sheet over a cover with navigation", Fixtures.sheetOverCover.diagram(), ["node", "cluster", "edge"]),
            ("Deep link to D: iOS 16 vs iOS 17", Fixtures.rulesComparison(theme: .light).diagram(), ["node", "edge"]),
        ]
        for (title, diagram, classes) in drawings {
            let svg = try RenderedSVG(diagram)
            // The header is the root graph's label: text in the graph group, outside every node and cluster.
            let graph = try #require(svg.groups(withClasses: "graph").first)
            let header = graph.query("./*[local-name()='text']")
                .compactMap { $0 as? XMLElement }
            let titleY = try #require(
                header.first { $0.stringValue == title }?.attributeValue("y").flatMap(Double.init), "\(title)")
            let lowestHeaderY = header.compactMap { $0.attributeValue("y").flatMap(Double.init) }.max() ?? titleY
            let drawing = classes.flatMap { Self.textYs(svg, in: $0) }
            #expect(!drawing.isEmpty)
            #expect(drawing.allSatisfy { $0 > lowestHeaderY }, "\(title): header must be above the drawing")
        }
    }
}

/// Layout time of large timelines, printed (never asserted): `swift test --filter timelineLayoutTimes`.
///
/// The sizes run one after another in one test, since libgvc renders one graph at a time per process.
@Test(.heavy) func timelineLayoutTimes() throws {
    for (steps, screens) in [(100, 12), (400, 40), (1000, 40)] {
        let transitions = Fixtures.timelineLoad(steps: steps, screens: screens)
        let total = transitions.reduce(0) { $0 + $1.steps.count }
        let clock = ContinuousClock()
        var diagram = Diagram()
        let build = clock.measure {
            diagram = TimelineDiagram(title: nil, root: Root(), transitions: transitions).diagram()
        }
        var svg = Data()
        let render = try clock.measure { svg = try diagram.render(to: .svg) }
        print("timeline \(total) steps × ~\(screens) screens: build \(build), layout+SVG \(render), \(svg.count) B")
        #expect(String(decoding: svg.suffix(10), as: UTF8.self).contains("</svg>"))
    }
}

extension XMLElement {
    /// An attribute's value (`attribute(forName:)` misses attributes of namespaced SVG elements on Linux).
    func attributeValue(_ name: String) -> String? {
        attributes?.first { $0.name == name }?.stringValue
    }
}
