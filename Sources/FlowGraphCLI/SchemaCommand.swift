import FlowModel

/// `flowgraph schema`: prints the JSON Schema of plan files, for editors and validators.
public enum SchemaCommand: Command {
    /// `schema`.
    public static let name = "schema"
    /// One line for `flowgraph --help`.
    public static let summary = "Print the JSON Schema of plan files, so editors can complete and check them."
    /// No arguments.
    public static let forms = [""]
    /// No options.
    public static let options: [OptionSpec] = []
    /// No arguments.
    public static let maximumPositionals = 0
    /// What it covers.
    public static let notes = """
        The schema (JSON Schema draft-07, also docs/plan.schema.json) covers every key of a plan; navigation
        FlowStacks rejects (a pop of a sheet) is found by flowgraph check, steps or render, not by the schema.
        """
    /// Three examples.
    public static let examples = [
        "flowgraph schema > plan.schema.json",
        "then in a plan: {\"$schema\": \"./plan.schema.json\", \"root\": \"Home\", …}",
        "or in VS Code settings: \"json.schemas\": [{\"fileMatch\": [\"plans/*.json\"], \"url\": \"./plan.schema.json\"}]",
    ]
    /// Where the rest is told.
    public static let docsPage = "docs/plans.md"

    /// Runs the command.
    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        console.writeOutput(PlanSchema.text)
        return 0
    }
}
