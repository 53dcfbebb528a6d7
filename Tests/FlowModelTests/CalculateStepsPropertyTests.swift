import Testing

@testable import FlowModel

/// Properties of calculateSteps over thousands of random start/end stacks, under all four rule combinations.
@Suite struct CalculateStepsPropertyTests {
    static let allRules: [PlatformRules] = [false, true].flatMap { multiple in
        [false, true].map { PlatformRules(multipleDismissalsInOne: multiple, navigationUpdatesInOne: $0) }
    }

    @Test(arguments: allRules)
    func stepsKeepStructureThenOnlyRemoveOrAddAndEndAtEnd(rules: PlatformRules) {
        var generator = SeededGenerator(seed: rules.multipleDismissalsInOne ? 17 : 42)
        for _ in 0..<3000 {
            let start = PlanRoute.randomStack(maximumCount: 8, using: &generator)
            // Often share a prefix with the start, as real deep links do.
            var end = Array(start.prefix(Int.random(in: 0...start.count, using: &generator)))
            if Bool.random(using: &generator) {
                end = end.map { Bool.random(using: &generator) ? $0 : PlanRoute(screen: "X", style: $0.style) }
            }
            end += PlanRoute.randomStack(maximumCount: 6, using: &generator)
            check(start: start, end: end, rules: rules)
        }
    }

    private func check(start: [PlanRoute], end: [PlanRoute], rules: PlatformRules) {
        let steps = calculateSteps(from: start, to: end, rules: rules)
        let context = "\(start.notation) → \(end.notation) under \(rules.summary): \(steps.map(\.notation))"
        guard let first = steps.first, let last = steps.last else {
            Issue.record("no steps for \(context)")
            return
        }
        // Step 0 keeps the start's structure.
        #expect(first.map(\.style) == start.map(\.style), "\(context)")
        // The last step is the end.
        #expect(last == end, "\(context)")

        for index in steps.indices.dropFirst() {
            let before = steps[index - 1]
            let after = steps[index]
            let kept = zip(before, after).prefix { $0 == $1 }.count
            let removed = before[kept...]
            let added = after[kept...]
            #expect(!removed.isEmpty || !added.isEmpty, "step \(index) changes nothing: \(context)")
            // A step only removes routes or only adds them. The one exception is FlowStacks' own: with
            // NavigationStack, pushes join the step before them, even a dismissal or pop step.
            let onlyOneWay = removed.isEmpty || added.isEmpty
            let addsOnlyPushes = added.allSatisfy { $0.style.isPush }
            #expect(
                onlyOneWay || (rules.navigationUpdatesInOne && addsOnlyPushes),
                "step \(index) both removes and adds: \(context)")
            if !rules.multipleDismissalsInOne {
                let dismissedLayers = removed.filter(\.isPresented).count
                #expect(dismissedLayers <= 1, "step \(index) dismisses \(dismissedLayers) layers: \(context)")
            }
            if !rules.navigationUpdatesInOne {
                #expect(added.count <= 1, "step \(index) adds several routes: \(context)")
            } else {
                let laterAddsArePushes = added.dropFirst().allSatisfy { $0.style.isPush }
                #expect(laterAddsArePushes, "step \(index) adds several presentations: \(context)")
            }
        }
    }

    @Test func transitionChangesDescribeEachStep() {
        var generator = SeededGenerator(seed: 7)
        for _ in 0..<500 {
            let start = PlanRoute.randomStack(maximumCount: 6, using: &generator)
            let end = PlanRoute.randomStack(maximumCount: 6, using: &generator)
            let transition = PlanTransition(from: start, to: end, rules: PlatformRules(platform: .ios16))
            for (change, index) in zip(transition.changes.dropFirst(), transition.steps.indices.dropFirst()) {
                let before = transition.steps[index - 1]
                let after = transition.steps[index]
                #expect(change.removed.count == max(0, before.count - after.count))
                #expect(change.added.count == max(0, after.count - before.count))
            }
        }
    }
}
