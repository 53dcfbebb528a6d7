import FlowGraph
import FlowModel

/// `flowgraph steps`: shows the steps FlowStacks takes for each change of a plan, for people or as JSON.
public enum StepsCommand: Command {
    /// `steps`.
    public static let name = "steps"
    /// One line for `flowgraph --help`.
    public static let summary = "Break a plan's changes into the steps FlowStacks performs, with their timing."
    /// The usage lines.
    public static let usage = [
        "flowgraph steps PLAN.json [--url URL] [--platform LIST] [--navigation-stack[=yes|no|both]] [--json | --swift]",
        "flowgraph steps --from LIST --to LIST [--platform LIST] [--navigation-stack[=yes|no|both]] [--json | --swift]",
    ]
    /// The options.
    public static let options = [
        OptionSpec(
            "--from", valueName: "LIST", help: "Routes before the change, e.g. '[.push(A), .sheet(B)]' (default [])."),
        OptionSpec("--to", valueName: "LIST", help: "Routes after the change (default [])."),
        RuleOptions.platform,
        RuleOptions.navigationStack,
        OptionSpec("--json", help: "Print one JSON object instead of text for people."),
        OptionSpec("--swift", help: "Print the steps as Swift array literals to paste into a unit test."),
        DiagnosticsOutput.strictOption,
        PlanLoading.urlOption,
        LimitOptions.option,
        ConventionOptions.quiet,
    ]
    /// One plan file at most.
    public static let maximumPositionals = 1
    /// Arguments and examples.
    public static let discussion = """
        PLAN.json is a plan file (see README); '-' reads it from standard input. Its platform and
        navigationStack are used unless --platform or --navigation-stack are given.
        When the plan or the options name several rule sets ("platform": ["ios16", "ios17"],
        --navigation-stack=both), the steps are printed for each rule set in turn; --json then adds
        "ruleSets": [{"platform", "navigationStack", "transitions"}] after "transitions" (which holds the
        first rule set's, as for a single rule set).
        A LIST is Swift literal notation: .push(X), .sheet(X), .sheet(X, withNavigation: true),
        .cover(X), .cover(X, withNavigation: true), comma-separated, with or without [ ]; or JSON as an
        app encodes routes (typed routes or FlowPath, see flowgraph import --help); or @FILE to read it
        from a file.

        --swift (FlowStacks plans) prints one Swift file that compiles against FlowStacks' Route: the screen
        type (Route<Int> for numbers; an enum Screen declared at the top when every screen reads as a case,
        Home → .home, profile(userID: "u1") → .profile(userID: "u1"); else Route<String>), then
        `var expectedSteps…: [[Route<…>]] { [...] }` per transition and rule set.

        --json prints {"transitions": [{"action", "from", "to", "steps", "synchronous",
        "estimatedSeconds"}]} with routes in the library's notation (FlowStacks: canonical route notation;
        SwiftfulRouting: .sheet(S, id: "s"); swiftui-navigation-stack: push(V(), withId: "v")). "action" only
        for plans with actions; "coordinator" only for plans with nested FlowStacks, naming whose routes the
        transition changes.
        "warnings": [{"file", "line", "column", "path", "message"}] follows, empty when there are none.

        Warnings (routes FlowStacks draws but would reject on a device, nesting rules a plan breaks, calls a
        library tolerates) are printed to standard error as FILE:LINE:COLUMN: KEY PATH: warning: MESSAGE;
        with --strict any warning makes the exit status 1 (the steps are still printed).

        examples:
          flowgraph steps deeplink.json
          flowgraph steps deeplink.json --platform ios16,ios17 --navigation-stack=both
          flowgraph steps --from '[.push(1), .sheet(2, withNavigation: true)]' --to '[.cover(4)]' --platform ios16
          flowgraph steps --url flowstacksapp://numbers/1/2/3 numbers-deeplink-rules.json
        """

    /// Runs the command.
    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        if arguments.value("--url") != nil, arguments.positionals.isEmpty {
            throw ArgumentParser.usageError("--url needs PLAN.json, whose \"deeplink\" rules resolve it")
        }
        var plan = try PlanLoading.resolved(plan(from: arguments), url: arguments.value("--url"))
        let notes = ConventionOptions.notes(arguments, console)
        if let note = try RuleOptions.apply(arguments, to: &plan) { notes.printError(note) }
        if arguments.flag("--json"), arguments.flag("--swift") {
            throw ArgumentParser.usageError("give --json or --swift, not both")
        }
        let words = plan.navigationLibrary.words
        if arguments.flag("--swift"), !words.listsRouteNotation {
            throw FlowGraphError(
                file: plan.file,
                message: "--swift writes FlowStacks' Route arrays, and a \(words.displayName) plan has none to "
                    + "compare with; use --json (its screens as \(words.displayName) writes them) or the text output")
        }
        let run = try plan.play()
        // Routes given with --from/--to are located at the option, e.g. `--to: [1]: warning: …`.
        let diagnostics = arguments.positionals.isEmpty ? run.diagnostics.map(locatedAtOption) : run.diagnostics
        let exitCode = DiagnosticsOutput.report(
            diagnostics, strict: arguments.flag("--strict"), console: ConventionOptions.warnings(arguments, console))
        if arguments.flag("--json") {
            console.print(StepsReport.json(run).rendered(.pretty))
        } else if arguments.flag("--swift") {
            console.writeOutput(SwiftSteps.file(run.ruleSets.map { ($0.rules, $0.transitions) }, plan: plan))
        } else {
            console.writeOutput(StepsReport.text(run))
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

    private static func plan(from arguments: ParsedArguments) throws -> Plan {
        let from = arguments.value("--from")
        let to = arguments.value("--to")
        if let path = arguments.positionals.first {
            guard from == nil, to == nil else {
                throw ArgumentParser.usageError("give either PLAN.json or --from/--to, not both")
            }
            let limits = try LimitOptions.limits(arguments)
            let bytes = try InputFile.read(path, limit: limits.fileSize)
            var plan = try Plan.decode(bytes: bytes, file: path, limits: limits)
            try ProjectDefaults.find(near: path).apply(to: &plan, bytes: bytes)
            return plan
        }
        guard from != nil || to != nil else {
            throw ArgumentParser.usageError("missing PLAN.json, or --from LIST and --to LIST")
        }
        let limits = try LimitOptions.limits(arguments)
        var diagnostics: [Diagnostic] = []
        func routes(_ text: String?, option: String) -> [Route] {
            guard let text else { return [] }
            do {
                return try routeList(text, option: option, limits: limits)
            } catch {
                diagnostics += error.diagnostics
                return []
            }
        }
        let start = routes(from, option: "--from")
        let end = routes(to, option: "--to")
        guard diagnostics.isEmpty else { throw FlowGraphError(diagnostics: diagnostics) }
        var plan = Plan(start: start, change: .end(end))
        plan.limits = limits
        return plan
    }

    /// A `--from`/`--to` route list: notation or JSON in any format (``RouteImport/argument(_:source:)``),
    /// or `@FILE` to read the list from a file.
    static func routeList(_ text: String, option: String, limits: Limits = .default) throws(FlowGraphError) -> [Route] {
        if text.hasPrefix("@") {
            let path = String(text.dropFirst())
            return try RouteImport.read(bytes: InputFile.read(path, limit: limits.fileSize), file: path, limits: limits)
                .routes
        }
        return try RouteImport.argument(text, source: option, limits: limits)
    }
}
