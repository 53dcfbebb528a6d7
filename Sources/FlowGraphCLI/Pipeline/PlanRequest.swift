import FlowGraph
import FlowModel
import Graphviz

/// What a command asks of every plan it reads: how to read it, the rules to play, and what to draw.
///
/// Made once from the command's typed options merged with the project's `.flowgraph.json`; a batch sends it
/// whole to each worker in the ``WorkerSetup`` line. ``PlanJob/run(_:source:note:)`` carries it out.
struct PlanRequest: Codable, Sendable {
    /// A deep link to resolve with the plan's rules instead of its own `"url"` (`--url`).
    var url: String?
    /// The function of a Swift file whose plan to read (`--function`).
    var function: String?
    /// The limits every input is read within (`--limit`).
    var limits: Limits
    /// The update rules to play instead of the plan's (`--platform`, `--navigation-stack`).
    var rules: RuleChoice
    /// What to draw; `nil` plays the plan only (`steps`, `check`).
    var drawing: Drawing?

    /// The drawings to make of each plan: the renderer's options, every theme and the formats.
    struct Drawing: Codable, Sendable {
        /// The renderer's options (in the first theme).
        var options: PlanRenderer.Options
        /// Every theme each plan is drawn in; the first keeps the plain file names.
        var themes: [Theme]
        /// The formats each plan renders to.
        var formats: [RenderFormat]

        /// The renderer, in every theme.
        var renderer: ThemedRenderer { ThemedRenderer(options: options, themes: themes) }
    }

    /// The request of a command that only plays plans, from its typed `--url`, `--limit` and rule options.
    static func playing(_ arguments: ParsedArguments) throws(UsageError) -> PlanRequest {
        PlanRequest(
            url: try arguments[PlanSource.url], limits: try LimitOptions.limits(arguments),
            rules: try RuleChoice(arguments))
    }

    /// The request of `render`: reading as ``playing(_:)`` does, and drawing in `formats` as the typed render
    /// options ask.
    static func drawing(_ arguments: ParsedArguments, formats: [RenderFormat]) throws(UsageError) -> PlanRequest {
        var request = try playing(arguments)
        request.function = try arguments[PlanSource.function]
        request.drawing = Drawing(
            options: try RenderOptions.rendererOptions(arguments), themes: try ThemeOption.themes(arguments),
            formats: formats)
        return request
    }
}
