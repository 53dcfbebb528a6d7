import Graphviz

/// Which way a navigation map comes out narrower, estimated from its ranks before anything is laid out.
///
/// The map ranks all its screens together (`newrank`), each arrow leading one rank on: laid out left to right,
/// its width is the sum of each rank's widest screen and the gaps between ranks; top to bottom, it is the widest
/// rank's screens side by side. Either is at least as wide as the map's title and legend.
enum MapDirection {
    /// Top to bottom when its estimated width is clearly smaller (by 5 %: the estimates are within a few
    /// percent of Graphviz's), else left to right.
    static func narrower(down: Diagram, across: Diagram) -> NavigationMapDiagram.Direction {
        estimatedWidth(down, .topToBottom) < 0.95 * estimatedWidth(across, .leftToRight) ? .topToBottom : .leftToRight
    }

    /// The estimated width in points of `diagram` laid out in `direction`.
    static func estimatedWidth(_ diagram: Diagram, _ direction: NavigationMapDiagram.Direction) -> Double {
        let nodes = diagram.nodes + diagram.subgraphs.flatMap(allNodes)
        var width: [String: Double] = [:]
        for node in nodes { width[node.id] = nodeWidth(node) }
        let ranks = ranks(of: nodes.map(\.id), edges: diagram.edges)
        var byRank: [Int: [Double]] = [:]
        for node in nodes { byRank[ranks[node.id] ?? 0, default: []].append(width[node.id] ?? 0) }
        let nodeGap = 0.25 * 72
        let rankGap = 0.3 * 72 + 2 * 24  // ranksep, and the arrows' labels between ranks
        let estimate: Double
        switch direction {
        case .leftToRight:
            let widest = byRank.values.map { $0.max() ?? 0 }
            estimate = widest.reduce(0, +) + rankGap * Double(max(widest.count - 1, 0)) + 24
        default:
            // Stacks whose ranks overlap stand side by side, each as wide as its widest rank or its heading.
            var across: [Int: Double] = [:]
            for stack in diagram.subgraphs {
                var rows: [Int: Double] = [:]
                for node in allNodes(stack) {
                    rows[ranks[node.id] ?? 0, default: -nodeGap] += (width[node.id] ?? 0) + nodeGap
                }
                let heading =
                    stack.label.map { label -> Double in
                        if case .html(let html) = label { return LabelWidth.of(html, size: Typography.heading) }
                        return 0
                    } ?? 0
                guard let first = rows.keys.min(), let last = rows.keys.max() else { continue }
                let stackWidth = max(rows.values.max() ?? 0, heading) + 2 * 12 + nodeGap
                for rank in first...last { across[rank, default: 0] += stackWidth }
            }
            estimate = across.values.max() ?? 0
        }
        let label =
            diagram.label.map { label -> Double in
                if case .html(let html) = label { return LabelWidth.of(html) }
                return 0
            } ?? 0
        return max(estimate, label)
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
