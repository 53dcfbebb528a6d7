import FlowModel

extension NavigationMapDiff {
    /// The diff with each location's file named as on its side: `REV:FILE` for a side read at a git
    /// revision (the base for what was removed or fixed, the head for the rest), the file alone for the
    /// working tree.
    func labelled(base: String?, head: String?) -> NavigationMapDiff {
        func named(_ location: NavigationMap.Location, _ label: String?) -> NavigationMap.Location {
            var named = location
            if let label { named.file = label + ":" + location.file }
            return named
        }
        func screens(_ list: [ScreenChange], _ label: String?) -> [ScreenChange] {
            list.map {
                var change = $0; change.location = named($0.location, label); return change
            }
        }
        func edges(_ list: [EdgeChange], _ label: String?) -> [EdgeChange] {
            list.map {
                var change = $0; change.location = named($0.location, label); return change
            }
        }
        func problems(_ list: [NavigationMap.Problem], _ label: String?) -> [NavigationMap.Problem] {
            list.map { NavigationMap.Problem(location: named($0.location, label), message: $0.message) }
        }
        var diff = self
        diff.renamedStacks = renamedStacks.map {
            var rename = $0; rename.location = named($0.location, head); return rename
        }
        diff.addedStacks = screens(addedStacks, head)
        diff.removedStacks = screens(removedStacks, base)
        diff.addedScreens = screens(addedScreens, head)
        diff.removedScreens = screens(removedScreens, base)
        diff.addedEdges = edges(addedEdges, head)
        diff.removedEdges = edges(removedEdges, base)
        diff.addedBacks = edges(addedBacks, head)
        diff.removedBacks = edges(removedBacks, base)
        diff.restyledEdges = restyledEdges.map {
            var change = $0; change.location = named($0.location, head); return change
        }
        diff.newProblems = problems(newProblems, head)
        diff.fixedProblems = problems(fixedProblems, base)
        return diff
    }
}
