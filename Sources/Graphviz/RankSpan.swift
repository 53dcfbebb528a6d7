/// An estimate of the ranks a diagram's edges cross, counted without calling Graphviz.
///
/// `dot` puts every node on a rank and draws an edge that spans `k` ranks through `k - 1` invisible
/// "virtual" nodes; its positioning phase then solves a network-simplex problem over all real and virtual
/// nodes, whose time grows faster than their number. A graph of a few hundred nodes whose edges jump far
/// (a navigation map: a long chain of pushes with sheets back to the start) can so hold tens of thousands of
/// virtual nodes and take minutes although its ``LayoutCost/units`` are small. This estimate ranks the nodes
/// the way `dot` does in outline — edges that close a cycle are reversed (depth-first, in the diagram's
/// order), each node goes one rank below its furthest predecessor, and a node with no predecessor is pulled
/// down next to its nearest successor — and sums `span - 1` over the edges. It takes time linear in nodes and
/// edges and uses no recursion, so a hostile graph cannot overflow the stack.
extension Diagram {
    /// The estimated number of virtual nodes `dot` would add for edges spanning more than one rank.
    public var estimatedVirtualNodes: Int {
        var index: [String: Int] = [:]
        func add(_ nodes: [Node]) {
            for node in nodes where index[node.id] == nil { index[node.id] = index.count }
        }
        var pending = [subgraphs]
        add(nodes)
        while let next = pending.popLast() {
            for subgraph in next {
                add(subgraph.nodes)
                pending.append(subgraph.subgraphs)
            }
        }
        var pairs: [(Int, Int)] = []
        for edge in edges {
            for id in [edge.from, edge.to] where index[id] == nil { index[id] = index.count }
            if let from = index[edge.from], let to = index[edge.to], from != to { pairs.append((from, to)) }
        }
        return Self.virtualNodes(count: index.count, edges: pairs)
    }

    /// The virtual nodes of `edges` between `count` nodes (see ``estimatedVirtualNodes``).
    static func virtualNodes(count: Int, edges: [(Int, Int)]) -> Int {
        var outgoing = Array(repeating: [Int](), count: count)
        for (number, edge) in edges.enumerated() { outgoing[edge.0].append(number) }
        // Depth-first search without recursion; an edge to a node on the current path closes a cycle.
        var reversed = Array(repeating: false, count: edges.count)
        var state = Array(repeating: UInt8(0), count: count)  // 0 unseen, 1 on the path, 2 done
        for start in 0..<count where state[start] == 0 {
            var path: [(node: Int, next: Int)] = [(start, 0)]
            state[start] = 1
            while let top = path.last {
                if top.next == outgoing[top.node].count {
                    state[top.node] = 2
                    path.removeLast()
                    continue
                }
                let number = outgoing[top.node][top.next]
                path[path.count - 1].next += 1
                let target = edges[number].1
                if state[target] == 1 {
                    reversed[number] = true
                } else if state[target] == 0 {
                    state[target] = 1
                    path.append((target, 0))
                }
            }
        }
        // Longest-path ranks over the acyclic orientation, in topological order (Kahn).
        var successors = Array(repeating: [Int](), count: count)
        var predecessors = Array(repeating: 0, count: count)
        var oriented: [(Int, Int)] = []
        for (number, edge) in edges.enumerated() {
            let (from, to) = reversed[number] ? (edge.1, edge.0) : edge
            oriented.append((from, to))
            successors[from].append(to)
            predecessors[to] += 1
        }
        let isSource = predecessors.map { $0 == 0 }
        var rank = Array(repeating: 0, count: count)
        var ready = (0..<count).filter { predecessors[$0] == 0 }
        var order: [Int] = []
        while let node = ready.popLast() {
            order.append(node)
            for next in successors[node] {
                rank[next] = max(rank[next], rank[node] + 1)
                predecessors[next] -= 1
                if predecessors[next] == 0 { ready.append(next) }
            }
        }
        for node in order where isSource[node] {
            if let nearest = successors[node].map({ rank[$0] }).min() { rank[node] = nearest - 1 }
        }
        return oriented.reduce(0) { total, edge in total + max(0, rank[edge.1] - rank[edge.0] - 1) }
    }
}
