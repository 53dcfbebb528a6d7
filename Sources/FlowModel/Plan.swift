/// A navigation plan: a FlowStack's root and starting routes and the change to draw or check.
///
/// Decode one from a plan file with ``Plan/decode(_:file:)``; ``transitions()`` breaks its change into
/// the steps FlowStacks performs.
public struct Plan: Hashable, Sendable {
    /// How the plan describes the change from ``start``.
    public enum Change: Hashable, Sendable {
        /// No change: the plan only shows ``start``.
        case none
        /// One change from ``start`` to these routes.
        case end([Route])
        /// Navigator actions applied one after another, starting from ``start``.
        case actions([PlannedAction])
        /// Successive states after ``start``: one change from each state to the next.
        case states([[Route]])
    }

    /// An action in a plan together with where it was written, so navigation errors can point at it.
    public struct PlannedAction: Hashable, Sendable {
        /// The action.
        public var action: Action
        /// The JSON key path of the action, e.g. `actions[3]`.
        public var keyPath: String
        /// Where the action's text starts, if it came from a file.
        public var position: SourcePosition?

        /// Creates a planned action.
        public init(_ action: Action, keyPath: String = "", position: SourcePosition? = nil) {
            self.action = action
            self.keyPath = keyPath
            self.position = position
        }
    }

    /// The file the plan came from, for error messages; `nil` for plans built in code.
    public var file: String?
    /// The plan's title, shown on diagrams.
    public var title: String?
    /// The FlowStack's root screen.
    public var root: Root
    /// The platform whose dismissal rules apply (`ios17` by default).
    public var platform: Platform
    /// Whether the FlowStack uses `NavigationStack`, which allows several pushes in one update.
    public var navigationStack: Bool
    /// The routes before the change.
    public var start: [Route]
    /// The change.
    public var change: Change
    /// The library the plan is written for, with what its plan holds (FlowStacks unless the file says otherwise).
    public var libraryPlan: LibraryPlan = .flowStacks

    /// Creates a plan.
    public init(
        file: String? = nil, title: String? = nil, root: Root = Root(), platform: Platform = .ios17,
        navigationStack: Bool = false, start: [Route] = [], change: Change = .none
    ) {
        self.file = file
        self.title = title
        self.root = root
        self.platform = platform
        self.navigationStack = navigationStack
        self.start = start
        self.change = change
    }

    /// The platform rules in force.
    public var rules: PlatformRules {
        PlatformRules(platform: platform, navigationStack: navigationStack)
    }

    /// The changes of the plan, each broken into FlowStacks' steps.
    ///
    /// One transition per action (its ``Transition/action`` in canonical notation), one per successive
    /// state (``start`` to the first, then each to the next), one from ``start`` to `end`, or none.
    /// Actions run on a ``FlowStack`` of ``root`` and ``start``; the first action FlowStacks would
    /// reject ends the run with an error located at that action.
    public func transitions() throws(FlowGraphError) -> [Transition] {
        if library != .flowStacks { return try libraryRun().transitions }
        switch change {
        case .none:
            return []
        case .end(let end):
            return [Transition(from: start, to: end, rules: rules)]
        case .states(let states):
            var previous = start
            return states.map { state in
                defer { previous = state }
                return Transition(from: previous, to: state, rules: rules)
            }
        case .actions(let actions):
            var stack = FlowStack(root: root, routes: start)
            var transitions: [Transition] = []
            for planned in actions {
                let before = stack.routes
                do {
                    try planned.action.apply(to: &stack)
                } catch {
                    throw FlowGraphError(
                        file: file, position: planned.position, keyPath: planned.keyPath,
                        message: "\(planned.action.notation): \(error)")
                }
                transitions.append(
                    Transition(action: planned.action.notation, from: before, to: stack.routes, rules: rules))
            }
            return transitions
        }
    }

    /// The routes after the whole change (``start`` when there is none).
    public func finalRoutes() throws(FlowGraphError) -> [Route] {
        try transitions().last?.to ?? start
    }
}
