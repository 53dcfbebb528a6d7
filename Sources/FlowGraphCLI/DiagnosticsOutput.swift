import FlowModel

/// The diagnostics contract of the commands: every warning about a plan on standard error as
/// `FILE:LINE:COLUMN: KEY PATH: warning: MESSAGE`, and `--strict` making any warning exit status 1.
enum DiagnosticsOutput {
    /// `--strict`.
    static let strict = CommandFlag("--strict", help: "Exit with status 1 when there is any warning.")

    /// Prints each warning to standard error and returns the exit status they mean: 1 with `strict` when
    /// there is any, else 0.
    static func report(_ diagnostics: [Diagnostic], strict: Bool, console: Console) -> Int32 {
        for diagnostic in diagnostics { console.printError(diagnostic.description) }
        return strict && !diagnostics.isEmpty ? 1 : 0
    }
}
