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
