import FlowModel

/// `flowgraph steps`: shows the steps FlowStacks takes for each change of a plan, for people or as JSON.
public enum StepsCommand: Command {
    /// `steps`.
    public static let name = "steps"
    /// One line for `flowgraph --help`.
    public static let summary = "Break a plan's changes into the steps FlowStacks performs, with their timing."
    /// The usage lines.
    public static let usage = [
        "flowgraph steps PLAN.json [--url URL] [--platform ios16|ios17] [--navigation-stack] [--json]",
        "flowgraph steps --from LIST --to LIST [--platform ios16|ios17] [--navigation-stack] [--json]",
    ]
    /// The options.
    public static let options = [
        OptionSpec(
            "--from", valueName: "LIST", help: "Routes before the change, e.g. '[.push(A), .sheet(B)]' (default [])."),
        OptionSpec("--to", valueName: "LIST", help: "Routes after the change (default [])."),
        OptionSpec(
            "--platform", valueName: "ios16|ios17",
            help: "ios16: one dismissal per step; ios17: several in one (default: the plan's, else ios17)."),
        OptionSpec("--navigation-stack", help: "The stack uses NavigationStack: several pushes in one step."),
        OptionSpec("--json", help: "Print one JSON object instead of text for people."),
        OptionSpec(
            "--url", valueName: "URL",
            help: "Resolve this deep link through the plan's \"deeplink\" rules (instead of its \"url\")."),
    ]
    /// One plan file at most.
    public static let maximumPositionals = 1
    /// Arguments and examples.
    public static let discussion = """
        PLAN.json is a plan file (see README); '-' reads it from standard input. Its platform and
        navigationStack are used unless --platform or --navigation-stack are given.
        A LIST is Swift literal notation: .push(X), .sheet(X), .sheet(X, withNavigation: true),
        .cover(X), .cover(X, withNavigation: true), comma-separated, with or without [ ].

        --json prints {"transitions": [{"action", "from", "to", "steps", "synchronous",
        "estimatedSeconds"}]} with routes in canonical notation ("action" only for plans with actions;
        "coordinator" only for plans with nested FlowStacks, naming whose routes the transition changes).
        Nesting rules a plan breaks are printed to standard error as warnings.

        examples:
          flowgraph steps deeplink.json
          flowgraph steps --from '[.push(1), .sheet(2, withNavigation: true)]' --to '[.cover(4)]' --platform ios16
          flowgraph steps --url flowstacksapp://numbers/1/2/3 numbers-deeplink-rules.json
        """

    /// Runs the command.
    public static func run(_ arguments: ParsedArguments, console: Console) throws(FlowGraphError) -> Int32 {
        var plan = try plan(from: arguments)
        if let url = arguments.value("--url") {
            guard arguments.positionals.first != nil else {
                throw ArgumentParser.usageError("--url needs PLAN.json, whose \"deeplink\" rules resolve it")
            }
            plan = try plan.resolvingDeepLink(url: url)
        } else if let deepLink = plan.deepLink, deepLink.resolution == nil {
            throw FlowGraphError(
                file: plan.file, keyPath: "deeplink",
                message: "the plan has deep-link rules but no \"url\"; pass --url URL or add \"url\" to \"deeplink\"")
        }
        if let platformName = arguments.value("--platform") {
            guard let platform = Platform(rawValue: platformName.lowercased()) else {
                throw ArgumentParser.usageError("--platform must be ios16 or ios17, not '\(platformName)'")
            }
            plan.platform = platform
        }
        if arguments.flag("--navigation-stack") {
            plan.navigationStack = true
        }
        let transitions = try plan.transitions()
        for problem in try plan.nestingProblems() {
            console.printError(problem.diagnostic(file: plan.file).description)
        }
        if arguments.flag("--json") {
            console.print(StepsReport.json(transitions).rendered(.pretty))
        } else {
            console.writeOutput(StepsReport.text(transitions, plan: plan))
        }
        return 0
    }

    private static func plan(from arguments: ParsedArguments) throws(FlowGraphError) -> Plan {
        let from = arguments.value("--from")
        let to = arguments.value("--to")
        if let path = arguments.positionals.first {
            guard from == nil, to == nil else {
                throw ArgumentParser.usageError("give either PLAN.json or --from/--to, not both")
            }
            return try Plan.decode(bytes: InputFile.read(path), file: path)
        }
        guard from != nil || to != nil else {
            throw ArgumentParser.usageError("missing PLAN.json, or --from LIST and --to LIST")
        }
        var diagnostics: [Diagnostic] = []
        func routes(_ text: String?, option: String) -> [Route] {
            guard let text else { return [] }
            do {
                return try RouteNotation.parseList(text)
            } catch {
                diagnostics.append(error.diagnostic(in: text, file: option))
                return []
            }
        }
        let start = routes(from, option: "--from")
        let end = routes(to, option: "--to")
        guard diagnostics.isEmpty else { throw FlowGraphError(diagnostics: diagnostics) }
        return Plan(start: start, change: .end(end))
    }
}
