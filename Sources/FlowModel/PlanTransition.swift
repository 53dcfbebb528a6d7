/// One change of a route stack, broken into the steps FlowStacks performs.
public struct PlanTransition: Hashable, Sendable {
    /// The navigator action that caused the change, in action notation, when the plan gave actions.
    public var action: String?
    /// The routes before the change.
    public var from: [PlanRoute]
    /// The routes after the change.
    public var to: [PlanRoute]
    /// The rules the steps were computed under.
    public var rules: PlatformRules
    /// The steps, step 0 first, exactly as `calculateSteps` gives them.
    public var steps: [[PlanRoute]]
    /// The coordinator whose routes change, in plans with nested FlowStacks; `nil` otherwise.
    public var coordinator: String?
    /// The whole coordinator hierarchy at each step, in plans with nested FlowStacks; `nil` otherwise.
    public var nesting: TransitionNesting?

    /// FlowStacks' delay between delayed steps, in seconds.
    public static let stepDelay = 0.65

    /// Computes the steps of a change under the given rules.
    public init(action: String? = nil, from: [PlanRoute], to: [PlanRoute], rules: PlatformRules) {
        self.action = action
        self.from = from
        self.to = to
        self.rules = rules
        self.steps = calculateSteps(from: from, to: to, rules: rules)
    }

    /// Whether FlowStacks applies the change in one update (fewer than 3 steps).
    public var isSynchronous: Bool { steps.count < 3 }

    /// Whether step `index` waits for the 0.65 s delay before it is applied.
    ///
    /// An asynchronous change applies step 0 and step 1 at once and each later step after a delay.
    public func isDelayed(step index: Int) -> Bool {
        !isSynchronous && index >= 2
    }

    /// What each step does, step 0 first (step 0 is compared with `from`).
    public var changes: [StepChange] {
        var previous = from
        return steps.map { step in
            defer { previous = step }
            return StepChange(from: previous, to: step)
        }
    }
}
