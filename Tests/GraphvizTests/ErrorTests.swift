import Foundation
import Testing

@testable import Graphviz

@Suite("Errors")
struct ErrorTests {
    /// An HTML label Graphviz rejects: text and a table side by side (a table must stand alone).
    static func badHTMLDiagram() -> Diagram {
        var diagram = twoNodeDiagram()
        let table = HTML.table(HTMLTable(rows: [[HTMLCell(.text("cell"))]]))
        diagram.nodes[0].label = .html(.concat([.text("before"), table]))
        return diagram
    }

    @Test("Graphviz's own error message is captured, and the next render succeeds")
    func captureAndReset() throws {
        let good = try tableDiagram().render(to: .svg)
        for _ in 0..<3 {
            let error = #expect(throws: GraphvizError.self) { try Self.badHTMLDiagram().render(to: .svg) }
            #expect(error?.kind == .graphvizReported)
            #expect(error?.messages.contains { $0.contains("Syntax error") } == true, "\(String(describing: error))")
            #expect(error?.description.contains("in label of node home") == true)
            #expect(try tableDiagram().render(to: .svg) == good)
        }
    }

    @Test("An edge to a node that does not exist is an error naming the node")
    func unknownNode() throws {
        var diagram = twoNodeDiagram()
        diagram.edges.append(Edge(from: "home", to: "settings"))
        #expect(throws: GraphvizError(.unknownNode(id: "settings"))) { try diagram.render(to: .svg) }
        #expect(try twoNodeDiagram().render(to: .svg).isEmpty == false)
    }

