/// A navigation plan: a FlowStack's root and starting routes and the change to draw or check.
///
/// Decode one from a plan file with ``Plan/decode(bytes:file:limits:url:)``; ``transitions()`` breaks its change into
/// the steps FlowStacks performs.
public struct Plan: Hashable, Sendable {
    /// How the plan describes the change from ``start``.
    public enum Change: Hashable, Sendable {
        /// No change: the plan only shows ``start``.
        case none
        /// One change from ``start`` to these routes.
        case end([PlanRoute])
        /// Navigator actions applied one after another, starting from ``start``.
        case actions([PlannedAction])
        /// Successive states after ``start``: one change from each state to the next.
        case states([[PlanRoute]])
    }

    /// An action in a plan together with where it was written, so navigation errors can point at it.
    public struct PlannedAction: Hashable, Sendable {
        /// The action.
        public var action: PlanAction
        /// The JSON key path of the action, e.g. `actions[3]`.
        public var keyPath: String
        /// Where the action's text starts, if it came from a file.
        public var position: SourcePosition?
        /// The coordinator the action runs in (`"in"`), in plans with nested FlowStacks; `nil` for the top one.
        public var coordinator: String?
        /// The child FlowStack hosted by the route the action adds (`"child"`), if any.
        public var child: PlanCoordinator?

        /// Creates a planned action.
        public init(
            _ action: PlanAction, keyPath: String = "", position: SourcePosition? = nil, coordinator: String? = nil,
            child: PlanCoordinator? = nil
        ) {
            self.action = action
            self.keyPath = keyPath
            self.position = position
            self.coordinator = coordinator
            self.child = child
        }
    }

    /// The file the plan came from, for error messages; `nil` for plans built in code.
    public var file: String?
    /// The plan's title, shown on diagrams.
    public var title: String?
    /// The FlowStack's root screen.
    public var root: Root
    /// The platforms whose dismissal rules apply, first one first; never empty (`[.ios17]` by default).
    ///
    /// A plan may list several (`"platform": ["ios16", "ios17"]`) to compare their steps side by side.
    public var platforms: [Platform]
    /// Whether the plan file names its platforms itself (`"platform"`), so a project's default does not apply.
    public var namesPlatform = false
    /// Whether the FlowStack uses `NavigationStack`, one value or several to compare; never empty.
    public var navigationStacks: [Bool]
    /// The routes before the change.
    public var start: [PlanRoute]
    /// The change.
    public var change: Change
    /// The bounds ``transitions(rules:)`` keeps to (steps, routes in steps); set when decoding a plan file.
    public var limits: Limits = .default
    /// The coordinator hierarchy of a plan with nested FlowStacks (or addressed actions); `nil` otherwise.
    public var nesting: Nesting?
    /// The deep-link rules of the plan and the link they resolved, if it gives `deeplink`.
    public var deepLink: DeepLink?
    /// Where each change of `end` or `states` was written, in order (one for `end`, one per state after
    /// ``start``); empty for plans built in code. Step-limit errors point there.
    public var changeSites: [ChangeSite] = []
    /// Where the route lists of `start`, `end` and `states` and their elements were written, by key path
    /// (`start`, `start[2]`, `states[1][0]`), so warnings about routes can point at them.
    public var routePositions: [String: SourcePosition] = [:]
    /// The library the plan is written for, with what its plan holds (FlowStacks unless the file says otherwise).
    public var libraryPlan: LibraryPlan = .flowStacks
    /// What the plan file says that FlowGraph accepted but read in a way the writer may not expect (e.g.
    /// `states` without `start`), as `warning:` diagnostics; commands print them on standard error.
    public var warnings: [Diagnostic] = []
    /// The most its change may cost (`"budget"`), checked by `flowgraph check` and `flowgraph diff`; `nil`
    /// when the file gives none.
    public var budget: PlanBudget?

    /// Creates a plan.
    public init(
        file: String? = nil, title: String? = nil, root: Root = Root(), platform: Platform = .ios17,
        navigationStack: Bool = false, start: [PlanRoute] = [], change: Change = .none
    ) {
        self.file = file
        self.title = title
        self.root = root
        self.platforms = [platform]
        self.navigationStacks = [navigationStack]
        self.start = start
        self.change = change
    }

