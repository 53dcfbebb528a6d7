import Foundation
import Testing

/// The navigation map is laid out in whichever direction comes out narrower, so it reads at a page's width.
@Suite("Scan map layout")
struct ScanMapLayoutTests {
    /// The SVG's declared width and height in points.
    static func size(ofSVG path: String) throws -> (width: Double, height: Double) {
        let svg = try String(contentsOfFile: path, encoding: .utf8)
        func value(_ name: String) -> Double? {
            guard let range = svg.range(of: "\(name)=\"") else { return nil }
            return Double(svg[range.upperBound...].prefix { $0.isNumber || $0 == "." })
        }
        return (try #require(value("width")), try #require(value("height")))
    }

    /// An app of one FlowStack, `coordinator`, whose home view starts each of `chains`: each screen a case of
    /// `Screen` with a view of its own (`screen3` → `Screen3View`) that pushes the next, the last of a chain
    /// doing `last(chain)`; `extra` Swift follows.
    static func chainedApp(
        coordinator: String = "AppCoordinator", _ chains: [[String]], last: ([String]) -> String,
        extra: String = ""
    ) -> String {
        let cases = chains.flatMap { $0 }
        func view(_ name: String) -> String { name.prefix(1).uppercased() + name.dropFirst() + "View" }
        var source = """
            import FlowStacks
            import SwiftUI

            enum Screen: Hashable {
            \(cases.map { "    case \($0)" }.joined(separator: "\n"))
            }

            struct \(coordinator): View {
                @State var routes: Routes<Screen> = []

                var body: some View {
                    FlowStack($routes, withNavigation: true) {
                        HomeView()
                            .flowDestination(for: Screen.self) { screen in
                                switch screen {
            \(cases.map { "                case .\($0): \(view($0))()" }.joined(separator: "\n"))
                                }
                            }
                    }
                }
            }

            struct HomeView: View {
                @EnvironmentObject var navigator: FlowNavigator<Screen>
                var body: some View {
                    VStack {
            \(chains.map { "            Button(\"Go\") { navigator.push(.\($0[0])) }" }.joined(separator: "\n"))
                    }
                }
            }

            """ + extra
        for chain in chains {
            for (index, name) in chain.enumerated() {
                let next = index + 1 < chain.count ? "navigator.push(.\(chain[index + 1]))" : last(chain)
                source += """
                    struct \(view(name)): View {
                        @EnvironmentObject var navigator: FlowNavigator<Screen>
                        var body: some View { Button("Next") { \(next) } }
                    }

                    """
            }
        }
        return source
    }

    @Test("A long chain of pushes grows down the page")
    func chainGrowsDown() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        // 30 screens, the last pushing the first again.
        try folder.write(
            "App.swift", Self.chainedApp([(0..<30).map { "screen\($0)" }], last: { "navigator.push(.\($0[0]))" }))
        let result = try BuiltBinary.run(["scan", folder.url.path, "-o", "map.svg"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let size = try Self.size(ofSVG: folder.url.appendingPathComponent("map.svg").path)
        #expect(size.height > size.width * 2.5, "a 30-screen chain is drawn top to bottom: \(size)")
        #expect(size.width * 4 / 3 <= 880, "and fits a README's 880 px: \(size)")
    }

    @Test("Several small coordinators stack up, one above another")
    func coordinatorsStackUp() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let fixture = BuiltBinary.packageRoot.appendingPathComponent("Samples/FlowStacksApp").path
        let map = folder.url.appendingPathComponent("map.svg").path
        let result = try BuiltBinary.run(["scan", fixture, "-o", map])
        #expect(result.status == 0, "\(result.standardError)")
        let size = try Self.size(ofSVG: map)
        #expect(size.width < 1_000, "FlowStacksApp's five coordinators are drawn left to right, stacked: \(size)")
        #expect(size.height > size.width)
    }

    /// An app whose map would be too wide to read at 880 px however it is laid out (a stack whose root starts
    /// seven chains of seven screens) is written as an overview of its stacks plus one map per stack, the stack
    /// too wide on its own cut into parts, and says so.
    @Test("A map too wide for 880 px is an overview and a map per stack")
    func tooWideMapIsPaged() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let smallStack = """
            enum Other: Hashable { case settings }

            struct SmallCoordinator: View {
                @State var routes: Routes<Other> = []

                var body: some View {
                    FlowStack($routes, withNavigation: true) {
                        Button("Settings") { routes.presentSheet(.settings) }
                            .flowDestination(for: Other.self) { _ in Text("Settings") }
                    }
                }
            }

            """
        let chains = (0..<7).map { chain in (0..<7).map { "chain\(chain)Step\($0)" } }
        try folder.write(
            "App.swift",
            Self.chainedApp(
                coordinator: "WideCoordinator", chains, last: { _ in "navigator.goBackToRoot()" }, extra: smallStack))
        let result = try BuiltBinary.run(["scan", folder.url.path, "-o", "map.svg"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter {
            $0.hasPrefix("map-WideCoordinator-part-")
        }.sorted { $0.count < $1.count || ($0.count == $1.count && $0 < $1) }
        #expect(pages.count > 1)
        #expect(
            result.standardError.contains(
                "the map is too wide to read at 880 px, so map.svg is an overview of its 2 stacks and each stack has "
                    + "a map of its own: map-WideCoordinator.svg (its most linked screens; its \(pages.count) parts: "
                    + pages.joined(separator: ", ") + "), map-SmallCoordinator.svg"),
            "\(result.standardError)")
        for page in ["map.svg", "map-WideCoordinator.svg", "map-SmallCoordinator.svg"] + pages {
            #expect(try Self.size(ofSVG: folder.url.appendingPathComponent(page).path).width <= 880, "\(page)")
        }
        let overview = try String(contentsOf: folder.url.appendingPathComponent("map.svg"), encoding: .utf8)
        #expect(
            overview.contains("its map: map&#45;WideCoordinator") && overview.contains("graph map&#45;overview\""))
        #expect(try Self.size(ofSVG: folder.url.appendingPathComponent("map.svg").path).width <= 880)
        let small = try String(
            contentsOf: folder.url.appendingPathComponent("map-SmallCoordinator.svg"), encoding: .utf8)
        #expect(small.contains("SmallCoordinator navigation") && !small.contains("chain0Step0"))
        let parts = try pages.map {
            try String(contentsOf: folder.url.appendingPathComponent($0), encoding: .utf8)
        }
        #expect(parts.contains { $0.contains(">chain6Step6<") } && !parts.contains { $0.contains(">settings<") })
    }

    /// A screen that presents itself as a sheet and as a cover has its loops drawn inside one another: one label
    /// says both (before: "sheet" and "cover" were drawn over each other on the loops).
    @Test("A screen's loops share one label")
    func loopsShareOneLabel() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let app = BuiltBinary.packageRoot.appendingPathComponent("Samples/FlowStacksApp").path
        let scan = try BuiltBinary.run(["scan", app, "-o", "map.svg"], in: folder.url)
        #expect(scan.status == 0, "\(scan.standardError)")
        let svg = try String(contentsOf: folder.url.appendingPathComponent("map.svg"), encoding: .utf8)
        // NumberVMFlow's and NumberCoordinator's number screens each present themselves both ways.
        #expect(svg.components(separatedBy: ">cover · sheet<").count - 1 == 2, "\(svg.count)")
    }
}
