import FlowGraph
import FlowModel
import Foundation
import Graphviz

/// The command line of a batch: `flowgraph render DIR… -o OUTDIR [-T FORMATS] [-j N] [--check] …`.
struct BatchOptions: Sendable {
    /// Folders (searched recursively for `*.json`) and plan files.
    var inputs: [String]
    /// The output folder; plans' outputs mirror their place under the input folders.
    var outputFolder: String
    /// The formats each plan renders to.
    var formats: [RenderFormat]
    /// Worker processes.
    var jobs: Int
    /// Plans a worker renders before it is replaced by a fresh process.
    var recycleAfter: Int
    /// Seconds one plan may take before its worker is stopped and the plan fails (`--timeout`).
    var timeout: Double? = BatchOptions.defaultTimeout
    /// The memory each worker may allocate, in MiB (`--worker-memory`); a plan that needs more fails.
    var workerMemory = BatchOptions.defaultWorkerMemory
    /// Compare with the output folder instead of writing.
    var check: Bool
    /// `(index, count)` from `--shard I/N`, index from 1.
    var shard: (index: Int, count: Int)?
    /// Where to write the JSON report.
    var reportPath: String?
    /// No progress and no summary.
    var quiet: Bool
    /// `--strict`: a warning makes the exit status 1.
    var strict: Bool
    /// Write (or check) `index.html` and `README.md`.
    var gallery: Bool
    /// What each worker renders every plan with: the render options (`--theme`, `--kind`…), sent once.
    var workerSetup: WorkerSetup
    /// The colour schemes each plan is drawn in (`--theme light,dark`: both, dark files with a suffix).
    var themes: [Theme] = [.light]

    /// The default for `--recycle-after`.
    static let defaultRecycleAfter = 200
    /// The default for `--timeout`, in seconds: several times what the default layout budget allows a plan
    /// (``Limits/layout``, about 10 s), so only a runaway plan reaches it.
    static let defaultTimeout = 60.0
    /// The default for `--worker-memory`, in MiB: twice what the default layout budget needs at most.
    static let defaultWorkerMemory = 2048

