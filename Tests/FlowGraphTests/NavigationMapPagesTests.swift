import FlowModel
import Foundation
import Graphviz
import Testing

@testable import FlowGraph

/// A map too wide to read at 880 px is drawn as an overview of its stacks and one map per stack, a stack still
/// too wide as an overview and a map per part; one that fits stays one page.
@Suite struct NavigationMapPagesTests {
    /// `stacks` FlowStacks, each a root that pushes `screens` screens, the second stack held in a screen of the
    /// first; the third's root shows a screen of the fourth.
    static func map(stacks: Int, screens: Int) -> NavigationMap {
        var map = NavigationMap()
        for stack in 0..<stacks {
            let id = "c\(stack)"
            let location = NavigationMap.Location(file: "Stack\(stack).swift", line: 1, column: 1)
            var coordinator = NavigationMap.Coordinator(
                id: id, owner: "Stack\(stack)Coordinator", library: .flowStacks, withNavigation: true,
                routes: "$routes: Routes<Screen>", location: location)
            if stack == 1 { coordinator.hosts = ["c0.screen0"] }
            map.coordinators.append(coordinator)
            map.screens.append(
                .init(
                    id: "\(id).root", name: "Root\(stack)View", view: nil, coordinator: id, isRoot: true,
                    location: location))
            for screen in 0..<screens {
                map.screens.append(
                    .init(
                        id: "\(id).screen\(screen)", name: "detailScreenNumber\(screen)OfStack\(stack)",
                        view: "DetailView\(screen)", coordinator: id, isRoot: false, location: location))
                map.edges.append(
                    .init(
                        from: "\(id).root", to: "\(id).screen\(screen)", style: .push, call: "push", location: location)
                )
            }
        }
        if stacks > 3 {
            map.edges.append(
                .init(
                    from: "c2.root", to: "c3.screen0", style: .sheet, call: "presentSheet",
                    location: map.screens[0].location))
        }
        return map
    }

