import FlowGraph

/// A renderer for one theme of a run and the suffix its files' names take (`~dark` beside light, else none).
struct ThemedRenderer: Sendable {
    /// The renderer, with its theme set.
    var renderer: PlanRenderer
    /// What the files' base name gains, e.g. `~dark`.
    var suffix: String
}
