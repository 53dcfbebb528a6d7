import FlowGraph
import FlowModel
import Graphviz

/// A renderer and the themes a run draws every plan in (`--theme light,dark`): the first theme keeps the plain
/// file names, each other adds its suffix (`~dark`).
struct ThemedRenderer: Sendable {
    /// The renderer; its own theme is the first of ``themes``.
    var renderer: PlanRenderer
    /// The themes, light first.
    var themes: [Theme]

    /// A renderer for `options` in `themes` (none: the options' own theme).
    init(options: PlanRenderer.Options, themes: [Theme]) {
        var options = options
        self.themes = themes.isEmpty ? [options.theme] : themes
        options.theme = self.themes[0]
        renderer = PlanRenderer(options: options)
    }

    /// What each theme's file names add to their base name, in the order of ``themes``.
    var suffixes: [String] { themes.map { ThemeOption.suffix(for: $0, among: themes) } }

    /// The plan rendered in every theme from one play, each with its files' suffix.
    func renderings(_ plan: Plan, formats: [RenderFormat]) throws(RenderError)
        -> [(suffix: String, rendering: PlanRenderer.Rendering)]
    {
        Array(zip(suffixes, try renderer.renderings(plan, formats: formats, themes: themes)))
    }
}
