import FlowGraph
import FlowModel
import Graphviz

/// What `flowgraph render` is asked, made once from its typed options merged with the project's
/// `.flowgraph.json`: the inputs, where their outputs go, and the ``PlanRequest`` every plan is drawn by.
struct RenderRequest: Sendable {
    /// The plan files and folders given.
    var inputs: [String]
    /// How every plan is read, played and drawn; its formats are the batch's, or `-T`'s for one plan.
    var plan: PlanRequest
    /// `-o`: a file, a base name, a folder or `-`.
    var output: String?
    /// `-T`'s list as given (or the project's format for a batch).
    var formatList: String?
    /// The format of one plan's output when neither `-o` nor `-T` says (the project's, else SVG).
    var defaultFormat: RenderFormat
    /// `-q`.
    var quiet: Bool
    /// `--strict`.
    var strict: Bool
    /// `--watch`.
    var watch: Bool
    /// The batch's own options when the inputs are a batch (several inputs, a folder or a batch-only option).
    var batch: BatchOptions?
    /// Notes for `--platform` versions that play by another's rules (`ios18`: `ios17`'s).
    var platformNotes: [String]
    /// What a Swift file's scan takes from earlier work: under `--watch`, the trees of the files it read the
    /// last time (``Watch``); nothing for one render.
    var scanReuse = ScanReuse.nothing

    /// The request the arguments make, with the project's defaults for what they leave out.
    init(_ parsed: ParsedArguments) throws {
        var arguments = parsed
        let isBatch = BatchOptions.isBatch(arguments)
        let defaults = try ProjectDefaults.find(near: arguments.positionals.first)
        defaults.apply(to: &arguments, batch: isBatch)
        inputs = arguments.positionals
        output = try arguments[RenderOptions.output]
        formatList = try arguments[RenderOptions.format]
        defaultFormat = defaults.format ?? .svg
        quiet = arguments[ConventionOptions.quiet]
        strict = arguments[DiagnosticsOutput.strict]
        watch = arguments[ConventionOptions.watch]
        platformNotes = RuleOptions.platformNotes(arguments)
        plan = try PlanRequest.drawing(arguments, formats: [])
        if watch {
            if let batchOnly = BatchOptions.specs.first(where: arguments.isGiven) {
                throw ArgumentParser.usageError(
                    "--watch renders plans as they change; it does not take \(batchOnly.name)")
            }
        } else if isBatch {
            let options = try BatchOptions(arguments, plan: plan)
            plan.drawing?.formats = options.formats
            batch = options
        }
    }

    /// The renderer in every theme asked.
    var renderer: ThemedRenderer { plan.drawing?.renderer ?? ThemedRenderer(options: .init(), themes: []) }

    /// Where one plan's outputs go, from `-o`, `-T` and the project's default format.
    func target(for path: String) throws -> OutputTarget {
        let planName = path == "-" ? nil : PathName.removingExtension(PathName.lastComponent(of: path))
        return try OutputTarget.resolve(
            output: output, formats: formatList, planName: planName, defaultFormat: defaultFormat)
    }

    /// The plan request drawing in the target's formats.
    func plan(for target: OutputTarget) -> PlanRequest {
        var request = plan
        request.drawing?.formats = target.formats
        return request
    }

    /// A console for notes: `console`, or one that drops them under `-q`.
    func notes(_ console: Console) -> Console {
        ConventionOptions.notes(quiet: quiet, console)
    }

    /// A console for the plans' warnings: ``notes(_:)``'s, but shown under `--strict` even with `-q`.
    func warnings(_ console: Console) -> Console {
        ConventionOptions.warnings(quiet: quiet, strict: strict, console)
    }
}
