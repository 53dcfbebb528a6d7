/// Graphviz attributes a user gives as `dot` takes them (`-Grankdir=LR`, `-Nfontname=Inter`, `-Ecolor=gray40`),
/// set last: over the graph's own attributes, and on every node and every edge over their own.
///
/// Only attributes that change how a drawing is laid out or painted are taken (``allowed``); none that makes
/// Graphviz read a file (``readsFiles``), and none FlowGraph's own output relies on (`id`, `class`, links).
/// Every layout in a task sees ``current``: a command sets it around its work, a batch worker from its setup.
public struct AttributeOverrides: Hashable, Sendable, Codable {
    /// Which objects an override is set on: `-G` the graph, `-N` every node, `-E` every edge.
    public enum Target: String, CaseIterable, Hashable, Sendable, Codable {
        case graph = "G"
        case node = "N"
        case edge = "E"

        /// `graph`, `node` or `edge`, as messages and `.flowgraph.json` name it.
        public var word: String {
            switch self {
            case .graph: "graph"
            case .node: "node"
            case .edge: "edge"
            }
        }
    }

    /// The overrides of the graph itself.
    public var graph: Attributes = [:]
    /// The overrides set on every node.
    public var node: Attributes = [:]
    /// The overrides set on every edge.
    public var edge: Attributes = [:]

    /// No overrides.
    public init() {}

    /// The overrides every layout of the running task applies; none unless a command sets them.
    @TaskLocal public static var current = AttributeOverrides()

    /// Whether there is nothing to override.
    public var isEmpty: Bool { graph.isEmpty && node.isEmpty && edge.isEmpty }

    /// Attributes that make Graphviz read a file, never taken.
    public static let readsFiles: Set<String> = ["image", "imagepath", "fontpath", "shapefile", "stylesheet"]

    /// The attributes taken for each target, by name.
    public static let allowed: [Target: [String]] = [
        .graph: [
            "bgcolor", "center", "concentrate", "dpi", "fontcolor", "fontname", "fontsize", "forcelabels",
            "labeljust", "labelloc", "margin", "mclimit", "newrank", "nodesep", "nslimit", "ordering",
            "outputorder", "pad", "rankdir", "ranksep", "ratio", "remincross", "rotate", "searchsize", "size",
            "splines",
        ],
        .node: [
            "color", "distortion", "fillcolor", "fixedsize", "fontcolor", "fontname", "fontsize", "gradientangle",
            "height", "margin", "orientation", "penwidth", "peripheries", "regular", "shape", "sides", "skew",
            "style", "width",
        ],
        .edge: [
            "arrowhead", "arrowsize", "arrowtail", "color", "constraint", "decorate", "dir", "fillcolor",
            "fontcolor", "fontname", "fontsize", "headclip", "labelangle", "labeldistance", "labelfloat",
            "labelfontcolor", "labelfontname", "labelfontsize", "minlen", "penwidth", "style", "tailclip", "weight",
        ],
    ]

    /// Node shapes drawn from a file (`shapefile`, PostScript): refused as the attributes that read files are.
    static let shapesReadingFiles: Set<String> = ["custom", "epsf"]

    /// The longest value taken, in characters.
    public static let maximumValueLength = 256

    /// Why `name=value` cannot be set on `target`, in words that say what to do; `nil` when it can.
    public static func problem(setting name: String, to value: String, on target: Target) -> String? {
        let option = "-\(target.rawValue)\(name)"
        if readsFiles.contains(name) {
            return "\(option) makes Graphviz read a file, which FlowGraph never lets a drawing do"
        }
        guard let names = allowed[target], names.contains(name) else {
            let elsewhere = Target.allCases.filter { allowed[$0]?.contains(name) == true }.map { "-\($0.rawValue)" }
            let hint = elsewhere.isEmpty ? "" : "; \(name) is a \(elsewhere.joined(separator: "/")) attribute"
            let article = target == .edge ? "an" : "a"
            return "\(option) is not \(article) \(target.word) attribute FlowGraph passes to Graphviz\(hint)"
        }
        if value.isEmpty { return "\(option) needs a value: \(option)=VALUE" }
        if value.count > maximumValueLength {
            return "\(option): the value is \(value.count) characters, more than \(maximumValueLength)"
        }
        if value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "\(option): the value holds a control character"
        }
        if name == "shape", shapesReadingFiles.contains(value.lowercased()) {
            return "\(option)=\(value) draws the shape from a file, which FlowGraph never lets a drawing do"
        }
        return nil
    }

    /// Sets `name=value` on `target`, later settings of one name winning; `problem` must have found none.
    public mutating func set(_ name: String, _ value: String, on target: Target) {
        switch target {
        case .graph: graph[name] = value
        case .node: node[name] = value
        case .edge: edge[name] = value
        }
    }

    /// `diagram` with these overrides set last: on the graph, on every node and on every edge, in every
    /// subgraph; the diagram itself when there are none.
    public func applied(to diagram: Diagram) -> Diagram {
        guard !isEmpty else { return diagram }
        var result = diagram
        result.attributes = diagram.attributes.merging(graph)
        result.nodes = diagram.nodes.map(applied(to:))
        result.edges = diagram.edges.map(applied(to:))
        result.subgraphs = diagram.subgraphs.map(applied(to:))
        return result
    }

    private func applied(to node: Node) -> Node {
        var node = node
        node.attributes = node.attributes.merging(self.node)
        return node
    }

    private func applied(to edge: Edge) -> Edge {
        var edge = edge
        edge.attributes = edge.attributes.merging(self.edge)
        return edge
    }

    private func applied(to subgraph: Subgraph) -> Subgraph {
        var subgraph = subgraph
        subgraph.nodes = subgraph.nodes.map(applied(to:))
        subgraph.subgraphs = subgraph.subgraphs.map(applied(to:))
        return subgraph
    }
}

extension Attributes: Codable {
    /// Attributes as a JSON object of names to values.
    public init(from decoder: any Decoder) throws {
        self.init()
        for (name, value) in try decoder.singleValueContainer().decode([String: String].self) { self[name] = value }
    }

    /// Attributes as a JSON object of names to values.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Dictionary(entries.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 }))
    }
}
