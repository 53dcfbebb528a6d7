/// A graph to lay out and render: a pure Swift value, turned into a cgraph graph only while rendering.
///
/// Nodes, edges and clusters keep their insertion order, so identical diagrams render to
/// identical bytes.
public struct Diagram: Hashable, Sendable {
    /// The graph's name (emitted as the DOT graph name and the SVG title).
    public var name: String
    /// Whether edges have a direction.
    public var isDirected: Bool
    /// The graph's own label (a title, or an HTML block such as a header with a legend), or `nil`.
    ///
    /// Drawn once for the whole graph, never inherited by clusters; it wins over a `label` in `attributes`.
    /// Place it with the `labelloc` (`t`/`b`) and `labeljust` (`l`/`c`/`r`) attributes: for the root graph,
    /// unlike clusters, `labelloc=t` means the top whatever the `rankdir`.
    public var label: Label?
    /// Attributes of the graph itself (`rankdir`, `bgcolor`, …).
    public var attributes: Attributes
    /// Defaults applied to every node.
    public var nodeDefaults: Attributes
    /// Defaults applied to every edge.
    public var edgeDefaults: Attributes
    /// Nodes at the top level, outside any cluster.
    public var nodes: [Node]
    /// All edges; their endpoints are node ids anywhere in the diagram.
    public var edges: [Edge]
    /// Clusters and plain subgraphs at the top level.
    public var subgraphs: [Subgraph]

    /// Creates an empty diagram.
    public init(
        name: String = "G",
        isDirected: Bool = true,
        label: Label? = nil,
        attributes: Attributes = [:],
        nodeDefaults: Attributes = [:],
        edgeDefaults: Attributes = [:],
        nodes: [Node] = [],
        edges: [Edge] = [],
        subgraphs: [Subgraph] = []
    ) {
        self.name = name
        self.isDirected = isDirected
        self.label = label
        self.attributes = attributes
        self.nodeDefaults = nodeDefaults
        self.edgeDefaults = edgeDefaults
        self.nodes = nodes
        self.edges = edges
        self.subgraphs = subgraphs
    }
}

/// A node of a diagram.
public struct Node: Hashable, Sendable {
    /// The node's name in the graph (the SVG `<title>`); non-empty, without control characters.
    ///
    /// Listing the same id again (e.g. in a `rank=same` subgraph) refers to the same node, as in DOT:
    /// it joins that subgraph too, and the later attributes are added.
    public var id: String
    /// What the node shows.
    public var label: Label?
    /// Other attributes (`shape`, `style`, `fillcolor`, `class`, `tooltip`, …).
    public var attributes: Attributes
    /// Where the node leads when clicked in an SVG (Graphviz's `URL`), if anywhere.
    public var link: Link?

    /// Creates a node.
    public init(id: String, label: Label? = nil, attributes: Attributes = [:], link: Link? = nil) {
        self.id = id
        self.label = label
        self.attributes = attributes
        self.link = link
    }
}

/// An edge between two nodes, by id.
public struct Edge: Hashable, Sendable {
    /// The id of the node the edge starts at.
    public var from: String
    /// The id of the node the edge ends at.
    public var to: String
    /// The edge's label, if any.
    public var label: Label?
    /// Other attributes (`style`, `color`, `arrowhead`, `class`, …).
    public var attributes: Attributes
    /// Where the edge leads when clicked in an SVG (Graphviz's `URL`), if anywhere.
    public var link: Link?

    /// Creates an edge.
    public init(from: String, to: String, label: Label? = nil, attributes: Attributes = [:], link: Link? = nil) {
        self.from = from
        self.to = to
        self.label = label
        self.attributes = attributes
        self.link = link
    }
}

/// A subgraph: a cluster (drawn as a box around its contents) or a plain group (e.g. `rank=same`).
public struct Subgraph: Hashable, Sendable {
    /// The subgraph's name without the `cluster_` prefix; unique in the diagram.
    public var id: String
    /// Whether the subgraph is drawn as a cluster.
    public var isCluster: Bool
    /// The cluster's label, if any.
    public var label: Label?
    /// Other attributes (`style`, `color`, `rank`, `class`, …).
    public var attributes: Attributes
    /// Nodes inside the subgraph.
    public var nodes: [Node]
    /// Subgraphs nested inside this one.
    public var subgraphs: [Subgraph]

    /// Creates a subgraph.
    public init(
        id: String,
        isCluster: Bool = true,
        label: Label? = nil,
        attributes: Attributes = [:],
        nodes: [Node] = [],
        subgraphs: [Subgraph] = []
    ) {
        self.id = id
        self.isCluster = isCluster
        self.label = label
        self.attributes = attributes
        self.nodes = nodes
        self.subgraphs = subgraphs
    }
}

/// What a node, edge or cluster shows.
public enum Label: Hashable, Sendable {
    /// Plain text, drawn exactly as given (no `\N` or `\n` escapes are interpreted).
    case text(String)
    /// An HTML-like label: formatted text or a table.
    case html(HTML)
}

