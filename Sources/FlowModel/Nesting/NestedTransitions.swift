/// The coordinator hierarchy at each step of a transition in a plan with nested FlowStacks.
public struct TransitionNesting: Hashable, Sendable {
    /// The root the changing coordinator navigates from, with the navigation its root layer really has.
    public var root: Root
    /// The whole hierarchy before the transition, as the app shows it: the changing coordinator with the routes
    /// it starts from (FlowStacks' step 0 already holds the new screen contents, which the app never shows).
    public var start: PlanCoordinator
    /// The whole hierarchy at each step, step 0 first: the changing coordinator at that step, the others as
    /// they are meanwhile (a child that has not had its own steps yet shows its earlier routes, or none).
    public var hierarchies: [PlanCoordinator]

    /// Creates the nesting of a transition.
    public init(root: Root, start: PlanCoordinator, hierarchies: [PlanCoordinator]) {
        self.root = root
        self.start = start
        self.hierarchies = hierarchies
    }
}

extension PlanCoordinator {
    /// The transitions that take this hierarchy to `end`, parents before children.
    ///
    /// A coordinator's steps run first until every child it hosts is on screen; then each child that owns its
    /// routes runs its own steps (a child not on screen does not react to changes of its routes: one that
    /// appears during the change starts from its root, with no routes). A child keeps its earlier routes only
    /// if its host stays in place through every step of its parent. Coordinators whose path does not change
    /// give no transition; if nothing changes at all, the result is the top coordinator's one-step transition.
    public func transitions(to end: PlanCoordinator, rules: PlatformRules, action: String? = nil) -> [PlanTransition] {
        var hierarchy = self
        var result: [PlanTransition] = []
        PlanCoordinator.addTransitions(
            from: self, to: end, hierarchy: &hierarchy, rules: rules, action: action, into: &result)
        if result.isEmpty {
            var transition = PlanTransition(action: action, from: path, to: end.path, rules: rules)
            transition.coordinator = end.name
            transition.nesting = TransitionNesting(
                root: effectiveRoots[name] ?? root, start: self, hierarchies: transition.steps.map { _ in self })
            result.append(transition)
        }
        return result
    }

    private static func addTransitions(
        from before: PlanCoordinator?, to after: PlanCoordinator, hierarchy: inout PlanCoordinator,
        rules: PlatformRules,
        action: String?, into result: inout [PlanTransition]
    ) {
        let toPath = after.path
        var transition = PlanTransition(action: action, from: before?.path ?? [], to: toPath, rules: rules)
        transition.coordinator = after.name

        // The children as they are when this coordinator's steps are done: survivors keep their routes.
        var survivors: [String: PlanCoordinator] = [:]
        let earlier = Dictionary(
            (before?.ownedChildren ?? []).map { ($0.child.name, $0) }, uniquingKeysWith: { first, _ in first })
        for (hostIndex, child) in after.ownedChildren {
            guard let previous = earlier[child.name], previous.hostIndex == hostIndex,
                before?.path[hostIndex] == toPath[hostIndex],
                transition.steps.allSatisfy({ $0.count > hostIndex && $0[hostIndex] == toPath[hostIndex] })
            else { continue }
            survivors[child.name] = previous.child
        }
        var settled = after
        for (_, child) in after.ownedChildren {
            settled = settled.replacing(child.name, with: survivors[child.name] ?? child.emptied)
        }

        let current = hierarchy.coordinator(named: after.name) ?? before ?? after.emptied
        let hierarchies = transition.steps.map { step -> PlanCoordinator in
            let base = step.isPrefix(of: toPath) ? settled : current
            return hierarchy.replacing(after.name, with: base.settingPath(step))
        }
        let start = hierarchy
        hierarchy = hierarchy.replacing(after.name, with: settled)
        transition.nesting = TransitionNesting(
            root: hierarchy.effectiveRoots[after.name] ?? after.root, start: start, hierarchies: hierarchies)
        if transition.from != transition.to {
            result.append(transition)
        }
        for (_, child) in after.ownedChildren {
            addTransitions(
                from: survivors[child.name], to: child, hierarchy: &hierarchy, rules: rules, action: action,
                into: &result)
        }
    }

    /// The names of the coordinators on screen: the top one, children sharing the path of one on screen, and
    /// children owning their routes hosted by the top route of one on screen.
    public var coordinatorsOnScreen: Set<String> {
        var names: Set<String> = []
        collectOnScreen(into: &names)
        return names
    }

