/// The navigation library a plan is written for, by the name plan files give it; its notation mirrors that
/// library's API. What each library does is its ``NavigationLibrary`` conformance, listed once in
/// `NavigationLibraries`.
public enum Library: String, CaseIterable, Hashable, Sendable, Codable {
    /// FlowStacks: route arrays changed by FlowNavigator, broken into `calculateSteps`' steps (the default).
    case flowStacks = "flowstacks"
    /// SwiftfulRouting: screens shown with `router.showScreen(.push / .sheet / .fullScreenCover)`.
    case swiftfulRouting = "swiftfulrouting"
    /// swiftui-navigation-stack: one push-only `NavigationStackView` with `push(_:withId:)` and `pop(to:)`. Named
    /// apart from `navigationStack`, which everywhere else means SwiftUI's `NavigationStack` (FlowStacks' flag).
    case swiftUINavigationStack = "navigationstack"
    /// SwiftUI's own navigation: a `NavigationStack(path:)` changed by the app, with `.sheet` and
    /// `.fullScreenCover` presented by a flag or an item, each change one update.
    case swiftUI = "swiftui"

    /// The library's name as its authors write it (its conformance's ``LibraryWords/displayName``).
    public var displayName: String {
        NavigationLibraries.conformance(for: self).words.displayName
    }
}

/// A plan's library together with what that library's plan holds beyond an ordinary ``Plan``: the
/// conformance that plays it (a FlowStacks plan holds everything in the ``Plan`` itself).
public struct LibraryPlan: Hashable, Sendable {
    /// The conformance that plays the plan, holding that library's part of it.
    public var conformance: any NavigationLibrary

    /// Wraps a conformance.
    public init(_ conformance: any NavigationLibrary) {
        self.conformance = conformance
    }

    /// A FlowStacks plan.
    public static let flowStacks = LibraryPlan(FlowStacksLibrary())

    /// Which library this is.
    public var library: Library { type(of: conformance).library }

    /// Equal when the conformances are the same library holding equal plans.
    public static func == (lhs: LibraryPlan, rhs: LibraryPlan) -> Bool {
        AnyHashable(lhs.conformance) == AnyHashable(rhs.conformance)
    }

    /// Hashes the conformance.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(AnyHashable(conformance))
    }
}

/// What a library knows about one state beyond its routes: notes on screens and lines about the whole state.
public struct StateAnnotations: Hashable, Sendable {
    /// Short notes per route index (`-1` is the root), e.g. `id: "profile"` or `alert: Delete?`.
    public var notes: [Int: [String]]
    /// Lines about the whole state, e.g. the `[AnyDestinationStack]` layering or the screen queue.
    public var lines: [String]

    /// Creates annotations.
    public init(notes: [Int: [String]] = [:], lines: [String] = []) {
        self.notes = notes
        self.lines = lines
    }

    /// No annotations.
    public static let none = StateAnnotations()
}

/// What a library knows about one transition beyond its steps: what each step does in its words, and the
/// annotations of each step's state.
public struct TransitionDetails: Hashable, Sendable {
    /// One change per step (step 0 compared with the transition's `from`), by screen identity.
    public var changes: [StepChange]
    /// One set of annotations per step.
    public var annotations: [StateAnnotations]
    /// The state before the change in the library's notation.
    public var from: String
    /// The state after the change in the library's notation.
    public var to: String
    /// Each step's screens in the library's notation, one string per route (e.g. `.fullScreenCover(Intro(),
    /// id: "intro")`), in the order of the transition's steps.
    public var stepNotations: [[String]]

    /// Creates details.
    public init(
        changes: [StepChange], annotations: [StateAnnotations], from: String, to: String,
        stepNotations: [[String]] = []
    ) {
        self.changes = changes
        self.annotations = annotations
        self.from = from
        self.to = to
        self.stepNotations = stepNotations
    }
}

/// What a library other than FlowStacks gives when it plays its calls; a conformance turns it into a
/// ``PlanRun``.
struct LibraryRun: Hashable, Sendable {
    /// One transition per call.
    var transitions: [PlanTransition]
    /// Details of each transition, in the same order.
    var details: [TransitionDetails]
    /// Annotations of the starting state.
    var start: StateAnnotations
    /// Annotations of the final state.
    var final: StateAnnotations
    /// The starting state's screens in the library's notation, one string per route.
    var startNotations: [String]
    /// The final state's screens in the library's notation, one string per route.
    var finalNotations: [String]
    /// The root as the library declares it, e.g. `RouterView { Home() }`.
    var rootNotation: String
    /// Lines about the plan's setup for headers, naming the library and how its view is declared.
    var header: [String]
    /// The title of the root's layer in diagrams, e.g. `NavigationStackView(transitionType: .default)`.
    var rootTitle: String?
    /// Calls the library tolerates but a plan should not rely on (it logs a warning, or quietly does nothing
    /// or something else than the call suggests), in order, each located at the call.
    var warnings: [Diagnostic] = []

