import FlowGraph
import FlowModel

/// What every plan of a batch is rendered with: the first line of JSON a worker reads, before any job.
///
/// The batch makes it once from its typed options, so a worker never parses a command line: it decodes this
/// and renders each ``WorkerJob`` that follows.
struct WorkerSetup: Codable, Sendable {
    /// The renderer's options (in the first theme).
    var renderer: PlanRenderer.Options
    /// Every theme each plan is drawn in; the first keeps the plain file names.
    var themes: [Theme]
    /// The formats each plan renders to.
    var formats: [RenderFormat]
    /// The input limits each plan is read within.
    var limits: Limits
    /// The memory the worker may allocate, in MiB.
    var workerMemory: Int

    /// The renderer, in every theme.
    var themedRenderer: ThemedRenderer { ThemedRenderer(options: renderer, themes: themes) }
}
