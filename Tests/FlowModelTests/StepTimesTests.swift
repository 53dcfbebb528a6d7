import Testing

@testable import FlowModel

/// The one time model (`StepTimes.swift`): when each step is applied, how long changes take, and how every
/// output writes it.
@Suite struct StepTimesTests {
    /// Four pops and a push on iOS 16: five steps, steps 2, 3 and 4 each after the delay.
    static let change = PlanTransition(
        from: [.push("A"), .push("B"), .sheet("C"), .push("D")], to: [.push("E")],
        rules: PlatformRules(platform: .ios16))

    @Test func stepsZeroAndOneAreAtOnceAndEachLaterStepWaitsTheDelay() {
        let transition = Self.change
        #expect(transition.steps.count >= 3 && !transition.isSynchronous)
        let expected = transition.steps.indices.map { $0 < 2 ? 0 : ($0 - 1) * 65 }
        #expect(transition.steps.indices.map(transition.hundredths(atStep:)) == expected)
        #expect(transition.estimatedHundredths == expected.last)
        // Counted in hundredths: three delays are exactly 1.95, never 1.9500000000000002.
        #expect(
            PlanTransition.secondsText(Double((transition.steps.count - 2) * 65) / 100)
                == "\(transition.estimatedSeconds) s")
    }

    @Test func aSynchronousChangeTakesNoTime() {
        let push = PlanTransition(from: [], to: [.push("A")], rules: PlatformRules())
        #expect(push.isSynchronous)
        #expect(push.estimatedSeconds == 0 && push.elapsed(atStep: 0) == 0)
        #expect(PlanTransition.secondsText(push.estimatedSeconds) == "0 s")
    }

    @Test func thePlayedStepsReadTheModelAndRunOnAcrossTransitions() throws {
        let plan = try Plan.decode(
            #"{"root": "Home", "platform": "ios16", "actions": ["goBackToRoot()", "push(A)", "goBackToRoot()"],"#
                + #" "start": [".push(A)", ".sheet(B)", ".push(C)", ".sheet(D)"]}"#, file: "p.json")
        let ruleSet = try plan.play().ruleSets[0]
        var before = 0
        for (number, transition) in ruleSet.transitions.enumerated() {
            let steps = ruleSet.steps.filter { $0.transition == number }
            #expect(steps.map(\.elapsed) == transition.steps.indices.map(transition.elapsed(atStep:)))
            #expect(
                steps.map(\.runningTime) == steps.map { Double(before + transition.hundredths(atStep: $0.index)) / 100 }
            )
            before += transition.estimatedHundredths
        }
        #expect(ruleSet.estimatedSeconds == Double(before) / 100)
        #expect(ruleSet.steps.last?.runningTime == ruleSet.estimatedSeconds)
        #expect(ruleSet.estimatedSeconds > 0)
    }

    @Test func secondsReadWithoutTrailingZeros() {
        #expect(
            [0, 0.65, 1.3, 1.95, 2.6, 10, 0.05].map(PlanTransition.secondsText) == [
                "0 s", "0.65 s", "1.3 s", "1.95 s", "2.6 s", "10 s", "0.05 s",
            ])
        #expect(PlanTransition.secondsText(0.65 + 0.65 + 0.65) == "1.95 s")
    }
}
