import FlowModel
import Foundation

/// A `flowgraph` subcommand. Add one by writing a type in its own file and listing it in ``CommandRegistry``.
public protocol Command {
    /// The subcommand's name, e.g. `steps`.
    static var name: String { get }
    /// One line saying what it does, for `flowgraph --help`.
    static var summary: String { get }
    /// Its forms after `flowgraph NAME`: the arguments each takes (`PLAN.json`, `DIR|PLAN… -o OUTDIR`); the
    /// synopsis adds every option to the first form.
    static var forms: [String] { get }
    /// The options it accepts (`-h`/`--help` is always accepted), in the order help lists them.
    static var options: [OptionSpec] { get }
    /// How many positional arguments it accepts at most.
    static var maximumPositionals: Int { get }
    /// A few lines after the options: what the arguments are and the exit status. Longer prose lives in
    /// ``docsPage``.
    static var notes: String { get }
    /// Three command lines that show what it is for.
    static var examples: [String] { get }
    /// The documentation page that tells the rest, e.g. `docs/render.md`.
    static var docsPage: String { get }

    /// Runs the command; returns the exit status or throws a located error.
    static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32
}

extension Command {
    /// The full help text for `flowgraph NAME --help`: summary, synopsis, options, notes, examples and docs.
    public static var help: String { CommandHelp(self).text }

    /// The synopsis: the first form with every option, then the others, each starting with `flowgraph NAME`.
    public static var usage: [String] { CommandHelp(self).synopsis }
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
