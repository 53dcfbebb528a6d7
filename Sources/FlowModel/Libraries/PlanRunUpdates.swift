/// How many updates SwiftUI makes for a change: the count every output says ("3 updates").
///
/// The starting state is not an update. A change of fewer than 3 steps is set at once, one update; a longer one
/// sets step 0 and step 1 together, then each later step after the delay: so a change of N steps is N − 1
/// updates (a push is one, FlowStacks' four-step deep link three). A change of one step that only updates
/// screen contents is one update too.
extension PlanRun.RuleSet {
    /// The number of updates of transition `index` (``PlanTransition/updates``).
    public func updates(ofTransition index: Int) -> Int {
        transitions[index].updates
    }

    /// The number of updates of every transition, summed.
    public var updateCount: Int {
        transitions.indices.reduce(0) { $0 + updates(ofTransition: $1) }
    }
}

extension PlanTransition {
    /// The number of updates SwiftUI makes for this change (see ``PlanRun/RuleSet/updates(ofTransition:)``).
    public var updates: Int {
        if steps.count == 1 { return steps[0] == from ? 0 : 1 }
        return max(0, steps.count - 1)
    }
}
