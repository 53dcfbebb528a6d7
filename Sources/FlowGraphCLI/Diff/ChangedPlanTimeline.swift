import FlowGraph
import FlowModel

/// A plan whose steps changed, told as one timeline: for each rule set both versions play that changed, the
/// head's transitions with the base's removed ones where they were, each marked kept, new, removed or changed
/// (``TransitionMark``), the head's stacks before and after with a line for what the base started or ended
/// with instead. One column reads as the change, where two whole timelines would have to be compared by eye.
struct ChangedPlanTimeline {
    /// The head's run with the merged rule sets, only those that changed.
    var run: PlanRun
    /// What each merged transition is, and how the two versions start and end.
    var comparison: TimelineComparison

    /// The merge of `base` into `head`; `nil` when they cannot be told as one: another root, no rule set both
    /// play whose steps changed, or a side without transitions.
    init?(base: PlanRun, head: PlanRun, baseName: String) {
        guard base.plan.root == head.plan.root else { return nil }
        var ruleSets: [PlanRun.RuleSet] = []
        var marks: [[TransitionMark]] = []
        for now in head.ruleSets {
            let label = now.label ?? now.rules.summary
            guard let was = base.ruleSets.first(where: { ($0.label ?? $0.rules.summary) == label }),
                PlanRunDiff.Figures(was) != PlanRunDiff.Figures(now),
                let merged = Self.merged(was, now)
            else { continue }
            ruleSets.append(merged.ruleSet)
            marks.append(merged.marks)
        }
        guard !ruleSets.isEmpty else { return nil }
        if head.ruleSets.count == 1, ruleSets.count == 1 { ruleSets[0].label = nil }
        run = head
        run.ruleSets = ruleSets
        run.hasChange = true
        comparison = TimelineComparison(
            marks: marks,
            startNote: base.startRoutes == head.startRoutes && base.startHierarchy == head.startHierarchy
                ? nil : "before this change it started at " + Self.path(base.startRoutes, root: base.plan.root),
            endNote: base.finalRoutes == head.finalRoutes && base.finalHierarchy == head.finalHierarchy
                ? nil : "before this change it ended at " + Self.path(base.finalRoutes, root: base.plan.root),
            baseName: baseName)
    }

    /// One rule set's transitions, the base's and the head's aligned by their actions (``CommonRun``: the longest
    /// common run of actions is kept; around it, the base's are removed and the head's added); `nil` when one side has no
    /// transitions or only one side has the library's details.
    static func merged(_ was: PlanRun.RuleSet, _ now: PlanRun.RuleSet)
        -> (ruleSet: PlanRun.RuleSet, marks: [TransitionMark])?
    {
        guard !was.transitions.isEmpty, !now.transitions.isEmpty, was.details.isEmpty == now.details.isEmpty
        else { return nil }
        var transitions: [PlanTransition] = []
        var details: [TransitionDetails] = []
        var marks: [TransitionMark] = []
        func take(_ ruleSet: PlanRun.RuleSet, _ index: Int, _ mark: TransitionMark) {
            transitions.append(ruleSet.transitions[index])
            if let detail = ruleSet.details(at: index) { details.append(detail) }
            marks.append(mark)
        }
        let steps = CommonRun.steps(was.transitions.map(\.action), now.transitions.map(\.action), removalsFirst: true)
        for step in steps {
            switch step {
            case .removed(let base): take(was, base, .removed)
            case .added(let head): take(now, head, .added)
            case .kept(let base, let head):
                let kept =
                    was.transitions[base] == now.transitions[head] && was.details(at: base) == now.details(at: head)
                take(now, head, kept ? .kept : .changed(from: was.transitions[base]))
            }
        }
        guard details.isEmpty || details.count == transitions.count else { return nil }
        var ruleSet = now
        ruleSet.transitions = transitions
        ruleSet.details = details
        return (ruleSet, marks)
    }

    /// A stack as the timeline's boxes name it, root first: `Home › Cart › Payment`.
    static func path(_ routes: [PlanRoute], root: Root) -> String {
        ([root.screen] + routes.map(\.screen)).joined(separator: " › ")
    }
}
