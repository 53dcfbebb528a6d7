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
        BatchRender.usage,
    ]
    /// The options.
    public static let options =
        [
            OptionSpec(
                "-o", valueName: "OUT", help: "File, base name (with -T), folder/ or - (stdout). Default: PLAN's name."),
            OptionSpec(
                "-T", valueName: "FORMATS",
                help: "svg,png,pdf,dot,json,html,txt,mermaid (several: -T svg,png). Default: OUT's extension."),
            OptionSpec(
                "--kind", valueName: "stack|timeline", help: "Default: timeline if the plan has a change, else stack."),
            OptionSpec(
                "--at", valueName: "start|end", help: "Stack drawings: the start (default) or after the change."),
            OptionSpec("--theme", valueName: "light|dark", help: "Colour scheme (default light)."),
            PlanLoading.urlOption,
            RuleOptions.platform,
            RuleOptions.navigationStack,
            OptionSpec(
                "--png-pages", valueName: "split|refuse",
                help: "A PNG over 32767 px: split into pages (default) or fail."),
            LimitOptions.option,
        ] + BatchOptions.specs
    /// One plan file, or for a batch any number of folders and plan files.
    public static let maximumPositionals = Int.max
    /// Arguments and examples.
    public static let discussion = """
        PLAN.json is a plan file (see README); '-' reads it from standard input (then give -o).
        Every output comes from one layout and is written only when all of them rendered: each file goes
        to a temporary file in its folder and is renamed into place, so on any error nothing is written
        and earlier outputs stay as they were. Missing output folders are created.

        OUT: 'plan.svg' writes that file; with several formats, 'out/plan' writes out/plan.svg,
        out/plan.png…; 'out/' (or an existing folder) writes out/<PLAN name>.<format>; '-' writes one
        format to standard output. Without -o, <PLAN name>.<format> is written in the current folder.

        A plan listing several platforms ("platform": ["ios16", "ios17"]) or navigationStack values,
        or --platform ios16,ios17 / --navigation-stack=both, draws one timeline row per rule set.
        A PNG larger than cairo's 32767 px per side is never shrunk: a timeline is split into pages
        by transitions (OUT-1.png, OUT-2.png…); a stack, or one transition, that is too large is refused
        (use SVG or PDF). HTML is one self-contained page (no network) that plays the steps with
        play/pause and step controls (space, ←, →, Home, End). txt draws the same with box-drawing
        characters in at most 100 columns; mermaid (.mmd) writes a flowchart code hosts render inline.

        Exit status: 0 written; 1 bad plan or render failure; 2 bad command line; 3 Graphviz plugins missing.

        examples:
          flowgraph render deeplink.json -o deeplink.svg
          flowgraph render deeplink.json -o Docs/deeplink -T svg,png,html --theme dark
          flowgraph render deeplink.json -o stack-after.png --kind stack --at end
          flowgraph render deeplink.json -o compare.png --platform ios16,ios17 --navigation-stack=both
          flowgraph render deeplink.json -o - -T dot | dot -Tpdf > deeplink.pdf
          flowgraph render links.json --url flowstacksapp://numbers/1/2/3 -o numbers.svg
        """ + "\n\n" + BatchRender.discussion

    /// Runs the command.
    public static func run(_ arguments: ParsedArguments, console: Console) throws(FlowGraphError) -> Int32 {
        if BatchOptions.isBatch(arguments) { return try BatchRender.run(arguments, console: console) }
        guard let path = arguments.positionals.first else {
            throw ArgumentParser.usageError("missing PLAN.json, the plan to draw")
        }
        let renderOptions = try options(from: arguments)
        let planName =
            path == "-" ? nil : URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        let target = try OutputTarget.resolve(
            output: arguments.value("-o"), formats: arguments.value("-T"), planName: planName)

        let plan = try PlanLoading.plan(
            at: path, url: arguments.value("--url"), limits: LimitOptions.limits(arguments))
        if let note = RuleOptions.ignoredNote(
            platforms: renderOptions.platforms, navigationStacks: renderOptions.navigationStacks, plan: plan)
        {
            console.printError(note)
        }
        let outputs: [RenderedOutput]
        do {
            let rendered = try PlanRenderer(options: renderOptions).renderReportingWarnings(
                plan, formats: target.formats)
            outputs = rendered.outputs
            rendered.warnings.forEach {
                console.printError(Diagnostic(file: path, message: "warning: " + $0).description)
            }
        } catch {
            return report(error, file: path, console: console)
        }
        // Calls the library tolerates without doing them as written (the plan rendered, so it plays).
        for warning in (try? plan.libraryWarnings()) ?? [] { console.printError(warning.description) }

        guard let base = target.base else {
            guard outputs.count == 1, let output = outputs.first else {
                throw FlowGraphError(
                    file: path,
                    message: "the PNG is split into \(outputs.count) pages, which cannot all go to standard output; "
                        + "give -o with a file name")
            }
            FileHandle.standardOutput.write(output.data)
            return 0
        }
        try AtomicFiles.write(outputs.map { ($0.fileName(base: base), $0.data) })
        let pages = outputs.filter { $0.page != nil }
        if !pages.isEmpty {
            console.printError(
                "\(path): the PNG would exceed 32767 px per side, so it is split into \(pages.count) pages: "
                    + pages.map { $0.fileName(base: base) }.joined(separator: ", "))
        }
        return 0
    }

    /// The renderer options the command line asks for.
    static func options(from arguments: ParsedArguments) throws(FlowGraphError) -> PlanRenderer.Options {
        var options = PlanRenderer.Options()
        options.kind = try choice(arguments, "--kind", PlanDiagram.Kind.self)
        options.moment = try choice(arguments, "--at", PlanDiagram.Moment.self) ?? .start
        options.theme = try choice(arguments, "--theme", Theme.self) ?? .light
        options.pngPaging = try choice(arguments, "--png-pages", PlanRenderer.Options.PNGPaging.self) ?? .split
        options.platforms = try RuleOptions.platforms(arguments)
        options.navigationStacks = try RuleOptions.navigationStacks(arguments)
        return options
    }

    private static func choice<Value: RawRepresentable & CaseIterable>(
        _ arguments: ParsedArguments, _ name: String, _ type: Value.Type
    ) throws(FlowGraphError) -> Value? where Value.RawValue == String {
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