    /// The first platform of ``platforms``; setting it replaces the list with that one platform.
    public var platform: Platform {
        get { platforms.first ?? .ios17 }
        set { platforms = [newValue] }
    }

    /// The first value of ``navigationStacks``; setting it replaces the list with that one value.
    public var navigationStack: Bool {
        get { navigationStacks.first ?? false }
        set { navigationStacks = [newValue] }
    }

    /// The platform rules in force: the first of ``ruleSets``.
    public var rules: PlatformRules {
        PlatformRules(platform: platform, navigationStack: navigationStack)
    }

    /// Every rule combination the plan asks for: each platform with each `navigationStack` value,
    /// platforms outermost, in the order given. One element unless the plan compares rule sets.
    public var ruleSets: [PlatformRules] {
        let platforms = self.platforms.isEmpty ? [Platform.ios17] : self.platforms
        let stacks = navigationStacks.isEmpty ? [false] : navigationStacks
        return platforms.flatMap { platform in
            stacks.map { PlatformRules(platform: platform, navigationStack: $0) }
        }
    }

    /// The changes of the plan under the first rule set; see ``transitions(rules:)``.
    public func transitions() throws(FlowGraphError) -> [PlanTransition] {
        try transitions(rules: rules)
    }

    /// The changes of the plan, each broken into FlowStacks' steps.
    ///
    /// One transition per action (its ``PlanTransition/action`` in canonical notation), one per successive
    /// state (``start`` to the first, then each to the next), one from ``start`` to `end`, or none.
    /// Actions run on a ``RouteStack`` of ``root`` and ``start``; the first action FlowStacks would
    /// reject ends the run with an error located at that action. `rules` decide the steps (e.g. one of
    /// ``ruleSets``); the routes before and after each change do not depend on them. In a plan with nested
    /// FlowStacks, each change gives one transition per coordinator whose routes change, parents first.
    public func transitions(rules: PlatformRules) throws(FlowGraphError) -> [PlanTransition] {
        var plan = self
        plan.platforms = [rules.platform]
        plan.navigationStacks = [rules.navigationUpdatesInOne]
        return try plan.play().transitions
    }

    /// FlowStacks' transitions of the plan under `rules` (see ``transitions(rules:)``).
    func flowStacksTransitions(rules: PlatformRules) throws(FlowGraphError) -> [PlanTransition] {
        if let nested = try nestedTransitions(rules: rules) { return nested }
        var budget = StepBudget(limits: limits, file: file)
        switch change {
        case .none:
            return []
        case .end(let end):
            let site = changeSite(0, keyPath: "end")
            try budget.charge(
                from: start, to: end, rules: rules, number: 1, keyPath: site.keyPath, position: site.position)
            return [PlanTransition(from: start, to: end, rules: rules)]
        case .states(let states):
            var previous = start
            var transitions: [PlanTransition] = []
            for (index, state) in states.enumerated() {
                let site = changeSite(index, keyPath: "states")
                try budget.charge(
                    from: previous, to: state, rules: rules, number: index + 1, keyPath: site.keyPath,
                    position: site.position)
                transitions.append(PlanTransition(from: previous, to: state, rules: rules))
                previous = state
            }
            return transitions
        case .actions(let actions):
            var stack = RouteStack(root: root, routes: start)
            var transitions: [PlanTransition] = []
            for planned in actions {
                let before = stack.routes
                do {
                    try planned.action.apply(to: &stack)
                } catch {
                    throw FlowGraphError(
                        file: file, position: planned.position, keyPath: planned.keyPath,
                        message: "\(planned.action.notation): \(error)")
                }
                try budget.charge(
                    from: before, to: stack.routes, rules: rules, number: transitions.count + 1,
                    keyPath: planned.keyPath, position: planned.position)
                transitions.append(
                    PlanTransition(action: planned.action.notation, from: before, to: stack.routes, rules: rules))
            }
            return transitions
        }
    }

    /// Where change `index` was written, or just its key (`end`, `states`) for plans built in code.
    func changeSite(_ index: Int, keyPath: String) -> ChangeSite {
        changeSites.indices.contains(index) ? changeSites[index] : ChangeSite(keyPath: keyPath, position: nil)
    }

    /// The routes after the whole change (``start`` when there is none).
    public func finalRoutes() throws(FlowGraphError) -> [PlanRoute] {
        try play().finalRoutes
    }
}
