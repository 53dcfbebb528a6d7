import FlowModel

/// A kind of change `flowgraph diff --fail-on` can fail a CI job on.
enum DiffGate: String, CaseIterable {
    case addedScreen = "added-screen"
    case removedScreen = "removed-screen"
    case addedStack = "added-stack"
    case removedStack = "removed-stack"
    case addedEdge = "added-edge"
    case removedEdge = "removed-edge"
    case restyledEdge = "restyled-edge"
    /// A back or dismiss call added.
    case addedBack = "added-back"
    /// A back or dismiss call removed.
    case removedBack = "removed-back"
    case newProblem = "new-problem"
    /// A plan's played steps changed, under any rule set.
    case stepsChanged = "steps-changed"
    /// A rule set makes more updates than before.
    case moreUpdates = "more-updates"
    /// A rule set takes longer than before.
    case slower
    /// A plan's rule sets played the same steps and now differ.
    case platformSplit = "platform-split"
    /// A plan that played now fails to read or play.
    case planFails = "plan-fails"
    /// A plan is gone.
    case removedPlan = "removed-plan"
    /// A plan of the head goes over its file's budget (`"budget": {"maxUpdates", "maxSeconds"}`).
    case overBudget = "over-budget"
    /// Any change at all.
    case any

    /// Whether the report holds a change of this kind.
    func isTriggered(by report: DiffReport) -> Bool {
        let map = report.map
        switch self {
        case .addedScreen: return !(map?.addedScreens.isEmpty ?? true)
        case .removedScreen: return !(map?.removedScreens.isEmpty ?? true)
        case .addedStack: return !(map?.addedStacks.isEmpty ?? true)
        case .removedStack: return !(map?.removedStacks.isEmpty ?? true)
        case .addedEdge: return !(map?.addedEdges.isEmpty ?? true)
        case .removedEdge: return !(map?.removedEdges.isEmpty ?? true)
        case .restyledEdge: return !(map?.restyledEdges.isEmpty ?? true)
        case .addedBack: return !(map?.addedBacks.isEmpty ?? true)
        case .removedBack: return !(map?.removedBacks.isEmpty ?? true)
        case .newProblem: return !(map?.newProblems.isEmpty ?? true)
        case .stepsChanged: return !ruleSets(report).filter(\.changed).isEmpty
        case .moreUpdates: return ruleSets(report).contains { ($0.now?.updates ?? 0) > ($0.was?.updates ?? .max) }
        case .slower: return ruleSets(report).contains { ($0.now?.seconds ?? 0) > ($0.was?.seconds ?? .infinity) }
        case .platformSplit:
            return report.plans.contains {
                if case .played(let diff) = $0.kind { return diff.agreedBefore && !diff.agreeNow }
                return false
            }
        case .planFails:
            return report.plans.contains {
                if case .nowFails = $0.kind { return true }
                return false
            }
        case .removedPlan:
            return report.plans.contains {
                if case .removed = $0.kind { return true }
                return false
            }
        case .overBudget: return !report.overBudget.isEmpty
        case .any: return !report.isEmpty || report.overBudget.contains(where: \.isNew)
        }
    }

    /// Every rule set of every plan that plays on both sides.
    private func ruleSets(_ report: DiffReport) -> [PlanRunDiff.RuleSetChange] {
        report.plans.flatMap { plan -> [PlanRunDiff.RuleSetChange] in
            if case .played(let diff) = plan.kind { return diff.ruleSets }
            return []
        }
    }
}
