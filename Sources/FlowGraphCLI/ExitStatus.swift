import FlowGraph
import FlowModel
import Graphviz

/// `flowgraph`'s exit statuses, which only the command line knows: 1 for bad input, 2 for a malformed
/// command line, 3 for a broken Graphviz or font installation.
extension FlowGraphError {
    /// 1: the input is wrong.
    public var exitCode: Int32 { 1 }
}

extension UsageError {
    /// 2: the command line is wrong.
    public var exitCode: Int32 { 2 }
}

/// An error that kept `flowgraph diff` from comparing (a side that is missing or cannot be read, a folder that
/// is not a repository, an unknown revision): exit 4, so that a CI job tells "could not compare" from a
/// tripped `--fail-on` gate (1). A usage error stays 2, a broken installation 3.
struct ComparisonError: Error {
    /// What went wrong, located.
    var error: FlowGraphError

    /// 4.
    static let exitCode: Int32 = 4
}

/// The lines that report any error a command throws: one per diagnostic of a ``FlowModel/FlowGraphError``.
func errorLines(of error: any Error) -> [String] {
    switch error {
    case let error as FlowGraphError: error.diagnostics.map(\.description)
    case let error as ComparisonError: error.error.diagnostics.map(\.description)
    default: ["\(error)"]
    }
}

/// The exit status for any error a command throws: its own for the errors above, else 1.
func exitStatus(of error: any Error) -> Int32 {
    switch error {
    case let error as UsageError: error.exitCode
    case let error as FlowGraphError: error.exitCode
    case is ComparisonError: ComparisonError.exitCode
    case let error as RenderError: error.exitCode
    case let error as GraphvizError: error.exitCode
    default: 1
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
