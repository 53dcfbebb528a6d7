/// Breaks a change of route stack into the steps SwiftUI can apply one update at a time.
///
/// This follows FlowStacks' `FlowPath.calculateSteps(from:to:allowMultipleDismissalsInOne:allowNavigationUpdatesInOne:)`:
/// step 0 changes screen contents but keeps the start's structure; then presentation
/// layers are dismissed, extra pushes popped, and new routes pushed or presented.
/// - Parameters:
///   - start: The routes before the change.
///   - end: The routes after the change.
///   - rules: The platform rules in force.
/// - Returns: The steps, step 0 first; the last step equals `end`.
///
/// The time taken is linear in the size of the result (the sum of the steps' lengths).
public func calculateSteps(from start: [PlanRoute], to end: [PlanRoute], rules: PlatformRules) -> [[PlanRoute]] {
    let common = min(start.count, end.count)
    let firstDivergingIndex =
        (0..<common).first { start[$0].style != end[$0].style } ?? common
    let firstDivergingPresentationIndex =
        (firstDivergingIndex..<start.count).first { start[$0].isPresented } ?? start.count

    // Step 0: new screen contents, old structure.
    var steps: [[PlanRoute]] = [Array(end[..<firstDivergingIndex] + start[firstDivergingIndex...])]

    // Dismiss extra presentation layers.
    if rules.multipleDismissalsInOne {
        if steps[steps.count - 1].count > firstDivergingPresentationIndex {
            steps.append(Array(end[..<firstDivergingIndex]))
        }
    } else {
        while steps[steps.count - 1].count > firstDivergingPresentationIndex {
            var dismissStep = steps[steps.count - 1]
            var dismissed = dismissStep.popLast()
            // Pushes above a presented layer go with it.
            while dismissed?.isPresented == false, dismissStep.count > firstDivergingPresentationIndex {
                dismissed = dismissStep.popLast()
            }
            steps.append(dismissStep)
        }
    }

    // Pop extra pushed screens.
    if steps[steps.count - 1].count > firstDivergingIndex {
        var popStep = steps[steps.count - 1]
        while let popped = popStep.last, popped.style.isPush, popStep.count > firstDivergingIndex {
            popStep.removeLast()
        }
        steps.append(popStep)
    }

    // Push or present each new route. A push that joins the last step (NavigationStack) is appended
    // to it in place, so the work stays linear in the size of the output.
    while steps[steps.count - 1].count < end.count {
        let next = end[steps[steps.count - 1].count]
        if rules.navigationUpdatesInOne, next.style.isPush, steps.count > 1 {
            steps[steps.count - 1].append(next)
        } else {
            var newStep = steps[steps.count - 1]
            newStep.append(next)
            steps.append(newStep)
        }
    }
    return steps
}
