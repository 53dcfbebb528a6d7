import FlowGraph
import FlowModel
import Graphviz

/// What every plan of a batch is rendered with: the first line of JSON a worker reads, before any job.
///
/// The batch makes it once from its ``PlanRequest``, so a worker never parses a command line: it decodes this
/// and carries out each ``WorkerJob`` that follows with ``PlanJob``.
struct WorkerSetup: Codable, Sendable {
    /// How every plan is read, played and drawn.
    var plan: PlanRequest
    /// The memory the worker may allocate, in MiB.
    var workerMemory: Int
    /// The Graphviz attributes every drawing takes last (`-G`, `-N`, `-E`).
    var attributes = AttributeOverrides.current
    /// Where the screens and calls of app maps link to (`.flowgraph.json`'s `"sourceURL"`), if anywhere.
    var sourceLinks: SourceLinks?
}
