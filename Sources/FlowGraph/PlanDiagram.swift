import FlowModel
import Graphviz

/// The drawing of a plan: its timeline when it describes a change, else the stack it starts with.
///
/// A timeline draws one row per rule combination the plan compares (``Plan/ruleSets``), e.g. iOS 16 and
/// iOS 17 side by side; a stack drawing shows ``Plan/start`` or, with ``Moment/end``, the routes after the
/// whole change.
///
/// ```swift
/// let plan = try Plan.decode(text, file: "deeplink.json")
/// let svg = try PlanDiagram(plan: plan).diagram().render(to: .svg)
/// ```
public struct PlanDiagram: Sendable {
    /// Which drawing to make.
    public enum Kind: String, CaseIterable, Sendable {
        /// One route stack (``StackDiagram``).
        case stack
        /// The steps of every change, one column per step (``TimelineDiagram``).
        case timeline
    }

    /// Which routes a stack drawing shows.
    public enum Moment: String, CaseIterable, Sendable {
        /// The plan's `start`.
        case start
        /// The routes after the whole change (``Plan/finalRoutes()``).
        case end
    }

    /// The plan.
    public var plan: Plan
    /// The drawing made: the one asked for, else a timeline when the plan has a change and a stack otherwise.
    public var kind: Kind
    /// Which routes a stack drawing shows; ignored by timelines.
    public var moment: Moment
    /// The colour scheme.
    public var theme: Theme
    /// Layout choices for timelines.
    public var timelineOptions: TimelineDiagram.Options

    /// Creates the drawing of a plan; `kind` `nil` picks the timeline for plans with a change.
    public init(
        plan: Plan, kind: Kind? = nil, at moment: Moment = .start, theme: Theme = .light,
        timelineOptions: TimelineDiagram.Options = TimelineDiagram.Options()
    ) {
        self.plan = plan
        self.kind = kind ?? Self.automaticKind(for: plan)
        self.moment = moment
        self.theme = theme
        self.timelineOptions = timelineOptions
    }

    /// `timeline` when the plan describes a change (a non-empty `end`, `actions` or `states`), else `stack`.
    public static func automaticKind(for plan: Plan) -> Kind {
        switch plan.change {
        case .none: .stack
        case .end: .timeline
        // Other libraries' plans mark their calls with an empty `.actions`.
        case .actions(let actions): actions.isEmpty && plan.library == .flowStacks ? .stack : .timeline
        case .states(let states): states.isEmpty ? .stack : .timeline
        }
    }

    /// The diagram to render; throws the plan's error when an action cannot be applied.
    public func diagram() throws(FlowGraphError) -> Diagram {
        switch kind {
        case .stack:
            return try stackDiagram()
        case .timeline:
            // Another library's plan is played once for both its transitions and its words.
            let rows: [TimelineDiagram.Row]
            var vocabulary = DiagramVocabulary.flowStacks
            if plan.library == .flowStacks {
                rows = try self.rows()
            } else {
                let run = try plan.libraryRun()
                rows = [TimelineDiagram.Row(transitions: run.transitions)]
                vocabulary = DiagramVocabulary(run: run)
            }
            return TimelineDiagram(
                title: plan.title, root: plan.root, rows: rows, theme: theme, options: timelineOptions,
                vocabulary: vocabulary
            )
            .diagram()
        }
    }

    /// The words of the plan's library: FlowStacks' unless the plan is written for another library.
    public func vocabulary() throws(FlowGraphError) -> DiagramVocabulary {
        plan.library == .flowStacks ? .flowStacks : DiagramVocabulary(run: try plan.libraryRun())
    }

    /// The stack drawing of ``moment`` whatever ``kind`` is.
    public func stackDiagram() throws(FlowGraphError) -> Diagram {
        if plan.library != .flowStacks {
            let run = try plan.libraryRun()
            let atEnd = moment == .end
            return StackDiagram(
                title: atEnd ? (plan.title ?? "Route stack") + " — after the change" : plan.title, root: plan.root,
                routes: atEnd ? (run.transitions.last?.to ?? plan.start) : plan.start, theme: theme,
                vocabulary: DiagramVocabulary(run: run), annotations: atEnd ? run.final : run.start
            ).diagram()
        }
        switch moment {
        case .start:
            return StackDiagram(
                title: plan.title, coordinator: plan.startHierarchy, navigationStack: plan.navigationStack, theme: theme
            ).diagram()
        case .end:
            let title = (plan.title ?? "Route stack") + " — after the change"
            return StackDiagram(
                title: title, coordinator: try plan.finalHierarchy(), navigationStack: plan.navigationStack,
                theme: theme
            ).diagram()
        }
    }

