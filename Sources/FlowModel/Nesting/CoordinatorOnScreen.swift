extension PlanCoordinator {
    /// The screen the user sees when this hierarchy is on screen: the top route of the app's path, or, when
    /// that route hosts a child FlowStack with no routes of its own on top, the child's root (by `roots`, the
    /// roots in effect, e.g. ``effectiveRoots``); this coordinator's root when its path is empty.
    public func screenOnScreen(roots: [String: Root] = [:]) -> String {
        guard let last = pathElements.last else { return (roots[name] ?? root).screen }
        guard let child = last.entry.child else { return last.entry.route.screen }
        // A child sharing the path puts its routes right after its host, so a host on top means it has none.
        return child.ownsRoutes ? child.screenOnScreen(roots: roots) : (roots[child.name] ?? child.root).screen
    }
}
