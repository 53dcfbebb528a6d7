import FlowGraphCLI
import Foundation
import Graphviz
import Testing

/// `-G`, `-N` and `-E` as `dot` has them: set last on every drawing a command lays out, from the command line
/// and from `.flowgraph.json`, and only attributes that change the drawing (never one that reads a file).
@Suite struct GraphvizAttributeOptionsTests {
    static let plan = #"{"title": "Pushes", "root": "Home", "actions": ["push(A)", "push(B)", "push(C)"]}"#

    /// Runs `flowgraph ARGUMENTS` in this process: its status and what it wrote.
    static func run(_ arguments: [String]) -> (status: Int32, output: String, errors: String) {
        let capture = CapturedConsole()
        let status = FlowGraphCommand.run(arguments, console: capture.console)
        return (status, capture.standardOutput, capture.standardError)
    }

    /// The width and height an SVG says it has, in points.
    static func size(_ svg: String) throws -> (width: Double, height: Double) {
        let match = try #require(svg.firstMatch(of: #/<svg width="([0-9.]+)pt" height="([0-9.]+)pt"/#))
        return (try #require(Double(match.1)), try #require(Double(match.2)))
    }

    /// Runs `flowgraph ARGUMENTS`, which writes an SVG to the path after `-o`, and returns that SVG.
    static func svg(_ arguments: [String]) throws -> String {
        let result = run(arguments + ["-q"])
        #expect(result.status == 0, "\(result.errors)")
        let output = try #require(arguments.firstIndex(of: "-o").map { arguments[$0 + 1] })
        return try String(contentsOfFile: output, encoding: .utf8)
    }

    @Test func graphNodeAndEdgeAttributesAreSetLastOnTheDrawing() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = folder.url.appendingPathComponent(try folder.write("plan.json", Self.plan)).path
        let plain = folder.url.appendingPathComponent("plain.svg").path
        let styled = folder.url.appendingPathComponent("styled.svg").path
        #expect(Self.run(["render", plan, "-o", plain, "-q"]).status == 0)
        let result = Self.run([
            "render", plan, "-o", styled, "-q", "-Grankdir=LR", "-Ecolor=#ff0000", "-E", "penwidth=3",
            "-Ecolor=#00ff00",
        ])
        #expect(result.status == 0, "\(result.errors)")
        let before = try String(contentsOfFile: plain, encoding: .utf8)
        let after = try String(contentsOfFile: styled, encoding: .utf8)
        // The timeline runs top to bottom; rankdir=LR lays its boxes out left to right.
        let (plainSize, styledSize) = (try Self.size(before), try Self.size(after))
        #expect(styledSize.width > plainSize.width * 1.5)
        #expect(styledSize.height < plainSize.height / 1.5)
        // The later -Ecolor wins, on every edge, over the drawing's own colour.
        let edges = after.components(separatedBy: "class=\"edge ").count - 1
        #expect(edges >= 3)
        #expect(after.components(separatedBy: "stroke=\"#00ff00\"").count - 1 >= edges)
        #expect(!after.contains("#ff0000"))
        #expect(after.contains("stroke-width=\"3\""))
        #expect(!before.contains("#00ff00"))
    }

    @Test func projectFileSetsThemAndTheCommandLineWins() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = folder.url.appendingPathComponent(try folder.write("plan.json", Self.plan)).path
        try folder.write(
            ".flowgraph.json", ##"{"graphviz": {"graph": {"rankdir": "LR"}, "edge": {"color": "#123456"}}}"##)
        let fromFile = folder.url.appendingPathComponent("file.svg").path
        #expect(Self.run(["render", plan, "-o", fromFile, "-q"]).status == 0)
        let svg = try String(contentsOfFile: fromFile, encoding: .utf8)
        let plainSize = try Self.size(
            Self.svg(["render", plan, "-o", folder.url.appendingPathComponent("plain.svg").path, "-Grankdir=TB"]))
        #expect(try Self.size(svg).width > plainSize.width * 1.5)
        #expect(svg.contains("stroke=\"#123456\""))

        let overridden = folder.url.appendingPathComponent("line.svg").path
        #expect(Self.run(["render", plan, "-o", overridden, "-q", "-Ecolor=#654321"]).status == 0)
        let line = try String(contentsOfFile: overridden, encoding: .utf8)
        #expect(line.contains("stroke=\"#654321\"") && !line.contains("#123456"))
        #expect(try Self.size(line).width > plainSize.width * 1.5, "the file's -G still applies")
    }

