import FlowGraph
import FlowModel
import Graphviz

/// `flowgraph`'s exit statuses, which only the command line knows: 1 for bad input, 2 for a malformed
/// command line, 3 for a broken Graphviz or font installation.
extension FlowGraphError {
    /// 1 for bad input, 2 for bad usage.
    public var exitCode: Int32 {
        switch kind {
        case .input: 1
        case .usage: 2
        }
    }
}

extension GraphvizError {
    /// 3 for a broken Graphviz or font installation, else 1.
    var exitCode: Int32 { isInstallationProblem ? 3 : 1 }
}

extension RenderError {
    /// 1, or 3 for a broken Graphviz or font installation.
    var exitCode: Int32 {
        switch self {
        case .plan(let error): error.exitCode
        case .graphviz(let error): error.exitCode
        case .pngTooLarge: 1
        }
    }
}
