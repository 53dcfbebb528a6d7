import FlowModel

/// `flowgraph check`: validates plans without rendering, so a CI job can gate on them cheaply.
public enum CheckCommand: Command {
    /// `check`.
    public static let name = "check"
    /// One line for `flowgraph --help`.
    public static let summary = "Check plans without drawing them: every error and warning of every file at once."
    /// The usage lines.
    public static let usage = ["flowgraph check PLAN.json|DIR… [--strict] [--limit NAME=N,…]"]
    /// The options.
    public static let options = [DiagnosticsOutput.strictOption, LimitOptions.option]
    /// Any number of plan files and folders.
    public static let maximumPositionals = Int.max
    /// Arguments and examples.
    public static let discussion = """
        Each plan is read and played by its navigation library exactly as render and steps would, and
        nothing is drawn or written. Every problem of every file is printed to standard error as
        FILE:LINE:COLUMN: KEY PATH: MESSAGE (warnings as …: warning: MESSAGE), then one summary line on
        standard output. A folder is searched for *.json plans recursively (hidden entries skipped). A plan
        whose steps go over its "budget" ({"maxUpdates": N, "maxSeconds": S}) under any rule set is an error
        at that key, naming the platform rule that forced the extra updates.

        Exit status: 0 every plan is valid; 1 a plan has an error (or, with --strict, a warning);
        2 bad command line.

        examples:
          flowgraph check Samples
          flowgraph check Samples/deeplink.json Plans --strict
        """

    /// Runs the command.
    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        guard !arguments.positionals.isEmpty else {
            throw ArgumentParser.usageError("missing PLAN.json or DIR, the plans to check")
        }
        let limits = try LimitOptions.limits(arguments)
        var plans: [BatchPlan] = []
        var skipped: [SkippedFile] = []
        for input in arguments.positionals {
            // No outputs: an output folder nothing can lie inside.
            // Apps' source folders are not plans: `flowgraph scan` reads them.
            plans += try PlanCatalog.plans(in: [input], outputFolder: "/dev/null/flowgraph-check", skipped: &skipped)
                .filter { !$0.isApp }
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
                let run = try PlanLoading.plan(at: path, url: nil, limits: limits, origin: origin).play()
                let overruns = run.plan.budget?.overruns(run) ?? []
                run.diagnostics.forEach { console.printError($0.description) }
                overruns.forEach { console.printError($0.description) }
                if !overruns.isEmpty { failed += 1 }
                warnings += run.diagnostics.count
                if !run.diagnostics.isEmpty { warned += 1 }
            } catch {
                error.diagnostics.forEach { console.printError($0.description) }
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
        return failed > 0 || unreadable > 0 || (arguments.flag("--strict") && warnings > 0) ? 1 : 0
    }
}
