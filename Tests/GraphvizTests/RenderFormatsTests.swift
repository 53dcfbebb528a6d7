import Foundation
import Testing

@testable import Graphviz

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A small diagram used across the tests.
func twoNodeDiagram() -> Diagram {
    Diagram(
        name: "Two",
        nodes: [Node(id: "home", label: .text("Home")), Node(id: "profile", label: .text("Profile"))],
        edges: [Edge(from: "home", to: "profile", label: .text("push"))]
    )
}

@Suite("Rendering formats")
struct RenderFormatsTests {
    @Test("A two-node graph renders to well-formed SVG containing both labels")
    func svgIsWellFormed() throws {
        let svg = try twoNodeDiagram().render(to: .svg)
        let document = try XMLDocument(data: svg)
        let texts = try document.nodes(forXPath: "//*[local-name()='text']").compactMap(\.stringValue)
        #expect(texts.contains("Home"))
        #expect(texts.contains("Profile"))
        #expect(texts.contains("push"))
    }

    @Test("Every format renders non-empty output with the right signature")
    func allFormats() throws {
        let outputs = try twoNodeDiagram().render(to: OutputFormat.allCases)
        #expect(Set(outputs.keys) == Set(OutputFormat.allCases))
        let png = try #require(outputs[.png])
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let pdf = try #require(outputs[.pdf])
        #expect(String(decoding: pdf.prefix(5), as: UTF8.self) == "%PDF-")
        let svg = String(decoding: try #require(outputs[.svg]), as: UTF8.self)
        #expect(svg.contains("<svg"))
        let dot = String(decoding: try #require(outputs[.dot]), as: UTF8.self)
        #expect(dot.hasPrefix("digraph Two {"))
        let json = try JSONSerialization.jsonObject(with: try #require(outputs[.json])) as? [String: Any]
        #expect(json?["name"] as? String == "Two")
    }
}
