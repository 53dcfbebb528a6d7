/// How many updates SwiftUI makes for a change: the count every output says ("3 updates").
///
/// The starting state is not an update: a step counts only when it changes something from the state before it
/// (step 0 is compared with the transition's `from`), so a push is one update and FlowStacks' four-step deep link
/// whose step 0 keeps the old structure is three.
extension PlanRun.RuleSet {
    /// The number of updates of transition `index`: its steps that change something (``StepChange/Kind``).
    public func updates(ofTransition index: Int) -> Int {
        transitions[index].updates(changes: changes(ofTransition: index))
    }

    /// The number of updates of every transition, summed.
    public var updateCount: Int {
        transitions.indices.reduce(0) { $0 + updates(ofTransition: $1) }
    }
}

extension Transition {
    /// The number of updates SwiftUI makes: the steps that change something, by `changes` (a library's words
    /// for each step, ``PlanRun/RuleSet/changes(ofTransition:)``) or else by ``changes``.
    public func updates(changes: [StepChange]? = nil) -> Int {
        (changes ?? self.changes).filter { $0.kind != .none }.count
    }

    /// The time from the start of the change until step `index` is applied, in seconds, rounded to hundredths.
    ///
    /// Step 0 and step 1 are applied at once; each later step of an asynchronous change waits the delay.
    public func elapsed(atStep index: Int) -> Double {
        guard !isSynchronous, index >= 2 else { return 0 }
        return Double((index - 1) * Int((Self.stepDelay * 100).rounded())) / 100
    }
}
