/// The most a plan's change may cost, from its file's `"budget": {"maxUpdates": 3, "maxSeconds": 1.0}`:
/// `flowgraph check` fails a plan whose played steps go over it under any rule set it compares, and
/// `flowgraph diff` reports (and `--fail-on over-budget` gates) a plan that now does.
public struct PlanBudget: Hashable, Sendable {
    /// The most updates SwiftUI may make, summed over the plan's changes; `nil` for no bound.
    public var maxUpdates: Int?
    /// The most seconds until the last step is applied, summed over the plan's changes; `nil` for no bound.
    public var maxSeconds: Double?
    /// Where `budget.maxUpdates` was written, for errors.
    public var maxUpdatesPosition: SourcePosition?
    /// Where `budget.maxSeconds` was written.
    public var maxSecondsPosition: SourcePosition?

    /// Creates a budget.
    public init(maxUpdates: Int? = nil, maxSeconds: Double? = nil) {
        self.maxUpdates = maxUpdates
        self.maxSeconds = maxSeconds
    }

    /// One error per rule set and bound the run goes over, located at the bound's key, saying by how much
    /// and which platform rule forced the extra updates (the count the same change would make with that rule
    /// lifted: iOS 17's several dismissals in one update, NavigationStack's several pushes in one).
    public func overruns(_ run: PlanRun) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for ruleSet in run.ruleSets {
            let label = ruleSet.label ?? ruleSet.rules.summary
            let updates = ruleSet.updateCount
            let seconds = ruleSet.estimatedSeconds
            if let maxUpdates, updates > maxUpdates {
                found.append(
                    Diagnostic(
                        file: run.plan.file, position: maxUpdatesPosition, keyPath: "budget.maxUpdates",
                        message: "\(label): \(updates) updates, over the budget of \(maxUpdates)"
                            + Self.causes(run, ruleSet, updates: updates)))
            }
            if let maxSeconds, seconds > maxSeconds {
                found.append(
                    Diagnostic(
                        file: run.plan.file, position: maxSecondsPosition, keyPath: "budget.maxSeconds",
                        message: "\(label): \(PlanTransition.secondsText(seconds)), over the budget of "
                            + "\(PlanTransition.secondsText(maxSeconds)) (every update after the first two waits 0.65 s)"
                            + Self.causes(run, ruleSet, updates: updates)))
            }
        }
        return found
    }

    /// `; 1 more because iOS 16 dismisses one layer per update`: the updates each platform rule in force adds,
    /// found by playing the plan again with only that rule lifted. Empty for libraries without FlowStacks'
    /// platform rules, or when no rule adds any.
    static func causes(_ run: PlanRun, _ ruleSet: PlanRun.RuleSet, updates: Int) -> String {
        guard run.plan.navigationLibrary.words.appliesPlatformRules else { return "" }
        var reasons: [String] = []
        func played(platform: Platform, navigationStack: Bool) -> Int? {
            var plan = run.plan
            plan.platforms = [platform]
            plan.navigationStacks = [navigationStack]
            return (try? plan.play())?.ruleSets.first?.updateCount
        }
        let rules = ruleSet.rules
        if !rules.multipleDismissalsInOne,
            let lifted = played(platform: .ios17, navigationStack: rules.navigationUpdatesInOne), lifted < updates
        {
            reasons.append("\(updates - lifted) more because iOS 16 dismisses one presentation layer per update")
        }
        if !rules.navigationUpdatesInOne,
            let lifted = played(platform: rules.platform, navigationStack: true), lifted < updates
        {
            reasons.append("\(updates - lifted) more because NavigationView pushes one screen per update")
        }
        return reasons.isEmpty ? "" : "; " + reasons.joined(separator: ", ")
    }
}
