import Foundation
import Testing

@testable import Graphviz

/// One layout lent to a caller (``Diagram/withLayout(_:)``) gives what separate layouts gave: its size, every
/// format, and the SVG of the diagram with its ids namespaced.
@Suite("Laid-out diagrams")
struct LaidOutDiagramTests {
    /// A diagram with ids on some nodes, an edge and a cluster, and none on others (whose SVG ids Graphviz makes
    /// up from the graph's id).
    static func identifiedDiagram() -> Diagram {
        var diagram = tableDiagram()
        diagram.nodes[1].attributes["id"] = "first"
        diagram.edges[2].attributes["id"] = "third-edge"
        diagram.subgraphs.append(
            Subgraph(
                id: "box", label: .text("Box"), attributes: ["id": "the-box"],
                nodes: [Node(id: "inside", label: .text("Inside"))]))
        diagram.subgraphs.append(
            Subgraph(id: "plain", nodes: [Node(id: "alone", label: .text("Alone"))]))
        return diagram
    }

    @Test("Measuring and rendering from one layout matches a layout per call")
    func oneLayoutMatchesSeparateOnes() throws {
        let diagram = Self.identifiedDiagram()
        let formats: [OutputFormat] = [.svg, .png, .dot, .json]
        let (size, outputs) = try diagram.withLayout { laidOut throws(GraphvizError) in
            (laidOut.size, try laidOut.render(to: formats))
        }
        let separate = try diagram.layoutSize()
        #expect(size.width == separate.width && size.height == separate.height)
        #expect(outputs == (try diagram.render(to: formats)))
    }

    /// A diagram in FlowGraph's font list of plain, bold, italic, struck-out and symbol texts that name `word`.
    static func textDiagram(_ word: String) -> Diagram {
        let fonts = "DejaVu Sans,Arial,Helvetica,sans-serif"
        let rows = [
            [HTMLCell(.bold(.text("LAYER 1 · SHEET ☰ \(word)"))), HTMLCell(.text("Home\(word) › Feed \(word)"))],
            [HTMLCell(.italic(.text("on screen: \(word)"))), HTMLCell(.text("0 s → 1.2 s"))],
            [HTMLCell(.strikethrough(.text("Story\(word)"))), HTMLCell(.text("“\(word)” … ✓ AV To"))],
        ]
        var diagram = Diagram(name: "Texts", attributes: ["fontname": fonts], nodeDefaults: ["fontname": fonts])
        diagram.nodes.append(
            Node(id: "table", label: .html(.table(HTMLTable(attributes: ["border": "1"], rows: rows)))))
        diagram.nodes.append(Node(id: "plain", label: .text("push \(word)")))
        diagram.edges.append(Edge(from: "table", to: "plain", label: .text(".order(id: \(word))")))
        return diagram
    }

    @Test("A layout for SVG alone, its texts shaped without pango paragraphs, renders every format as one for PNG")
    func layoutForSVGAloneRendersAsOneForCairo() throws {
        // Texts new to the process's text cache, measured afresh each time.
        let diagram = Self.textDiagram(String(UUID().uuidString.prefix(8)))
        let formats: [OutputFormat] = [.svg, .png, .json]
        _ = GraphvizContext.shapedTextCount(emptying: true)
        let forCairo = try diagram.withLayout(drawing: [.svg, .png]) { laidOut throws(GraphvizError) in
            try laidOut.render(to: formats)
        }
        let before = GraphvizContext.shapedTextCount(emptying: true)
        let forSVG = try diagram.withLayout(drawing: [.svg]) { laidOut throws(GraphvizError) in
            try laidOut.render(to: formats)
        }
        #expect(GraphvizContext.shapedTextCount() >= before + 5, "the plain texts were shaped")
        #expect(forSVG == forCairo)
        #expect(forSVG[.png]?.isEmpty == false)
    }

    @Test("The namespaced SVG of a layout is the SVG of the namespaced diagram, made-up ids included")
    func namespacedSVGMatchesTheNamespacedDiagram() throws {
        let diagram = Self.identifiedDiagram()
        let (svg, namespaced) = try diagram.withLayout { laidOut throws(GraphvizError) in
            (try laidOut.render(to: [.svg])[.svg], try laidOut.renderSVG(namespacingIDs: "timeline"))
        }
        #expect(svg == (try diagram.render(to: .svg)))
        let expected = try diagram.namespacingIDs("timeline").render(to: .svg)
        #expect(namespaced == expected)
        let text = String(decoding: namespaced, as: UTF8.self)
        #expect(text.contains("id=\"timeline_first\"") && text.contains("id=\"timeline_the&#45;box\""))
        #expect(text.contains("id=\"timeline_edge1\""), "an edge without an id takes the graph's as a prefix")
    }

    @Test("Several layouts lent together render as each alone")
    func severalLayoutsTogether() throws {
        let first = twoNodeDiagram()
        var second = tableDiagram()
        second.attributes["rankdir"] = "TB"
        let outputs = try Diagram.withLayouts([first, second]) { layouts throws(GraphvizError) in
            // The first is rendered after the second was laid out.
            (try layouts[1].render(to: [.svg]), try layouts[0].render(to: [.svg, .png]))
        }
        #expect(outputs.0 == (try second.render(to: [.svg])))
        #expect(outputs.1 == (try first.render(to: [.svg, .png])))
    }

    @Test("A layout used after its call returned throws instead of touching the freed graph")
    func aLayoutKeptPastItsCallThrows() throws {
        let kept = try twoNodeDiagram().withLayout { $0 }
        #expect(throws: GraphvizError.self) { try kept.render(to: [.svg]) }
        #expect(throws: GraphvizError.self) { try kept.renderSVG(namespacingIDs: "x") }
    }

    @Test("Two diagrams differing only in their ids are one drawing to the layout counter")
    func idsAreNotPartOfADrawing() {
        let diagram = Self.identifiedDiagram()
        #expect(diagram.withoutIDs == diagram.namespacingIDs("page").withoutIDs)
        var moved = diagram
        moved.attributes["rankdir"] = "TB"
        #expect(moved.withoutIDs != diagram.withoutIDs)
    }
}