/// Graphviz attributes by name, kept in a stable order.
///
/// Values are plain text: the renderer escapes them where Graphviz would interpret
/// escapes, and refuses attributes that read files or reach the network.
public struct Attributes: Hashable, Sendable, ExpressibleByDictionaryLiteral {
    /// The attributes as name–value pairs, sorted by name.
    public var entries: [(name: String, value: String)] {
        storage.map { ($0.name, $0.value) }
    }

    private struct Entry: Hashable, Sendable {
        var name: String
        var value: String
    }

    private var storage: [Entry] = []

    /// Calls `body` with each name and value, sorted by name, without making the array ``entries`` makes.
    ///
    /// Labels are written and graphs built attribute by attribute; `entries` would allocate an array (and
    /// retain every string) for each of the thousands of attribute sets a batch writes.
    func forEachEntry<Failure: Error>(_ body: (String, String) throws(Failure) -> Void) throws(Failure) {
        for entry in storage { try body(entry.name, entry.value) }
    }

    /// Creates attributes from pairs; later pairs win.
    public init(dictionaryLiteral elements: (String, String)...) {
        storage.reserveCapacity(elements.count)
        for (name, value) in elements { self[name] = value }
    }

    /// Creates empty attributes.
    public init() {}

    /// The value of an attribute, or `nil`; setting `nil` removes it.
    public subscript(name: String) -> String? {
        get { storage.first { $0.name == name }?.value }
        set {
            // Attributes are mostly written in name order: a name after the last one is appended.
            if let newValue, storage.last.map({ $0.name < name }) ?? true {
                storage.append(Entry(name: name, value: newValue))
                return
            }
            let index = storage.firstIndex { $0.name >= name }
            if let index, storage[index].name == name {
                if let newValue { storage[index].value = newValue } else { storage.remove(at: index) }
            } else if let newValue {
                storage.insert(Entry(name: name, value: newValue), at: index ?? storage.endIndex)
            }
        }
    }

    /// These attributes with `other`'s values added (and winning).
    public func merging(_ other: Attributes) -> Attributes {
        var result = self
        for entry in other.storage { result[entry.name] = entry.value }
        return result
    }

    /// Whether there are no attributes.
    public var isEmpty: Bool { storage.isEmpty }
}

extension Diagram {
    /// The `id` the element drawing node `name` carries in SVG output, or `nil` when the node has none.
    ///
    /// Graphviz writes a node's `id` attribute as its SVG group's `id`; a node without one gets an id Graphviz
    /// makes up (`node3`), which depends on the order of creation and is not given here. Looks in subgraphs too.
    public func elementID(ofNode name: String) -> String? {
        func find(_ nodes: [Node], _ subgraphs: [Subgraph]) -> String? {
            if let node = nodes.first(where: { $0.id == name }), let id = node.attributes["id"] { return id }
            for subgraph in subgraphs {
                if let id = find(subgraph.nodes, subgraph.subgraphs) { return id }
            }
            return nil
        }
        return find(nodes, subgraphs)
    }

    /// This diagram with every element id of its SVG output in the namespace `prefix`, so that several
    /// drawings can share one HTML page without two elements sharing an id.
    ///
    /// The graph's `id` becomes `prefix`; Graphviz then writes the ids it makes up as `<prefix>_node1`,
    /// `<prefix>_edge1`, `<prefix>_clust1`. Every `id` attribute of a node, edge or subgraph becomes
    /// `<prefix>_<id>`; read it back with ``elementID(ofNode:)``. `prefix` is a plain name (letters, digits,
    /// `-`, `_`), as ids in HTML are best kept.
    public func namespacingIDs(_ prefix: String) -> Diagram {
        var diagram = mappingElementIDs { $0.map { prefix + "_" + $0 } }
        diagram.attributes["id"] = prefix
        return diagram
    }

    /// This diagram with the `id` attribute of the graph and of every node, edge and subgraph replaced by
    /// `transform` of it (`nil`: none; returning `nil` removes it).
    func mappingElementIDs(_ transform: (String?) -> String?) -> Diagram {
        func mapped(_ attributes: Attributes) -> Attributes {
            var attributes = attributes
            attributes["id"] = transform(attributes["id"])
            return attributes
        }
        func mapped(_ subgraph: Subgraph) -> Subgraph {
            var subgraph = subgraph
            subgraph.attributes = mapped(subgraph.attributes)
            subgraph.nodes = subgraph.nodes.map { node in
                var node = node
                node.attributes = mapped(node.attributes)
                return node
            }
            subgraph.subgraphs = subgraph.subgraphs.map(mapped)
            return subgraph
        }
        var diagram = self
        diagram.attributes = mapped(attributes)
        diagram.nodes = nodes.map { node in
            var node = node
            node.attributes = mapped(node.attributes)
            return node
        }
        diagram.edges = edges.map { edge in
            var edge = edge
            edge.attributes = mapped(edge.attributes)
            return edge
        }
        diagram.subgraphs = subgraphs.map(mapped)
        return diagram
    }
}
