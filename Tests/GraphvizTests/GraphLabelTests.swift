import FlowGraphTestSupport
import Foundation
import Testing

@testable import Graphviz

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Graph label")
struct GraphLabelTests {
    /// Two clusters of two nodes each, top to bottom in `rankdir` terms.
    static func clustered(rankdir: String, label: Label?, attributes: Attributes = [:]) -> Diagram {
        Diagram(
            name: "Labelled", label: label,
            attributes: attributes.merging(["rankdir": rankdir, "labelloc": "t", "labeljust": "l"]),
            nodes: [],
            edges: [Edge(from: "a1", to: "a2"), Edge(from: "a2", to: "b1"), Edge(from: "b1", to: "b2")],
            subgraphs: [
                Subgraph(
                    id: "a", label: .text("cluster A"),
                    nodes: [Node(id: "a1", label: .text("A1")), Node(id: "a2", label: .text("A2"))]),
                Subgraph(
                    id: "b", label: .text("cluster B"),
                    nodes: [Node(id: "b1", label: .text("B1")), Node(id: "b2", label: .text("B2"))]),
            ])
    }

    /// The `y` of every `<text>` whose content is `text`, in SVG coordinates (smaller is higher).
    static func textY(_ document: XMLDocument, _ text: String) throws -> [Double] {
        document.query("//*[local-name()='text']").compactMap { $0 as? XMLElement }
            .filter { $0.stringValue == text }
            .compactMap { attributeValue($0, "y").flatMap(Double.init) }
    }

    @Test("A text graph label is drawn once, verbatim, and clusters do not inherit it")
    func textLabel() throws {
        let hostile = #"Title \N \G <IMG SRC="/etc/passwd"/> & "q""#
        let diagram = Self.clustered(rankdir: "TB", label: .text(hostile))
        let outputs = try diagram.render(to: [.svg, .dot])
        let document = try parseSVG(try #require(outputs[.svg]))
        let texts = try svgTexts(document)
        #expect(texts.filter { $0 == hostile }.count == 1)
        #expect(texts.contains("cluster A") && texts.contains("cluster B"))
        let svg = String(decoding: try #require(outputs[.svg]), as: UTF8.self)
        #expect(!svg.lowercased().contains("<image"))
        let dot = String(decoding: try #require(outputs[.dot]), as: UTF8.self)
        #expect(dot.contains(#"label="Title \\N \\G"#), "the DOT export keeps the text escaped:\n\(dot)")
    }

    @Test("An HTML graph label renders its table, escaped, and wins over a `label` attribute")
    func htmlLabel() throws {
        let hostile = #"<B>not bold</B> \N & 'x'"#
        let table = HTMLTable(
            attributes: ["border": "0"],
            rows: [[HTMLCell(.bold(.text("Heading")))], [HTMLCell(.text(hostile), attributes: ["align": "left"])]])
        let diagram = Self.clustered(
            rankdir: "TB", label: .html(.table(table)), attributes: ["label": "attribute label"])
        let document = try parseSVG(try diagram.render(to: .svg))
        let texts = try svgTexts(document)
        #expect(texts.filter { $0 == "Heading" }.count == 1)
        #expect(texts.filter { $0 == hostile }.count == 1)
        #expect(!texts.contains("attribute label"))
    }

    @Test(
        "labelloc=t puts the graph label above everything, whatever the rankdir", arguments: ["TB", "BT", "LR", "RL"])
    func labelOnTop(rankdir: String) throws {
        let label = Label.html(
            .table(HTMLTable(rows: [[HTMLCell(.bold(.text("Header")))], [HTMLCell(.text("Note"))]])))
        let document = try parseSVG(try Self.clustered(rankdir: rankdir, label: label).render(to: .svg))
        let header = try #require(try Self.textY(document, "Header").first)
        let note = try #require(try Self.textY(document, "Note").first)
        #expect(header < note)
        for text in ["A1", "A2", "B1", "B2", "cluster A", "cluster B"] {
            let y = try #require(try Self.textY(document, text).first, "\(text) drawn")
            #expect(note < y, "\(text) at y=\(y) is not below the graph label (y=\(note)) with rankdir=\(rankdir)")
        }
    }

    @Test("Without a graph label nothing changes: the default is nil")
    func defaultIsNil() throws {
        let diagram = Self.clustered(rankdir: "TB", label: nil)
        #expect(diagram.label == nil)
        var withAttribute = diagram
        withAttribute.attributes["label"] = "From attributes"
        let texts = try svgTexts(try parseSVG(try withAttribute.render(to: .svg)))
        #expect(texts.filter { $0 == "From attributes" }.count == 1)
        #expect(
            try diagram.render(to: .svg)
                == Diagram(
                    name: "Labelled", attributes: diagram.attributes, edges: diagram.edges, subgraphs: diagram.subgraphs
                ).render(to: .svg))
    }
}