    /// An SVG's text, with the `&#45;` Graphviz writes for `-` read back.
    static func text(_ data: Data?) throws -> String {
        String(decoding: try #require(data), as: UTF8.self).replacingOccurrences(of: "&#45;", with: "-")
    }

    /// The width of an SVG in points.
    static func width(_ data: Data?) throws -> Double {
        let svg = String(decoding: try #require(data), as: UTF8.self)
        let match = try #require(svg.firstMatch(of: /width="([0-9.]+)pt"/))
        return try #require(Double(match.1))
    }

    @Test func aMapTooWideIsAnOverviewAndAMapPerStack() throws {
        let drawing = NavigationMapDiagram(map: Self.map(stacks: 6, screens: 6))
        let whole = try drawing.fittedDiagram().withLayout { $0.size.width }
        #expect(whole > NavigationMapPages.maximumPoints, "the fixture must be too wide: \(whole) pt")
        let pages = try NavigationMapPages.render(drawing, to: [.svg], name: "map")
        #expect(pages.map(\.suffix) == [""] + (0..<6).map { "-Stack\($0)Coordinator" })
        #expect(pages.map(\.stack) == [nil] + (0..<6).map { "Stack\($0)Coordinator" })
        // The overview: a box per stack naming its page, an arrow for the stack held in a screen of another and
        // for the call that shows another stack's screen; narrow enough to read at 880 px.
        let overview = try Self.text(pages[0].outputs[.svg])
        for stack in 0..<6 { #expect(overview.contains("its map: map-Stack\(stack)Coordinator")) }
        #expect(overview.contains("class=\"edge host-edge\"") && overview.contains("class=\"edge sheet-edge\""))
        #expect(try Self.width(pages[0].outputs[.svg]) <= NavigationMapPages.maximumPoints)
        // Each stack's page draws its own screens only, titled after it, and fits too.
        for (index, page) in pages.dropFirst().enumerated() {
            let svg = try Self.text(page.outputs[.svg])
            #expect(svg.contains("Stack\(index)Coordinator navigation"))
            #expect(svg.contains("detailScreenNumber0OfStack\(index)"))
            #expect(!svg.contains("OfStack\((index + 1) % 6)<"))
            #expect(try Self.width(page.outputs[.svg]) <= NavigationMapPages.maximumPoints, "\(page.suffix)")
        }
    }

    @Test func aMapThatFitsIsOnePage() throws {
        let narrow = try NavigationMapPages.render(
            NavigationMapDiagram(map: Self.map(stacks: 2, screens: 1)), to: [.svg], name: "map")
        #expect(narrow.map(\.suffix) == [""] && narrow[0].stack == nil)
    }

    /// One FlowStack whose root pushes `home`, which pushes the first screen of each of `chains` chains of
    /// `length` screens; the last of each chain goes back to `home` by a sheet, and a deep link opens each chain.
    static func hubbed(chains: Int, length: Int) -> NavigationMap {
        var map = NavigationMap()
        let location = NavigationMap.Location(file: "App.swift", line: 1, column: 1)
        map.coordinators = [
            .init(
                id: "c0", owner: "AppCoordinator", library: .flowStacks, withNavigation: true,
                routes: "$routes: Routes<Screen>", location: location)
        ]
        func screen(_ id: String, root: Bool = false) {
            map.screens.append(
                .init(id: id, name: id, view: id + "View", coordinator: "c0", isRoot: root, location: location))
        }
        func edge(_ from: String, _ to: String, _ style: NavigationMap.Style = .push) {
            map.edges.append(.init(from: from, to: to, style: style, call: "push", location: location))
        }
        screen("splash", root: true)
        screen("home")
        edge("splash", "home", .replace)
        map.entries = [.init(id: "link", name: "onOpenURL", coordinator: "c0", location: location)]
        for chain in 0..<chains {
            for step in 0..<length {
                screen("chain\(chain)Screen\(step)WithALongName")
                edge(
                    step == 0 ? "home" : "chain\(chain)Screen\(step - 1)WithALongName",
                    "chain\(chain)Screen\(step)WithALongName")
            }
            edge("chain\(chain)Screen\(length - 1)WithALongName", "home", .sheet)
            edge("link", "chain\(chain)Screen0WithALongName")
        }
        return map
    }

    /// Each page's SVG, `map` for the first and `map-part-N` after, as its page's name in the dashed boxes.
    static func pageTexts(_ pages: [NavigationMapPages.Page]) throws -> [(name: String, svg: String)] {
        try pages.map { ("map" + $0.suffix, try text($0.outputs[.svg])) }
    }

    @Test(arguments: [(chains: 10, length: 3), (chains: 6, length: 5)])
    func aStackTooWideIsCutIntoPartsThatEachFit(chains: Int, length: Int) throws {
        let map = Self.hubbed(chains: chains, length: length)
        let drawing = NavigationMapDiagram(map: map)
        #expect(try drawing.fittedWidth() > NavigationMapPages.maximumPoints, "the fixture must be too wide")
        let pages = try NavigationMapPages.render(drawing, to: [.svg], name: "map")
        #expect(pages.count > 2)
        #expect(pages.map(\.suffix) == [""] + (1..<pages.count).map { "-part-\($0)" })
        #expect(pages.map(\.part) == [nil] + (1..<pages.count).map { $0 })
        let texts = try Self.pageTexts(pages)
        for (page, (name, _)) in zip(pages, texts) {
            #expect(try Self.width(page.outputs[.svg]) <= NavigationMapPages.maximumPoints, "\(name)")
        }
        // Every screen and handler is drawn in full on exactly one page, the root on the overview; every dashed
        // box names the page that draws its screen in full.
        for id in map.screens.map(\.id) + map.entries.map(\.id) {
            let full = texts.filter {
                $0.svg.contains("<title>\(id)</title>") && !$0.svg.contains("id=\"elsewhere-\(id)\"")
            }
            #expect(full.count == 1, "\(id) is drawn in full on \(full.map(\.name))")
            for stub in texts where stub.svg.contains("id=\"elsewhere-\(id)\"") {
                let title = map.screen(id)?.name ?? "deep link onOpenURL"
                #expect(stub.svg.contains("\(title), drawn on \(full.first?.name ?? "?")\""), "\(id) on \(stub.name)")
            }
        }
        #expect(texts[0].svg.contains("id=\"screen-splash\""))
        // Every call is an arrow between its own two screens on some page.
        for edge in map.edges {
            let title = "<title>\(edge.from)-&gt;\(edge.to ?? "")</title>"
            #expect(texts.contains { $0.svg.contains(title) }, "\(edge.from) → \(edge.to ?? "")")
        }
    }

    @Test func aPartitionTakesOutTheMostLinkedScreenUntilEveryGroupFits() throws {
        // Two triangles joined through `hub`; `root` pinned; a group fits when it has at most three screens.
        let links = [
            ("root", "hub"), ("hub", "a1"), ("a1", "a2"), ("a2", "a3"), ("hub", "b1"), ("b1", "b2"), ("b2", "b3"),
        ]
        let nodes = ["root", "hub", "a1", "a2", "a3", "b1", "b2", "b3", "alone"]
        let cut = try #require(MapPartition.cut(nodes: nodes, links: links, pinned: ["root"]) { $0.count <= 4 })
        #expect(cut.hubs == ["root", "hub"])
        #expect(cut.parts == [["a1", "a2", "a3", "alone"], ["b1", "b2", "b3"]])
        // Nothing to cut when one group fits and nothing is pinned.
        #expect(MapPartition.cut(nodes: ["a", "b"], links: [("a", "b")]) { _ in true } == nil)
    }

    @Test func stackSuffixesAreDistinctSafeNames() {
        #expect(
            NavigationMapPages.stackSuffixes(["Menu", "Menu", "menu", "../x", ""])
                == ["-Menu", "-Menu-2", "-menu-3", "-___x", "-stack"])
    }
}
