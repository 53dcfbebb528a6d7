import FlowModel
import Foundation
import Graphviz
import Testing

@testable import FlowGraph

/// A map too wide to read at 880 px is drawn as an overview of its stacks and one map per stack; one that fits
/// stays one page.
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

    @Test func aMapThatFitsOrHasOneStackIsOnePage() throws {
        let narrow = try NavigationMapPages.render(
            NavigationMapDiagram(map: Self.map(stacks: 2, screens: 1)), to: [.svg], name: "map")
        #expect(narrow.map(\.suffix) == [""] && narrow[0].stack == nil)
        // One stack cannot be split, however wide.
        let single = try NavigationMapPages.render(
            NavigationMapDiagram(map: Self.map(stacks: 1, screens: 30)), to: [.svg], name: "map")
        #expect(single.count == 1)
    }

    @Test func stackSuffixesAreDistinctSafeNames() {
        #expect(
            NavigationMapPages.stackSuffixes(["Menu", "Menu", "menu", "../x", ""])
                == ["-Menu", "-Menu-2", "-menu-3", "-___x", "-stack"])
    }
}
