import FlowGraphTestSupport
import Foundation
import Testing

@testable import Graphviz

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("Rendering formats")
struct RenderFormatsTests {
    @Test("A two-node graph renders to well-formed SVG containing both labels")
    func svgIsWellFormed() throws {
        let document = try parseSVG(try twoNodeDiagram().render(to: .svg))
        let texts = try svgTexts(document)
        #expect(texts.contains("Home"))
        #expect(texts.contains("Profile"))
        #expect(texts.contains("push"))
    }

    @Test("Every format renders non-empty output with the right signature")
    func allFormats() throws {
        let outputs = try tableDiagram().render(to: OutputFormat.allCases)
        #expect(Set(outputs.keys) == Set(OutputFormat.allCases))
        let png = try #require(outputs[.png])
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let pdf = try #require(outputs[.pdf])
        #expect(String(decoding: pdf.prefix(5), as: UTF8.self) == "%PDF-")
        let svg = String(decoding: try #require(outputs[.svg]), as: UTF8.self)
        #expect(svg.contains("<svg"))
        let dot = String(decoding: try #require(outputs[.dot]), as: UTF8.self)
        #expect(dot.hasPrefix("digraph Table {"))
        let json = try JSONSerialization.jsonObject(with: try #require(outputs[.json])) as? [String: Any]
        #expect(json?["name"] as? String == "Table")
        #expect((json?["objects"] as? [Any])?.count == 7)
        // One render per format gives the same bytes as the multi-format render.
        #expect(try tableDiagram().render(to: .svg) == outputs[.svg])
    }

    @Test("The same diagram renders to byte-identical SVG and PNG")
    func deterministic() throws {
        let first = try tableDiagram().render(to: [.svg, .png])
        let second = try tableDiagram().render(to: [.svg, .png])
        #expect(first[.svg] == second[.svg])
        #expect(first[.png] == second[.png])
    }

    @Test("class and id attributes reach the SVG, so scripts can find elements")
    func classesAndIDs() throws {
        var diagram = twoNodeDiagram()
        diagram.nodes[0].attributes = ["class": "route-1 push", "id": "home-node"]
        diagram.edges[0].attributes = ["class": "transition", "id": "home-to-profile"]
        diagram.subgraphs = [Subgraph(id: "layer", attributes: ["class": "layer sheet"], nodes: [Node(id: "x")])]
        let document = try parseSVG(try diagram.render(to: .svg))
        func classOf(id: String) throws -> String? {
            try svgGroup(document, id: id).flatMap { attributeValue($0, "class") }
        }
        #expect(try classOf(id: "home-node") == "node route-1 push")
        #expect(try classOf(id: "home-to-profile") == "edge transition")
        #expect(try classOf(id: "clust1") == "cluster layer sheet")
    }

    @Test("A graph label stays on the graph: clusters do not inherit it, in SVG or in the DOT export")
    func graphLabelNotInherited() throws {
        var diagram = twoNodeDiagram()
        diagram.attributes = ["label": "Title"]
        diagram.subgraphs = [Subgraph(id: "c", nodes: [Node(id: "x")])]
        let document = try parseSVG(try diagram.render(to: .svg))
        #expect(try svgTexts(document).filter { $0 == "Title" }.count == 1)
        let dot = String(decoding: try diagram.render(to: .dot), as: UTF8.self)
        #expect(dot.contains(#"graph [label="\#u{22}\#u{22}];"#) || dot.contains(#"graph [label=""];"#))
    }

    @Test("The DOT export is plain DOT that the dot program lays out to the same SVG, given the same fonts")
    func dotExportRelayouts() throws {
        let dotProgram = URL(fileURLWithPath: "/usr/bin/dot")
        let diagram = tableDiagram(title: #"Back\slash \N & <b> "q""#)
        let outputs = try diagram.render(to: [.dot, .svg, .json])
        let dot = try #require(outputs[.dot])
        let text = String(decoding: dot, as: UTF8.self)
        #expect(!text.contains("pos="))
        #expect(!text.contains("bb="))
        try #require(FileManager.default.isExecutableFile(atPath: dotProgram.path), "needs Graphviz's dot program")
        // `dot` must measure text with the fonts this process registered, not with the machine's.
        let fonts = FileManager.default.temporaryDirectory.appendingPathComponent("dot-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: fonts, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: fonts) }
        for path in try FontSet.inUse().found {
            let file = URL(fileURLWithPath: path)
            try FileManager.default.createSymbolicLink(
                at: fonts.appendingPathComponent(file.lastPathComponent), withDestinationURL: file)
        }
        let config = fonts.appendingPathComponent("fonts.conf")
        try Data(
            "<?xml version=\"1.0\"?><fontconfig><dir>\(fonts.path)</dir><cachedir>\(fonts.path)</cachedir></fontconfig>"
                .utf8
        ).write(to: config)
        let process = Process()
        process.executableURL = dotProgram
        process.arguments = ["-Tsvg"]
        process.environment = ProcessInfo.processInfo.environment.merging(["FONTCONFIG_FILE": config.path]) { $1 }
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(dot)
        try input.fileHandleForWriting.close()
        let svg = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(svg == outputs[.svg])
    }

    @Test("layoutSize reports the drawing size the PNG is made from")
    func layoutSizeMatchesPNG() throws {
        var variants: [Diagram] = []
        variants.append(tableDiagram())
        var scaled = tableDiagram()
        scaled.attributes["size"] = "3,2"
        variants.append(scaled)
        var highResolution = tableDiagram()
        highResolution.attributes["dpi"] = "150"
        variants.append(highResolution)
        var padded = twoNodeDiagram()
        padded.attributes["pad"] = "1"
        variants.append(padded)
        for diagram in variants {
            let size = try diagram.layoutSize()
            let dpi = Double(diagram.attributes["dpi"] ?? "96")!
            let png = pngSize(try diagram.render(to: .png))
            #expect(abs(Double(png.width) - size.width * dpi / 72) <= 1.5, "\(diagram.attributes) \(size) \(png)")
            #expect(abs(Double(png.height) - size.height * dpi / 72) <= 1.5, "\(diagram.attributes) \(size) \(png)")
        }
    }
}

@Suite("Diagram structure")
struct DiagramStructureTests {
    @Test("A node listed again in a rank=same group is the same node, not a copy")
    func relistedNode() throws {
        var diagram = Diagram(
            nodes: [Node(id: "a", label: .text("A")), Node(id: "b", label: .text("B")), Node(id: "c")],
            edges: [Edge(from: "a", to: "b"), Edge(from: "a", to: "c")])
        diagram.subgraphs = [
            Subgraph(
                id: "same", isCluster: false, attributes: ["rank": "same"],
                nodes: [Node(id: "b"), Node(id: "c", attributes: ["class": "late"])])
        ]
        let document = try parseSVG(try diagram.render(to: .svg))
        let nodes = document.query("//*[local-name()='g']").compactMap { $0 as? XMLElement }
            .filter { attributeValue($0, "class")?.hasPrefix("node") == true }
        #expect(nodes.count == 3)
        #expect(try svgTexts(document).sorted() == ["A", "B", "c"])
        #expect(nodes.contains { attributeValue($0, "class") == "node late" })
        let json = try JSONSerialization.jsonObject(with: try diagram.render(to: .json)) as? [String: Any]
        let objects = try #require(json?["objects"] as? [[String: Any]])
        var yOf: [String: Substring] = [:]
        for object in objects {
            if let name = object["name"] as? String, let position = object["pos"] as? String {
                yOf[name] = position.split(separator: ",").last
            }
        }
        #expect(yOf["b"] == yOf["c"])
    }

    @Test("A .text label that looks like generated HTML stays plain text, and the HTML label stays HTML")
    func plainAndHTMLStringsDoNotAlias() throws {
        // cgraph shares equal strings; the renderer keeps HTML and plain strings distinct.
        let diagram = Diagram(nodes: [
            Node(id: "plain", label: .text("<B>x</B>")),
            Node(id: "html", label: .html(.bold(.text("x")))),
            Node(id: "plain2", label: .text("\n<B>x</B>")),
        ])
        let texts = try svgTexts(try parseSVG(try diagram.render(to: .svg)))
        #expect(texts.filter { $0 == "<B>x</B>" }.count == 2)
        #expect(texts.contains("x"))
    }
}
