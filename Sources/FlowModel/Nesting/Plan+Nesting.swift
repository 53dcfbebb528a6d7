extension Plan {
    /// The coordinator hierarchies of a plan with nested FlowStacks: where it starts and where its change ends.
    public struct Nesting: Hashable, Sendable {
        /// The hierarchy before the change; its top coordinator has the plan's root and `start`.
        public var start: PlanCoordinator
        /// The hierarchy after the change, when the change is `end`.
        public var end: PlanCoordinator?
        /// The hierarchy of each state, when the change is `states`.
        public var states: [PlanCoordinator]

        /// Creates the nesting of a plan.
        public init(start: PlanCoordinator, end: PlanCoordinator? = nil, states: [PlanCoordinator] = []) {
            self.start = start
            self.end = end
            self.states = states
        }
    }

    /// The hierarchy before the change: ``nesting``'s start, or one coordinator of ``root`` and ``start``.
    public var startHierarchy: PlanCoordinator {
        nesting?.start ?? PlanCoordinator(root: root, routes: start)
    }

    /// The transitions of a nested plan under `rules`, parents before children; `nil` for a plan without nesting.
    func nestedTransitions(rules: PlatformRules) throws(FlowGraphError) -> [PlanTransition]? {
        guard let nesting else { return nil }
        // Limits are charged for each change of the whole path, before its transitions are made.
        var budget = StepBudget(limits: limits, file: file)
        switch change {
        case .none:
            return []
        case .end(let end):
            let target = nesting.end ?? PlanCoordinator(name: nesting.start.name, root: root, routes: end)
            let site = changeSite(0, keyPath: "end")
            try budget.charge(
                from: nesting.start.path, to: target.path, rules: rules, number: 1, keyPath: site.keyPath,
                position: site.position)
            return nesting.start.transitions(to: target, rules: rules)
        case .states(let states):
            var previous = nesting.start
            var transitions: [PlanTransition] = []
            for (index, state) in states.enumerated() {
                let next =
                    index < nesting.states.count
                    ? nesting.states[index] : PlanCoordinator(name: nesting.start.name, root: root, routes: state)
                let site = changeSite(index, keyPath: "states")
                try budget.charge(
                    from: previous.path, to: next.path, rules: rules, number: index + 1, keyPath: site.keyPath,
                    position: site.position)
                transitions += previous.transitions(to: next, rules: rules)
                previous = next
            }
            return transitions
        case .actions(let actions):
            var hierarchy = nesting.start
            var transitions: [PlanTransition] = []
            for planned in actions {
                let next = try applying(planned, to: hierarchy)
                try budget.charge(
                    from: hierarchy.path, to: next.path, rules: rules, number: transitions.count + 1,
                    keyPath: planned.keyPath, position: planned.position)
                transitions += hierarchy.transitions(to: next, rules: rules, action: planned.action.notation)
                hierarchy = next
            }
            return transitions
        }
    }

    /// The hierarchy after `planned` runs in `hierarchy`, or an error located at the action.
    func applying(_ planned: PlannedAction, to hierarchy: PlanCoordinator) throws(FlowGraphError) -> PlanCoordinator {
        do {
            return try hierarchy.applying(planned.action, in: planned.coordinator, newChild: planned.child)
        } catch {
            let place = planned.coordinator.map { " in \($0)" } ?? ""
            throw FlowGraphError(
                file: file, position: planned.position, keyPath: planned.keyPath,
                message: "\(planned.action.notation)\(place): \(error)")
        }
    }

    /// The hierarchy after the whole change (``startHierarchy`` when there is none).
    public func finalHierarchy() throws(FlowGraphError) -> PlanCoordinator {
        let start = startHierarchy
        switch change {
        case .none:
            return start
        case .end(let end):
            return nesting?.end ?? PlanCoordinator(name: start.name, root: root, routes: end)
        case .states(let states):
            guard let last = states.last else { return start }
            return nesting.flatMap { $0.states.count == states.count ? $0.states.last : nil }
                ?? PlanCoordinator(name: start.name, root: root, routes: last)
        case .actions(let actions):
            var hierarchy = start
            for planned in actions {
                hierarchy = try applying(planned, to: hierarchy)
            }
            return hierarchy
        }
    }

    /// The nesting rules broken by the start and by each state the plan describes, as warnings, in order,
    /// each reported once.
    public func nestingProblems() throws(FlowGraphError) -> [NestingProblem] {
        guard nesting != nil else { return [] }
        var hierarchies = [startHierarchy]
        switch change {
        case .none, .actions: break
        case .end: hierarchies.append(try finalHierarchy())
        case .states: hierarchies += nesting?.states ?? []
        }
        var seen: Set<NestingProblem> = []
        return hierarchies.flatMap { $0.problems(navigationStack: navigationStack) }.filter { seen.insert($0).inserted }
    }
}
