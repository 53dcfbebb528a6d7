import FlowModel
import FlowSource
import Foundation
import Graphviz
import Testing

@testable import FlowGraph

/// A map is laid out once, in the direction ``MapDirection`` estimates to be narrower: on every app we have
/// (the sample app and each scan fixture) the estimate picks what laying the map out both ways and measuring
/// picks. (The seven real apps audited for scan agreed as well; they are not part of the repository.)
@Suite struct MapDirectionTests {
    static let apps: [String] = {
        let fixtures = BuiltBinary.packageRoot.appendingPathComponent("Tests/ScanFixtures")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return ["Samples/FlowStacksApp"] + names.sorted().map { "Tests/ScanFixtures/" + $0 }
    }()

    /// The Swift files of an app folder, sorted by path.
    static func files(_ app: String) throws -> [(path: String, text: String)] {
        let folder = BuiltBinary.packageRoot.appendingPathComponent(app)
        var files: [(path: String, text: String)] = []
        let walk = FileManager.default.enumerator(atPath: folder.path)
        while let relative = walk?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            files.append((relative, try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The map's header says what its boxes mean, naming only the kinds it draws.
    @Test func theHeaderSaysWhatTheBoxesMean() throws {
        let map = NavigationMapDiagram(map: try SourceScanner.scan(try Self.files("Samples/FlowStacksApp")).map)
        let header = String(decoding: try map.diagram(direction: .topToBottom).render(to: .svg), as: UTF8.self)
        #expect(header.contains("▭ screen (bold border: its stack"))
        #expect(header.contains("rounded blue: shown only as a sheet"))
        #expect(!header.contains("double border: shown only as a cover"), "no screen of the app is only a cover")
        let pushes = #"""
            import FlowStacks
            import SwiftUI
            enum Screen: Hashable { case detail }
            struct AppCoordinator: View {
                @State var routes: Routes<Screen> = []
                var body: some View {
                    FlowStack($routes, withNavigation: true) {
                        Button("Open") { routes.push(.detail) }
                            .flowDestination(for: Screen.self) { _ in Text("Detail") }
                    }
                }
            }
            """#
        let plain = NavigationMapDiagram(map: try SourceScanner.scan([("App.swift", pushes)]).map)
        let plainHeader = String(decoding: try plain.diagram(direction: .topToBottom).render(to: .svg), as: UTF8.self)
        #expect(plainHeader.contains("▭ screen") && !plainHeader.contains("rounded blue"))
    }

    @Test(arguments: apps) func theEstimatePicksTheMeasuredNarrowerDirection(app: String) throws {
        let files = try Self.files(app)
        try #require(!files.isEmpty)
        let drawing = NavigationMapDiagram(map: try SourceScanner.scan(files).map)
        let down = drawing.diagram(direction: .topToBottom)
        let across = drawing.diagram(direction: .leftToRight)
        let widths = try Diagram.withLayouts([down, across]) { layouts in
            (down: layouts[0].size.width, across: layouts[1].size.width)
        }
        // A map whose title is wider than either layout (the header sets the width) is as narrow both ways.
        guard abs(widths.down - widths.across) > 0.01 * max(widths.down, widths.across) else { return }
        let measured: NavigationMapDiagram.Direction = widths.down < widths.across ? .topToBottom : .leftToRight
        #expect(MapDirection.narrower(across) == measured, "\(app): \(widths)")
    }
}
