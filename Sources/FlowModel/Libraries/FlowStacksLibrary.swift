/// FlowStacks: route arrays changed by FlowNavigator, each change broken into `calculateSteps`' steps under
/// every rule set the plan compares; nested FlowStacks play parents first.
public struct FlowStacksLibrary: NavigationLibrary, LibraryPlanDecoding {
    /// Creates the library.
    public init() {}

    /// `"flowstacks"` has no other spelling.
    static let aliases: [String] = []
    /// FlowStacks plans take the keys every plan takes (``Plan/keys``).
    static let ownKeys = PlanObjectKeys([])
    /// `start` is a route list and `actions` are FlowNavigator calls.
    static let sharedKeys = PlanObjectKeys([
        ("start", SchemaFragment.reference("routeList")),
        ("actions", SchemaFragment.object([("items", SchemaFragment.reference("action"))])),
    ])
    /// FlowStacks' plans need no note.
    static let schemaNote: String? = nil

    /// Decodes `start` and the change (`end`, `actions` or `states`) as route lists and FlowNavigator actions.
    static func decodePlan(_ json: JSONValue, base: Plan, decoder: inout PlanDecoder) -> Plan {
        decoder.flowStacksPlan(json, base: base)
    }

    /// FlowStacks' words.
    public static let words = LibraryWords.flowStacks

    /// Plan files name it `"flowstacks"`.
    public static let library = Library.flowStacks

    /// Plays a FlowStacks plan: its transitions under each of ``Plan/ruleSets``, the hierarchy at the start
    /// and the end, and warnings for routes FlowStacks would draw but reject on a device (pushes without
    /// navigation in `start`, `end` or `states`) and for broken nesting rules.
    public func play(_ plan: Plan) throws(FlowGraphError) -> PlanRun {
        let all = plan.ruleSets
        var ruleSets: [PlanRun.RuleSet] = []
        for rules in all {
            ruleSets.append(
                PlanRun.RuleSet(
                    rules: rules, label: all.count > 1 ? Self.label(rules, among: all) : nil,
                    transitions: try plan.flowStacksTransitions(rules: rules)))
        }
        let finalHierarchy: PlanCoordinator
        let finalRoutes: [PlanRoute]
        if plan.nesting != nil {
            finalHierarchy = try plan.finalHierarchy()
            finalRoutes = finalHierarchy.path
        } else {
            finalRoutes = ruleSets[0].transitions.last?.to ?? plan.start
            finalHierarchy = PlanCoordinator(root: plan.root, routes: finalRoutes)
        }
        let hasChange: Bool
        switch plan.change {
        case .none: hasChange = false
        case .end: hasChange = true
        case .actions(let actions): hasChange = !actions.isEmpty
        case .states(let states): hasChange = !states.isEmpty
        }
        return PlanRun(
            plan: plan, words: words, ruleSets: ruleSets, hasChange: hasChange, startHierarchy: plan.startHierarchy,
            finalHierarchy: finalHierarchy, startRoutes: plan.start, finalRoutes: finalRoutes,
            diagnostics: try Self.warnings(plan))
    }

    /// The warnings of a plan: routes pushed without navigation in the lists it gives (actions that push
    /// without navigation are FlowStacks errors instead), and the nesting rules it breaks.
    static func warnings(_ plan: Plan) throws(FlowGraphError) -> [Diagnostic] {
        if plan.nesting != nil {
            return try plan.nestingProblems().map { $0.diagnostic(file: plan.file) }
        }
        // Without `start`, the first of `states` is the start and the others follow it.
        let startGiven = plan.routePositions["start"] != nil || plan.routePositions["states[0]"] == nil
        var lists: [(keyPath: String, routes: [PlanRoute])] = [(startGiven ? "start" : "states[0]", plan.start)]
        switch plan.change {
        case .none, .actions: break
        case .end(let end): lists.append(("end", end))
        case .states(let states):
            lists += states.enumerated().map { ("states[\($0.offset + (startGiven ? 0 : 1))]", $0.element) }
        }
        var diagnostics: [Diagnostic] = []
        var seen: Set<String> = []
        for list in lists {
            for problem in list.routes.problems(rootHasNavigation: plan.root.withNavigation) {
                let route = list.routes[problem.index]
                // A route kept from one state to the next is reported where it first appears.
                guard seen.insert("\(problem.index) \(route.notation)").inserted else { continue }
                let keyPath = "\(list.keyPath)[\(problem.index)]"
                diagnostics.append(
                    Diagnostic(
                        file: plan.file, position: plan.routePositions[keyPath] ?? plan.routePositions[list.keyPath],
                        keyPath: keyPath, message: "\(route.notation): \(problem.reason)", severity: .warning))
            }
        }
        return diagnostics
    }

    /// The name of a rule set in a comparison: only what differs, e.g. `iOS 16` or `NavigationStack`.
    static func label(_ rules: PlatformRules, among all: [PlatformRules]) -> String {
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

extension LibraryWords {
    /// FlowStacks' words.
    public static let flowStacks = LibraryWords(
        displayName: "FlowStacks", pushName: "push", sheetName: "sheet", coverName: "full-screen cover",
        presentedSheetName: "sheet", presentedCoverName: "cover", layerName: "layer", rootLayerTitle: "root layer",
        rootNavigationNote: "with navigation", rootPlainNote: "no navigation", capitalizesLayerTitles: true,
        navigationMarker: "☰ navigation",
        navigationCaption: "☰ layer with navigation (can push)", routeName: "route", presentVerb: "presents",
        stackTitle: "Route stack", timelineTitle: "Navigation timeline", rejectedBy: "FlowStacks",
        updatedCaption: "↻ screen contents updated", listsRouteNotation: true, rules: nil, stepsRules: nil)
}
