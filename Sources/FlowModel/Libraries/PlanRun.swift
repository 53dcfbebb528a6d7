/// A plan played once by its navigation library: everything every output of FlowGraph draws or prints.
///
/// Per rule set: the transitions, and for every step the whole state (nested coordinators included), the
/// coordinator the step acts in, the operation in the library's words, its delay and running time
/// (``RuleSet/steps``). Also the states at the start and the end, the deep link the plan resolved, and every
/// warning, located in the plan file. Make one with ``Plan/play()``.
public struct PlanRun: Hashable, Sendable {
    /// The plan played under one rule set (FlowStacks compares several; other libraries have one).
    public struct RuleSet: Hashable, Sendable {
        /// The rules the steps were computed under.
        public var rules: PlatformRules
        /// What tells this rule set from the others in a comparison, e.g. `iOS 16`; `nil` when there is one.
        public var label: String?
        /// The changes, one per action, state or `end`, each broken into steps.
        public var transitions: [PlanTransition]
        /// What each transition's steps do in the library's words, in the order of ``transitions``; empty when
        /// the steps describe themselves (FlowStacks).
        public var details: [TransitionDetails]

        /// Creates a rule set's run.
        public init(
            rules: PlatformRules, label: String? = nil, transitions: [PlanTransition], details: [TransitionDetails] = []
        ) {
            self.rules = rules
            self.label = label
            self.transitions = transitions
            self.details = details
        }

        /// The details of transition `index`, if the library gave them.
        public func details(at index: Int) -> TransitionDetails? {
            details.indices.contains(index) ? details[index] : nil
        }

        /// The library's description of transition `index`: its state before and after, in its notation.
        public func notation(ofTransition index: Int) -> (from: String, to: String) {
            let transition = transitions[index]
            let detail = details(at: index)
            return (detail?.from ?? transition.from.notation, detail?.to ?? transition.to.notation)
        }

        /// The routes of step `step` of transition `index`, one string per route, as the library writes them
        /// (`.fullScreenCover(Intro(), id: "intro")`, `push(Child(), withId: "child")`; FlowStacks' route
        /// notation when the library gave none).
        public func routeNotations(ofTransition index: Int, step: Int) -> [String] {
            if let notations = details(at: index)?.stepNotations, notations.indices.contains(step) {
                return notations[step]
            }
            return transitions[index].steps[step].map(\.notation)
        }

        /// The routes before and after transition `index`, one string per route, as the library writes them.
        public func routeNotations(ofTransition index: Int) -> (from: [String], to: [String]) {
            let transition = transitions[index]
            guard let notations = details(at: index)?.stepNotations, let first = notations.first,
                let last = notations.last
            else { return (transition.from.map(\.notation), transition.to.map(\.notation)) }
            return (first, last)
        }

        /// What each step of transition `index` does, step 0 first, in the library's words.
        public func changes(ofTransition index: Int) -> [StepChange] {
            details(at: index)?.changes ?? transitions[index].changes
        }

        /// Every step of every transition, in order.
        public var steps: [Step] {
            var steps: [Step] = []
            var before = 0
            for (number, transition) in transitions.enumerated() {
                defer { before += transition.estimatedHundredths }
                let changes = changes(ofTransition: number)
                for (index, routes) in transition.steps.enumerated() {
                    let hierarchy = transition.nesting.flatMap {
                        $0.hierarchies.indices.contains(index) ? $0.hierarchies[index] : nil
                    }
                    steps.append(
                        Step(
                            transition: number, index: index, routes: routes, hierarchy: hierarchy,
                            coordinator: transition.coordinator,
                            change: changes.indices.contains(index)
                                ? changes[index] : StepChange(from: routes, to: routes),
                            delayed: transition.isDelayed(step: index), elapsed: transition.elapsed(atStep: index),
                            runningTime: Double(before + transition.hundredths(atStep: index)) / 100,
                            notations: routeNotations(ofTransition: number, step: index)))
                }
            }
            return steps
        }
    }

    /// One step of one transition: the whole state after it and how it got there.
    public struct Step: Hashable, Sendable {
        /// The transition's index in its rule set, from 0.
        public var transition: Int
        /// The step's index in its transition, from 0.
        public var index: Int
        /// The routes of the coordinator the step acts in.
        public var routes: [PlanRoute]
        /// The whole coordinator hierarchy at this step, in plans with nested FlowStacks; `nil` otherwise.
        public var hierarchy: PlanCoordinator?
        /// The coordinator the step acts in, in plans with nested FlowStacks; `nil` otherwise.
        public var coordinator: String?
        /// What the step does, in the library's words (``StepChange/summary``).
        public var change: StepChange
        /// Whether the step waits FlowStacks' delay before it is applied.
        public var delayed: Bool
        /// The time from the start of the transition until the step is applied, in seconds
        /// (``PlanTransition/elapsed(atStep:)``).
        public var elapsed: Double
        /// The time from the start of the rule set's first transition until the step is applied, in seconds: the
        /// transitions before its own one after another, then ``elapsed``.
        public var runningTime: Double
        /// ``routes`` as the library writes them, one string per route.
        public var notations: [String]

