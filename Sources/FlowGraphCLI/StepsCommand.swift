import FlowGraph
import FlowModel
import Graphviz

/// `flowgraph steps`: shows the steps FlowStacks takes for each change of a plan, for people or as JSON.
public enum StepsCommand: Command {
    /// `steps`.
    public static let name = "steps"
    /// One line for `flowgraph --help`.
    public static let summary = "Break a plan's changes into the steps FlowStacks performs, with their timing."
    /// A plan file, or the routes before and after a change.
    public static let forms = ["PLAN.json", "--from LIST --to LIST"]
    /// `--from LIST`.
    static let from = CommandOption<String>(
        "--from", valueName: "LIST", help: "Routes before the change, e.g. '[.push(A), .sheet(B)]' (default []).")
    /// `--to LIST`.
    static let to = CommandOption<String>("--to", valueName: "LIST", help: "Routes after the change (default []).")
    /// `--json`.
    static let json = CommandFlag("--json", help: "Print one JSON object instead of text for people (-T json).")
    /// `--swift`.
    static let swift = CommandFlag(
        "--swift", help: "Print the steps as Swift array literals to paste into a unit test (-T swift).")
    /// `-T`, `--format text|json|swift`: the same choice as `--json` and `--swift`.
    static let format = CommandOption<StepsFormat>.choice(
        "-T", alias: "--format", help: "What to print: text for people (default), JSON, or Swift.")
    /// The options.
    public static let options = [
        from.spec, to.spec, RuleOptions.platform.spec, RuleOptions.navigationStack, format.spec, json.spec,
        swift.spec, PlanSource.url.spec, LimitOptions.option.spec, ConventionOptions.quiet.spec,
        DiagnosticsOutput.strict.spec,
    ]
    /// One plan file at most.
    public static let maximumPositionals = 1
    /// The arguments and the exit status.
    public static let notes = """
        PLAN.json is a plan ('-': standard input); a LIST is route notation such as '[.push(1), .sheet(2)]',
        JSON as an app encodes routes, or @FILE. Exit status: 0; 1 bad plan (or --strict and a warning); 2 usage.
        """
    /// Three examples.
    public static let examples = [
        "flowgraph steps Samples/deeplink-two-sheets.json --platform ios16,ios17 --navigation-stack=both",
        "flowgraph steps --from '[.push(1), .sheet(2, withNavigation: true)]' --to '[.cover(4)]' --platform ios16",
        "flowgraph steps Samples/numbers-deeplink-rules.json --url flowstacksapp://numbers/1/2/3 -T json",
    ]
    /// Where the rest is told.
    public static let docsPage = "docs/steps.md"

    /// What `steps` prints.
    enum StepsFormat: String, CaseIterable, Sendable {
        /// Text for people.
        case text
        /// One JSON object.
        case json
        /// Swift array literals for a unit test.
        case swift
    }

    /// Runs the command.
    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        let request = try StepsRequest(arguments)
        let notes = ConventionOptions.notes(quiet: request.quiet, console)
        request.platformNotes.forEach { notes.printError($0) }
        let result = try PlanJob.run(request.plan, source: request.source, note: notes.printError)
        let (plan, run) = (result.plan, result.run)
        let words = plan.navigationLibrary.words
        if request.format == .swift, !words.listsRouteNotation {
            throw FlowGraphError(
                file: plan.file,
                message: "--swift writes FlowStacks' Route arrays, and a \(words.displayName) plan has none to "
                    + "compare with; use --json (its screens as \(words.displayName) writes them) or the text output")
        }
        // Routes given with --from/--to are located at the option, e.g. `--to: [1]: warning: …`.
        let diagnostics = request.source.path == nil ? result.warnings.map(locatedAtOption) : result.warnings
        let exitCode = DiagnosticsOutput.report(
            diagnostics, strict: request.strict,
            console: ConventionOptions.warnings(quiet: request.quiet, strict: request.strict, console))
        switch request.format {
        case .json: console.print(StepsReport.json(run).rendered(.pretty))
        case .swift: console.writeOutput(SwiftSteps.file(run.ruleSets.map { ($0.rules, $0.transitions) }, plan: plan))
        case .text: console.writeOutput(StepsReport.text(run))
        }
        return exitCode
    }

    /// A warning about `start[i]` or `end[i]` of a plan made from `--from` and `--to`, located at the option.
    private static func locatedAtOption(_ diagnostic: Diagnostic) -> Diagnostic {
        var located = diagnostic
        for (key, option) in [("start", "--from"), ("end", "--to")] {
            guard let keyPath = diagnostic.keyPath, keyPath.hasPrefix(key) else { continue }
            located.file = option
            located.keyPath = String(keyPath.dropFirst(key.count))
        }
        return located
    }
}
