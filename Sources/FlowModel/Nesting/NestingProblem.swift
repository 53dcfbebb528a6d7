/// A nesting rule a coordinator hierarchy breaks, located at the route or child declaration it concerns.
public struct NestingProblem: Hashable, Sendable {
    /// Which nesting rule is broken.
    public enum Rule: String, Hashable, Sendable {
        /// A push into a layer without navigation (the child root's, or the hosting route's).
        case pushWithoutNavigation
        /// A child that owns its routes is not the top route of its parent.
        case ownedChildNotOnTop
        /// With NavigationStack, a pushed child that owns its routes pushes onto its parent's navigation.
        case pushedChildPushesWithNavigationStack
    }

    /// The rule.
    public var rule: Rule
    /// The coordinator whose path holds the route concerned (a path owner).
    public var coordinator: String
    /// The index of the route concerned in that coordinator's ``PlanCoordinator/path``.
    public var routeIndex: Int
    /// What is wrong, and what would be right.
    public var reason: String
    /// The JSON key path of the route or child concerned.
    public var keyPath: String
    /// Where it was written, if it came from a file.
    public var position: SourcePosition?

    /// The problem as a warning diagnostic: `FILE:LINE:COLUMN: KEY PATH: warning: reason`.
    public func diagnostic(file: String?) -> Diagnostic {
        Diagnostic(file: file, position: position, keyPath: keyPath, message: reason, severity: .warning)
    }
}

extension PlanCoordinator {
    /// The root each coordinator that owns its routes navigates from, by name, with the navigation its root
    /// layer really has: the child root's `withNavigation`, or the navigation of the layer hosting it.
    public var effectiveRoots: [String: Root] {
        var roots: [String: Root] = [:]
        collectEffectiveRoots(root, into: &roots)
        return roots
    }

    private func collectEffectiveRoots(_ effectiveRoot: Root, into roots: inout [String: Root]) {
        roots[name] = effectiveRoot
        let layers = path.presentationLayers(rootHasNavigation: effectiveRoot.withNavigation)
        for (hostIndex, child) in ownedChildren {
            let hostNavigation = layers.first { $0.routeIndices.contains(hostIndex) }?.hasNavigation ?? false
            let childRoot = Root(
                screen: child.root.screen, withNavigation: child.root.withNavigation || hostNavigation)
            child.collectEffectiveRoots(childRoot, into: &roots)
        }
    }

    /// Every nesting rule this hierarchy breaks, path owners top first, each path bottom first.
    ///
    /// - Parameter navigationStack: whether the stacks use `NavigationStack`, where FlowStacks asserts that a
    ///   pushed child owning its routes does not push onto its parent's navigation.
    public func problems(navigationStack: Bool = false) -> [NestingProblem] {
        let roots = effectiveRoots
        var problems: [NestingProblem] = []
        for owner in allCoordinators where owner.ownsRoutes {
            let elements = owner.pathElements
            let path = elements.map(\.entry.route)
            let rootNavigation = roots[owner.name]?.withNavigation ?? owner.root.withNavigation
            func located(_ rule: NestingProblem.Rule, _ index: Int, _ reason: String, child: PlanCoordinator? = nil)
                -> NestingProblem
            {
                let entry = elements[index].entry
                return NestingProblem(
                    rule: rule, coordinator: owner.name, routeIndex: index, reason: reason,
                    keyPath: child?.keyPath ?? entry.keyPath, position: child?.position ?? entry.position)
            }
            for problem in path.problems(rootHasNavigation: rootNavigation) {
                var reason = problem.reason
                if owner.name != name {
                    reason = reason.replacingFirst(
                        "the root has no navigation",
                        with: "child \(owner.name)'s root has none and its host gives none")
                }
                problems.append(located(.pushWithoutNavigation, problem.index, reason))
            }
            for (hostIndex, child) in owner.ownedChildren {
                if hostIndex != path.count - 1 {
                    let above = path.count - 1 - hostIndex
                    problems.append(
                        located(
                            .ownedChildNotOnTop, hostIndex,
                            "child \(child.name) owns its routes, so it must stay the top route of \(owner.name): "
                                + "\(above) route\(above == 1 ? " is" : "s are") above its host "
                                + "\(path[hostIndex].notation), and only the child may push or present "
                                + "(move them into the child, or let it share the path)",
                            child: child))
                }
                if navigationStack, path[hostIndex].style.isPush, child.path.first?.style.isPush == true {
                    problems.append(
                        located(
                            .pushedChildPushesWithNavigationStack, hostIndex,
                            "child \(child.name) is pushed and owns its routes: with NavigationStack it cannot push "
                                + "onto its parent's navigation (FlowStacks asserts); present it as a sheet or "
                                + "cover, or let it share the path",
                            child: child))
                }
            }
        }
        return problems
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        guard let range = firstRange(of: target) else { return self }
        return String(self[..<range.lowerBound]) + replacement + String(self[range.upperBound...])
    }
}
