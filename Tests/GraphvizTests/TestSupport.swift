import FlowGraphTestSupport
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

/// A diagram with an HTML table, several nodes and edges, and classes — but no clusters.
func tableDiagram(title: String = "Deep link") -> Diagram {
    let rows = (0..<4).map { index in
        [
            HTMLCell(.bold(.text("step \(index)"))),
            HTMLCell(.text("push(\(index))"), attributes: ["bgcolor": "#eeeeff"]),
        ]
    }
    var diagram = Diagram(
        name: "Table",
        attributes: ["rankdir": "LR", "label": title, "fontname": "Helvetica"],
        nodeDefaults: ["shape": "box", "fontname": "Helvetica"]
    )
    diagram.nodes.append(
        Node(id: "steps", label: .html(.table(HTMLTable(attributes: ["border": "0", "cellborder": "1"], rows: rows)))))
    for index in 0..<6 {
        diagram.nodes.append(
            Node(id: "s\(index)", label: .text("Screen \(index)"), attributes: ["class": "route-\(index)"]))
        diagram.edges.append(Edge(from: index == 0 ? "steps" : "s\(index - 1)", to: "s\(index)", label: .text("push")))
    }
    return diagram
}

/// The SVG parsed as XML; fails the test if it is not well-formed.
func parseSVG(_ data: Data) throws -> XMLDocument {
    try XMLDocument(data: data)
}

/// The string values of every `<text>` element, in document order.
func svgTexts(_ document: XMLDocument) throws -> [String] {
    document.query("//*[local-name()='text']").compactMap { $0.stringValue }
}

/// The value of `attribute` on every element that has it.
func svgAttributeValues(_ document: XMLDocument, _ attribute: String) throws -> [String] {
    document.query("//@*[local-name()='\(attribute)']").compactMap { $0.stringValue }
}

/// Width and height from a PNG's IHDR chunk.
func pngSize(_ data: Data) -> (width: Int, height: Int) {
    let bytes = Array(data)
    func word(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
    return (word(16), word(20))
}

/// An attribute's value on an element (FoundationXML's `attribute(forName:)` misses un-namespaced ones).
func attributeValue(_ element: XMLElement, _ name: String) -> String? {
    element.attributes?.first { $0.name == name }?.stringValue
}

/// The SVG `<g>` element with the given `id`.
func svgGroup(_ document: XMLDocument, id: String) throws -> XMLElement? {
    document.query("//*[local-name()='g']").compactMap { $0 as? XMLElement }
        .first { attributeValue($0, "id") == id }
}

/// Runs one test of this test binary again in a child process (fresh process state, its own environment),
/// and returns the line it printed starting with `CHILD-RESULT:`.
func childTestResult(filter: String, environment extra: [String: String]) throws -> Substring {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = ["--testing-library", "swift-testing", "--filter", filter]
    process.environment = ProcessInfo.processInfo.environment.merging(extra) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return try #require(text.split(separator: "\n").first { $0.hasPrefix("CHILD-RESULT:") }, "\(text)")
}
