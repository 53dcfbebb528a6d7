/// How one stack's map too wide for a page is cut into parts that each fit one: its most linked screens (the
/// hubs) stay on an overview, and what falls apart without them is packed into parts.
///
/// A stack's screens hang together through a few screens that reach, or are reached from, most of the others (a
/// home screen, a tab bar, a splash screen that routes everywhere). Taken out, the rest falls apart into groups
/// that link only to each other and to those screens: a wallet app's 41 screens without `home` are groups of 35
/// and 6, without `SplashView` too of 22, 6, 6, 4, 1 and 1. So: while some group is too wide, take out the screen
/// with the most neighbours in the widest such group; then pack the groups, in source order, into as few parts
/// as fit (first fit).
struct MapPartition: Equatable {
    /// The screens drawn on the overview in full, in source order.
    var hubs: [String]
    /// The screens of each part, each part in source order.
    var parts: [[String]]

    /// The most screens taken out to the overview: more would make the overview itself too wide.
    static let maximumHubs = 8

    /// Cuts the graph of `nodes` (in source order) and `links` (pairs of nodes, either direction) so that every
    /// part `fits`, or `nil` when it cannot be cut (a single screen, or nothing fits better). `pinned` nodes (a
    /// stack's root: where it starts) are hubs from the start. A group of one screen that does not fit is kept
    /// as a part of its own: nothing smaller can be drawn.
    static func cut(
        nodes: [String], links: [(String, String)], pinned: [String] = [], fits: ([String]) -> Bool
    ) -> MapPartition? {
        let known = Set(nodes)
        var neighbours: [String: Set<String>] = [:]
        for (from, to) in links where from != to && known.contains(from) && known.contains(to) {
            neighbours[from, default: []].insert(to)
            neighbours[to, default: []].insert(from)
        }
        var hubs = Set(pinned).intersection(known)
        var groups = components(nodes, neighbours, without: hubs)
        while hubs.count < maximumHubs + pinned.count {
            let tooWide = groups.filter { $0.count > 1 && !fits($0) }
            guard let widest = tooWide.max(by: { $0.count < $1.count }) else { break }
            let inside = Set(widest)
            let degree = { (node: String) in neighbours[node, default: []].intersection(inside).count }
            guard let hub = widest.max(by: { degree($0) < degree($1) }), degree(hub) > 0 else { break }
            hubs.insert(hub)
            groups = components(nodes, neighbours, without: hubs)
        }
        var parts: [[String]] = []
        for group in groups {
            if let index = parts.firstIndex(where: { fits($0 + group) }) {
                parts[index] += group
            } else {
                parts.append(group)
            }
        }
        guard !hubs.isEmpty || parts.count > 1 else { return nil }
        let order = Dictionary(nodes.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return MapPartition(
            hubs: nodes.filter(hubs.contains),
            parts: parts.map { $0.sorted { order[$0, default: 0] < order[$1, default: 0] } })
    }

    /// The groups of `nodes` that links join once `removed` are taken out, each in the order its first node is
    /// met in `nodes`.
    private static func components(
        _ nodes: [String], _ neighbours: [String: Set<String>], without removed: Set<String>
    ) -> [[String]] {
        var seen = removed
        var groups: [[String]] = []
        for start in nodes where !seen.contains(start) {
            var group: [String] = []
            var next = [start]
            seen.insert(start)
            while let node = next.popLast() {
                group.append(node)
                for neighbour in (neighbours[node] ?? []).sorted() where seen.insert(neighbour).inserted {
                    next.append(neighbour)
                }
            }
            groups.append(group)
        }
        return groups
    }
}
