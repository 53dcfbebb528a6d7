extension NavigationMap {
    /// The types that make stacks, each once, in source order.
    public var owners: [String] {
        var seen: Set<String> = []
        return coordinators.map(\.owner).filter { seen.insert($0).inserted }
    }

    /// The part of the map one type makes: its stacks, their screens and entries, and the calls between them
    /// (a call to another type's screen is left out with that screen); no problems.
    public func restricted(toOwner owner: String) -> NavigationMap {
        var part = NavigationMap()
        part.coordinators = coordinators.filter { $0.owner == owner }
        let stacks = Set(part.coordinators.map(\.id))
        part.screens = screens.filter { stacks.contains($0.coordinator) }
        part.entries = entries.filter { stacks.contains($0.coordinator) }
        let kept = Set(part.screens.map(\.id) + part.entries.map(\.id))
        part.edges = edges.filter { kept.contains($0.from) && ($0.to.map(kept.contains) ?? true) }
        return part
    }
}