    @Test("Invalid HTML structure is reported before Graphviz sees it")
    func invalidHTML() throws {
        let emptyTable = Diagram(nodes: [Node(id: "a", label: .html(.table(HTMLTable(rows: []))))])
        #expect(throws: GraphvizError(.invalidHTML(reason: "a table needs at least one row"))) {
            try emptyTable.render(to: .svg)
        }
        let emptyRow = Diagram(nodes: [Node(id: "a", label: .html(.table(HTMLTable(rows: [[]]))))])
        #expect(throws: GraphvizError.self) { try emptyRow.render(to: .svg) }
        let badAlign = Diagram(nodes: [Node(id: "a", label: .html(.lineBreak(align: "\" HREF=\"x")))])
        #expect(throws: GraphvizError.self) { try badAlign.render(to: .svg) }
    }

    @Test("Only UTF-8 is accepted as charset")
    func charset() throws {
        var latin = twoNodeDiagram()
        latin.attributes["charset"] = "latin1"
        #expect(throws: GraphvizError.self) { try latin.render(to: .svg) }
        var utf8 = twoNodeDiagram()
        utf8.attributes["charset"] = "UTF-8"
        #expect(try utf8.render(to: .svg).isEmpty == false)
    }

    @Test("A PNG larger than cairo's 32,767 px is refused with advice, while SVG still renders")
    func imageTooLarge() throws {
        var chain = Diagram(name: "Chain", attributes: ["rankdir": "LR"])
        for index in 0..<400 {
            chain.nodes.append(Node(id: "n\(index)"))
            if index > 0 { chain.edges.append(Edge(from: "n\(index - 1)", to: "n\(index)")) }
        }
        let size = try chain.layoutSize()
        #expect(size.width * 96 / 72 > Double(Diagram.maximumPNGSide))
        let error = #expect(throws: GraphvizError.self) { try chain.render(to: [.svg, .png]) }
        guard case .imageTooLarge(let width, let height, let limit) = error?.kind else {
            Issue.record("expected imageTooLarge, got \(String(describing: error))")
            return
        }
        #expect(limit == 32_767)
        #expect(width == Int((size.width * 96 / 72).rounded(.up)))
        #expect(height < limit)
        #expect(error?.description.contains("SVG or PDF") == true)
        #expect(try chain.render(to: .svg).count > 10_000)

        // A huge `size` with `!` scales a small graph up past the limit as well.
        var scaled = twoNodeDiagram()
        scaled.attributes["size"] = "500,500!"
        #expect(throws: GraphvizError.self) { try scaled.render(to: .png) }
        // So does a high `dpi`.
        var sharp = twoNodeDiagram()
        sharp.attributes["dpi"] = "20000"
        #expect(throws: GraphvizError.self) { try sharp.render(to: .png) }
    }

    /// Runs in a child process (see `missingPlugins`) whose `GVBINDIR` points at an empty folder.
    @Test(
        "child process: render without plugins",
        .enabled(if: ProcessInfo.processInfo.environment["FLOWGRAPH_GRAPHVIZ_CHILD"] == "plugins"))
    func missingPluginsChild() throws {
        do {
            _ = try twoNodeDiagram().render(to: .svg)
            print("CHILD-RESULT: rendered")
        } catch {
            print("CHILD-RESULT: \(error.kind == .pluginsMissing ? "pluginsMissing" : "other") \(error)")
        }
    }

    /// Runs in a child process (see `missingRenderer`) whose plugins are only core and dot_layout.
    @Test(
        "child process: render PNG without the cairo plugin",
        .enabled(if: ProcessInfo.processInfo.environment["FLOWGRAPH_GRAPHVIZ_CHILD"] == "renderer"))
    func missingRendererChild() throws {
        let svg = (try? twoNodeDiagram().render(to: .svg)) != nil
        do {
            _ = try twoNodeDiagram().render(to: [.svg, .png])
            print("CHILD-RESULT: rendered")
        } catch {
            let kind = error.kind == .rendererMissing(format: .png) ? "rendererMissing" : "other"
            print("CHILD-RESULT: svg=\(svg) \(kind) installation=\(error.isInstallationProblem) \(error)")
        }
    }

    @Test("Without the cairo plugin, PNG fails saying which plugin is missing, and SVG still renders")
    func missingRenderer() throws {
        // A plugin folder with Graphviz's own core and dot_layout plugins and a config naming only them.
        let installed = ["x86_64-linux-gnu", "aarch64-linux-gnu", ""].map { "/usr/lib/\($0)/graphviz" }
            .first { FileManager.default.fileExists(atPath: $0 + "/config6a") }
        let folder = try #require(installed, "Graphviz's plugin folder (config6a) not found")
        let config = try String(contentsOfFile: folder + "/config6a", encoding: .utf8)
        var kept: [String] = []
        var keeping = false
        for line in config.split(separator: "\n", omittingEmptySubsequences: false) {
            if let first = line.first, first != "\t", first != " ", first != "}", first != "#" {
                keeping = line.contains(" core {") || line.contains(" dot_layout {")
                if keeping, let library = line.split(separator: " ").first {
                    try FileManager.default.createDirectory(at: partial, withIntermediateDirectories: true)
                    try? FileManager.default.createSymbolicLink(
                        atPath: partial.appendingPathComponent(String(library)).path,
                        withDestinationPath: folder + "/" + library)
                }
            }
            if keeping { kept.append(String(line)) }
        }
        #expect(kept.count > 10)
        try kept.joined(separator: "\n").write(
            to: partial.appendingPathComponent("config6a"), atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: partial) }

        let result = try childTestResult(
            filter: "missingRendererChild",
            environment: ["GVBINDIR": partial.path, "FLOWGRAPH_GRAPHVIZ_CHILD": "renderer"])
        #expect(result.contains("svg=true rendererMissing installation=true"), "\(result)")
        #expect(result.contains("libgvplugin_pango.so"))
    }

    private let partial = FileManager.default.temporaryDirectory.appendingPathComponent(
        "gv-partial-\(UUID().uuidString)")

    @Test("Without registered plugins the error says to run `dot -c`")
    func missingPlugins() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("gv-empty-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let result = try childTestResult(
            filter: "missingPluginsChild",
            environment: ["GVBINDIR": empty.path, "FLOWGRAPH_GRAPHVIZ_CHILD": "plugins"])
        #expect(result.contains("pluginsMissing"), "\(result)")
        #expect(result.contains("dot -c"))
        #expect(result.contains("not recognized"))
    }
}

@Suite("Warnings")
struct WarningTests {
    @Test("Graphviz's warnings are reported without failing the render")
    func warnings() throws {
        var diagram = twoNodeDiagram()
        diagram.nodes[0].attributes = ["color": "#eef", "shape": "nonsense"]
        let result = try diagram.renderReportingWarnings(to: [.svg])
        #expect(result.outputs[.svg]?.isEmpty == false)
        #expect(
            result.warnings.contains { $0.contains("#eef") && $0.contains("not a known color") }, "\(result.warnings)")
        #expect(result.warnings.contains { $0.contains("nonsense") }, "\(result.warnings)")
        #expect(try twoNodeDiagram().renderReportingWarnings(to: [.svg]).warnings == [])
    }
}
