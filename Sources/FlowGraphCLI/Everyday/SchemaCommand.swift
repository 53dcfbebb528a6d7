import FlowModel

/// `flowgraph schema`: prints the JSON Schema of plan files, for editors and validators.
public enum SchemaCommand: Command {
    /// `schema`.
    public static let name = "schema"
    /// One line for `flowgraph --help`.
    public static let summary = "Print the JSON Schema of plan files, so editors can complete and check them."
    /// The usage line.
    public static let usage = ["flowgraph schema"]
    /// No options.
    public static let options: [OptionSpec] = []
    /// No arguments.
    public static let maximumPositionals = 0
    /// How to use it.
    public static let discussion = """
        The schema (JSON Schema draft-07, also committed as docs/plan.schema.json) covers every key of a
        plan, the three libraries, nested FlowStacks and deep-link rules. It checks shape: navigation that
        FlowStacks rejects (a pop of a sheet) is found by flowgraph steps or render, not by the schema.

        examples:
          flowgraph schema > plan.schema.json
          then in a plan: {"$schema": "./plan.schema.json", "root": "Home", …}
          or in VS Code settings: "json.schemas": [{"fileMatch": ["plans/*.json"], "url": "./plan.schema.json"}]
        """

    /// Runs the command.
    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        console.writeOutput(PlanSchema.text)
        return 0
    }
}
