import Testing

@testable import FlowModel

/// FlowStacks' own CalculateStepsTests, as ours. Cases that did not pass `allowMultipleDismissalsInOne`
/// ran on an iOS 17 test host, where it is true.
@Suite struct CalculateStepsTests {
    private func rules(multipleDismissals: Bool = true, navigationUpdates: Bool) -> PlatformRules {
        PlatformRules(multipleDismissalsInOne: multipleDismissals, navigationUpdatesInOne: navigationUpdates)
    }

    @Test func pushOneAtATime() {
        let end: [PlanRoute] = [.push("-2"), .push("-3"), .push("-4")]
        let steps = calculateSteps(from: [], to: end, rules: rules(navigationUpdates: false))
        #expect(steps == [[], [.push("-2")], [.push("-2"), .push("-3")], end])
    }

    @Test func pushAllAtOnceInNavigationStack() {
        let end: [PlanRoute] = [.push("-2"), .push("-3"), .push("-4")]
        let steps = calculateSteps(from: [], to: end, rules: rules(navigationUpdates: true))
        #expect(steps == [[], end])
    }

    @Test func popAllAtOnce() {
        let start: [PlanRoute] = [.push("2"), .push("3"), .push("4")]
        let steps = calculateSteps(from: start, to: [], rules: rules(navigationUpdates: false))
        #expect(steps == [start, []])
    }

    @Test func presentOneAtATime() {
        let end: [PlanRoute] = [.sheet("-2"), .cover("-3"), .sheet("-4")]
        let steps = calculateSteps(from: [], to: end, rules: rules(navigationUpdates: false))
        #expect(steps == [[], [.sheet("-2")], [.sheet("-2"), .cover("-3")], end])
    }

    @Test func dismissOneAtATime() {
        let start: [PlanRoute] = [.sheet("2"), .cover("3"), .sheet("4")]
        let steps = calculateSteps(
            from: start, to: [], rules: rules(multipleDismissals: false, navigationUpdates: false))
        #expect(steps == [start, [.sheet("2"), .cover("3")], [.sheet("2")], []])
    }

    @Test func presentAndPushOneAtATime() {
        let end: [PlanRoute] = [.push("-2"), .push("-3"), .sheet("-4"), .sheet("-5")]
        let steps = calculateSteps(from: [], to: end, rules: rules(navigationUpdates: false))
        #expect(
            steps == [
                [], [.push("-2")], [.push("-2"), .push("-3")], [.push("-2"), .push("-3"), .sheet("-4")], end,
            ])
    }

    @Test func backToCommonAncestorFirst() {
        let start: [PlanRoute] = [.push("2"), .push("3"), .push("4")]
        let end: [PlanRoute] = [.push("-2"), .push("-3"), .sheet("-4"), .sheet("-5")]
        let steps = calculateSteps(from: start, to: end, rules: rules(navigationUpdates: false))
        #expect(
            steps == [
                [.push("-2"), .push("-3"), .push("4")],
                [.push("-2"), .push("-3")],
                [.push("-2"), .push("-3"), .sheet("-4")],
                end,
            ])
    }

    @Test func backToCommonAncestorFirstWithoutPoppingWithinExtraPresentationLayers() {
        let start: [PlanRoute] = [.sheet("2"), .push("3"), .sheet("4"), .push("5")]
        let end: [PlanRoute] = [.push("-2")]
        let steps = calculateSteps(
            from: start, to: end, rules: rules(multipleDismissals: false, navigationUpdates: false))
        #expect(steps == [start, [.sheet("2"), .push("3")], [], end])
    }

    @Test func simultaneousDismissalsWhenSupported() {
        let start: [PlanRoute] = [.sheet("2"), .push("3"), .sheet("4"), .push("5")]
        let steps = calculateSteps(
            from: start, to: [], rules: rules(multipleDismissals: true, navigationUpdates: false))
        #expect(steps == [start, []])
    }

    @Test func transitionTimingFollowsStepCount() {
        let end: [PlanRoute] = [.push("1"), .push("2"), .push("3"), .push("4")]
        let transition = PlanTransition(from: [], to: end, rules: rules(navigationUpdates: false))
        #expect(transition.steps.count == 5)
        #expect(!transition.isSynchronous)
        #expect(!transition.isDelayed(step: 1))
        #expect(transition.isDelayed(step: 2))
        #expect(transition.estimatedSeconds == 1.95)
        #expect("\(transition.estimatedSeconds)" == "1.95")
        let quick = PlanTransition(from: [], to: [.push("1")], rules: rules(navigationUpdates: false))
        #expect(quick.isSynchronous)
        #expect(quick.estimatedSeconds == 0)
    }
}
