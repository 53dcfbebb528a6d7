import FlowGraphTestSupport
import Foundation
import Testing

@testable import Graphviz

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Escaping hostile text")
struct EscapingTests {
    /// A temporary file holding a unique marker, referenced by the hostile labels.
    struct MarkerFile {
        let url: URL
        let marker = "MARKER-\(UUID().uuidString)"

        init() throws {
            url = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-\(UUID().uuidString).svg")
            try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><text>\(marker)</text></svg>".utf8).write(to: url)
        }
    }

    static let escapeSequences = [#"\N"#, #"\G"#, #"\L"#, #"\n"#, #"\E"#, #"\H"#, #"\T"#, #"\l"#, #"\r"#, #"\\"#]

    @Test("A .text label is drawn exactly as given: no \\N expansion, no <IMG>, no file read")
    func textLabels() throws {
        let file = try MarkerFile()
        defer { try? FileManager.default.removeItem(at: file.url) }
        let hostile = #"\N <IMG SRC="\#(file.url.path)"/> & "x" 'y' &amp; &#60;"#
        var labels = [hostile] + Self.escapeSequences.map { "a \($0) b" }
        labels.append(#"trailing backslash \"#)
        var diagram = Diagram(name: "Hostile")
        for (index, label) in labels.enumerated() {
            diagram.nodes.append(Node(id: "n\(index)", label: .text(label), attributes: ["xlabel": label]))
        }
        diagram.nodes.append(Node(id: "m", label: .text("x")))
        diagram.edges.append(
            Edge(from: "n0", to: "m", label: .text(hostile), attributes: ["headlabel": hostile, "taillabel": #"\T"#]))
        let svg = try diagram.render(to: .svg)
        let texts = try svgTexts(try parseSVG(svg))
        for label in labels {
            // The node label and its xlabel.
            #expect(texts.filter { $0 == label }.count >= 2, "\(label) not drawn verbatim in \(texts)")
        }
        #expect(texts.filter { $0 == hostile }.count == 4)
        #expect(texts.contains(#"\T"#))
        let text = String(decoding: svg, as: UTF8.self)
        #expect(!text.contains(file.marker))
        #expect(!text.lowercased().contains("<image"))
    }

    @Test("Text in HTML-like labels, cells and attributes is drawn exactly as given")
    func htmlLabels() throws {
        let file = try MarkerFile()
        defer { try? FileManager.default.removeItem(at: file.url) }
        let hostile = #"\N <IMG SRC="\#(file.url.path)"/> & "x" 'y' &amp; </TD></TR></TABLE>"#
        let cells = ([hostile] + Self.escapeSequences.map { "a \($0) b" }).map { text in
            [HTMLCell(.text(text), attributes: ["tooltip": text, "id": "cell"])]
        }
        let label = HTML.table(HTMLTable(attributes: ["bgcolor": "white"], rows: cells))
        var diagram = Diagram(name: "HostileHTML")
        diagram.nodes.append(Node(id: "table", label: .html(label)))
        diagram.nodes.append(
            Node(id: "inline", label: .html(.concat([.bold(.text(hostile)), .lineBreak(), .italic(.text(#"\G"#))]))))
        let svg = try diagram.render(to: .svg)
        let texts = try svgTexts(try parseSVG(svg))
        for row in cells {
            guard case .text(let expected) = row[0].content else { continue }
            #expect(texts.contains(expected), "\(expected) not drawn verbatim in \(texts)")
        }
        #expect(texts.filter { $0 == hostile }.count == 2)
        #expect(texts.contains(#"\G"#))
        let text = String(decoding: svg, as: UTF8.self)
        #expect(!text.contains(file.marker))
        #expect(!text.lowercased().contains("<image"))
    }

    @Test("Tooltips, ids and classes keep their text")
    func attributeText() throws {
        let tooltip = #"\N & <x> "q" \\ line"# + "\nsecond line"
        var diagram = twoNodeDiagram()
        diagram.nodes[0].attributes = ["tooltip": tooltip, "id": #"id \N &amp; <x>"#, "class": "a&b c"]
        let document = try parseSVG(try diagram.render(to: .svg))
        #expect(try svgAttributeValues(document, "title").contains(tooltip))
        let group = try #require(try svgGroup(document, id: #"id \N &amp; <x>"#))
        #expect(attributeValue(group, "class") == "node a&b c")
    }

    @Test("Real line breaks in a .text label become centred lines")
    func lineBreaks() throws {
        var diagram = twoNodeDiagram()
        diagram.nodes[0].label = .text("first\nsecond\r\nthird")
        let texts = try svgTexts(try parseSVG(try diagram.render(to: .svg)))
        #expect(texts.starts(with: ["first", "second", "third"]))
    }

    @Test(
        "Attributes that read files or link elsewhere are refused, naming the attribute",
        arguments: [
            "image", "shapefile", "imagepath", "fontpath", "stylesheet", "URL", "href", "target",
            "labelURL", "headURL", "tailhref", "edgetarget", "Image",
        ])
    func refusedAttributes(name: String) throws {
        var onNode = twoNodeDiagram()
        onNode.nodes[0].attributes[name] = "/etc/passwd"
        var onEdge = twoNodeDiagram()
        onEdge.edges[0].attributes[name] = "https://example.com"
        var onGraph = twoNodeDiagram()
        onGraph.attributes[name] = "/tmp"
        var onDefaults = twoNodeDiagram()
        onDefaults.nodeDefaults[name] = "/tmp/x.png"
        var onCluster = twoNodeDiagram()
        onCluster.subgraphs = [Subgraph(id: "c", attributes: [name: "x"])]
        for diagram in [onNode, onEdge, onGraph, onDefaults, onCluster] {
            let error = #expect(throws: GraphvizError.self) { try diagram.render(to: .svg) }
            #expect(error?.kind == .refusedAttribute(name: name))
            #expect(error?.description.contains(name) == true)
        }
    }

    @Test("HTML attributes that link or load files are refused", arguments: ["href", "HREF", "src", "target"])
    func refusedHTMLAttributes(name: String) throws {
        let cell = HTMLCell(.text("x"), attributes: [name: "/etc/passwd"])
        let diagram = Diagram(nodes: [Node(id: "a", label: .html(.table(HTMLTable(rows: [[cell]]))))])
        let error = #expect(throws: GraphvizError.self) { try diagram.render(to: .svg) }
        #expect(error?.kind == .refusedAttribute(name: name))
        let table = HTMLTable(attributes: [name: "x"], rows: [[HTMLCell(.text("x"))]])
        #expect(throws: GraphvizError(.refusedAttribute(name: name))) {
            try Diagram(nodes: [Node(id: "a", label: .html(.table(table)))]).render(to: .svg)
        }
    }

    @Test("Attribute names that could smuggle markup are rejected")
    func attributeNames() throws {
        let cell = HTMLCell(.text("x"), attributes: [#"x="1" HREF"#: "/etc/passwd"])
        let diagram = Diagram(nodes: [Node(id: "a", label: .html(.table(HTMLTable(rows: [[cell]]))))])
        let error = #expect(throws: GraphvizError.self) { try diagram.render(to: .svg) }
        guard case .invalidAttribute = error?.kind else {
            Issue.record("expected invalidAttribute, got \(String(describing: error))")
            return
        }
    }

    @Test("Invalid UTF-8, NUL, control, RTL and zero-width characters come out as clean text")
    func oddUnicode() throws {
        let invalid = String(decoding: [0x66, 0xFF, 0xC3, 0x28, 0x41, 0xED, 0xA0, 0x80] as [UInt8], as: UTF8.self)
        let cases: [(input: String, drawn: String)] = [
            (invalid, invalid),
            ("nul\u{0}byte", "nulbyte"),
            ("bell\u{7}\u{1B}[31mred\u{7F}", "bell[31mred"),
            ("tab\there", "tab here"),
            ("bad\u{FFFE}\u{FFFF}xml", "badxml"),
            ("שלום عربي mixed", "שלום عربي mixed"),
            ("zero\u{200B}width\u{200D}joiner\u{FEFF}", "zero\u{200B}width\u{200D}joiner\u{FEFF}"),
            ("\u{202E}override\u{202C}", "\u{202E}override\u{202C}"),
            ("👩‍👩‍👧‍👦 e\u{301} 漢字", "👩‍👩‍👧‍👦 e\u{301} 漢字"),
        ]
        #expect(invalid.contains("\u{FFFD}"))
        var diagram = Diagram(name: "Unicode")
        for (index, item) in cases.enumerated() {
            diagram.nodes.append(Node(id: "n\(index)", label: .text(item.input)))
            diagram.nodes.append(
                Node(id: "h\(index)", label: .html(.table(HTMLTable(rows: [[HTMLCell(.text(item.input))]])))))
        }
        diagram.nodes.append(Node(id: "id \u{200F}with 🚀"))
        let outputs = try diagram.render(to: [.svg, .png, .dot])
        let texts = try svgTexts(try parseSVG(try #require(outputs[.svg])))
        for item in cases {
            #expect(texts.filter { $0 == item.drawn }.count == 2, "\(item.drawn.unicodeScalars.map(\.value))")
        }
        #expect(texts.contains("id \u{200F}with 🚀"))
        #expect(try #require(outputs[.png]).count > 1000)
    }

    @Test("HTML text of just ] or ]] renders (Graphviz's HTML grammar rejects it unescaped) and is drawn as typed")
    func lonelyClosingBrackets() throws {
        let texts = ["]", "]]", "]]]", "]]>", "a]", "[ ]"]
        var diagram = Diagram(name: "Brackets")
        for (index, text) in texts.enumerated() {
            diagram.nodes.append(
                Node(id: "n\(index)", label: .html(.concat([.font(["color": "#333333"], .text(text)), .lineBreak()]))))
            diagram.edges.append(Edge(from: "n\(index)", to: "n\(index)", label: .html(.text(text))))
        }
        let drawn = try svgTexts(try parseSVG(try diagram.render(to: .svg)))
        for text in texts { #expect(drawn.filter { $0 == text }.count == 2, "\(text)") }
    }

    @Test("Names with control characters or empty names are rejected with a clear error")
    func invalidNames() throws {
        for name in ["", "line\nbreak", "tab\tname", "nul\u{0}byte"] {
            let diagram = Diagram(nodes: [Node(id: name)])
            #expect(throws: GraphvizError(.invalidIdentifier(name))) { try diagram.render(to: .svg) }
        }
    }

    @Test("A 100 KB label renders as SVG, and is refused as an unreadably large PNG", .heavy)
    func hugeLabel() throws {
        let long = String(repeating: "0123456789", count: 10_000)
        let diagram = Diagram(nodes: [Node(id: "a", label: .text(long))])
        let texts = try svgTexts(try parseSVG(try diagram.render(to: .svg)))
        #expect(texts == [long])
        let error = #expect(throws: GraphvizError.self) { try diagram.render(to: .png) }
        guard case .imageTooLarge(let width, _, let limit) = error?.kind else {
            Issue.record("expected imageTooLarge, got \(String(describing: error))")
            return
        }
        #expect(width > limit)

        // The same text in 1,000 lines of 100 characters fits in a PNG.
        let lines = stride(from: 0, to: long.count, by: 100).map { offset in
            String(long.dropFirst(offset).prefix(100))
        }
        let tall = Diagram(nodes: [Node(id: "a", label: .text(lines.joined(separator: "\n")))])
        let png = try tall.render(to: .png)
        #expect(pngSize(png).height > 10_000)
    }
}
