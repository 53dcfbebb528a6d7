import Foundation
import PackagePlugin

/// `swift package flowgraph …`: runs this package's own `flowgraph` executable in the package that asks.
///
/// The verbs and options are the CLI's (`render`, `scan`, `steps`, `check`, …); relative paths are read from
/// the package's folder. The plugin declares no permission, so the commands that only read (`steps`, `check`,
/// `scan` and `diff` to standard output) run as they are; one that writes into the package needs SwiftPM's
/// flag: `swift package --allow-writing-to-package-directory flowgraph render Plans -o Docs/Navigation`.
@main
struct FlowGraphPlugin: CommandPlugin {
    /// Runs `flowgraph` with the plugin's arguments; a failure is reported as one SwiftPM error that starts with
    /// the tool's own messages (SwiftPM then exits 1).
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "flowgraph")
        let process = Process()
        process.executableURL = tool.url
        process.arguments = arguments
        process.currentDirectoryURL = context.package.directoryURL
        // SwiftPM prints a plugin's output when it ends, after its diagnostics: the tool's messages are read
        // here and said in the diagnostic of a failure. `--watch` runs until stopped, so its messages go
        // straight through.
        let messages = Pipe()
        let watches = arguments.contains("--watch")
        if !watches { process.standardError = messages }
        try process.run()
        let said = watches ? Data() : messages.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: said, as: UTF8.self)
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let failure = FlowGraphPluginError(
                verb: arguments.first, status: process.terminationStatus, messages: text,
                mayWrite: Self.canWrite(in: context.package.directoryURL))
            Diagnostics.error(failure.description)
            return
        }
        FileHandle.standardError.write(said)
    }

    /// Whether files can be made in the package's folder: SwiftPM's sandbox (macOS) refuses them unless the
    /// run was given `--allow-writing-to-package-directory`.
    static func canWrite(in folder: URL) -> Bool {
        let probe = folder.appendingPathComponent(".flowgraph-plugin-\(ProcessInfo.processInfo.globallyUniqueString)")
        guard FileManager.default.createFile(atPath: probe.path, contents: Data()) else { return false }
        try? FileManager.default.removeItem(at: probe)
        return true
    }
}

/// The `flowgraph` run failed: its own messages, then its status.
struct FlowGraphPluginError: CustomStringConvertible {
    /// The command run, e.g. `render`.
    let verb: String?
    /// The exit status of `flowgraph` (1: bad input, 2: usage).
    let status: Int32
    /// What `flowgraph` wrote to standard error.
    let messages: String
    /// Whether the package's folder could be written to.
    let mayWrite: Bool

    var description: String {
        var lines = messages.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        if !mayWrite {
            lines.append(
                "SwiftPM lets the plugin write into the package only when asked: "
                    + "swift package --allow-writing-to-package-directory flowgraph \(verb ?? "") …")
        }
        lines.append("(flowgraph \(verb ?? "") exited with status \(status))")
        return lines.joined(separator: "\n")
    }
}
