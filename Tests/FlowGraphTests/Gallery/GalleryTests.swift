import Foundation
import Graphviz
import Testing

@testable import FlowGraph

/// Renders every fixture in both themes to SVG and PNG; with `FLOWGRAPH_GALLERY=DIR` the files are kept there.
@Test(arguments: Theme.allCases)
func galleryRendersInEveryTheme(theme: Theme) throws {
    let drawings: [(String, Diagram)] = [
        ("a-push-only", Fixtures.pushOnly.with(theme: theme).diagram()),
        ("b-sheet-over-cover", Fixtures.sheetOverCover.with(theme: theme).diagram()),
        ("c-invalid-push", Fixtures.invalidPush.with(theme: theme).diagram()),
        ("d-rules-ios16-ios17", Fixtures.rulesComparison(theme: theme).diagram()),
        ("e-six-actions", Fixtures.actionSequence(theme: theme).diagram()),
        ("f-wrapped-lines", Fixtures.wrappedLines(theme: theme).diagram()),
    ]
    let folder = ProcessInfo.processInfo.environment["FLOWGRAPH_GALLERY"].map { URL(fileURLWithPath: $0) }
    for (name, diagram) in drawings {
        let outputs = try diagram.render(to: [.svg, .png])
        let png = try #require(outputs[.png])
        let svg = try #require(outputs[.svg])
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(name) is a PNG")
        #expect(String(decoding: svg, as: UTF8.self).contains("</svg>"), "\(name) is a complete SVG")
        if let folder {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let base = folder.appendingPathComponent("\(name)-\(theme.rawValue)")
            try png.write(to: base.appendingPathExtension("png"))
            try svg.write(to: base.appendingPathExtension("svg"))
        }
    }
}

extension StackDiagram {
    func with(theme: Theme) -> StackDiagram {
        var copy = self
        copy.theme = theme
        return copy
    }
}
