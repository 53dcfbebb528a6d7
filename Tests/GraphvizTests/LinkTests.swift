import Foundation
import Testing

@testable import Graphviz

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Links on nodes and edges: only web addresses, written as SVG links; Graphviz's own `URL` attributes stay
/// refused.
@Suite struct LinkTests {
    @Test(arguments: [
        "javascript:alert(1)", "file:///etc/passwd", "data:text/html,<b>", "//example.com/x", "App/Cart.swift",
        "https://example.com/a b", "https://example.com/\"onmouseover=\"x", "https://example.com/\\N",
        "https://example.com/<script>", "https://example.com/{file}", "https://exämple.com/",
        "https://example.com/" + String(repeating: "a", count: 2048),
    ])
    func addressesThatAreNotWebLinksAreRefused(_ text: String) {
        #expect(Link(text) == nil)
    }

    @Test func aWebAddressIsKept() {
        let url = "https://github.com/o/r/blob/0a1b/App/My%20Cart.swift#L12"
        #expect(Link(url)?.url == url)
        #expect(Link("HTTP://example.com/?a=1&b=2")?.url == "HTTP://example.com/?a=1&b=2")
    }

    @Test func nodesAndEdgesLinkInTheSVG() throws {
        let cart = try #require(Link("https://example.com/Cart.swift#L3"))
        let push = try #require(Link("https://example.com/Cart.swift#L9?a=1&b=2"))
        let diagram = Diagram(
            name: "Linked",
            nodes: [Node(id: "cart", label: .text("Cart"), link: cart), Node(id: "payment", label: .text("Payment"))],
            edges: [
                Edge(from: "cart", to: "payment", label: .text("push"), attributes: ["tooltip": "push"], link: push)
            ])
        let svg = String(decoding: try diagram.render(to: .svg), as: UTF8.self)
        #expect(svg.contains(#"<a xlink:href="https://example.com/Cart.swift#L3""#), "\(svg)")
        #expect(svg.contains(#"<a xlink:href="https://example.com/Cart.swift#L9?a=1&amp;b=2" xlink:title="push">"#))
        // The node, the edge's line and the edge's label.
        #expect(svg.components(separatedBy: "xlink:href").count == 4)
        #expect(try XMLDocument(data: Data(svg.utf8)).rootElement()?.name == "svg")
    }

    @Test(arguments: ["URL", "href", "labelURL", "edgehref"])
    func graphvizsOwnLinkAttributesStayRefused(_ name: String) {
        let diagram = Diagram(name: "Refused", nodes: [Node(id: "a", attributes: [name: "https://example.com"])])
        #expect { try diagram.render(to: .svg) } throws: {
            ($0 as? GraphvizError)?.kind == .refusedAttribute(name: name)
        }
    }
}
