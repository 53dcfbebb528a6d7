/// A plan for SwiftfulRouting: a `RouterView`'s root, the screens shown at the start, and router calls.
///
/// In a plan file: `{"library": "swiftfulrouting", "root": "Home", "start": [".push(Feed)",
/// ".sheet(Settings, id: \"settings\")"], "actions": ["router(\"settings\").dismissScreen()"]}`. The start
/// screens are shown bottom first, each on top of the one before.
public struct SwiftfulRoutingPlan: Hashable, Sendable {
    /// The root screen's label.
    public var root: String
    /// The screens shown at the start, bottom first.
    public var start: [PlannedCall<RouterDestination>]
    /// The router calls, in order.
    public var actions: [PlannedCall<RouterAction>]

    /// Creates a plan.
    public init(root: String, start: [PlannedCall<RouterDestination>] = [], actions: [PlannedCall<RouterAction>] = []) {
        self.root = root
        self.start = start
        self.actions = actions
    }

    /// The router state at the start: each screen appended on top of the one before.
    public func startState() -> SwiftfulRouter {
        var state = SwiftfulRouter(root: root)
        for planned in start {
            var destination = planned.call
            destination.location = .append
            state.showScreen(destination, from: state.topScreen.routerID)
        }
        return state
    }

    /// Plays the router calls: one transition per call, with the details diagrams draw. Each call is charged
    /// against `limits` (steps, routes in all steps, stack depth) before its transition is built.
    func run(file: String?, limits: Limits = .default) throws(FlowGraphError) -> LibraryRun {
        var state = startState()
        let first = state
        var transitions: [PlanTransition] = []
        var details: [TransitionDetails] = []
        var budget = StepBudget(limits: limits, file: file)
        var warnings: [Diagnostic] = []
        for (number, planned) in actions.enumerated() {
            let before = state
            do {
                let logged = try planned.call.apply(to: &state)
                warnings += logged.map { planned.warning(planned.call.notation, $0, file: file) }
            } catch {
                throw planned.rejected(planned.call.notation, error, file: file)
            }
            try budget.charge(
                call: number + 1, routesBefore: before.routes.count, routesAfter: state.routes.count,
                keyPath: planned.keyPath, position: planned.position)
            let (transition, detail) = LibraryTransitionBuilder.transition(
                action: planned.call.notation, from: Self.snapshot(before), to: Self.snapshot(state),
                summary: Self.summary(before, state, planned.call), describe: \.notation)
            transitions.append(transition)
            details.append(detail)
        }
        return LibraryRun(
            transitions: transitions, details: details,
            start: Self.annotations(first), final: Self.annotations(state),
            startNotations: first.screenNotations, finalNotations: state.screenNotations,
            rootNotation: "RouterView { \(PlanRoute.screenNotation(root)) }",
            header: ["SwiftfulRouting · RouterView { \(PlanRoute.screenNotation(root)) } · one update per router call"],
            warnings: warnings)
    }

    static func snapshot(_ state: SwiftfulRouter) -> LibraryTransitionBuilder.State {
        LibraryTransitionBuilder.State(
            keys: state.screenKeys, routes: state.routes, annotations: annotations(state),
            notations: state.screenNotations)
    }

    /// Notes per screen (its id when it is not the screen's label, its alert and modals) and the layering.
    public static func annotations(_ state: SwiftfulRouter) -> StateAnnotations {
        var notes: [Int: [String]] = [:]
        for (index, screen) in state.allScreens.enumerated() {
            var lines: [String] = []
            if screen.hasExplicitID || screen.id != RouteNotation.viewScreen(screen.screen),
                screen.id != SwiftfulRouter.rootID
            {
                lines.append("id: \(swiftStringLiteral(screen.id))")
            }
            if let alert = state.alert(routerID: screen.routerID) { lines.append("⚠ \(alert.style): \(alert.title)") }
            for modal in state.activeModals(screen.routerID) {
                lines.append("▣ modal: \(modal.id == modal.content ? modal.content : "\(modal.id) · \(modal.content)")")
            }
            if !lines.isEmpty { notes[index - 1] = lines }
        }
        var lines = ["activeScreens: " + state.activeScreens.segueNotation]
        if !state.screenQueue.isEmpty {
            lines.append("screen queue: " + state.screenQueue.map(\.notation).joined(separator: ", "))
        }
        return StateAnnotations(notes: notes, lines: lines)
    }

    /// What a call did, in SwiftfulRouting's words: `show .sheet Settings`, `dismiss Profile, Settings`.
    static func summary(_ before: SwiftfulRouter, _ after: SwiftfulRouter, _ action: RouterAction) -> String {
        let beforeKeys = Set(before.allScreens.map(\.instance))
        let afterKeys = Set(after.allScreens.map(\.instance))
        let removed = before.allScreens.filter { !afterKeys.contains($0.instance) }
        let added = after.allScreens.filter { !beforeKeys.contains($0.instance) }
        var parts: [String] = []
        if !removed.isEmpty { parts.append("dismiss " + removed.map(\.screen).joined(separator: ", ")) }
        if !added.isEmpty {
            parts.append("show " + added.map { "\($0.segue.notation) \($0.screen)" }.joined(separator: ", "))
        }
        // Marks live under router ids; every screen on screen with the id shows them.
        var routerIDs: [String] = []
        var screens: [String: [String]] = [:]
        for screen in after.allScreens {
            if screens[screen.routerID] == nil { routerIDs.append(screen.routerID) }
            screens[screen.routerID, default: []].append(screen.screen)
        }
        func on(_ id: String) -> String { "on " + (screens[id] ?? []).joined(separator: ", ") }
        for id in routerIDs {
            let (old, new) = (before.alert(routerID: id), after.alert(routerID: id))
            if let new, new != old { parts.append("\(new.style) “\(new.title)” \(on(id))") }
            if old != nil, new == nil { parts.append("dismiss alert \(on(id))") }
        }
        for id in routerIDs {
            let old = before.activeModals(id)
            let new = after.activeModals(id)
            if new.count > old.count {
                parts.append("modal " + new[old.count...].map(\.id).joined(separator: ", ") + " \(on(id))")
            } else if new.count < old.count {
                parts.append("dismiss \(old.count - new.count) modal\(old.count - new.count == 1 ? "" : "s") \(on(id))")
            }
        }
        if before.screenQueue != after.screenQueue {
            if !added.isEmpty, after.screenQueue == Array(before.screenQueue.dropFirst()) {
                parts[parts.count - 1] += " (next in queue)"
            } else {
                parts.append(
                    after.screenQueue.isEmpty
                        ? "queue empty" : "queue: " + after.screenQueue.map(\.screen).joined(separator: ", "))
            }
        }
        return parts.isEmpty ? "no change" : parts.joined(separator: "; ")
    }
}
