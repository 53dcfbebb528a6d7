import FlowGraph
import Graphviz

/// The options of `flowgraph render` that draw one plan; the batch's own are ``BatchOptions``'s.
enum RenderOptions {
    /// `-o`, `--output OUT`: a file, a base name, a folder or `-`.
    static let output = CommandOption<String>(
        "-o", alias: "--output", valueName: "OUT",
        help: "File, base name (with -T), folder/ or - (stdout). Default: PLAN's name.")
    /// `-T`, `--format FORMATS`: the formats, as ``OutputTarget/resolve`` reads them.
    static let format = CommandOption<String>(
        "-T", alias: "--format", valueName: "FORMATS",
        help: "svg,png,pdf,dot,json,html,txt,mermaid (several: -T svg,png). Default: OUT's extension.",
        completions: RenderFormat.allCases.map(\.rawValue))
    /// `--kind stack|timeline`.
    static let kind = CommandOption<PlanDiagram.Kind>.choice(
        "--kind", help: "Default: timeline if the plan has a change, else stack.")
    /// `--at start|end`.
    static let moment = CommandOption<PlanDiagram.Moment>.choice(
        "--at", help: "Stack drawings: the start (default) or after the change.")
    /// `--theme light|dark|light,dark`.
    static let theme = ThemeOption.option
    /// `--png-pages split|refuse`.
    static let pngPages = CommandOption<PlanRenderer.Options.PNGPaging>.choice(
        "--png-pages", help: "A PNG over 32767 px: split into pages (default) or fail.")

    /// Every option of `render`, single plan and batch, in the order help lists them.
    static let all: [OptionSpec] =
        [
            output.spec, format.spec, kind.spec, moment.spec, theme.spec, PlanSource.url.spec,
            PlanSource.function.spec, RuleOptions.platform.spec, RuleOptions.navigationStack,
            pngPages.spec, LimitOptions.option.spec, ConventionOptions.scale.spec, ConventionOptions.width.spec,
            ConventionOptions.watch.spec, ConventionOptions.quiet.spec, DiagnosticsOutput.strict.spec,
        ] + GraphvizAttributeOptions.all + BatchOptions.specs

    /// The renderer options the typed options ask for, in the first theme of `--theme`. The rules
    /// (`--platform`, `--navigation-stack`) are not among them: ``PlanJob`` gives them to the plan (``RuleChoice``).
    static func rendererOptions(_ arguments: ParsedArguments) throws(UsageError) -> PlanRenderer.Options {
        var options = PlanRenderer.Options()
        options.kind = try arguments[kind]
        options.moment = try arguments[moment] ?? .start
        options.theme = try ThemeOption.themes(arguments)[0]
        options.pngPaging = try arguments[pngPages] ?? .split
        options.pngScale = try arguments[ConventionOptions.scale] ?? 1
        if let width = try arguments[ConventionOptions.width] { options.timelineOptions.width = width }
        return options
    }
}
