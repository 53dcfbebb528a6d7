import FlowModel

/// `flowgraph import`: reads routes as an app encodes them and prints them in route notation.
public enum ImportCommand: Command {
    /// `import`.
    public static let name = "import"
    /// One line for `flowgraph --help`.
    public static let summary =
        "Read routes encoded by an app (typed routes or FlowPath JSON) and print them in notation."
    /// One route list.
    public static let forms = ["FILE"]
    /// `--list`.
    static let list = CommandFlag(
        "--list", help: "Print one Swift array literal, e.g. [.push(1), .sheet(2)], instead of one per line.")
    /// `--json`.
    static let json = CommandFlag(
        "--json", help: "Print a JSON array of routes in notation, ready for a plan's start or end.")
    /// The options.
    public static let options = [list.spec, json.spec, LimitOptions.option.spec]
    /// One file.
    public static let maximumPositionals = 1
    /// The formats read.
    public static let notes = """
        FILE ('-': standard input) holds one route list: typed routes as JSONEncoder writes them, FlowPath's
        codable JSON, or notation; the format is detected. Exit status: 0; 1 unreadable list; 2 usage.
        """
    /// Three examples.
    public static let examples = [
        "flowgraph import saved-path.json",
        "flowgraph import saved-path.json --json",
        "pbpaste | flowgraph import - --list",
    ]
    /// Where the rest is told.
    public static let docsPage = "docs/import.md"

    /// Runs the command.
    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard let path = arguments.positionals.first else {
            throw ArgumentParser.usageError("missing FILE, the route list to read ('-' for standard input)")
        }
        if arguments[list], arguments[json] {
            throw ArgumentParser.usageError("give --list or --json, not both")
        }
        let limits = try LimitOptions.limits(arguments)
        let bytes = try InputFile.read(path, limit: limits.fileSize)
        let routes = try RouteImport.read(bytes: bytes, file: path, limits: limits).routes
        if arguments[json] {
            console.print(JSONValue.array(routes.map { .string($0.notation) }).rendered(.pretty))
        } else if arguments[list] {
            console.print(routes.notation)
        } else {
            console.writeOutput(routes.map { $0.notation + "\n" }.joined())
        }
        return 0
    }
}
