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
    /// The usage lines.
    public static let usage = [
        "flowgraph render PLAN.json [-o OUT] [-T FORMATS] [--kind stack|timeline] [--at start|end] [--theme light|dark]",
        "                 [--url URL] [--platform LIST] [--navigation-stack[=yes|no|both]] [--png-pages split|refuse]",
        "                 [--scale N] [--width PX] [--watch] [-q]",
        BatchRender.usage,
    ]
    /// The options.
    public static let options =
        [
            OptionSpec(
                "-o", alias: "--output", valueName: "OUT",
                help: "File, base name (with -T), folder/ or - (stdout). Default: PLAN's name."),
            OptionSpec(
                "-T", alias: "--format", valueName: "FORMATS",
                help: "svg,png,pdf,dot,json,html,txt,mermaid (several: -T svg,png). Default: OUT's extension."),
            OptionSpec(
                "--kind", valueName: "stack|timeline", help: "Default: timeline if the plan has a change, else stack."),
            OptionSpec(
                "--at", valueName: "start|end", help: "Stack drawings: the start (default) or after the change."),
            OptionSpec("--theme", valueName: "light|dark", help: "Colour scheme (default light)."),
            PlanLoading.urlOption,
            ScannedPlanLoading.functionOption,
            RuleOptions.platform,
            RuleOptions.navigationStack,
            OptionSpec(
                "--png-pages", valueName: "split|refuse",
                help: "A PNG over 32767 px: split into pages (default) or fail."),
            LimitOptions.option,
            ConventionOptions.scale,
            ConventionOptions.width,
            ConventionOptions.watch,
            ConventionOptions.quiet,
            DiagnosticsOutput.strictOption,
        ] + BatchOptions.specs
    /// One plan file, or for a batch any number of folders and plan files.
    public static let maximumPositionals = Int.max
    /// Arguments and examples.
    public static let discussion = """
        PLAN.json is a plan file (see docs/plans.md); '-' reads it from standard input. -Tsvg works as -T svg.
        Every output comes from one layout and is written only when all of them rendered: each file goes
        to a temporary file in its folder and is renamed into place, so on any error nothing is written
        and earlier outputs stay as they were. Missing output folders are created.

        OUT: 'plan.svg' writes that file; with several formats, 'out/plan' writes out/plan.svg,
        out/plan.png…; 'out/' (or an existing folder) writes out/<PLAN name>.<format>; '-' writes one
        format to standard output. Without -o, one format named by -T (or a plan read from '-') goes to
        standard output, as with dot; otherwise <PLAN name>.<format> is written in the current folder.
        An extension FlowGraph does not write (.SVG, .htm, .gv, .md…) is an error: nothing is renamed.

        Defaults for format, theme, width and platform can live in a .flowgraph.json next to the plans or
        in the current folder, e.g. {"format": "png", "theme": "dark", "width": 720, "platform": "ios16"};
        the command line wins, and a plan's own "platform" wins over the file's.
        --watch renders again each time the plan (or a plan in the folders) changes, one line per render;
        a bad plan prints its errors and the last good outputs stay.

        A plan listing several platforms ("platform": ["ios16", "ios17"]) or navigationStack values,
        or --platform ios16,ios17 / --navigation-stack=both, draws one timeline row per rule set.
        A PNG larger than cairo's 32767 px per side is never shrunk: a timeline is split into pages
        by transitions (OUT-1.png, OUT-2.png…); a stack, or one transition, that is too large is refused
        (use SVG or PDF). HTML is one self-contained page (no network) that plays the steps with
        play/pause and step controls (space, ←, →, Home, End). txt draws the same with box-drawing
        characters in at most 100 columns; mermaid (.mmd) writes a flowchart code hosts render inline.

        The plan's warnings (routes its library would reject on a device, nesting rules it breaks) and
        Graphviz's are printed to standard error as FILE:LINE:COLUMN: KEY PATH: warning: MESSAGE; the
        files are written all the same. --strict: any warning makes the exit status 1.

        Exit status: 0 written; 1 bad plan, render failure or (with --strict) a warning;
        2 bad command line; 3 Graphviz plugins missing.

        examples:
          flowgraph render Samples/push-only.json -o push-only.svg
          flowgraph render Samples/dismiss-count.json -Tpng > dismiss-count.png
          flowgraph render Samples/dismiss-count.json -o Docs/dismiss -T svg,png,html --theme dark
          flowgraph render Samples/pop-to-screen.json -o stack-after.png --kind stack --at end --scale 2
          flowgraph render Samples/deeplink-two-sheets.json -o compare.png --platform ios16,ios17
          flowgraph render Samples/numbers-deeplink-rules.json --url flowstacksapp://numbers/1/2/3 -o numbers.svg
          flowgraph render Samples/push-only.json -o Docs/ --watch
        """ + "\n\n" + BatchRender.discussion

    /// Runs the command.
    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        var arguments = arguments
        let batch = BatchOptions.isBatch(arguments)
        let defaults = try ProjectDefaults.find(near: arguments.positionals.first)
        defaults.apply(to: &arguments, batch: batch)
        if arguments.flag(ConventionOptions.watch.name) {
            return try Watch.run(arguments, defaults: defaults, console: console)
        }
        if batch { return try BatchRender.run(arguments, console: console) }
        guard let path = arguments.positionals.first else {
            throw ArgumentParser.usageError("missing PLAN.json, the plan to draw")
        }
        let target = try target(for: path, arguments: arguments, defaults: defaults)
        let renderer = PlanRenderer(options: try options(from: arguments))
        var warned = false
        switch try render(path, to: target, with: renderer, arguments: arguments, console: console, warned: &warned)
        {
        case .failed(let status): return status
        // --strict: a warning makes the exit status 1 (the files are written all the same).
        case .written, .printed: return arguments.flag(DiagnosticsOutput.strictOption.name) && warned ? 1 : 0
        }
    }

    /// Where one plan's outputs go, from `-o`, `-T` and the project's default format.
    static func target(for path: String, arguments: ParsedArguments, defaults: ProjectDefaults) throws
        -> OutputTarget
    {
        let planName = path == "-" ? nil : PathName.removingExtension(PathName.lastComponent(of: path))
        return try OutputTarget.resolve(
            output: arguments.value("-o"), formats: arguments.value("-T"), planName: planName,
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

    /// Reads, renders and writes one plan; notes and warnings go to standard error unless `-q` is given.
    static func render(
        _ path: String, to target: OutputTarget, with renderer: PlanRenderer, arguments: ParsedArguments,
        console: Console, within root: String? = nil, origin: InputFile.Origin = .named
    ) throws -> Outcome {
        var warned = false
        return try render(
            path, to: target, with: renderer, arguments: arguments, console: console, within: root, origin: origin,
            warned: &warned)
    }

    /// Renders like ``render(_:to:with:arguments:console:within:)`` and sets `warned` when the plan or its
    /// drawing has a warning; `origin` says how the plan file was come by (``InputFile/Origin``).
    static func render(
        _ path: String, to target: OutputTarget, with renderer: PlanRenderer, arguments: ParsedArguments,
        console: Console, within root: String? = nil, origin: InputFile.Origin = .named, warned: inout Bool
    ) throws -> Outcome {
        let notes = ConventionOptions.notes(arguments, console)
        if let base = target.base, !target.discards {
            try InputProtection.refuseOverwriting(
                inputs: [path], outputs: target.formats.map { base + "." + $0.fileExtension })
        }
        let plan =
            path.hasSuffix(".swift")
            ? try ScannedPlanLoading.plan(
                at: path, function: arguments.value("--function"), url: arguments.value("--url"),
                limits: LimitOptions.limits(arguments), warn: { notes.printError($0.description) })
            : try PlanLoading.plan(
                at: path, url: arguments.value("--url"), limits: LimitOptions.limits(arguments), origin: origin)
        if let note = RuleOptions.ignoredNote(
            platforms: renderer.options.platforms, navigationStacks: renderer.options.navigationStacks, plan: plan)
        {
            notes.printError(note)
        }
        let outputs: [RenderedOutput]
        do {
            let rendered = try renderer.rendering(plan, formats: target.formats)
            outputs = rendered.outputs
            // The plan's warnings, then Graphviz's about the drawing.
            let warnings =
                rendered.run.diagnostics
                + rendered.graphvizWarnings.map { Diagnostic(file: path, message: $0, severity: .warning) }
            warned = warned || !warnings.isEmpty
            let warningConsole = ConventionOptions.warnings(arguments, console)
            warnings.forEach { warningConsole.printError($0.description) }
        } catch {
            return .failed(report(error, file: path, console: console))
        }

        guard let base = target.base else {
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
        let files = outputs.map { ($0.fileName(base: base), $0.data) }
        try InputProtection.refuseOverwriting(inputs: [path], outputs: files.map(\.0))
        try AtomicFiles.write(files, within: root)
        let pages = outputs.filter { $0.page != nil }
        if !pages.isEmpty {
            notes.printError(
                "\(path): the PNG would exceed 32767 px per side, so it is split into \(pages.count) pages: "
                    + pages.map { $0.fileName(base: base) }.joined(separator: ", "))
        }
        return .written(files.map(\.0))
    }

    /// The renderer options the command line asks for.
    static func options(from arguments: ParsedArguments) throws -> PlanRenderer.Options {
        var options = PlanRenderer.Options()
        options.kind = try choice(arguments, "--kind", PlanDiagram.Kind.self)
        options.moment = try choice(arguments, "--at", PlanDiagram.Moment.self) ?? .start
        options.theme = try choice(arguments, "--theme", Theme.self) ?? .light
        options.pngPaging = try choice(arguments, "--png-pages", PlanRenderer.Options.PNGPaging.self) ?? .split
        options.platforms = try RuleOptions.platforms(arguments)
        options.navigationStacks = try RuleOptions.navigationStacks(arguments)
        options.pngScale = try ConventionOptions.scale(arguments)
        if let width = try ConventionOptions.width(arguments) { options.timelineOptions.width = width }
        return options
    }

    private static func choice<Value: RawRepresentable & CaseIterable>(
        _ arguments: ParsedArguments, _ name: String, _ type: Value.Type
    ) throws -> Value? where Value.RawValue == String {
        guard let text = arguments.value(name) else { return nil }
        if let value = Value(rawValue: text.lowercased()) { return value }
        let names = Value.allCases.map(\.rawValue).joined(separator: " or ")
        throw ArgumentParser.usageError("\(name) must be \(names), not '\(text)'")
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
