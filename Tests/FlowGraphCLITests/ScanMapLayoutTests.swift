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

    @Test("A long chain of pushes grows down the page")
    func chainGrowsDown() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-chain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let count = 30
        let cases = (0..<count).map { "screen\($0)" }
        var source = """
            import FlowStacks
            import SwiftUI

            enum Screen: Hashable {
            \(cases.map { "    case \($0)" }.joined(separator: "\n"))
            }

            struct AppCoordinator: View {
                @State var routes: Routes<Screen> = []

                var body: some View {
                    FlowStack($routes, withNavigation: true) {
                        HomeView()
                            .flowDestination(for: Screen.self) { screen in
                                switch screen {
            \(cases.enumerated().map { "                case .\($1): Screen\($0)View()" }.joined(separator: "\n"))
                                }
                            }
                    }
                }
            }

            struct HomeView: View {
                @EnvironmentObject var navigator: FlowNavigator<Screen>
                var body: some View { Button("Start") { navigator.push(.screen0) } }
            }

            """
        for index in 0..<count {
            source += """
                struct Screen\(index)View: View {
                    @EnvironmentObject var navigator: FlowNavigator<Screen>
                    var body: some View { Button("Next") { navigator.push(.\(cases[(index + 1) % count])) } }
                }

                """
        }
        try Data(source.utf8).write(to: folder.appendingPathComponent("App.swift"))
        let map = folder.appendingPathComponent("map.svg").path
        let result = try BuiltBinary.run(["scan", folder.path, "-o", map])
        #expect(result.status == 0, "\(result.standardError)")
        let size = try Self.size(ofSVG: map)
        #expect(size.height > size.width * 2.5, "a 30-screen chain is drawn top to bottom: \(size)")
        #expect(size.width * 4 / 3 <= 880, "and fits a README's 880 px: \(size)")
    }

    @Test("Several small coordinators stack up, one above another")
    func coordinatorsStackUp() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-fsa-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fixture = BuiltBinary.packageRoot.appendingPathComponent("Samples/FlowStacksApp").path
        let map = folder.appendingPathComponent("map.svg").path
        let result = try BuiltBinary.run(["scan", fixture, "-o", map])
        #expect(result.status == 0, "\(result.standardError)")
        let size = try Self.size(ofSVG: map)
        #expect(size.width < 1_000, "FlowStacksApp's five coordinators are drawn left to right, stacked: \(size)")
        #expect(size.height > size.width)
    }

    /// An app whose map would be too wide to read at 880 px however it is laid out (a stack whose root starts
    /// seven chains of seven screens) is written as an overview of its stacks plus one map per stack, and says so.
    @Test("A map too wide for 880 px is an overview and a map per stack")
    func tooWideMapIsPaged() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-wide-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let chains = (0..<7).map { chain in (0..<7).map { "chain\(chain)Step\($0)" } }
        let cases = chains.flatMap { $0 }
        var source = """
            import FlowStacks
            import SwiftUI

            enum Screen: Hashable {
            \(cases.map { "    case \($0)" }.joined(separator: "\n"))
            }

            struct WideCoordinator: View {
                @State var routes: Routes<Screen> = []

                var body: some View {
                    FlowStack($routes, withNavigation: true) {
                        HomeView()
                            .flowDestination(for: Screen.self) { screen in
                                switch screen {
            \(cases.map { "                case .\($0): \($0.prefix(1).uppercased() + $0.dropFirst())View()" }.joined(separator: "\n"))
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
        for chain in chains {
            for (index, name) in chain.enumerated() {
                let next = index + 1 < chain.count ? "navigator.push(.\(chain[index + 1]))" : "navigator.goBackToRoot()"
                source += """
                    struct \(name.prefix(1).uppercased() + name.dropFirst())View: View {
                        @EnvironmentObject var navigator: FlowNavigator<Screen>
                        var body: some View { Button("Next") { \(next) } }
                    }

                    """
            }
        }
        try Data(source.utf8).write(to: folder.appendingPathComponent("App.swift"))
        let result = try BuiltBinary.run(["scan", folder.path, "-o", "map.svg"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "the map is too wide to read at 880 px, so map.svg is an overview of its 2 stacks and each stack has "
                    + "a map of its own: map-WideCoordinator.svg, map-SmallCoordinator.svg"),
            "\(result.standardError)")
        let overview = try String(contentsOf: folder.appendingPathComponent("map.svg"), encoding: .utf8)
        #expect(
            overview.contains("its map: map&#45;WideCoordinator") && overview.contains("graph map&#45;overview\""))
        #expect(try Self.size(ofSVG: folder.appendingPathComponent("map.svg").path).width <= 880)
        let small = try String(contentsOf: folder.appendingPathComponent("map-SmallCoordinator.svg"), encoding: .utf8)
        #expect(small.contains("SmallCoordinator navigation") && !small.contains("chain0Step0"))
        let wide = try String(contentsOf: folder.appendingPathComponent("map-WideCoordinator.svg"), encoding: .utf8)
        #expect(wide.contains("chain6Step6") && !wide.contains(">settings<"))
    }

    /// A screen that presents itself as a sheet and as a cover has its loops drawn inside one another: one label
    /// says both (before: "sheet" and "cover" were drawn over each other on the loops).
    @Test("A screen's loops share one label")
    func loopsShareOneLabel() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-loops-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = BuiltBinary.packageRoot.appendingPathComponent("Samples/FlowStacksApp").path
        let scan = try BuiltBinary.run(["scan", app, "-o", "map.svg"], in: folder)
        #expect(scan.status == 0, "\(scan.standardError)")
        let svg = try String(contentsOf: folder.appendingPathComponent("map.svg"), encoding: .utf8)
        // NumberVMFlow's and NumberCoordinator's number screens each present themselves both ways.
        #expect(svg.components(separatedBy: ">cover · sheet<").count - 1 == 2, "\(svg.count)")
    }
}
