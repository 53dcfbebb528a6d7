import Graphviz

/// Which way a navigation map comes out narrower, estimated from its ranks before anything is laid out.
///
/// The map ranks all its screens together (`newrank`), each arrow leading one rank on: laid out left to right,
/// its width is the sum of each rank's widest screen and the gaps between ranks; top to bottom, it is the widest
/// rank's screens side by side. Either is at least as wide as the map's title and legend.
enum MapDirection {
    /// Top to bottom when its estimated width is clearly smaller (by 5 %: the estimates are within a few
    /// percent of Graphviz's), else left to right. `map` is the map in either direction: the screens, arrows and
    /// labels are the same, only `rankdir` differs.
    static func narrower(_ map: Diagram) -> NavigationMapDiagram.Direction {
        let widths = estimatedWidths(map)
        return widths.down < 0.95 * widths.across ? .topToBottom : .leftToRight
    }

    /// The estimated widths in points of `map` laid out top to bottom and left to right.
    static func estimatedWidths(_ map: Diagram) -> (down: Double, across: Double) {
        let nodes = map.nodes + map.subgraphs.flatMap(allNodes)
        var width: [String: Double] = [:]
        for node in nodes { width[node.id] = nodeWidth(node) }
        let ranks = ranks(of: nodes.map(\.id), edges: map.edges)
        var widest: [Int: Double] = [:]
        for node in nodes { widest[ranks[node.id] ?? 0] = max(widest[ranks[node.id] ?? 0] ?? 0, width[node.id] ?? 0) }
        let nodeGap = 0.25 * 72
        let rankGap = 0.3 * 72 + 2 * 24  // ranksep, and the arrows' labels between ranks
        let across = widest.values.reduce(0, +) + rankGap * Double(max(widest.count - 1, 0)) + 24
        // Top to bottom, stacks whose ranks overlap stand side by side, each as wide as its widest rank or heading.
        var downRows: [Int: Double] = [:]
        for stack in map.subgraphs {
            var rows: [Int: Double] = [:]
            for node in allNodes(stack) {
                rows[ranks[node.id] ?? 0, default: -nodeGap] += (width[node.id] ?? 0) + nodeGap
            }
            guard let first = rows.keys.min(), let last = rows.keys.max() else { continue }
            let stackWidth =
                max(rows.values.max() ?? 0, labelWidth(stack.label, size: Typography.heading)) + 2 * 12 + nodeGap
            for rank in first...last { downRows[rank, default: 0] += stackWidth }
        }
        let title = labelWidth(map.label, size: Typography.body)
        return (max(downRows.values.max() ?? 0, title), max(across, title))
    }

    /// The width of an HTML label set at `size` points; 0 for none.
    private static func labelWidth(_ label: Label?, size: Int) -> Double {
        guard case .html(let html)? = label else { return 0 }
        return LabelWidth.of(html, size: size)
    }

    /// The nodes of a subgraph and of the subgraphs inside it.
    private static func allNodes(_ subgraph: Subgraph) -> [Node] {
        subgraph.nodes + subgraph.subgraphs.flatMap(allNodes)
    }

    /// A screen's width: its label's, with the node's margins.
    private static func nodeWidth(_ node: Node) -> Double {
        guard case .html(let html)? = node.label else { return 54 }
        return LabelWidth.of(html) + 2 * 0.12 * 72 + 2
    }

    /// Each node's rank: the longest chain of arrows leading to it from a node no arrow leads to (an arrow back
    /// to a node already on the chain ranks nothing).
    private static func ranks(of nodes: [String], edges: [Edge]) -> [String: Int] {
        var outgoing: [String: [String]] = [:]
        var incoming: [String: Int] = [:]
        for edge in edges where edge.from != edge.to {
            outgoing[edge.from, default: []].append(edge.to)
            incoming[edge.to, default: 0] += 1
        }
        var rank: [String: Int] = [:]
        var onPath: Set<String> = []
        func visit(_ node: String, _ depth: Int) {
            guard !onPath.contains(node), depth > (rank[node] ?? -1), depth < 10_000 else { return }
            rank[node] = depth
            onPath.insert(node)
            for next in outgoing[node] ?? [] { visit(next, depth + 1) }
            onPath.remove(node)
        }
        for node in nodes where incoming[node] == nil { visit(node, 0) }
        for node in nodes where rank[node] == nil { visit(node, 0) }
        return rank
    }
}