    /// `-j N`.
    static let jobsOption = count("-j", help: "Batch: worker processes (default: the number of cores).")
    /// `--check`.
    static let checkFlag = CommandFlag(
        "--check", help: "Batch: compare with OUTDIR, write nothing; exit 1 if stale/missing/extra.")
    /// `--shard I/N`, index from 1.
    static let shardOption = CommandOption<(index: Int, count: Int)>(
        "--shard", valueName: "I/N", help: "Batch: only every N-th plan by sorted path, from the I-th."
    ) { text throws(UsageError) in
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, index >= 1,
            index <= count
        else {
            throw usage("--shard must be I/N with 1 ≤ I ≤ N (e.g. --shard 2/4), not '\(text)'")
        }
        return (index, count)
    }
    /// `--report FILE`.
    static let reportOption = CommandOption<String>(
        "--report", valueName: "FILE", help: "Batch: write a JSON report of each plan's files, time, errors.")
    /// `--recycle-after N`.
    static let recycleAfterOption = count(
        "--recycle-after", help: "Batch: replace a worker after N plans (default \(defaultRecycleAfter)).")
    /// `--no-gallery`.
    static let noGalleryFlag = CommandFlag(
        "--no-gallery", help: "Batch: no OUTDIR/index.html and OUTDIR/README.md.")
    /// `--timeout SECONDS`.
    static let timeoutOption = CommandOption<Double>(
        "--timeout", valueName: "SECONDS",
        help: "Batch: fail a plan taking longer (default \(Int(defaultTimeout))) or more MiB (setrlimit, default "
            + "\(defaultWorkerMemory)); its worker is replaced."
    ) { text throws(UsageError) in
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
            throw usage("--timeout must be a number of seconds above 0 (e.g. --timeout 60), not '\(text)'")
        }
        return seconds
    }
    /// `--worker-memory MB`.
    static let workerMemoryOption = sharingTimeoutRow(
        CommandOption<Int>(
            "--worker-memory", valueName: "MB",
            help:
                "Batch: cap each worker's memory (setrlimit); a plan needing more fails (default \(defaultWorkerMemory))."
        ) { text throws(UsageError) in
            guard let megabytes = Int(text), megabytes >= 64, megabytes <= 1 << 20 else {
                throw usage("--worker-memory must be a number of MiB from 64 to 1048576 (e.g. 4096), not '\(text)'")
            }
            return megabytes
        })

    /// `option` shown in `--timeout`'s help row, which says what both do.
    private static func sharingTimeoutRow(_ option: CommandOption<Int>) -> CommandOption<Int> {
        var option = option
        option.spec.sharesRowWith = "--timeout"
        return option
    }

    /// The options only a batch has; any of them makes `flowgraph render` a batch.
    static let specs = [
        jobsOption.spec, checkFlag.spec, shardOption.spec, reportOption.spec, recycleAfterOption.spec,
        noGalleryFlag.spec, timeoutOption.spec, workerMemoryOption.spec,
    ]

    /// Whether these arguments ask for a batch: several inputs, a folder, or a batch-only option.
    static func isBatch(_ arguments: ParsedArguments) -> Bool {
        if arguments.positionals.count > 1 { return true }
        if specs.contains(where: arguments.isGiven) { return true }
        var isDirectory: ObjCBool = false
        return arguments.positionals.contains {
            FileManager.default.fileExists(atPath: $0, isDirectory: &isDirectory) && isDirectory.boolValue
        }
    }

    /// Reads and checks the batch options; every plan is drawn as `plan` asks, in the batch's formats.
    init(_ arguments: ParsedArguments, plan: PlanRequest) throws {
        inputs = arguments.positionals
        guard !inputs.isEmpty else { throw Self.usage("missing DIR, a folder of plans (*.json) to render") }
        if inputs.contains("-") {
            throw Self.usage("a batch cannot read a plan from standard input ('-'); give folders or plan files")
        }
        guard let output = try arguments[RenderOptions.output] else {
            throw Self.usage("a batch needs an output folder: -o OUTDIR (e.g. flowgraph render Samples -o Output)")
        }
        guard !output.isEmpty, output != "-" else {
            throw Self.usage("-o must name a folder for a batch, not '\(output)'")
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw FlowGraphError(file: output, message: "is a file; a batch writes into a folder (-o OUTDIR)")
        }
        try BatchOutputGuard.refuseFileLikeFolder(output)
        outputFolder = output
        formats = try Self.formats(arguments[RenderOptions.format])
        jobs = try arguments[Self.jobsOption] ?? max(1, ProcessInfo.processInfo.activeProcessorCount)
        recycleAfter = try arguments[Self.recycleAfterOption] ?? Self.defaultRecycleAfter
        if let seconds = try arguments[Self.timeoutOption] { timeout = seconds }
        if let megabytes = try arguments[Self.workerMemoryOption] { workerMemory = megabytes }
        check = arguments[Self.checkFlag]
        quiet = arguments[ConventionOptions.quiet]
        reportPath = try arguments[Self.reportOption]
        shard = try arguments[Self.shardOption]
        gallery = !arguments[Self.noGalleryFlag] && shard == nil
        if try arguments[PlanSource.url] != nil {
            throw Self.usage(
                "--url resolves one plan's deep link; for folders put the URL in each plan's \"deeplink\" "
                    + "(\"url\": \"…\"), or render the plan on its own: flowgraph render PLAN.json --url URL")
        }
        strict = arguments[DiagnosticsOutput.strict]
        var plan = plan
        plan.drawing?.formats = formats
        themes = plan.drawing?.themes ?? [.light]
        workerSetup = WorkerSetup(plan: plan, workerMemory: workerMemory)
        workerSetup.sourceLinks = try SourceLinkOptions.links(arguments)
    }

    /// The formats of `-T` (SVG when it is not given), checked as for a single plan.
    static func formats(_ list: String?) throws -> [RenderFormat] {
        // A folder target resolves the list exactly as `flowgraph render PLAN -T …` does.
        try OutputTarget.resolve(output: "batch/", formats: list, planName: "plan").formats
    }

    /// An option whose value is a whole number from 1 to 10000.
    private static func count(_ name: String, help: String) -> CommandOption<Int> {
        CommandOption<Int>(name, valueName: "N", help: help) { text throws(UsageError) in
            guard let value = Int(text), value >= 1, value <= 10_000 else {
                throw usage("\(name) must be a whole number from 1 to 10000, not '\(text)'")
            }
            return value
        }
    }

    private static func usage(_ message: String) -> UsageError {
        ArgumentParser.usageError(message)
    }
}
