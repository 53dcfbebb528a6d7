import FlowModel
import Graphviz

/// Why a plan could not be rendered.
public enum RenderError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The plan is invalid (e.g. an action FlowStacks would reject); located in the plan file.
    case plan(FlowGraphError)
    /// Graphviz failed (see `GraphvizError`).
    case graphviz(GraphvizError)
    /// A PNG would exceed cairo's size limit and cannot be split into pages that fit.
    case pngTooLarge(width: Int, height: Int, limit: Int, part: String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .plan(let error):
            return error.description
        case .graphviz(let error):
            return error.description
        case .pngTooLarge(let width, let height, let limit, let part):
            return
                "\(part) would be a \(width)×\(height) px PNG, but PNG output is limited to \(limit) px per side "
                + "and FlowGraph does not shrink diagrams until unreadable; render it as SVG or PDF instead "
                + "(-T svg or -T pdf)"
        }
    }
}
