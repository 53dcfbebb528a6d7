import Foundation
import Testing

@testable import Graphviz

/// The ids a diagram's elements carry in SVG, and namespacing them so several drawings share one HTML page.
@Suite struct ElementIDTests {
    /// Every `id="…"` value in `svg`, in order.
    static func ids(_ svg: String) -> [String] {
        svg.components(separatedBy: " id=\"").dropFirst().compactMap { $0.components(separatedBy: "\"").first }
    }

    static func clustered() -> Diagram {
        Diagram(
            name: "G",
            nodes: [Node(id: "free"), Node(id: "named", attributes: ["id": "mine"])],
            edges: [Edge(from: "free", to: "inside"), Edge(from: "named", to: "free", attributes: ["id": "link"])],
            subgraphs: [
                Subgraph(id: "box", nodes: [Node(id: "inside", attributes: ["id": "deep"])]),
                Subgraph(id: "plain", attributes: ["id": "group"], nodes: [Node(id: "other")]),
            ])
    }

    @Test func elementIDsAreTheNodesOwnFoundInSubgraphsToo() {
        let diagram = Self.clustered()
        #expect(diagram.elementID(ofNode: "named") == "mine")
        #expect(diagram.elementID(ofNode: "inside") == "deep")
        #expect(diagram.elementID(ofNode: "free") == nil, "Graphviz makes up ids for nodes without one")
        #expect(diagram.elementID(ofNode: "missing") == nil)
    }

    @Test func namespacedDiagramsWriteEveryIDInTheirNamespace() throws {
        let diagram = Self.clustered()
        let namespaced = diagram.namespacingIDs("s2")
        #expect(namespaced.elementID(ofNode: "named") == "s2_mine")
        #expect(namespaced.elementID(ofNode: "inside") == "s2_deep")
        let svg = String(decoding: try namespaced.render(to: .svg), as: UTF8.self)
        let ids = Self.ids(svg)
        #expect(
            ids.contains("s2_mine") && ids.contains("s2_deep") && ids.contains("s2_link") && ids.contains("s2_group"))
        #expect(ids.count >= 8, "\(ids)")
        for id in ids { #expect(id == "s2" || id.hasPrefix("s2_"), "\(id) is outside the namespace") }
        // Two namespaced drawings of the same diagram share no id; unnamespaced, they share them all.
        let other = Self.ids(String(decoding: try diagram.namespacingIDs("s3").render(to: .svg), as: UTF8.self))
        #expect(Set(ids).isDisjoint(with: other))
        let plain = Self.ids(String(decoding: try diagram.render(to: .svg), as: UTF8.self))
        #expect(plain.contains("mine") && !plain.contains { $0.hasPrefix("s2") })
    }

    @Test func namespacingChangesNothingButIDs() throws {
        let diagram = Self.clustered()
        let namespaced = diagram.namespacingIDs("x")
        #expect(namespaced.nodes.map(\.id) == diagram.nodes.map(\.id))
        #expect(namespaced.edges.map(\.from) == diagram.edges.map(\.from))
        #expect(namespaced.subgraphs.map(\.id) == diagram.subgraphs.map(\.id))
        let plain = String(decoding: try diagram.render(to: .svg), as: UTF8.self)
        let spaced = String(decoding: try namespaced.render(to: .svg), as: UTF8.self)
        #expect(plain.count(of: "<g ") == spaced.count(of: "<g "))
        #expect(plain.count(of: "<text") == spaced.count(of: "<text"))
    }
}

extension String {
    /// How many times `part` occurs.
    fileprivate func count(of part: String) -> Int { components(separatedBy: part).count - 1 }
}
