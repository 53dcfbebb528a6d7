import Foundation
import Graphviz

/// The diagnostic switch `FLOWGRAPH_LAYOUT_COUNT=1`: after the command, `flowgraph` prints how many Graphviz
/// layouts it ran and of how many different drawings (``Graphviz/LayoutCount``) to standard error, as
/// `flowgraph: layouts: N of M drawings`.
///
/// A command lays each drawing out once however many formats, measurements and player timelines it makes of
/// it, so N equals M; the end-to-end tests check that through the built binary with this switch. Batch
/// workers are separate processes and are not counted. Any other value, or none, changes nothing.
enum LayoutCountSwitch {
    /// The environment variable that turns the count on.
    static let environmentVariable = "FLOWGRAPH_LAYOUT_COUNT"

    /// Runs `command`, counting its layouts and printing them to `console`'s standard error when `environment`
    /// turns the switch on; returns the command's exit status.
    static func run(
        environment: [String: String] = ProcessInfo.processInfo.environment, console: Console,
        _ command: () -> Int32
    ) -> Int32 {
        guard environment[environmentVariable] == "1" else { return command() }
        LayoutCount.start()
        let status = command()
        let count = LayoutCount.current
        console.writeError(
            "flowgraph: layouts: \(count.layouts) of \(count.drawings) drawing\(count.drawings == 1 ? "" : "s")\n")
        return status
    }
}
