import Foundation
import Graphviz
import Testing

@testable import FlowGraph

/// Every sample's timeline, laid out by libgvc, fits the width people see it at, counts updates the way
/// ``PlanRun`` does and draws every step of the run.
@Suite struct TimelineWidthTests {
    @Test(arguments: PlanRunConsistencyTests.samples)
    func sampleTimelineFits880PixelsAndCountsUpdates(name: String) throws {
        let run = try PlanRunConsistencyTests.plan(name).play()
        let drawing = PlanDiagram(run: run)
        guard drawing.kind == .timeline else { return }
        let timeline = try drawing.timeline()
        let diagram = timeline.diagram()
        // Shown 1:1 at 880 px: the layout is at most 880 · 3/4 = 660 pt.
        let size = try diagram.layoutSize()
        #expect(size.width <= 880 * 3 / 4, "\(name): \(size.width) pt wide")
        // "N updates": the count PlanRun gives, for each rule set (in its column's header when compared).
        for (index, ruleSet) in run.ruleSets.enumerated() {
            let count = ruleSet.updateCount
            let said =
                run.ruleSets.count == 1
                ? diagram.headerText.contains("\(count) update\(count == 1 ? "" : "s") · total")
                : diagram.node("column-\(index)")?.label.plainText.contains(
                    "\(count) update\(count == 1 ? "" : "s") · ")
                    == true
            #expect(said, "\(name): \(count) updates")
        }
        // Every step of every rule set has a node, and the ids are the drawn step nodes.
        let ids = timeline.stepNodeIDs()
        #expect(ids.count == run.ruleSets.count)
        for (rowIndex, ruleSet) in run.ruleSets.enumerated() {
            #expect(ids[rowIndex].map(\.count) == ruleSet.transitions.map(\.steps.count))
            for id in ids[rowIndex].joined() { #expect(diagram.node(id) != nil, "\(name): \(id)") }
        }
    }

    @Test func updatesDoNotCountTheStartingState() throws {
        let rules = PlatformRules(platform: .ios16)
        let push = PlanTransition(from: [], to: [.push("A")], rules: rules)
        #expect(push.steps.count == 2 && push.updates == 1)
        let deepLink = PlanTransition(
            from: [.sheet("A", withNavigation: true), .push("B"), .sheet("C")], to: [.push("D")], rules: rules)
        #expect(deepLink.steps.count == 4 && deepLink.updates == 3, "step 0 and step 1 are set together")
        let edit = PlanTransition(from: [.push("A")], to: [.push("B")], rules: rules)
        #expect(edit.steps == [[.push("B")]] && edit.updates == 1, "a content update is an update")
        let none = PlanTransition(from: [.push("A")], to: [.push("A")], rules: rules)
        #expect(none.updates == 0)
    }
}