    @Test func projectFileRefusalsAreLocated() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = folder.url.appendingPathComponent(try folder.write("plan.json", Self.plan)).path
        try folder.write(".flowgraph.json", #"{"graphviz": {"node": {"shapefile": "/etc/passwd"}, "edges": {}}}"#)
        let refused = Self.run(["render", plan, "-o", folder.url.appendingPathComponent("x.svg").path])
        #expect(refused.status == 1)
        #expect(
            refused.errors.contains(
                ".flowgraph.json:1:37: graphviz.node.shapefile: -Nshapefile makes Graphviz read a file"))
        #expect(refused.errors.contains("graphviz.edges: unknown key 'edges'; known keys are graph, node, edge"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("x.svg").path))
    }

    @Test(arguments: [
        (["-Nimage=/etc/passwd"], "-Nimage makes Graphviz read a file, which FlowGraph never lets a drawing do"),
        (["-Gimagepath=/"], "-Gimagepath makes Graphviz read a file"),
        (["-Nshape=epsf"], "-Nshape=epsf draws the shape from a file"),
        (["-Nrankdir=LR"], "-Nrankdir is not a node attribute FlowGraph passes to Graphviz; rankdir is a -G attribute"),
        (
            ["-Gfontnme=Inter"],
            "-Gfontnme is not a graph attribute FlowGraph passes to Graphviz; did you mean '-Gfontname'?"
        ),
        (["-Eclass=x"], "-Eclass is not an edge attribute FlowGraph passes to Graphviz; the edge attributes taken are"),
        (["-Grankdir"], "-G takes NAME=VALUE (e.g. -Gfontsize=14), not 'rankdir'"),
        (["-Gbgcolor="], "-Gbgcolor needs a value: -Gbgcolor=VALUE"),
        (["-N"], "-N needs a value: -N NAME=VALUE"),
    ])
    func refusalsSayWhatIsWrongAndWriteNothing(arguments: [String], message: String) throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = folder.url.appendingPathComponent(try folder.write("plan.json", Self.plan)).path
        let output = folder.url.appendingPathComponent("out.svg").path
        let result = Self.run(["render", plan, "-o", output] + arguments)
        #expect(result.status == 2)
        #expect(result.errors.contains(message), "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    @Test func overridesReachEveryNodeAndEdgeInsideClusters() {
        var overrides = AttributeOverrides()
        overrides.set("color", "red", on: .node)
        overrides.set("style", "dashed", on: .edge)
        overrides.set("rankdir", "LR", on: .graph)
        let inner = Subgraph(id: "inner", nodes: [Node(id: "b", attributes: ["color": "blue", "shape": "box"])])
        let diagram = Diagram(
            attributes: ["rankdir": "TB"], nodes: [Node(id: "a")],
            edges: [Edge(from: "a", to: "b", attributes: ["style": "bold"])],
            subgraphs: [Subgraph(id: "outer", subgraphs: [inner])])
        let applied = overrides.applied(to: diagram)
        #expect(applied.attributes["rankdir"] == "LR")
        #expect(applied.nodes[0].attributes["color"] == "red")
        let nested = applied.subgraphs[0].subgraphs[0].nodes[0]
        #expect(nested.attributes["color"] == "red" && nested.attributes["shape"] == "box")
        #expect(applied.edges[0].attributes["style"] == "dashed")
        #expect(AttributeOverrides().applied(to: diagram) == diagram)
    }

    /// A `dpi` set with `-G` counts in the PNG's size: one too large is refused, and the message says the size
    /// it would have had at that dpi, not at FlowGraph's own 96.
    @Test func aPNGMadeTooLargeByDpiIsRefusedAtItsRealSize() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = folder.url.appendingPathComponent(
            try folder.write("stack.json", #"{"root": "Home", "start": [".push(A)"]}"#)
        ).path
        let output = folder.url.appendingPathComponent("stack.png").path
        let plain = Self.run(["render", plan, "-o", output, "-q"])
        #expect(plain.status == 0, "\(plain.errors)")
        let width = try #require(
            try Data(contentsOf: URL(fileURLWithPath: output))[16..<20].reduce(0) { $0 << 8 | Int($1) } as Int?)
        try FileManager.default.removeItem(atPath: output)
        let result = Self.run(["render", plan, "-o", output, "-Gdpi=96000"])
        #expect(result.status == 1)
        // 1,000 times the pixels of the 96 dpi PNG, give or take the rounding of each.
        let said = try #require(result.errors.firstMatch(of: #/would be a ([0-9]+)×/#).flatMap { Int($0.1) })
        #expect(abs(said - width * 1000) < 1000, "\(result.errors)")
        #expect(!FileManager.default.fileExists(atPath: output))
    }
}
