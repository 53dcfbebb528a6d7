import FlowModel
import Foundation

/// The diagnostic switch `FLOWGRAPH_PLAY_COUNT=1`: after the command, `flowgraph` prints how often it played a
/// plan (``Plan/play()``, counted by a ``PlayCounter``) to standard error as `flowgraph: plans played: N`.
///
/// A command plays each plan once however many formats and PNG pages it writes; the end-to-end tests check
/// that through the built binary with this switch. Any other value, or none, changes nothing.
enum PlayCountSwitch {
    /// The environment variable that turns the count on.
    static let environmentVariable = "FLOWGRAPH_PLAY_COUNT"

    /// Runs `command`, counting its plays and printing the total to `console`'s standard error when `environment`
    /// turns the switch on; returns the command's exit status.
    static func run(
        environment: [String: String] = ProcessInfo.processInfo.environment, console: Console,
        _ command: () -> Int32
    ) -> Int32 {
        guard environment[environmentVariable] == "1" else { return command() }
        let counter = PlayCounter()
        let status = PlayCounter.$current.withValue(counter) { command() }
        console.writeError("flowgraph: plans played: \(counter.plays)\n")
        return status
    }
}
