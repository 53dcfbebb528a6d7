import FlowGraph
import FlowModel
import Foundation

/// `flowgraph render`: draws one plan as SVG, PNG, PDF, DOT, JSON or an animated HTML page.
public enum RenderCommand: Command {
    /// `render`.
    public static let name = "render"
    /// One line for `flowgraph --help`.
    public static let summary =
        "Draw a plan: its timeline of steps, or its route stack (SVG, PNG, PDF, DOT, JSON, HTML, text, Mermaid)."
    /// A single plan, or a batch of folders and plans.
    public static let forms = ["PLAN.json|DIR…"]
    /// The options, single plan and batch.
    public static let options = RenderOptions.all
    /// One plan file, or for a batch any number of folders and plan files.
    public static let maximumPositionals = Int.max
    /// The arguments and the exit status.
    public static let notes = """
        Folders or several plans are a batch into -o OUTDIR. Exit status: 0; 1 failed (or --strict, warned); 2 usage.
        """
    /// Three examples.
    public static let examples = [
        "flowgraph render Samples/push-only.json -o push-only.svg",
        "flowgraph render Samples/dismiss-count.json -o Docs/dismiss -T svg,png,html --theme light,dark",
        "flowgraph render Samples -o Output -T svg,png",
    ]
    /// Where the rest is told.
    public static let docsPage = "docs/render.md"