    private func collectOnScreen(into names: inout Set<String>) {
        names.insert(name)
        let elements = pathElements
        for (index, element) in elements.enumerated() {
            guard let child = element.entry.child else { continue }
            if child.ownsRoutes {
                if index == elements.count - 1 { child.collectOnScreen(into: &names) }
            } else {
                names.insert(child.name)
            }
        }
    }
}

/// Why an action addressed to a coordinator of a nested plan cannot run.
public enum NestingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No coordinator has the name.
    case unknownCoordinator(String, known: [String])
    /// The coordinator exists but is not on screen, so it does not react to changes of its routes.
    case notOnScreen(String, host: PlanRoute, parent: String)
    /// A push or presentation in a coordinator while a child owning its routes is on top of its path.
    case childOnTop(action: String, coordinator: String, child: String)
    /// A child FlowStack given with an action that adds no route to host it.
    case childWithoutRoute(action: String)
    /// A child FlowStack whose name is already taken in the hierarchy.
    case duplicateName(String)
    /// FlowStacks would reject the action itself.
    case navigation(NavigationError)

    /// What went wrong, and what would be right.
    public var description: String {
        switch self {
        case .unknownCoordinator(let name, let known):
            var message = "no coordinator named '\(name)'; the coordinators here are " + known.joined(separator: ", ")
            message += DidYouMean.hint(for: name, among: known)
            return message
        case .notOnScreen(let name, let host, let parent):
            return "child \(name) is not on screen (its host \(host.notation) is not the top route of \(parent)), "
                + "and a child not on screen does not react to changes of its routes"
        case .childOnTop(let action, let coordinator, let child):
            return "\(coordinator) must not push or present while child \(child), which owns its routes, is on top; "
                + "address it to the child: {\"in\": \"\(child)\", \"action\": \"\(action)\"}"
        case .childWithoutRoute(let action):
            return "\(action) adds no route to host the child FlowStack; give \"child\" only with push, "
                + "presentSheet or presentCover"
        case .duplicateName(let name):
            return "a coordinator named '\(name)' is already in the hierarchy; give the child another \"name\""
        case .navigation(let error):
            return error.description
        }
    }
}

extension PlanCoordinator {
    /// This hierarchy after `action` runs in the coordinator named `target` (the top one when `nil`).
    ///
    /// A child sharing its parent's path works on that path (so `goBackToRoot()` there goes back to the
    /// parent's root); a child owning its routes works on its own (`goBackToRoot()` goes to the child's root).
    /// Routes the action adds belong to `target`; the first hosts `newChild` if one is given.
    public func applying(_ action: PlanAction, in target: String? = nil, newChild: PlanCoordinator? = nil)
        throws(NestingError) -> PlanCoordinator
    {
        let targetName = target ?? name
        guard let coordinator = coordinator(named: targetName), let ownerName = pathOwner(of: targetName),
            let owner = self.coordinator(named: ownerName)
        else {
            throw .unknownCoordinator(targetName, known: allCoordinators.map(\.name))
        }
        _ = coordinator
        if !coordinatorsOnScreen.contains(ownerName), let parentName = parent(of: ownerName),
            let parent = self.coordinator(named: parentName),
            let host = parent.pathElements.first(where: { $0.entry.child?.name == ownerName })
        {
            throw .notOnScreen(ownerName, host: host.entry.route, parent: parentName)
        }
        let path = owner.path
        if action.addsRoute, let (hostIndex, child) = owner.ownedChildren.last, hostIndex == path.count - 1 {
            throw .childOnTop(action: action.notation, coordinator: targetName, child: child.name)
        }
        if let newChild {
            guard action.addsRoute else { throw .childWithoutRoute(action: action.notation) }
            if let taken = newChild.allCoordinators.first(where: { self.coordinator(named: $0.name) != nil }) {
                throw .duplicateName(taken.name)
            }
        }
        var stack = RouteStack(root: effectiveRoots[ownerName] ?? owner.root, routes: path)
        do {
            try action.apply(to: &stack)
        } catch {
            throw .navigation(error)
        }
        let changed = owner.settingPath(stack.routes, newOwner: targetName, newChild: newChild)
        return replacing(ownerName, with: changed)
    }
}

extension PlanAction {
    /// Whether the action adds a route: push, presentSheet or presentCover.
    public var addsRoute: Bool {
        switch self {
        case .push, .presentSheet, .presentCover: true
        default: false
        }
    }
}

extension Array where Element == PlanRoute {
    /// Whether these routes are the first routes of `other`.
    func isPrefix(of other: [PlanRoute]) -> Bool {
        count <= other.count && zip(self, other).allSatisfy { $0 == $1 }
    }
}
