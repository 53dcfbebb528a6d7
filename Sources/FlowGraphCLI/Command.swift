import FlowModel
import Foundation

/// A `flowgraph` subcommand. Add one by writing a type in its own file and listing it in ``CommandRegistry``.
public protocol Command {
    /// The subcommand's name, e.g. `steps`.
    static var name: String { get }
    /// One line saying what it does, for `flowgraph --help`.
    static var summary: String { get }
    /// Its usage lines, each starting with `flowgraph NAME`.
    static var usage: [String] { get }
    /// The options it accepts (`-h`/`--help` is always accepted).
    static var options: [OptionSpec] { get }
    /// How many positional arguments it accepts at most.
    static var maximumPositionals: Int { get }
    /// Paragraphs shown after the options in its help: arguments, examples.
    static var discussion: String { get }

    /// Runs the command; returns the exit status or throws a located error.
    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32
}

extension Command {
    /// The full help text for `flowgraph NAME --help`.
    public static var help: String {
        var lines = ["\(summary)", "", "usage: " + usage[0]]
        lines += usage.dropFirst().map { "       " + $0 }
        lines += ["", "options:"]
        let all = options + [OptionSpec("-h, --help", help: "Show this help.")]
        let width = all.map(\.synopsis.count).max() ?? 0
        lines += all.map { "  " + $0.synopsis.padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.help }
        if !discussion.isEmpty {
            lines += ["", discussion]
        }
        return lines.joined(separator: "\n")
    }
}

/// The subcommands `flowgraph` knows, in the order `--help` lists them.
public enum CommandRegistry {
    /// Every subcommand; add new ones here.
    public static var commands: [any Command.Type] {
        [
            StepsCommand.self,
            RenderCommand.self,
            ImportCommand.self,
            SchemaCommand.self,
            CompletionCommand.self,
            ScanCommand.self,
            DoccCommand.self,
            DiffCommand.self,
            CheckCommand.self,
        ]
    }

    /// The subcommand with a name, if any.
    public static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.name == name }
    }
}
