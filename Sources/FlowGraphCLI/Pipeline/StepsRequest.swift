import FlowModel

/// What `flowgraph steps` is asked, made once from its typed options: the plan (a file or `--from`/`--to`),
/// how to play it, and what to print.
struct StepsRequest: Sendable {
    /// The plan file given, or the `--from`/`--to` routes.
    var source: PlanSource
    /// How the plan is read and played (nothing is drawn).
    var plan: PlanRequest
    /// What to print.
    var format: StepsCommand.StepsFormat
    /// `-q`.
    var quiet: Bool
    /// `--strict`.
    var strict: Bool
    /// Notes for `--platform` versions that play by another's rules.
    var platformNotes: [String]

    /// The request the arguments make.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        source = try Self.source(arguments)
        plan = try PlanRequest.playing(arguments)
        format = try Self.format(arguments)
        quiet = arguments[ConventionOptions.quiet]
        strict = arguments[DiagnosticsOutput.strict]
        platformNotes = RuleOptions.platformNotes(arguments)
    }

    /// What to print, from `-T`, `--json` or `--swift`; two that disagree are a usage error.
    private static func format(_ arguments: ParsedArguments) throws(UsageError) -> StepsCommand.StepsFormat {
        let asked = [
            try arguments[StepsCommand.format], arguments[StepsCommand.json] ? StepsCommand.StepsFormat.json : nil,
            arguments[StepsCommand.swift] ? .swift : nil,
        ].compactMap { $0 }
        guard let first = asked.first else { return .text }
        guard asked.allSatisfy({ $0 == first }) else {
            throw ArgumentParser.usageError(
                "give one of --json, --swift or -T, not both (" + asked.map(\.rawValue).joined(separator: " and ")
                    + ")")
        }
        return first
    }

    /// The plan file given, or the `--from`/`--to` routes; not both.
    private static func source(_ arguments: ParsedArguments) throws(UsageError) -> PlanSource {
        let from = try arguments[StepsCommand.from]
        let to = try arguments[StepsCommand.to]
        guard let path = arguments.positionals.first else { return .routes(from: from, to: to) }
        guard from == nil, to == nil else {
            throw ArgumentParser.usageError("give either PLAN.json or --from/--to, not both")
        }
        return .file(path)
    }
}
