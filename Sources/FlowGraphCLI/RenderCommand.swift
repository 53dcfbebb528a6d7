import FlowGraph
import FlowModel
import Foundation
import Graphviz

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
        let request = try RenderRequest(arguments)
        request.platformNotes.forEach { request.notes(console).printError($0) }
        if request.watch { return try Watch.run(request, console: console) }
        if let batch = request.batch { return try BatchRender.run(batch, console: console) }
        guard let path = request.inputs.first else {
            throw ArgumentParser.usageError("missing PLAN.json, the plan to draw")
        }
        let target = try request.target(for: path)
        let themes = request.renderer.themes
        if themes.count > 1, target.base == nil {
            throw ArgumentParser.usageError(
                "--theme \(themes.map(\.rawValue).joined(separator: ",")) writes one "
                    + "file per theme; give -o with a file name, e.g. -o plan.svg")
        }
        var warned = false
        switch try render(path, to: target, request: request, console: console, warned: &warned) {
        case .failed(let status): return status
        case .written(let files, let title):
            // Both themes: the `<picture>` a README pastes to show the one the reader's system prefers, its alt
            // text the plan's title (the file's name when it has none).
            if themes.count > 1, let light = files.first(where: { $0.hasSuffix(".svg") || $0.hasSuffix(".png") }) {
                console.print(PictureSnippet.html(light: light, alt: title ?? PathName.lastComponent(of: path)))
            }
        case .printed: break
        }
        // --strict: a warning makes the exit status 1 (the files are written all the same).
        return request.strict && warned ? 1 : 0
    }

    /// What rendering one plan came to.
    enum Outcome: Equatable {
        /// The files written, in order, and the plan's title, if it has one.
        case written([String], title: String?)
        /// The one output went to standard output.
        case printed
        /// The plan could not be rendered; the problem is printed and this is the exit status.
        case failed(Int32)
    }

    /// Reads, renders and writes one plan in each theme through ``PlanJob``; notes and warnings go to standard
    /// error unless `-q` is given, and `warned` is set when the plan or its drawing has a warning. Every file of
    /// every theme is rendered before any is written. `origin` says how the plan file was come by
    /// (``InputFile/Origin``).
    static func render(
        _ path: String, to target: OutputTarget, request: RenderRequest, console: Console,
        within root: String? = nil, origin: InputFile.Origin = .named, warned: inout Bool
    ) throws -> Outcome {
        let notes = request.notes(console)
        let suffixes = request.renderer.suffixes
        if let base = target.base, !target.discards {
            let outputs = suffixes.flatMap { target.fileNames(base: base + $0) }
            try InputProtection.refuseOverwriting(inputs: [path], outputs: outputs)
            try InputProtection.refuseReplacingPlans(outputs: outputs)
        }
        let source = PlanSource.named(path, function: request.plan.function, origin: origin)
        let result: PlanJob.Result
        do {
            result = try PlanJob.run(
                request.plan(for: target), source: source, reuse: request.scanReuse, note: notes.printError)
        } catch let failure as PlanJob.DrawingFailure {
            return .failed(report(failure.error, file: path, console: console))
        }
        warned = warned || !result.warnings.isEmpty
        _ = DiagnosticsOutput.report(result.warnings, strict: request.strict, console: request.warnings(console))

        guard let base = target.base else {
            let outputs = result.outputs
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
        if target.discards { return .written([], title: result.plan.title) }
        let files = result.renderings.flatMap { themed in
            themed.rendering.outputs.map { (target.fileName(of: $0, base: base + themed.suffix), $0.data) }
        }
        try InputProtection.refuseOverwriting(inputs: [path], outputs: files.map(\.0))
        try InputProtection.refuseReplacingPlans(outputs: files.map(\.0))
        try AtomicFiles.write(files, within: root)
        let pages = result.outputs.filter { $0.page != nil }
        if !pages.isEmpty {
            notes.printError(
                "\(path): the PNG would exceed 32767 px per side, so it is split into \(pages.count) pages: "
                    + pages.map { target.fileName(of: $0, base: base) }.joined(separator: ", "))
        }
        return .written(files.map(\.0), title: result.plan.title)
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