        /// Every route the app shows at this step (``PlanCoordinator/appPath``), or ``routes`` when nothing is nested.
        public var path: [PlanRoute] { hierarchy?.appPath ?? routes }

        /// The screen on screen at this step: the top route of ``path``, `nil` when the root is.
        public var onScreen: PlanRoute? { path.last }

        /// The screen the user sees at this step: the top route's, or, when that route hosts a child FlowStack
        /// with no routes yet, the child's root (``PlanCoordinator/screenOnScreen(roots:)``); `root`'s when no
        /// route is shown. Every output's "on screen" line names this screen.
        public func visibleScreen(root: Root) -> String {
            guard let hierarchy else { return routes.last?.screen ?? root.screen }
            return hierarchy.screenOnScreen(roots: hierarchy.effectiveRoots)
        }
    }

    /// The plan that was played.
    public var plan: Plan
    /// The library's words.
    public var words: LibraryWords
    /// One run per rule set the plan compares, first one first; never empty.
    public var ruleSets: [RuleSet]
    /// Whether the plan describes a change (else its drawing is the stack it starts with).
    public var hasChange: Bool
    /// The whole state at the start: the coordinator hierarchy (one coordinator unless nested).
    public var startHierarchy: PlanCoordinator
    /// The whole state after the change (``startHierarchy`` when there is none).
    public var finalHierarchy: PlanCoordinator
    /// The routes at the start in the library's model.
    public var startRoutes: [PlanRoute]
    /// The routes after the whole change.
    public var finalRoutes: [PlanRoute]
    /// What the library knows of the starting state beyond its routes.
    public var startAnnotations: StateAnnotations
    /// What the library knows of the final state beyond its routes.
    public var finalAnnotations: StateAnnotations
    /// Lines about the plan's setup for headers, naming the library and how its view is declared.
    public var header: [String]
    /// The title of the root's layer when the library declares it, e.g. `NavigationStackView(…)`.
    public var rootTitle: String?
    /// Every warning about the plan, in the order found, each located (file, line, column, key path).
    public var diagnostics: [Diagnostic]
    /// ``startRoutes`` as the library writes them, one string per route.
    public var startNotations: [String]
    /// ``finalRoutes`` as the library writes them, one string per route.
    public var finalNotations: [String]
    /// The root as the library declares it: `Home (with navigation)`, `RouterView { Home() }`,
    /// `NavigationStackView(transitionType: .default) { Home() }`.
    public var rootNotation: String

    /// Creates a run.
    public init(
        plan: Plan, words: LibraryWords, ruleSets: [RuleSet], hasChange: Bool, startHierarchy: PlanCoordinator,
        finalHierarchy: PlanCoordinator, startRoutes: [PlanRoute], finalRoutes: [PlanRoute],
        startAnnotations: StateAnnotations = .none, finalAnnotations: StateAnnotations = .none,
        header: [String] = [], rootTitle: String? = nil, diagnostics: [Diagnostic] = [],
        startNotations: [String]? = nil, finalNotations: [String]? = nil, rootNotation: String? = nil
    ) {
        precondition(!ruleSets.isEmpty, "a PlanRun needs at least one rule set")
        self.plan = plan
        self.words = words
        self.ruleSets = ruleSets
        self.hasChange = hasChange
        self.startHierarchy = startHierarchy
        self.finalHierarchy = finalHierarchy
        self.startRoutes = startRoutes
        self.finalRoutes = finalRoutes
        self.startAnnotations = startAnnotations
        self.finalAnnotations = finalAnnotations
        self.header = header
        self.rootTitle = rootTitle
        self.diagnostics = diagnostics
        self.startNotations = startNotations ?? startRoutes.map(\.notation)
        self.finalNotations = finalNotations ?? finalRoutes.map(\.notation)
        let navigation = plan.root.withNavigation ? "with navigation" : "without navigation"
        self.rootNotation = rootNotation ?? "\(PlanRoute.screenNotation(plan.root.screen)) (\(navigation))"
    }

    /// The first rule set's transitions.
    public var transitions: [PlanTransition] { ruleSets[0].transitions }

    /// The deep link the plan resolved: its URL, the rule that matched and the captures; `nil` if none.
    public var deepLink: (url: String, rule: DeepLink.Rule, captures: [(name: String, values: [String])])? {
        guard let deepLink = plan.deepLink, let resolution = deepLink.resolution,
            deepLink.rules.indices.contains(resolution.ruleIndex)
        else { return nil }
        return (resolution.url, deepLink.rules[resolution.ruleIndex], resolution.captures)
    }
}
