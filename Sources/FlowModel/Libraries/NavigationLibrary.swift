/// A navigation library FlowGraph models: it plays a plan the way the library's code behaves.
///
/// Each library is one conformance (``FlowStacksLibrary``, ``SwiftfulRoutingLibrary``, ``SwiftUILibrary``,
/// ``NavigationStackLibrary``). Playing gives one ``PlanRun`` that every output reads, so diagrams, text,
/// the HTML player and `flowgraph steps` cannot tell different stories; call ``Plan/play()`` rather than
/// ``play(_:)`` so the play is counted (`PlayCounter`).
public protocol NavigationLibrary: Hashable, Sendable {
    /// The library, as plan files name it.
    static var library: Library { get }
    /// The library's words for screens, layers and operations.
    static var words: LibraryWords { get }

    /// Plays a plan written for this library into one run: every rule set's transitions and steps, the
    /// states at the start and end, and every warning, each located in the plan file.
    ///
    /// Throws the first call the library rejects (or crashes on), located at the call.
    func play(_ plan: Plan) throws(FlowGraphError) -> PlanRun
}

extension NavigationLibrary {
    /// The library's words for screens, layers and operations.
    public var words: LibraryWords { Self.words }
}

extension Plan {
    /// The conformance that plays this plan: the library its file names (FlowStacks by default).
    public var navigationLibrary: any NavigationLibrary { libraryPlan.conformance }

    /// Plays the plan through its library, once: what every output of a command reads.
    ///
    /// Each play is counted by the `PlayCounter` bound to the current task, if any.
    public func play() throws(FlowGraphError) -> PlanRun {
        PlayCounter.current?.record()
        var run = try navigationLibrary.play(self)
        // What decoding noticed comes first, then what playing found.
        run.diagnostics.insert(contentsOf: warnings.filter { !run.diagnostics.contains($0) }, at: 0)
        return run
    }
}
