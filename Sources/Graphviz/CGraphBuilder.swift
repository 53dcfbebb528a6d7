internal import CGraphviz
internal import CGraphvizSupport

/// Builds a cgraph graph from a `Diagram`; only used inside `GraphvizContext.run`.
///
/// The caller owns the graph and closes it with `agclose` (in a `defer` in the same function).
struct CGraphBuilder {
    typealias GraphPointer = UnsafeMutablePointer<Agraph_t>
    typealias NodePointer = UnsafeMutablePointer<Agnode_t>

    let graph: GraphPointer
    private var nodes: [String: NodePointer] = [:]
    private let defaultNodeLabel: Bool
    /// Graph attributes of the diagram that its subgraphs must not inherit.
    private var rootOnlyAttributes: [String] = []
    /// The markup of the HTML label being set, reused from label to label.
    private var markup: [UInt8] = []

    /// Graph attributes that name or describe one graph: a graph `label` must not reappear on every cluster.
    private static let notInherited: Set<String> = ["label", "id", "class", "tooltip", "comment"]

    /// Opens an empty graph for `diagram`; returns `nil` when cgraph cannot allocate it.
    ///
    /// The graph numbers its objects in creation order (the shim's sequential ID discipline) instead of
    /// cgraph's default, which uses the addresses of their names: cgraph keeps subgraphs sorted by ID, so only
    /// this makes clusters come out in insertion order, identically on every render.
    static func open(_ diagram: Diagram) throws(GraphvizError) -> GraphPointer? {
        try checkIdentifier(diagram.name)
        let description = diagram.isDirected ? cgraphviz_directed() : cgraphviz_undirected()
        return withMutableCString(diagram.name) { cgraphviz_open_ordered($0, description) }
    }

    /// Prepares to fill `graph` (opened by `open`).
    init(graph: GraphPointer, diagram: Diagram) {
        self.graph = graph
        self.defaultNodeLabel = diagram.nodeDefaults["label"] == nil
    }

    /// Adds everything in `diagram` to the graph, in insertion order.
    mutating func build(_ diagram: Diagram) throws(GraphvizError) {
        try Self.checkAttributes(diagram.attributes)
        try Self.checkAttributes(diagram.nodeDefaults)
        try Self.checkAttributes(diagram.edgeDefaults)
        // Defaults first, so objects created later see them.
        for (name, value) in diagram.nodeDefaults.entries {
            declareDefault(kind: AGNODE, name: name, value: TextEscaping.attributeValue(name: name, value: value))
        }
        for (name, value) in diagram.edgeDefaults.entries {
            declareDefault(kind: AGEDGE, name: name, value: TextEscaping.attributeValue(name: name, value: value))
        }
        // Graph attributes before subgraphs, so clusters inherit `fontname`, `style`… as in DOT.
        try setAttributes(diagram.attributes, label: diagram.label, on: UnsafeMutableRawPointer(graph))
        rootOnlyAttributes = diagram.attributes.entries.map(\.name).filter(Self.notInherited.contains)
        if diagram.label != nil, !rootOnlyAttributes.contains("label") { rootOnlyAttributes.append("label") }
        for node in diagram.nodes { try add(node, to: graph) }
        for subgraph in diagram.subgraphs { try add(subgraph, to: graph) }
        for edge in diagram.edges { try add(edge) }
    }

    private mutating func add(_ node: Node, to parent: GraphPointer) throws(GraphvizError) {
        try Self.checkIdentifier(node.id)
        guard let pointer = Self.withMutableCString(node.id, { agnode(parent, $0, 1) }) else {
            throw GraphvizError(.graphvizReported, messages: ["agnode failed for \"\(node.id)\""])
        }
        let isNew = nodes[node.id] == nil
        nodes[node.id] = pointer
        var label = node.label
        if label == nil, isNew, defaultNodeLabel, node.attributes["label"] == nil {
            // Graphviz's default label is `\N`, which would expand escapes in the id: spell it out instead.
            label = .text(node.id)
        }
        try setAttributes(node.attributes, label: label, on: UnsafeMutableRawPointer(pointer))
        if let link = node.link { set("URL", link.attributeValue, on: UnsafeMutableRawPointer(pointer)) }
    }

