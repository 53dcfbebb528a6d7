/// The one time model: when each step of a change is applied and how long changes take.
///
/// FlowStacks applies step 0 and step 1 of an asynchronous change (3 steps or more) at once and each later step
/// after ``PlanTransition/stepDelay``; a synchronous change takes no time. Times are counted in whole hundredths of
/// a second, so three delays are 1.95 s, never 1.9500000000000002. Every output reads its times here: the
/// played steps (``PlanRun/Step/elapsed``), the timeline, its text and Mermaid stories, the player, `steps`,
/// `diff`, budgets and the DocC tables; ``PlanTransition/secondsText(_:)`` writes them.
extension PlanTransition {
    /// ``stepDelay`` in hundredths of a second, the unit every time is counted in.
    static let delayHundredths = Int((stepDelay * 100).rounded())

    /// The time from the start of the change until step `index` is applied, in hundredths of a second: none
    /// for steps 0 and 1 and for every step of a synchronous change, one more delay for each later step.
    public func hundredths(atStep index: Int) -> Int {
        isDelayed(step: index) ? (index - 1) * Self.delayHundredths : 0
    }

    /// The time from the start of the change until step `index` is applied, in seconds.
    public func elapsed(atStep index: Int) -> Double {
        Double(hundredths(atStep: index)) / 100
    }

    /// The time the whole change takes, until its last step is applied, in hundredths of a second.
    public var estimatedHundredths: Int { hundredths(atStep: steps.count - 1) }

    /// The time the whole change takes, until its last step is applied, in seconds.
    public var estimatedSeconds: Double { Double(estimatedHundredths) / 100 }
}

extension Sequence where Element == PlanTransition {
    /// The time these changes take one after another, in seconds.
    public var estimatedSeconds: Double {
        Double(reduce(0) { $0 + $1.estimatedHundredths }) / 100
    }
}

extension PlanRun.RuleSet {
    /// The time all the rule set's changes take one after another, in seconds.
    public var estimatedSeconds: Double { transitions.estimatedSeconds }
}
