import FlowGraphTestSupport
import Foundation
import Testing

@testable import Graphviz

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Subgraph, node and edge order must follow insertion order, render after render.
///
/// cgraph's default ID discipline uses the address of an object's interned name as its id, and keeps
/// subgraphs sorted by id: cluster order then depends on where malloc put the names. These tests intern the
/// names in *reverse* order first (as label text of earlier nodes), so address order is the opposite of
/// insertion order, and check that the output still follows insertion order.
@Suite("Insertion order and determinism")
struct OrderTests {
    /// The ids of the 10 clusters of `nestedClusters()`, in insertion (depth-first, pre-order) order.
    static let clusterIDs = [
        "app", "tabs", "feed", "feed_detail", "search", "settings", "sheet", "sheet_nav", "cover", "cover_inner",
    ]

    /// 10 clusters, siblings and nesting three deep, with nodes in each and edges across them.
    ///
    /// Before the clusters, top-level "decoy" nodes show the cluster and node names as labels, last first,
    /// so cgraph interns those strings in reverse order.
    static func nestedClusters(title: String = "Nested") -> Diagram {
        func cluster(_ id: String, _ children: [Subgraph] = []) -> Subgraph {
            Subgraph(
                id: id, label: .text(id.replacingOccurrences(of: "_", with: " ")),
                attributes: ["class": "c-\(id)"],
                nodes: [Node(id: "\(id)_a", label: .text("\(id) A")), Node(id: "\(id)_b", label: .text("\(id) B"))],
                subgraphs: children)
        }
        let tree = [
            cluster(
                "app",
                [
                    cluster("tabs", [cluster("feed", [cluster("feed_detail")]), cluster("search")]),
                    cluster("settings"),
                ]),
            cluster("sheet", [cluster("sheet_nav")]),
            cluster("cover", [cluster("cover_inner")]),
        ]
        let names = clusterIDs.flatMap { ["cluster_" + $0, $0 + "_a", $0 + "_b"] }
        var diagram = Diagram(name: "Nested", attributes: ["label": title], nodeDefaults: ["shape": "box"])
        diagram.nodes = names.reversed().enumerated().map { index, name in
            Node(id: "decoy\(index)", label: .text(name))
        }
        diagram.subgraphs = tree
        var previous: String?
        for id in clusterIDs {
            if let previous { diagram.edges.append(Edge(from: previous + "_a", to: id + "_b")) }
            diagram.edges.append(Edge(from: id + "_a", to: id + "_b"))
            previous = id
        }
        return diagram
    }

    /// The `<title>` of every SVG group of `kind` ("cluster", "node", "edge"), in document order.
    static func titles(_ svg: Data, kind: String) throws -> [String] {
        let document = try parseSVG(svg)
        return document.query("//*[local-name()='g']").compactMap { $0 as? XMLElement }
            .filter { attributeValue($0, "class")?.split(separator: " ").first == Substring(kind) }
            .compactMap { group in
                group.children?.first { $0.localName == "title" }?.stringValue
            }
    }

    @Test("Nested clusters come out in insertion order, in SVG and DOT")
    func clustersInInsertionOrder() throws {
        let outputs = try Self.nestedClusters().render(to: [.svg, .dot])
        let svgClusters = try Self.titles(try #require(outputs[.svg]), kind: "cluster")
        #expect(svgClusters == Self.clusterIDs.map { "cluster_" + $0 })
        let dot = String(decoding: try #require(outputs[.dot]), as: UTF8.self)
        let dotClusters = dot.split(separator: "\n").compactMap { line -> String? in
            let words = line.split(whereSeparator: \.isWhitespace)
            guard words.first == "subgraph", words.count > 1 else { return nil }
            return String(words[1])
        }
        #expect(dotClusters == Self.clusterIDs.map { "cluster_" + $0 })
    }

    @Test("Nested clusters rendered 50 times give identical SVG and DOT")
    func nestedClustersAreDeterministic() throws {
        let diagram = Self.nestedClusters()
        let first = try diagram.render(to: [.svg, .dot])
        var differing = 0
        for index in 0..<50 {
            // Other graphs in between move the heap around, as in a real batch.
            _ = try Self.nestedClusters(title: "other \(index)").render(to: .svg)
            if try diagram.render(to: [.svg, .dot]) != first { differing += 1 }
        }
        #expect(differing == 0, "\(differing) of 50 renders differed from the first")
    }

    @Test("50 nodes and their edges come out in insertion order, whatever their names")
    func nodesAndEdgesInInsertionOrder() throws {
        // Names that sort differently by text, and (interned last-first via the decoys) by address.
        let names = (0..<50).map { index in "n\((index * 37) % 50)-" + String(repeating: "z", count: 50 - index) }
        var diagram = Diagram(name: "Nodes", attributes: ["rankdir": "LR"])
        diagram.nodes = names.reversed().enumerated().map { Node(id: "decoy\($0)", label: .text($1)) }
        diagram.subgraphs = [Subgraph(id: "group", nodes: names.map { Node(id: $0) })]
        // Edges added last-first, plus a fan out of the first node in scrambled order.
        var edges = zip(names, names.dropFirst()).reversed().map { ($0, $1) }
        edges += (1..<50).map { (names[0], names[($0 * 13) % 50]) }.filter { $0.1 != names[0] && $0.1 != names[1] }
        diagram.edges = edges.map { Edge(from: $0.0, to: $0.1) }
        let first = try diagram.render(to: [.svg, .dot])
        let svg = try #require(first[.svg])
        let decoys = (0..<50).map { "decoy\($0)" }
        #expect(try Self.titles(svg, kind: "node") == decoys + names)
        // cgraph keeps a node's out-edges sorted by the head's insertion order (then the edge's), and Graphviz
        // writes them tail by tail: so the order follows node insertion order, never names or addresses.
        let position = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        func key(_ item: (offset: Int, element: (String, String))) -> (Int, Int, Int) {
            (position[item.element.0] ?? -1, position[item.element.1] ?? -1, item.offset)
        }
        let expectedEdges = edges.enumerated().sorted { key($0) < key($1) }.map { "\($0.element.0)->\($0.element.1)" }
        #expect(try Self.titles(svg, kind: "edge") == expectedEdges)
        for _ in 0..<20 { #expect(try diagram.render(to: [.svg, .dot]) == first) }
    }

    @Test("Graph, cluster, plain subgraph and node names survive in DOT export")
    func namesSurviveInDOT() throws {
        var diagram = Self.nestedClusters()
        diagram.subgraphs.append(Subgraph(id: "same", isCluster: false, attributes: ["rank": "same"]))
        diagram.subgraphs[diagram.subgraphs.count - 1].nodes = [Node(id: "app_a"), Node(id: "cover_a")]
        let dot = String(decoding: try diagram.render(to: .dot), as: UTF8.self)
        #expect(dot.hasPrefix("digraph Nested {"))
        #expect(dot.contains("subgraph cluster_feed_detail {"))
        #expect(dot.contains("subgraph same {"))
        #expect(dot.contains("feed_detail_a -> feed_detail_b"))
    }
}
