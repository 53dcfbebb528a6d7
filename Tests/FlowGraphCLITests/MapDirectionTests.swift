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

    @Test(arguments: apps) func theEstimatePicksTheMeasuredNarrowerDirection(app: String) throws {
        let folder = BuiltBinary.packageRoot.appendingPathComponent(app)
        var files: [(path: String, text: String)] = []
        let walk = FileManager.default.enumerator(atPath: folder.path)
        while let relative = walk?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            files.append((relative, try String(contentsOf: folder.appendingPathComponent(relative), encoding: .utf8)))
        }
        try #require(!files.isEmpty)
        let drawing = NavigationMapDiagram(map: try SourceScanner.scan(files.sorted { $0.path < $1.path }).map)
        let down = drawing.diagram(direction: .topToBottom)
        let across = drawing.diagram(direction: .leftToRight)
        let measured = try Diagram.withLayouts([down, across]) { layouts in
            layouts[0].size.width < layouts[1].size.width
                ? NavigationMapDiagram.Direction.topToBottom : .leftToRight
        }
        #expect(MapDirection.narrower(across) == measured, "\(app)")
    }
}
