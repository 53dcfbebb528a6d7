import FlowModel
import FlowSource

/// `flowgraph check`: validates plans without rendering, so a CI job can gate on them cheaply.
public enum CheckCommand: Command {
    /// `check`.
    public static let name = "check"
    /// One line for `flowgraph --help`.
    public static let summary = "Check plans without drawing them: every error and warning of every file at once."
    /// Plan files and folders.
    public static let forms = ["PLAN.json|DIR…"]
    /// The options.
    public static let options = [
        LimitOptions.option.spec, ConventionOptions.quiet.spec, DiagnosticsOutput.strict.spec,
    ]
    /// Any number of plan files and folders.
    public static let maximumPositionals = Int.max
    /// What it prints and the exit status.
    public static let notes = """
        Each plan is played as render and steps would; nothing is written. Every problem goes to standard error, a
        plan over its "budget" is an error at that key. Exit status: 0 valid; 1 an error (or --strict, a warning).
        """
    /// Three examples.
    public static let examples = [
        "flowgraph check Samples",
        "flowgraph check Samples/deeplink-two-sheets.json Samples/invalid-push.json --strict",
        "flowgraph check Samples -q",
    ]
    /// Where the rest is told.
    public static let docsPage = "docs/plans.md"

    /// Runs the command.
    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard !arguments.positionals.isEmpty else {
            throw ArgumentParser.usageError("missing PLAN.json or DIR, the plans to check")
        }
        // Each plan as render and steps read and play it: its own rules and deep link, nothing drawn.
        let request = PlanRequest(limits: try LimitOptions.limits(arguments), rules: RuleChoice())
        let strict = arguments[DiagnosticsOutput.strict]
        let warningConsole = ConventionOptions.warnings(arguments, console)
        var plans: [BatchPlan] = []
        var skipped: [SourceFiles.NotRead] = []
        for input in arguments.positionals {
            // No outputs, so no output folder. Apps' source folders are not plans: `flowgraph scan` reads them.
            plans += try PlanCatalog.plans(in: [input], outputFolder: nil, skipped: &skipped).filter { !$0.isApp }
        }
        // What a batch would list is listed here too: links leading outside, FIFOs, unreadable folders.
        for file in skipped { console.printError(TerminalText.escaped("\(file.path): \(file.reason)")) }
        let paths = plans.map(\.path)
        let unreadable = skipped.filter(\.isFailure).count
        var failed = 0
        var warned = 0
        var warnings = 0
        for plan in plans {
            let path = plan.path
            do {
                let origin: InputFile.Origin = plan.inputFolder.map { .found(within: $0) } ?? .named
                let run = try PlanJob.run(request, source: .file(path, origin: origin)).run
                let overruns = run.plan.budget?.overruns(run) ?? []
                _ = DiagnosticsOutput.report(run.diagnostics, strict: strict, console: warningConsole)
                overruns.forEach { console.printError($0.description) }
                if !overruns.isEmpty { failed += 1 }
                warnings += run.diagnostics.count
                if !run.diagnostics.isEmpty { warned += 1 }
            } catch {
                errorLines(of: error).forEach { console.printError($0) }
                failed += 1
            }
        }
        let counted = paths.count == 1 ? "1 plan" : "\(paths.count) plans"
        var line = "checked \(counted): \(paths.count - failed) valid, \(failed) with errors"
        line += ", \(warnings) warning\(warnings == 1 ? "" : "s")"
        if warned > 0 { line += " in \(warned) plan\(warned == 1 ? "" : "s")" }
        if unreadable > 0 {
            line += "; \(unreadable) file\(unreadable == 1 ? "" : "s") could not be read (listed above)"
        }
        console.print(line)
        return failed > 0 || unreadable > 0 || (strict && warnings > 0) ? 1 : 0
    }
}