    private mutating func add(_ subgraph: Subgraph, to parent: GraphPointer) throws(GraphvizError) {
        try Self.checkIdentifier(subgraph.id)
        let name = subgraph.isCluster ? "cluster_" + subgraph.id : subgraph.id
        guard let pointer = Self.withMutableCString(name, { agsubg(parent, $0, 1) }) else {
            throw GraphvizError(.graphvizReported, messages: ["agsubg failed for \"\(name)\""])
        }
        for name in rootOnlyAttributes {
            // A local default (so DOT export writes `graph [label=""]` in the subgraph) and the value itself.
            Self.withMutableCString(name) { namePointer in
                Self.withMutableCString("") { empty in
                    _ = agattr(pointer, AGRAPH, namePointer, empty)
                    _ = agsafeset(UnsafeMutableRawPointer(pointer), namePointer, empty, empty)
                }
            }
        }
        try setAttributes(subgraph.attributes, label: subgraph.label, on: UnsafeMutableRawPointer(pointer))
        for node in subgraph.nodes { try add(node, to: pointer) }
        for child in subgraph.subgraphs { try add(child, to: pointer) }
    }

    private mutating func add(_ edge: Edge) throws(GraphvizError) {
        guard let tail = nodes[edge.from] else { throw GraphvizError(.unknownNode(id: edge.from)) }
        guard let head = nodes[edge.to] else { throw GraphvizError(.unknownNode(id: edge.to)) }
        guard let pointer = agedge(graph, tail, head, nil, 1) else {
            throw GraphvizError(.graphvizReported, messages: ["agedge failed for \(edge.from) -> \(edge.to)"])
        }
        try setAttributes(edge.attributes, label: edge.label, on: UnsafeMutableRawPointer(pointer))
        if let link = edge.link { set("URL", link.attributeValue, on: UnsafeMutableRawPointer(pointer)) }
    }

    /// Sets escaped attributes, then the label (HTML labels through `agstrdup_html`), on a graph object.
    private mutating func setAttributes(
        _ attributes: Attributes, label: Label?, on object: UnsafeMutableRawPointer
    ) throws(GraphvizError) {
        try Self.checkAttributes(attributes)
        attributes.forEachEntry { name, value in
            guard label == nil || name != "label" else { return }
            set(name, TextEscaping.attributeValue(name: name, value: value), on: object)
        }
        switch label {
        case .none:
            break
        case .text(let text):
            set("label", TextEscaping.escapeLabel(text), on: object)
        case .html(let html):
            try html.writeGraphvizMarkup(into: &markup)
            let graph = graph
            markup.withUnsafeMutableBytes { bytes in
                let markupPointer = bytes.baseAddress!.assumingMemoryBound(to: CChar.self)
                // agstrdup_html marks the shared string as HTML; agsafeset takes its own reference.
                let htmlString = agstrdup_html(graph, markupPointer)
                defer { _ = agstrfree(graph, htmlString) }
                Self.withMutableCString("label") { namePointer in
                    Self.withMutableCString("") { _ = agsafeset(object, namePointer, htmlString, $0) }
                }
            }
        }
    }

    private func set(_ name: String, _ value: String, on object: UnsafeMutableRawPointer) {
        Self.withMutableCString(name) { namePointer in
            Self.withMutableCString(value) { valuePointer in
                Self.withMutableCString("") { _ = agsafeset(object, namePointer, valuePointer, $0) }
            }
        }
    }

    private func declareDefault(kind: Int32, name: String, value: String) {
        Self.withMutableCString(name) { namePointer in
            Self.withMutableCString(value) { _ = agattr(graph, kind, namePointer, $0) }
        }
    }

