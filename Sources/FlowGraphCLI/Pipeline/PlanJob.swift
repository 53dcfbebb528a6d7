import FlowGraph
import FlowModel
import Graphviz

/// The one job behind every command that reads a plan: load it once, play it once by the request's rules,
/// and draw it in every format and theme asked.
///
/// `render`, `--watch`, the batch worker, `steps`, `check` and `diff` all call ``run(_:source:note:)`` and
/// only print or write what it returns.
enum PlanJob {
    /// What one plan came to.
    struct Result: Sendable {
        /// The plan as read, with the request's rules.
        var plan: Plan
        /// The plan as its library played it.
        var run: PlanRun
        /// Each theme's drawing with its files' suffix, light first; empty when the request draws nothing.
        var renderings: [(suffix: String, rendering: PlanRenderer.Rendering)]
        /// The plan's warnings, then Graphviz's about the drawing (the same in every theme, so once).
        var warnings: [Diagnostic]

        /// The first theme's outputs.
        var outputs: [RenderedOutput] { renderings.first?.rendering.outputs ?? [] }
    }

    /// A plan read but not drawn: the plan, and why (an invalid change, or Graphviz's error).
    struct DrawingFailure: Error {
        /// The plan as read.
        var plan: Plan
        /// What went wrong.
        var error: RenderError
    }

    /// Loads, plays and draws one plan; notes (rules a library ignores, neighbours a scan leaves out) go to
    /// `note` as they are found. A Swift source's scan takes what `reuse` holds (``ScanReuse``). Throws the
    /// plan's errors, or a ``DrawingFailure`` when drawing fails.
    static func run(
        _ request: PlanRequest, source: PlanSource, reuse: ScanReuse = .nothing, note: (String) -> Void = { _ in }
    ) throws -> Result {
        var plan = try source.load(
            url: request.url, limits: request.limits, reuse: reuse, warn: { note($0.description) })
        if let ruleNote = request.rules.apply(to: &plan) { note(ruleNote) }
        guard let drawing = request.drawing else {
            let run = try plan.play()
            return Result(plan: plan, run: run, renderings: [], warnings: run.diagnostics)
        }
        // One play for every theme.
        let renderings: [(suffix: String, rendering: PlanRenderer.Rendering)]
        do {
            renderings = try drawing.renderer.renderings(plan, formats: drawing.formats)
        } catch {
            throw DrawingFailure(plan: plan, error: error)
        }
        guard let first = renderings.first?.rendering else {
            let run = try plan.play()
            return Result(plan: plan, run: run, renderings: [], warnings: run.diagnostics)
        }
        let graphviz = first.graphvizWarnings.map {
            Diagnostic(file: source.path ?? plan.file, message: $0, severity: .warning)
        }
        return Result(
            plan: plan, run: first.run, renderings: renderings, warnings: first.run.diagnostics + graphviz)
    }
}
