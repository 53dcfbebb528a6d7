import Graphviz
import Testing

@testable import FlowGraph

@Suite("Stack diagram")
struct StackDiagramTests {
    @Test func everyRouteIsANodeWithItsIndexAndKindAsClassAndID() throws {
        let diagram = Fixtures.sheetOverCover.diagram()
        let routes = Fixtures.sheetOverCover.routes
        for (index, route) in routes.enumerated() {
            let node = try #require(diagram.node("route-\(index)"))
            #expect(node.attributes["id"] == "route-\(index)")
            let classes = (node.attributes["class"] ?? "").split(separator: " ")
            #expect(Array(classes.prefix(3)) == ["route", "route-\(index)", Substring(route.style.kindName)])
            #expect(node.label.plainText.contains(route.screen))
        }
        let root = try #require(diagram.node("root"))
        #expect(root.attributes["id"] == "root")
        #expect(root.label.plainText.contains("Home"))
        #expect(diagram.allNodes.filter { $0.id.hasPrefix("route-") }.count == routes.count)
    }

    @Test func eachPresentationLayerIsAClusterHoldingItsScreens() throws {
        let diagram = Fixtures.sheetOverCover.diagram()
        let layers = diagram.allSubgraphs.filter { ($0.attributes["class"] ?? "").hasPrefix("layer ") }
        #expect(layers.map { $0.attributes["class"] } == ["layer layer-0", "layer layer-1", "layer layer-2"])
        #expect(layers.allSatisfy { $0.isCluster })
        #expect(layers[0].nodes.map(\.id) == ["root", "route-0"])
        #expect(layers[1].nodes.map(\.id) == ["route-1", "route-2"])
        #expect(layers[2].nodes.map(\.id) == ["route-3", "route-4"])
        #expect(layers[1].label.plainText.contains("FULL-SCREEN COVER"))
        #expect(layers[2].label.plainText.contains("SHEET"))
        #expect(layers.allSatisfy { $0.label.plainText.contains("☰ navigation") })
    }

    @Test func layerWithoutNavigationSaysSo() {
        let diagram = Fixtures.invalidPush.diagram()
        let layers = diagram.allSubgraphs.filter { ($0.attributes["class"] ?? "").hasPrefix("layer ") }
        #expect(layers.count == 2)
        #expect(layers.allSatisfy { $0.label.plainText.contains("no navigation") })
        #expect(!layers.contains { $0.label.plainText.contains("☰") })
    }

    @Test func pushSheetAndCoverDifferByShapeAndWordsNotOnlyColour() throws {
        let diagram = StackDiagram(
            title: nil, root: Root(), routes: [.push("P"), .sheet("S", withNavigation: true), .cover("C")]
        ).diagram()
        let push = try #require(diagram.node("route-0"))
        let sheet = try #require(diagram.node("route-1"))
        let cover = try #require(diagram.node("route-2"))
        #expect(!(push.attributes["style"] ?? "").contains("rounded"))
        #expect(push.attributes["peripheries"] == nil)
        #expect((sheet.attributes["style"] ?? "").contains("rounded"))
        #expect(cover.attributes["peripheries"] == "2")
        #expect(push.label.plainText.contains("push"))
        #expect(sheet.label.plainText.contains("sheet"))
        #expect(cover.label.plainText.contains("full-screen cover"))
        // Presentations link layers with labelled bold edges; pushes are plain.
        let presentEdges = diagram.edges.filter { $0.attributes["style"] == "bold" }
        #expect(presentEdges.map(\.to) == ["route-1", "route-2"])
        #expect(presentEdges.map(\.label.plainText) == ["presents sheet", "presents full-screen cover"])
        #expect(diagram.edges.map(\.from) == ["root", "route-0", "route-1"])
    }

