import FlowModel
import Graphviz

/// The drawing of a plan: its timeline when it describes a change, else the stack it starts with.
///
/// The plan is played once, when the drawing is made (``Plan/play()``); the diagram, its text forms, PNG
/// pages and the HTML player all read that one ``PlanRun``. A timeline draws one row per rule combination
/// the plan compares (``Plan/ruleSets``), e.g. iOS 16 and iOS 17 side by side; a stack drawing shows the
/// start or, with ``Moment/end``, the state after the whole change.
///
/// ```swift
/// let plan = try Plan.decode(text, file: "deeplink.json")
/// let svg = try PlanDiagram(plan: plan).diagram().render(to: .svg)
/// ```
public struct PlanDiagram: Sendable {
    /// Which drawing to make.
    public enum Kind: String, CaseIterable, Codable, Sendable {
        /// One route stack (``StackDiagram``).
        case stack
        /// The steps of every change, one column per step (``TimelineDiagram``).
        case timeline
    }

    /// Which routes a stack drawing shows.
    public enum Moment: String, CaseIterable, Codable, Sendable {
        /// The plan's `start`.
        case start
        /// The routes after the whole change (``PlanRun/finalRoutes``).
        case end
    }

    /// The plan.
    public var plan: Plan
    /// The plan played by its library, or why its library rejects it.
    public var played: Result<PlanRun, FlowGraphError>
    /// The drawing made: the one asked for, else a timeline when the plan has a change and a stack otherwise.
    public var kind: Kind
    /// Which routes a stack drawing shows; ignored by timelines.
    public var moment: Moment
    /// The colour scheme.
    public var theme: Theme
    /// Layout choices for timelines.
    public var timelineOptions: TimelineDiagram.Options
    /// For a timeline comparing two versions of the plan (`flowgraph diff`): what each transition of each rule
    /// set is, and how the two start and end; `nil` compares nothing.
    public var comparison: TimelineComparison?

    /// Creates the drawing of a plan, playing it once; `kind` `nil` picks the timeline for plans with a change.
    public init(
        plan: Plan, kind: Kind? = nil, at moment: Moment = .start, theme: Theme = .light,
        timelineOptions: TimelineDiagram.Options = TimelineDiagram.Options()
    ) {
        let played: Result<PlanRun, FlowGraphError>
        do {
            played = .success(try plan.play())
        } catch {
            played = .failure(error)
        }
        self.init(played: played, plan: plan, kind: kind, at: moment, theme: theme, timelineOptions: timelineOptions)
    }

    /// Creates the drawing of a plan already played.
    public init(
        run: PlanRun, kind: Kind? = nil, at moment: Moment = .start, theme: Theme = .light,
        timelineOptions: TimelineDiagram.Options = TimelineDiagram.Options()
    ) {
        self.init(
            played: .success(run), plan: run.plan, kind: kind, at: moment, theme: theme,
            timelineOptions: timelineOptions)
    }

    private init(
        played: Result<PlanRun, FlowGraphError>, plan: Plan, kind: Kind?, at moment: Moment, theme: Theme,
        timelineOptions: TimelineDiagram.Options
    ) {
        self.plan = plan
        self.played = played
        // A plan its library rejects gets the drawing of its change, so the error is reported.
        self.kind = kind ?? ((try? played.get()).map(Self.automaticKind(for:)) ?? .timeline)
        self.moment = moment
        self.theme = theme
        self.timelineOptions = timelineOptions
    }

    /// The played plan; throws the plan's error when its library rejects a call.
    public func run() throws(FlowGraphError) -> PlanRun {
        try played.get()
    }

    /// `timeline` when the run describes a change, else `stack`.
    public static func automaticKind(for run: PlanRun) -> Kind {
        run.hasChange ? .timeline : .stack
    }

    /// `timeline` when the plan describes a change (a non-empty `end`, `actions` or `states`), else `stack`.
    public static func automaticKind(for plan: Plan) -> Kind {
        PlanDiagram(plan: plan).kind
    }

    /// The diagram to render; throws the plan's error when an action cannot be applied.
    public func diagram() throws(FlowGraphError) -> Diagram {
        switch kind {
        case .stack:
            return try stackDiagram()
        case .timeline:
            return try timeline().diagram()
        }
    }

    /// The timeline drawing of the plan whatever ``kind`` is; its ``TimelineDiagram/stepNodeIDs()`` name the
    /// node of every step in ``diagram()``.
    public func timeline() throws(FlowGraphError) -> TimelineDiagram {
        let run = try run()
        var timeline = TimelineDiagram(
            title: plan.title, root: plan.root, rows: try rows(), theme: theme, options: timelineOptions,
            vocabulary: DiagramWords(run: run)
        )
        timeline.deepLinkLines = Self.deepLinkLines(run, title: plan.title)
        (timeline.startNote, timeline.endNote) = (comparison?.startNote, comparison?.endNote)
        timeline.comparisonLine = comparison?.caption
        return timeline
    }

