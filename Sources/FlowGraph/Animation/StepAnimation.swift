import FlowModel
import Foundation
import Graphviz

/// A self-contained HTML page that plays a plan's steps one after another.
struct StepAnimation {
    /// The drawing whose plan is played.
    var drawing: PlanDiagram

    /// The page's UTF-8 bytes.
    func page() throws(RenderError) -> Data {
        throw .graphviz(GraphvizError(.renderFailed(format: .svg), messages: ["HTML output is not built yet"]))
    }
}