    @Test func topScreenIsMarkedInWordsAndOutline() throws {
        let diagram = Fixtures.pushOnly.diagram()
        let top = try #require(diagram.node("route-2"))
        #expect(top.label.plainText.contains("▲ top"))
        #expect((top.attributes["class"] ?? "").hasSuffix(" top"))
        #expect(top.attributes["penwidth"] == "3")
        let others = diagram.allNodes.filter { $0.id != "route-2" && $0.id.hasPrefix("route-") }
        #expect(!others.contains { $0.label.plainText.contains("▲ top") })

        let rootOnly = StackDiagram(title: nil, root: Root(screen: "Home"), routes: []).diagram()
        #expect(rootOnly.node("root")?.label.plainText.contains("▲ top") == true)
    }

    @Test func rejectedRouteIsRedAndCarriesItsReason() throws {
        let stack = Fixtures.invalidPush
        let diagram = stack.diagram()
        let red = Theme.light.palette.error
        let problems = stack.routes.problems(rootHasNavigation: false)
        #expect(problems.map(\.index) == [0, 2])
        for problem in problems {
            let node = try #require(diagram.node("route-\(problem.index)"))
            #expect(node.attributes["color"] == red)
            #expect((node.attributes["style"] ?? "").contains("dashed"))
            // The reason is wrapped over lines; joined, its words are all there.
            let words = node.label.plainText.split(whereSeparator: { $0 == " " })
            let reasonWords = problem.reason.split(separator: " ")
            #expect(reasonWords.allSatisfy { word in words.contains { $0.hasSuffix(word) || $0 == word } })
            #expect((node.attributes["tooltip"] ?? "").contains(problem.reason))
        }
        let valid = try #require(diagram.node("route-1"))
        #expect(valid.attributes["color"] != red)
        #expect(!valid.label.plainText.contains("⚠"))
        #expect(diagram.headerText.contains("2 routes FlowStacks would reject"))
    }

    @Test func legendShowsOnlyTheStylesUsed() {
        let pushOnly = Fixtures.pushOnly.diagram().headerText
        #expect(pushOnly.contains(LegendItem.push.caption))
        #expect(pushOnly.contains(LegendItem.top.caption))
        #expect(pushOnly.contains(LegendItem.navigation.caption))
        #expect(!pushOnly.contains(LegendItem.sheet.caption))
        #expect(!pushOnly.contains(LegendItem.cover.caption))
        #expect(!pushOnly.contains(LegendItem.invalid.caption))

        let invalid = Fixtures.invalidPush.diagram().headerText
        #expect(invalid.contains(LegendItem.invalid.caption))
        #expect(invalid.contains(LegendItem.sheet.caption))
        #expect(!invalid.contains(LegendItem.cover.caption))
        #expect(!invalid.contains(LegendItem.navigation.caption))

        let covers = Fixtures.sheetOverCover.diagram().headerText
        #expect(covers.contains(LegendItem.cover.caption))
        #expect(!covers.contains(LegendItem.invalid.caption))
    }

    @Test func titleAndTooltipsCarryTheNotation() throws {
        let diagram = Fixtures.sheetOverCover.diagram()
        #expect(diagram.headerText.hasPrefix("Sheet over a cover with navigation"))
        #expect(diagram.headerText.contains(Fixtures.sheetOverCover.routes.notation))
        let sheet = try #require(diagram.node("route-3"))
        #expect(sheet.attributes["tooltip"] == "routes[3]: .sheet(Settings, withNavigation: true)")
        let untitled = StackDiagram(title: nil, root: Root(), routes: []).diagram()
        #expect(untitled.headerText.hasPrefix("Route stack"))
    }

    @Test func themesChangeColoursOnly() {
        let light = Fixtures.sheetOverCover.diagram()
        var darkStack = Fixtures.sheetOverCover
        darkStack.theme = .dark
        let dark = darkStack.diagram()
        #expect(light.attributes["bgcolor"] == "#ffffff")
        #expect(dark.attributes["bgcolor"] == Theme.dark.palette.background)
        #expect(light.allNodes.map(\.id) == dark.allNodes.map(\.id))
        #expect(light.allNodes.map(\.label.plainText) == dark.allNodes.map(\.label.plainText))
        #expect(light.allNodes.map { $0.attributes["class"] } == dark.allNodes.map { $0.attributes["class"] })
    }
}