    private static func checkIdentifier(_ id: String) throws(GraphvizError) {
        guard TextEscaping.isValidIdentifier(id) else { throw GraphvizError(.invalidIdentifier(id)) }
    }

    private static func checkAttributes(_ attributes: Attributes) throws(GraphvizError) {
        try attributes.forEachEntry { (name, value) throws(GraphvizError) in
            guard TextEscaping.isPlainName(name) else {
                throw GraphvizError(
                    .invalidAttribute(name: name, reason: "attribute names are ASCII letters, digits and `_`"))
            }
            let lowercased = TextEscaping.asciiLowercased(name)
            guard !TextEscaping.refusedAttributes.contains(lowercased) else {
                throw GraphvizError(.refusedAttribute(name: name))
            }
            if lowercased == "charset" {
                let normalized = value.lowercased().filter { $0.isLetter || $0.isNumber }
                guard normalized == "utf8" else {
                    throw GraphvizError(
                        .invalidAttribute(name: name, reason: "only UTF-8 is supported; remove `charset`"))
                }
            }
        }
    }

    /// Clears a graph attribute back to empty (e.g. the `bb` that `gvLayout` sets, before DOT export).
    static func clearGraphAttribute(_ name: String, of graph: GraphPointer) {
        withMutableCString(name) { namePointer in
            withMutableCString("") { _ = agsafeset(UnsafeMutableRawPointer(graph), namePointer, $0, $0) }
        }
    }

    /// Gives a laid-out graph the ids ``Diagram/namespacingIDs(_:)`` gives its diagram: `prefix` on the graph,
    /// `prefix_` before every node's, edge's and subgraph's own id (objects without one keep none).
    static func namespaceIDs(_ prefix: String, of graph: GraphPointer) {
        withMutableCString("id") { name in
            let nodeID = agattr(graph, AGNODE, name, nil)
            let edgeID = agattr(graph, AGEDGE, name, nil)
            func prefixed(_ object: UnsafeMutableRawPointer, _ symbol: UnsafeMutablePointer<Agsym_t>) {
                guard let value = agxget(object, symbol), value.pointee != 0 else { return }
                withMutableCString(prefix + "_" + String(cString: value)) { _ = agxset(object, symbol, $0) }
            }
            var node = agfstnode(graph)
            while let current = node {
                if let nodeID { prefixed(UnsafeMutableRawPointer(current), nodeID) }
                if let edgeID {
                    var edge = agfstout(graph, current)
                    while let currentEdge = edge {
                        prefixed(UnsafeMutableRawPointer(currentEdge), edgeID)
                        edge = agnxtout(graph, currentEdge)
                    }
                }
                node = agnxtnode(graph, current)
            }
            func prefixSubgraphs(of parent: GraphPointer) {
                var subgraph = agfstsubg(parent)
                while let current = subgraph {
                    if let symbol = agattr(current, AGRAPH, name, nil) {
                        prefixed(UnsafeMutableRawPointer(current), symbol)
                    }
                    prefixSubgraphs(of: current)
                    subgraph = agnxtsubg(current)
                }
            }
            prefixSubgraphs(of: graph)
            withMutableCString(prefix) { value in
                withMutableCString("") { _ = agsafeset(UnsafeMutableRawPointer(graph), name, value, $0) }
            }
            // The layout copied the graph's id (none) for the ids Graphviz makes up; they take the new one.
            _ = cgraphviz_set_drawing_id(graph, prefix)
        }
    }

    /// Calls `body` with a mutable C copy of `text` (cgraph's API takes `char *` but copies the string).
    static func withMutableCString<R>(_ text: String, _ body: (UnsafeMutablePointer<CChar>) -> R) -> R {
        text.withCString { body(UnsafeMutablePointer(mutating: $0)) }
    }
}
