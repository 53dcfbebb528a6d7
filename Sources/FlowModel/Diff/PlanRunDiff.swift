/// What changed in the steps a plan plays between two versions of it: per rule set (iOS 16, iOS 17 …),
/// whether the played steps changed, and the updates, seconds and end stack before → after.
public struct PlanRunDiff: Hashable, Sendable {
    /// A rule set's figures on one side.
    public struct Figures: Hashable, Sendable {
        /// Updates SwiftUI makes, summed over the plan's changes.
        public var updates: Int
        /// Seconds until the last step is applied, summed over the plan's changes.
        public var seconds: Double
        /// What is on screen at the end, as the library writes the routes.
        public var end: [String]
        /// Every step of every change, as routes: what "the played steps" are.
        public var steps: [[String]]

        /// The figures of one rule set of a run.
        public init(_ ruleSet: PlanRun.RuleSet) {
            updates = ruleSet.updateCount
            seconds = ruleSet.estimatedSeconds
            let steps = ruleSet.steps
            end = steps.last?.notations ?? []
            self.steps = steps.map(\.notations)
        }
    }

    /// One rule set, compared.
    public struct RuleSetChange: Hashable, Sendable {
        /// Its label, e.g. `iOS 16 · NavigationView`.
        public var ruleSet: String
        /// Its figures in the base, `nil` when the base does not compare this rule set.
        public var was: Figures?
        /// Its figures in the head, `nil` when the head does not.
        public var now: Figures?
        /// Whether the played steps differ.
        public var changed: Bool { was != now }
    }

    /// The rule sets, in the head's order, then the base's that are gone.
    public var ruleSets: [RuleSetChange]
    /// Whether the base's rule sets all played the same steps.
    public var agreedBefore: Bool
    /// Whether the head's rule sets all play the same steps.
    public var agreeNow: Bool

    /// Where the plan starts in the base: its root screen, then its start routes in notation
    /// (`["Home", ".push(Feed)"]`); a plan that only draws `start`, or whose root was renamed, changes here.
    public var startWas: [String]
    /// The head's start, as ``startWas``.
    public var startNow: [String]
    /// Whether the plan starts elsewhere than before.
    public var startChanged: Bool { startWas != startNow }

    /// Whether neither the start nor any rule set's steps changed.
    public var isEmpty: Bool { !startChanged && !ruleSets.contains(where: \.changed) && agreedBefore == agreeNow }

    /// Compares two runs of a plan.
    public init(base: PlanRun, head: PlanRun) {
        func labelled(_ run: PlanRun) -> [(String, Figures)] {
            run.ruleSets.map { ($0.label ?? $0.rules.summary, Figures($0)) }
        }
        let was = labelled(base)
        let now = labelled(head)
        var changes = now.map { label, figures in
            RuleSetChange(ruleSet: label, was: was.first { $0.0 == label }?.1, now: figures)
        }
        for (label, figures) in was where !now.contains(where: { $0.0 == label }) {
            changes.append(RuleSetChange(ruleSet: label, was: figures, now: nil))
        }
        ruleSets = changes
        func start(_ run: PlanRun) -> [String] {
            [run.plan.root.screen + (run.plan.root.withNavigation ? "" : " (no navigation)")]
                + run.startRoutes.map(\.description)
        }
        startWas = start(base)
        startNow = start(head)
        agreedBefore = Set(was.map(\.1.steps)).count <= 1
        agreeNow = Set(now.map(\.1.steps)).count <= 1
    }
}