    /// The run of `plan` that outputs read: one rule set (these libraries apply each call in one update).
    func planRun(_ plan: Plan, words: LibraryWords) -> PlanRun {
        let hasChange = plan.change != .none
        let startRoutes = plan.start
        let finalRoutes = transitions.last?.to ?? startRoutes
        return PlanRun(
            plan: plan, words: words,
            ruleSets: [PlanRun.RuleSet(rules: PlatformRules(), transitions: transitions, details: details)],
            hasChange: hasChange, startHierarchy: PlanCoordinator(root: plan.root, routes: startRoutes),
            finalHierarchy: PlanCoordinator(root: plan.root, routes: finalRoutes), startRoutes: startRoutes,
            finalRoutes: finalRoutes, startAnnotations: start, finalAnnotations: final,
            header: header, rootTitle: rootTitle, diagnostics: warnings, startNotations: startNotations,
            finalNotations: finalNotations, rootNotation: rootNotation)
    }
}

extension Plan {
    /// The keys a plan file may have for its library, beyond ``keys``: `library`, and the keys only one
    /// library's plans take.
    public static let libraryKeys = ["library"] + NavigationLibraries.all.flatMap { $0.planKeys }

    /// The library the plan is written for.
    public var library: Library { libraryPlan.library }
}

/// One library call in a plan, with where it was written so errors can point at it.
public struct PlannedCall<Call: Hashable & Sendable>: Hashable, Sendable {
    /// The call.
    public var call: Call
    /// The JSON key path, e.g. `actions[3]`.
    public var keyPath: String
    /// Where the call's text starts, if it came from a file.
    public var position: SourcePosition?

    /// Creates a planned call.
    public init(_ call: Call, keyPath: String = "", position: SourcePosition? = nil) {
        self.call = call
        self.keyPath = keyPath
        self.position = position
    }

    /// The warning about a call the library tolerates, located at the call: `warning: NOTATION: what it does`.
    func warning(_ notation: String, _ message: String, file: String?) -> Diagnostic {
        Diagnostic(
            file: file, position: position, keyPath: keyPath, message: "\(notation): \(message)", severity: .warning)
    }

    /// The error of a call the library rejects, located at the call: `NOTATION: reason`.
    func rejected(_ notation: String, _ reason: any Error, file: String?) -> FlowGraphError {
        FlowGraphError(file: file, position: position, keyPath: keyPath, message: "\(notation): \(reason)")
    }
}

/// Builds the transition of one library call: one update, so the steps are the state before and after it.
///
/// A call that changes nothing has one step. Libraries other than FlowStacks do not break a change into
/// steps: SwiftfulRouting and swiftui-navigation-stack set their state in one update per call.
struct LibraryTransitionBuilder {
    /// A state's routes keyed by a stable identity, with annotations.
    struct State {
        var keys: [String]
        var routes: [PlanRoute]
        var annotations: StateAnnotations
        /// Each route in the library's notation.
        var notations: [String]
        /// The whole state in the library's notation: `[.push(A), .sheet(B, id: "b")]`.
        var notation: String { "[" + notations.joined(separator: ", ") + "]" }
    }

    static func transition(
        action: String, from before: State, to after: State, summary: String, describe: (PlanRoute) -> String
    ) -> (PlanTransition, TransitionDetails) {
        var transition = PlanTransition(action: action, from: before.routes, to: after.routes, rules: PlatformRules())
        let unchanged = before.keys == after.keys && before.annotations == after.annotations
        transition.steps = unchanged ? [before.routes] : [before.routes, after.routes]
        let none = identityChange(before, before, summary: "no change", describe: describe)
        var changes = [none]
        var annotations = [before.annotations]
        var notations = [before.notations]
        if !unchanged {
            changes.append(identityChange(before, after, summary: summary, describe: describe))
            annotations.append(after.annotations)
            notations.append(after.notations)
        }
        return (
            transition,
            TransitionDetails(
                changes: changes, annotations: annotations, from: before.notation, to: after.notation,
                stepNotations: notations)
        )
    }

    /// What a step does, by identity: screens whose key is gone are removed, new keys are added.
    static func identityChange(_ before: State, _ after: State, summary: String, describe: (PlanRoute) -> String)
        -> StepChange
    {
        var change = StepChange(from: before.routes, to: before.routes)
        let afterKeys = Set(after.keys)
        let beforeKeys = Set(before.keys)
        change.removed = before.keys.indices.filter { !afterKeys.contains(before.keys[$0]) }
        change.added = after.keys.indices.filter { !beforeKeys.contains(after.keys[$0]) }
        change.updated = []
        let removedRoutes = change.removed.map { before.routes[$0] }
        let addedRoutes = change.added.map { after.routes[$0] }
        if removedRoutes.contains(where: \.isPresented) {
            change.kind = .dismiss
        } else if !removedRoutes.isEmpty {
            change.kind = .pop
        } else if addedRoutes.contains(where: \.isPresented) {
            change.kind = .present
        } else if !addedRoutes.isEmpty {
            change.kind = .push
        } else if before.annotations != after.annotations {
            change.kind = .updateContents
            // Screens whose notes changed (an alert or a modal appeared or went).
            change.updated = after.keys.indices.filter { index in
                guard let old = before.keys.firstIndex(of: after.keys[index]) else { return false }
                return before.annotations.notes[old] != after.annotations.notes[index]
            }
        } else {
            change.kind = .none
        }
        change.summary = summary
        return change
    }
}