    /// Runs the command.
    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        var arguments = arguments
        let batch = BatchOptions.isBatch(arguments)
        let defaults = try ProjectDefaults.find(near: arguments.positionals.first)
        defaults.apply(to: &arguments, batch: batch)
        let notes = ConventionOptions.notes(arguments, console)
        RuleOptions.platformNotes(arguments).forEach { notes.printError($0) }
        if arguments[ConventionOptions.watch] {
            return try Watch.run(arguments, defaults: defaults, console: console)
        }
        if batch { return try BatchRender.run(arguments, console: console) }
        guard let path = arguments.positionals.first else {
            throw ArgumentParser.usageError("missing PLAN.json, the plan to draw")
        }
        let target = try target(for: path, arguments: arguments, defaults: defaults)
        let renderer = try themedRenderer(from: arguments)
        if renderer.themes.count > 1, target.base == nil {
            throw ArgumentParser.usageError(
                "--theme \(renderer.themes.map(\.rawValue).joined(separator: ",")) writes one "
                    + "file per theme; give -o with a file name, e.g. -o plan.svg")
        }
        var warned = false
        switch try render(path, to: target, with: renderer, arguments: arguments, console: console, warned: &warned)
        {
        case .failed(let status): return status
        case .written(let files):
            // Both themes: the `<picture>` a README pastes to show the one the reader's system prefers.
            if renderer.themes.count > 1,
                let light = files.first(where: { $0.hasSuffix(".svg") || $0.hasSuffix(".png") })
            {
                console.print(PictureSnippet.html(light: light, alt: PathName.lastComponent(of: path)))
            }
        case .printed: break
        }
        // --strict: a warning makes the exit status 1 (the files are written all the same).
        return arguments[DiagnosticsOutput.strict] && warned ? 1 : 0
    }

    /// Where one plan's outputs go, from `-o`, `-T` and the project's default format.
    static func target(for path: String, arguments: ParsedArguments, defaults: ProjectDefaults) throws
        -> OutputTarget
    {
        let planName = path == "-" ? nil : PathName.removingExtension(PathName.lastComponent(of: path))
        return try OutputTarget.resolve(
            output: arguments[RenderOptions.output], formats: arguments[RenderOptions.format], planName: planName,
            defaultFormat: defaults.format ?? .svg)
    }

    /// What rendering one plan came to.
    enum Outcome: Equatable {
        /// The files written, in order.
        case written([String])
        /// The one output went to standard output.
        case printed
        /// The plan could not be rendered; the problem is printed and this is the exit status.
        case failed(Int32)
    }

    /// The renderer the command line asks for, in every theme `--theme` names.
    static func themedRenderer(from arguments: ParsedArguments) throws -> ThemedRenderer {
        ThemedRenderer(options: try options(from: arguments), themes: try ThemeOption.themes(arguments))
    }

    /// Reads, renders and writes one plan in each theme; notes and warnings go to standard error unless `-q` is
    /// given, and `warned` is set when the plan or its drawing has a warning. Every file of every theme is
    /// rendered before any is written. `origin` says how the plan file was come by (``InputFile/Origin``).
    static func render(
        _ path: String, to target: OutputTarget, with renderer: ThemedRenderer, arguments: ParsedArguments,
        console: Console, within root: String? = nil, origin: InputFile.Origin = .named, warned: inout Bool
    ) throws -> Outcome {
        let notes = ConventionOptions.notes(arguments, console)
        if let base = target.base, !target.discards {
            try InputProtection.refuseOverwriting(
                inputs: [path],
                outputs: renderer.suffixes.flatMap { target.fileNames(base: base + $0) })
        }
        let plan = try PlanSource.named(path, function: arguments[PlanSource.function], origin: origin).load(
            url: arguments[PlanSource.url], limits: LimitOptions.limits(arguments),
            warn: { notes.printError($0.description) })
        let options = renderer.renderer.options
        if let note = RuleOptions.ignoredNote(
            platforms: options.platforms, navigationStacks: options.navigationStacks, plan: plan)
        {
            notes.printError(note)
        }
        var themedOutputs: [(suffix: String, outputs: [RenderedOutput])] = []
        do {
            // One play for every theme.
            let renderings = try renderer.renderings(plan, formats: target.formats)
            themedOutputs = renderings.map { ($0.suffix, $0.rendering.outputs) }
            // The plan's warnings, then Graphviz's about the drawing; the same in every theme, so once.
            if let rendered = renderings.first?.rendering {
                let warnings =
                    rendered.run.diagnostics
                    + rendered.graphvizWarnings.map { Diagnostic(file: path, message: $0, severity: .warning) }
                warned = warned || !warnings.isEmpty
                let warningConsole = ConventionOptions.warnings(arguments, console)
                warnings.forEach { warningConsole.printError($0.description) }
            }
        } catch {
            return .failed(report(error, file: path, console: console))
        }

        guard let base = target.base else {
            let outputs = themedOutputs[0].outputs
            guard outputs.count == 1, let output = outputs.first else {
                throw FlowGraphError(
                    file: path,
                    message: "the PNG is split into \(outputs.count) pages, which cannot all go to standard output; "
                        + "give -o with a file name")
            }
            StandardOutput.write(output.data)
            return .printed
        }
        // -o /dev/null: rendered and checked, then thrown away.
        if target.discards { return .written([]) }
        let files = themedOutputs.flatMap { themed in
            themed.outputs.map { (target.fileName(of: $0, base: base + themed.suffix), $0.data) }
        }
        try InputProtection.refuseOverwriting(inputs: [path], outputs: files.map(\.0))
        try AtomicFiles.write(files, within: root)
        let pages = themedOutputs[0].outputs.filter { $0.page != nil }
        if !pages.isEmpty {
            notes.printError(
                "\(path): the PNG would exceed 32767 px per side, so it is split into \(pages.count) pages: "
                    + pages.map { target.fileName(of: $0, base: base) }.joined(separator: ", "))
        }
        return .written(files.map(\.0))
    }

    /// The renderer options the command line asks for (in its first theme; see ``themedRenderer(from:)``).
    static func options(from arguments: ParsedArguments) throws -> PlanRenderer.Options {
        var options = PlanRenderer.Options()
        options.kind = try arguments[RenderOptions.kind]
        options.moment = try arguments[RenderOptions.moment] ?? .start
        options.theme = try ThemeOption.themes(arguments)[0]
        options.pngPaging = try arguments[RenderOptions.pngPages] ?? .split
        options.platforms = try RuleOptions.platforms(arguments)
        options.navigationStacks = try RuleOptions.navigationStacks(arguments)
        options.pngScale = try arguments[ConventionOptions.scale] ?? 1
        if let width = try arguments[ConventionOptions.width] { options.timelineOptions.width = width }
        return options
    }

    /// Prints a render failure located at the plan file and returns its exit status.
    private static func report(_ error: RenderError, file: String, console: Console) -> Int32 {
        switch error {
        case .plan(let planError):
            for diagnostic in planError.diagnostics { console.printError(diagnostic.description) }
        case .graphviz, .pngTooLarge:
            console.printError("\(file): \(error.description)")
        }
        return error.exitCode
    }
}
