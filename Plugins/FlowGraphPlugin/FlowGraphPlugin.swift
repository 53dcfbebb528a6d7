import Foundation
import PackagePlugin

/// `swift package flowgraph …`: runs this package's own `flowgraph` executable in the package that asks.
///
/// The verbs and options are the CLI's (`render`, `scan`, `steps`, `check`, …); relative paths are read from
/// the package's folder. Writing into the package needs SwiftPM's permission:
/// `swift package --allow-writing-to-package-directory flowgraph render Plans -o Docs/Navigation`.
@main
struct FlowGraphPlugin: CommandPlugin {
    /// Runs `flowgraph` with the plugin's arguments and exits with its status.
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "flowgraph")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            throw FlowGraphPluginError(verb: arguments.first, status: process.terminationStatus)
        }
    }
}

/// The `flowgraph` run failed; its own messages are already on standard error.
struct FlowGraphPluginError: Error, CustomStringConvertible {
    /// The command run, e.g. `render`.
    let verb: String?
    /// The exit status of `flowgraph` (1: bad input, 2: usage).
    let status: Int32

    var description: String { "flowgraph \(verb ?? "") exited with status \(status)" }
}
