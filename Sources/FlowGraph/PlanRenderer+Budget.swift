import FlowModel
import Foundation
import Graphviz

extension PlanRenderer {
    /// What one frame of the HTML player costs in layout units: a stack drawing of at most
    /// ``StepAnimation/drawnRoutes`` routes, laid out on its own (measured: about as long as 15 units of a
    /// large layout).
    static let playerFrameUnits = 15

    /// Refuses a drawing whose layout would cost more than the plan's ``Limits/layout`` budget, with an error
    /// at the plan's key that describes what is drawn (`start` for a stack, the change for a timeline) naming
    /// the limit and how to raise it. With `player`, the HTML player's frames are charged too, one stack
    /// drawing per different stack in the steps.
    static func checkLayoutBudget(_ diagram: Diagram, of drawing: PlanDiagram, player: Bool = false)
        throws(FlowGraphError)
    {
        let size = diagram.layoutCost
        let limits = drawing.plan.limits
        var units = size.units
        var frames = 0
        if player, units <= limits.layout {
            frames = 1
            if drawing.kind == .timeline {
                // The player draws each different stack once.
                var stacks = Set<[PlanRoute]>()
                for row in try drawing.rows() {
                    for transition in row.transitions { stacks.formUnion(transition.steps) }
                }
                frames = stacks.count
            }
            units += frames * playerFrameUnits
        }
        guard units > limits.layout else { return }
        let keyPath: String
        switch (drawing.kind, drawing.plan.change) {
        case (.stack, _), (_, .none): keyPath = drawing.moment == .end && drawing.kind == .stack ? "end" : "start"
        case (.timeline, .end): keyPath = "end"
        case (.timeline, .actions): keyPath = "actions"
        case (.timeline, .states): keyPath = "states"
        }
        let what = drawing.kind == .stack ? "stack drawing" : "timeline"
        throw FlowGraphError(
            file: drawing.plan.file, keyPath: keyPath,
            message: "the \(what) would be a layout of \(units) units (\(size.nodes) nodes, \(size.edges) edges, "
                + "\(size.clusters) boxes, \(size.htmlCells) table cells"
                + (frames > 0 ? ", \(frames) HTML player frames of \(playerFrameUnits) units" : "")
                + "), more than Graphviz is given by default: "
                + "about 10 s and 1 GB (docs/hardening.md, \"Limits\"); draw part of the plan, or "
                + limits.exceeded(.layout))
    }
}
