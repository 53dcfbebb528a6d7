import FlowModel
import Foundation
import Graphviz

/// The `flowgraph` command line: parses arguments and runs a subcommand.
public enum FlowGraphCommand {
    /// The version `flowgraph --version` prints.
    public static let version = "0.1.0"

    /// Runs `flowgraph` with the process's arguments (the first is the program name) and returns the exit status.
    public static func main(_ arguments: [String]) -> Int32 {
        // Before any file is opened (fonts included), so none can land on a closed standard output.
        StandardOutput.reserveClosedDescriptors()
        // A file-size limit (`ulimit -f`) makes a write fail with EFBIG, reported and cleaned up like a full
        // disk, instead of killing the process with SIGXFSZ and leaving a temporary file behind.
        signal(SIGXFSZ, SIG_IGN)
        // Read once: Foundation makes a new dictionary of the whole environment on every read.
        let environment = ProcessInfo.processInfo.environment
        FontSetup.apply(environment)
        let arguments = Array(arguments.dropFirst())
        // A batch worker's plays are its parent's; only the command a person ran reports them.
        guard arguments.first != BatchWorker.commandName else { return run(arguments, console: .standard) }
        HeapGrowth.apply()
        let status = LayoutCountSwitch.run(environment: environment, console: .standard) {
            PlayCountSwitch.run(environment: environment, console: .standard) { run(arguments, console: .standard) }
        }
        if environment[ProjectDefaultsCache.countEnvironmentVariable] == "1" {
            Console.standard.writeError("flowgraph: .flowgraph.json reads: \(ProjectDefaultsCache.shared.reads)\n")
        }
        return status
    }

    /// Runs `flowgraph` with arguments after the program name, writing to `console`; returns the exit status.
    ///
    /// 0 on success, 1 when the input is bad, 2 when the command line is malformed.
    public static func run(_ arguments: [String], console: Console) -> Int32 {
        guard let first = arguments.first else {
            console.writeError(help + "\n")
            return 2
        }
        switch first {
        case "-h", "--help":
            console.print(help)
            return 0
        case BatchWorker.commandName:
            return BatchWorker.run(console: console)
        case "--version", "-V":
            console.print("flowgraph \(version)")
            return 0
        case "help":
            guard arguments.count > 1 else {
                console.print(help)
                return 0
            }
            if arguments[1] == manualFlag {
                console.writeOutput(ManualPage.text(version: version))
                return 0
            }
            guard let command = CommandRegistry.command(named: arguments[1]) else {
                return report(unknownCommand(arguments[1]), command: nil, console: console)
            }
            console.print(command.help)
            return 0
        default:
            break
        }
        guard let command = CommandRegistry.command(named: first) else {
            let error =
                first.hasPrefix("-")
                ? ArgumentParser.usageError("unknown option '\(first)'; options go after the command")
                : unknownCommand(first)
            return report(error, command: nil, console: console)
        }
        do {
            let parsed = try ArgumentParser.parse(
                Array(arguments.dropFirst()), options: command.options, maximumPositionals: command.maximumPositionals)
            if parsed.helpRequested {
                console.print(command.help)
                return 0
            }
            // -G/-N/-E: set over every drawing the command lays out, its batch workers' too.
            let overrides = try GraphvizAttributeOptions.overrides(parsed, of: command)
            return try AttributeOverrides.$current.withValue(overrides) { try command.run(parsed, console: console) }
        } catch {
            return report(error, command: command, console: console)
        }
    }

    /// `flowgraph help --man`: the manual page in roff.
    static let manualFlag = "--man"

    /// The top-level help text.
    public static var help: String {
        let width = CommandRegistry.commands.map { $0.name.count }.max() ?? 0
        var lines = [
            "flowgraph \(version) — draws FlowStacks navigation: route stacks, deep-link steps, nesting.",
            "",
            "usage: flowgraph COMMAND [OPTIONS]",
            "       flowgraph --help | --version | help --man",
            "",
            "commands:",
        ]
        lines += CommandRegistry.commands.map {
            "  " + $0.name.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.summary
        }
        lines += [
            "", "Run 'flowgraph COMMAND --help' for a command's options and examples.",
            "A .flowgraph.json beside the plans (else in the current folder) sets defaults; the command line wins:",
            "{" + ProjectDefaults.keys.map { "\"\($0)\"" }.joined(separator: ", ") + "} (docs/everyday.md).",
        ]
        return lines.joined(separator: "\n")
    }

    private static func unknownCommand(_ name: String) -> UsageError {
        var message = "unknown command '\(name)'"
        if let suggestion = ArgumentParser.suggestion(for: name, among: CommandRegistry.commands.map { $0.name }) {
            message += "; did you mean '\(suggestion)'?"
        } else {
            message += "; commands: " + CommandRegistry.commands.map { $0.name }.joined(separator: ", ")
        }
        return ArgumentParser.usageError(message)
    }

    /// Prints an error to standard error (with usage and a hint for usage errors) and returns its exit status.
    static func report(_ error: any Error, command: (any Command.Type)?, console: Console) -> Int32 {
        switch error {
        case let usage as UsageError:
            let prefix = command.map { "flowgraph \($0.name)" } ?? "flowgraph"
            console.printError("\(prefix): \(usage.message)")
            if let command {
                let usage = CommandHelp(command).shortUsage
                console.printError("usage: " + usage[0])
                for line in usage.dropFirst() { console.printError("       " + line) }
                console.printError("Run 'flowgraph \(command.name) --help' for more.")
            } else {
                console.printError("usage: flowgraph COMMAND [OPTIONS]")
                console.printError("Run 'flowgraph --help' for the commands.")
            }
        default:
            for line in errorLines(of: error) { console.printError(line) }
        }
        return exitStatus(of: error)
    }
}

/// Ends the process with the given status, flushing every output stream first.
public func exitProcess(_ status: Int32) -> Never {
    fflush(nil)
    exit(status)
}