    /// The deep link a run resolved, for a header: the URL (unless the `title` says it), the rule that matched
    /// (its pattern and key path) and each capture's values.
    static func deepLinkLines(_ run: PlanRun, title: String? = nil) -> [String] {
        guard let link = run.deepLink else { return [] }
        var lines = title?.contains(link.url) == true ? [] : ["deep link \(link.url)"]
        var rule = "matched \(link.rule.pattern.text)"
        if !link.rule.keyPath.isEmpty { rule += " (\(link.rule.keyPath))" }
        if let coordinator = link.rule.coordinator { rule += " in \(coordinator)" }
        lines.append(rule)
        if !link.captures.isEmpty {
            lines.append(
                "captures "
                    + link.captures.map { "\($0.name) = \($0.values.joined(separator: ", "))" }
                    .joined(separator: " · "))
        }
        return lines
    }

    /// The words of the plan's library.
    public func vocabulary() throws(FlowGraphError) -> DiagramWords {
        DiagramWords(run: try run())
    }

    /// The title of a stack drawing at ``moment``.
    var stackTitle: String? {
        moment == .start ? plan.title : (plan.title ?? "Route stack") + " — after the change"
    }

    /// The stack drawing of ``moment`` whatever ``kind`` is.
    public func stackDiagram() throws(FlowGraphError) -> Diagram {
        let run = try run()
        let atEnd = moment == .end
        var drawing = StackDiagram(
            title: stackTitle, root: plan.root, routes: atEnd ? run.finalRoutes : run.startRoutes, theme: theme,
            vocabulary: DiagramWords(run: run), annotations: atEnd ? run.finalAnnotations : run.startAnnotations)
        drawing.coordinator = atEnd ? run.finalHierarchy : run.startHierarchy
        drawing.notations = atEnd ? run.finalNotations : run.startNotations
        // A library whose routes are not FlowStacks' own values declares its root in code.
        if !run.words.listsRouteNotation { drawing.rootNotation = run.rootNotation }
        drawing.navigationStack = plan.navigationStack
        return drawing.diagram()
    }

    /// The drawing as plain text (``TextDiagram``) or as a Mermaid flowchart (``MermaidDiagram``).
    ///
    /// A timeline compared under several rule sets gives one column per rule set, side by side, in both.
    public func text(mermaid: Bool) throws(FlowGraphError) -> String {
        let run = try run()
        switch kind {
        case .stack:
            let routes = moment == .start ? run.startRoutes : run.finalRoutes
            let hierarchy = moment == .start ? run.startHierarchy : run.finalHierarchy
            let vocabulary = DiagramWords(run: run)
            return mermaid
                ? MermaidDiagram.stack(
                    title: stackTitle, root: plan.root, routes: routes, coordinator: hierarchy, vocabulary: vocabulary)
                : TextDiagram.stack(
                    title: stackTitle, root: plan.root, routes: routes, coordinator: hierarchy,
                    vocabulary: vocabulary)
        case .timeline:
            if mermaid {
                return MermaidDiagram.timeline(run: run, title: plan.title)
            }
            return TextDiagram.timeline(run: run, title: plan.title)
        }
    }

    /// The timeline rows: one per rule set of the run, labelled with what differs between them.
    public func rows() throws(FlowGraphError) -> [TimelineDiagram.Row] {
        try run().ruleSets.enumerated().map { index, ruleSet in
            TimelineDiagram.Row(
                label: ruleSet.label, transitions: ruleSet.transitions,
                marks: comparison.map { $0.marks.indices.contains(index) ? $0.marks[index] : [] } ?? [])
        }
    }

    /// A timeline holding only the transitions in `range` of every row, for one page of a long plan.
    ///
    /// The title says which page it is and which transitions it holds; transition numbers stay those of the
    /// whole plan. A row with fewer transitions (a diff's before beside its after) holds those it has there.
    func timelinePage(rows: [TimelineDiagram.Row], range: Range<Int>, page: Int, of pages: Int, total: Int) -> Diagram {
        let sliced = rows.map {
            TimelineDiagram.Row(
                label: $0.label, transitions: Array($0.transitions[range.clamped(to: $0.transitions.indices)]),
                marks: Array($0.marks[range.clamped(to: $0.marks.indices)]))
        }
        var options = timelineOptions
        options.firstTransitionNumber = range.lowerBound + 1
        let span =
            range.count == 1
            ? "transition \(range.lowerBound + 1)" : "transitions \(range.lowerBound + 1)–\(range.upperBound)"
        let title = (plan.title ?? "Navigation timeline") + " · page \(page) of \(pages) (\(span) of \(total))"
        var vocabulary = (try? self.vocabulary()) ?? .flowStacks
        vocabulary.details = Array(vocabulary.details.dropFirst(range.lowerBound))
        var timeline = TimelineDiagram(
            title: title, root: plan.root, rows: sliced, theme: theme, options: options, vocabulary: vocabulary)
        if let run = try? run() { timeline.deepLinkLines = Self.deepLinkLines(run, title: plan.title) }
        timeline.startNote = page == 1 ? comparison?.startNote : nil
        timeline.endNote = page == pages ? comparison?.endNote : nil
        timeline.comparisonLine = comparison?.caption
        return timeline.diagram()
    }
}
