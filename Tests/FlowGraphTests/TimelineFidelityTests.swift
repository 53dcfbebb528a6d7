import Foundation
import Graphviz
import Testing

@testable import FlowGraph

/// The timeline says what the run does: every step's running time, update, screens added and removed and what is
/// on screen, as ``PlanRun`` (what `flowgraph steps --json` prints) has them.
@Suite struct TimelineFidelityTests {
    /// Text without spaces or line breaks, so wrapped names still compare.
    static func squeezed(_ text: String) -> String { text.filter { !$0.isWhitespace } }

    @Test(arguments: PlanRunConsistencyTests.samples)
    func everyMomentSaysItsStepsTimesAndScreens(name: String) throws {
        let run = try PlanRunConsistencyTests.plan(name).play()
        let drawing = PlanDiagram(run: run)
        guard drawing.kind == .timeline else { return }
        let timeline = try drawing.timeline()
        let diagram = timeline.diagram()
        let ids = timeline.stepNodeIDs()
        for (column, ruleSet) in run.ruleSets.enumerated() {
            for step in ruleSet.steps {
                let transition = ruleSet.transitions[step.transition]
                // Step 0 of a change of several steps is applied with step 1: its node is step 1's.
                let shown = transition.steps.count > 1 && step.index == 0 ? 1 : step.index
                let id = ids[column][step.transition][step.index]
                #expect(id.hasSuffix("-step-\(shown)"), "\(name): \(id)")
                let node = try #require(diagram.node(id), "\(name): \(id)")
                guard step.index == shown else { continue }
                let text = node.label.plainText
                let time = PlanTransition.secondsText(step.elapsed)
                #expect(text.contains(step.delayed ? "◷ \(time)" : time), "\(name) \(id): \(time) in \(text)")
                let flat = Self.squeezed(text)
                let path = step.path
                for index in step.change.added where step.hierarchy == nil && path.indices.contains(index) {
                    #expect(
                        flat.contains(Self.squeezed(path[index].screen)), "\(name) \(id): adds \(path[index].screen)")
                }
                // Said once, whole: on the header's line or on a row of its own; or, when the moment adds it on
                // top (`push Orders`), by the words that add it.
                let visible = step.visibleScreen(root: run.plan.root)
                if let said = node.label.onScreenText {
                    #expect(Self.squeezed(said) == Self.squeezed(visible), "\(name) \(id): on screen \(visible)")
                } else {
                    // (A nested step's change counts its own coordinator's routes, not the app's path.)
                    let adds =
                        step.hierarchy != nil
                        || (path.indices.last.map { step.change.added.contains($0) } == true
                            && path.last?.screen == visible)
                    #expect(
                        adds && flat.contains(Self.squeezed(visible)),
                        "\(name) \(id): on screen \(visible) unsaid in \(text)")
                }
            }
            // One box per update: the moments of each transition.
            for (number, transition) in ruleSet.transitions.enumerated() {
                #expect(Set(ids[column][number]).count == transition.updates, "\(name) transition \(number + 1)")
            }
        }
    }
}
