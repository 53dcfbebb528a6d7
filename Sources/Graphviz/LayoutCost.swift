/// How much work a diagram is for Graphviz's layout, counted from the ``Diagram`` value before it is laid out.
///
/// `dot` spends time and memory super-linearly in nodes, edges and clusters (measured: a cluster costs
/// about as much as four nodes, and its memory grows fastest); HTML-like table cells are cheap (each is sized, not placed by
/// the layout), so 16 count as one unit. ``units`` folds these into one number that a caller can compare
/// with a budget before it calls Graphviz.
public struct LayoutCost: Hashable, Sendable {
    /// Nodes, in the graph and in every subgraph.
    public var nodes = 0
    /// Edges.
    public var edges = 0
    /// Clusters (subgraphs drawn as boxes).
    public var clusters = 0
    /// Cells of HTML-like tables, in every label.
    public var htmlCells = 0

    /// Creates an empty size.
    public init() {}

    /// The layout cost in one number: nodes + edges + 4 × clusters + HTML cells / 16.
    public var units: Int {
        nodes + edges + 4 * clusters + htmlCells / 16
    }

    /// Adds the cells of an HTML-like label.
    mutating func count(_ label: Label?) {
        guard case .html(let html) = label else { return }
        count(html)
    }

    private mutating func count(_ html: HTML) {
        switch html {
        case .text, .lineBreak: break
        case .concat(let parts): for part in parts { count(part) }
        case .font(_, let inner), .bold(let inner), .italic(let inner), .underline(let inner),
            .strikethrough(let inner), .subscript(let inner):
            count(inner)
        case .table(let table):
            for row in table.rows {
                htmlCells += row.count
                for cell in row { count(cell.content) }
            }
        }
    }
}

extension Diagram {
    /// The size of this diagram's layout (see ``LayoutCost``), counted without calling Graphviz.
    public var layoutCost: LayoutCost {
        var size = LayoutCost()
        size.count(label)
        func add(_ nodes: [Node]) {
            size.nodes += nodes.count
            for node in nodes { size.count(node.label) }
        }
        func add(_ subgraphs: [Subgraph]) {
            for subgraph in subgraphs {
                if subgraph.isCluster { size.clusters += 1 }
                size.count(subgraph.label)
                add(subgraph.nodes)
                add(subgraph.subgraphs)
            }
        }
        add(nodes)
        add(subgraphs)
        size.edges = edges.count
        for edge in edges { size.count(edge.label) }
        return size
    }
}