    /// The drawing as plain text (``TextDiagram``) or as a Mermaid flowchart (``MermaidDiagram``).
    ///
    /// A timeline compared under several rule sets gives one text block per rule set, each titled with its
    /// rules, or one Mermaid chart with a subgraph per rule set.
    public func text(mermaid: Bool) throws(FlowGraphError) -> String {
        switch kind {
        case .stack:
            let routes = moment == .start ? plan.start : try plan.finalRoutes()
            let title = moment == .start ? plan.title : (plan.title ?? "Route stack") + " — after the change"
            return mermaid
                ? MermaidDiagram.stack(title: title, root: plan.root, routes: routes)
                : TextDiagram.stack(title: title, root: plan.root, routes: routes)
        case .timeline:
            let rows = try rows()
            if mermaid {
                return MermaidDiagram.timeline(
                    title: plan.title, root: plan.root,
                    rows: rows.map { (label: $0.label, transitions: $0.transitions) }
                )
            }
            return rows.map { row in
                let title = [plan.title, row.label].compactMap { $0 }.joined(separator: " · ")
                return TextDiagram.timeline(
                    title: title.isEmpty ? nil : title, root: plan.root, transitions: row.transitions)
            }.joined(separator: "\n")
        }
    }

    /// The timeline rows: one per rule set of the plan, labelled with what differs between them.
    public func rows() throws(FlowGraphError) -> [TimelineDiagram.Row] {
        if plan.library != .flowStacks {
            // Platform rules do not apply to other libraries: one row, each call one change.
            return [TimelineDiagram.Row(transitions: try plan.transitions())]
        }
        let ruleSets = plan.ruleSets
        var rows: [TimelineDiagram.Row] = []
        for rules in ruleSets {
            let label = ruleSets.count > 1 ? Self.rowLabel(rules, among: ruleSets) : nil
            rows.append(TimelineDiagram.Row(label: label, transitions: try plan.transitions(rules: rules)))
        }
        return rows
    }

    /// A timeline holding only the transitions in `range` of every row, for one page of a long plan.
    ///
    /// The title says which page it is and which transitions it holds; transition numbers stay those of the
    /// whole plan.
    func timelinePage(rows: [TimelineDiagram.Row], range: Range<Int>, page: Int, of pages: Int, total: Int) -> Diagram {
        let sliced = rows.map { TimelineDiagram.Row(label: $0.label, transitions: Array($0.transitions[range])) }
        var options = timelineOptions
        options.firstTransitionNumber = range.lowerBound + 1
        let span =
            range.count == 1
            ? "transition \(range.lowerBound + 1)" : "transitions \(range.lowerBound + 1)–\(range.upperBound)"
        let title = (plan.title ?? "Navigation timeline") + " · page \(page) of \(pages) (\(span) of \(total))"
        let vocabulary = (try? self.vocabulary()) ?? .flowStacks
        return TimelineDiagram(
            title: title, root: plan.root, rows: sliced, theme: theme, options: options, vocabulary: vocabulary
        ).diagram()
    }

    /// The name of a rule set in a comparison: only what differs, e.g. `iOS 16` or `NavigationStack`.
    static func rowLabel(_ rules: PlatformRules, among all: [PlatformRules]) -> String {
        let platformsDiffer = Set(all.map(\.platform)).count > 1
        let stacksDiffer = Set(all.map(\.navigationUpdatesInOne)).count > 1
        let stack = rules.navigationUpdatesInOne ? "NavigationStack" : "NavigationView"
        switch (platformsDiffer, stacksDiffer) {
        case (true, false): return rules.platform.displayName
        case (false, true): return stack
        default: return rules.summary
        }
    }
}
