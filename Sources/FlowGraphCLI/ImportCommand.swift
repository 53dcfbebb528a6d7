import FlowModel

/// `flowgraph import`: reads routes as an app encodes them and prints them in route notation.
public enum ImportCommand: Command {
    /// `import`.
    public static let name = "import"
    /// One line for `flowgraph --help`.
    public static let summary =
        "Read routes encoded by an app (typed routes or FlowPath JSON) and print them in notation."
    /// The usage lines.
    public static let usage = ["flowgraph import FILE [--list | --json]"]
    /// The options.
    public static let options = [
        OptionSpec(
            "--list", help: "Print one Swift array literal, e.g. [.push(1), .sheet(2)], instead of one per line."),
        OptionSpec("--json", help: "Print a JSON array of routes in notation, ready for a plan's start or end."),
        LimitOptions.option,
    ]
    /// One file.
    public static let maximumPositionals = 1
    /// Formats and examples.
    public static let discussion = """
        FILE ('-' for standard input) holds one route list in any of these formats, detected automatically:
          typed routes    [Route<Screen>] as Swift's JSONEncoder writes it:
                          [{"push":{"_0":1}},{"sheet":{"_0":4,"withNavigation":true}}]
          FlowPath JSON   JSONEncoder().encode(path.codable): style, mangled type name and screen JSON
                          per route, last route first: [{"push":{}},"Si","1"]
          notation        a JSON array of strings [".push(A)"] or Swift literal text [.push(A), .sheet(B)]
        Screens are labeled as they read in Swift: 7, Hello, profile(userID: "u1"), number(7),
        Number(value: 99) (a FlowPath's structs and classes keep their type name; enums are just the case).
        The same formats are accepted wherever FlowGraph reads a route list: a plan's start, end and states,
        and steps --from/--to.

        examples:
          flowgraph import saved-path.json
          flowgraph import saved-path.json --json
          pbpaste | flowgraph import - --list
        """

    /// Runs the command.
    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard let path = arguments.positionals.first else {
            throw ArgumentParser.usageError("missing FILE, the route list to read ('-' for standard input)")
        }
        if arguments.flag("--list"), arguments.flag("--json") {
            throw ArgumentParser.usageError("give --list or --json, not both")
        }
        let limits = try LimitOptions.limits(arguments)
        let bytes = try InputFile.read(path, limit: limits.fileSize)
        let routes = try RouteImport.read(bytes: bytes, file: path, limits: limits).routes
        if arguments.flag("--json") {
            console.print(JSONValue.array(routes.map { .string($0.notation) }).rendered(.pretty))
        } else if arguments.flag("--list") {
            console.print(routes.notation)
        } else {
            console.writeOutput(routes.map { $0.notation + "\n" }.joined())
        }
        return 0
    }
}
