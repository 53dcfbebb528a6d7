/// A plan for SwiftUI's own navigation: a `NavigationStack(path:)`'s root, the path's values at the start,
/// and the changes the app makes to the path and to what is presented over it.
///
/// In a plan file: `{"library": "swiftui", "root": "HomeView", "start": ["detail(1)"], "actions":
/// ["path.append(.detail(2))", "sheet(Settings())", "dismiss()", "path.removeAll()"]}`.
public struct SwiftUIPlan: Hashable, Sendable {
    /// The root view's label.
    public var root: String
    /// The path's values at the start, bottom first.
    public var start: [PlannedCall<String>]
    /// The changes, in order.
    public var actions: [PlannedCall<SwiftUICall>]

    /// Creates a plan.
    public init(root: String, start: [PlannedCall<String>] = [], actions: [PlannedCall<SwiftUICall>] = []) {
        self.root = root
        self.start = start
        self.actions = actions
    }

    /// How the stack is declared, for diagram headers: `NavigationStack(path: $path) { Home() }`.
    public var declaration: String {
        "NavigationStack(path: $path) { \(PlanRoute.screenNotation(root)) }"
    }

    /// What is shown: the path's values, then the sheets and covers presented over them, each with the
    /// serial that keeps its identity from change to change.
    struct State: Hashable {
        var path: [(value: String, serial: Int)] = []
        var presented: [(route: PlanRoute, serial: Int)] = []
        var nextSerial = 0

        static func == (lhs: State, rhs: State) -> Bool {
            lhs.path.map(\.serial) == rhs.path.map(\.serial)
                && lhs.presented.map(\.serial) == rhs.presented.map(\.serial)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(path.map(\.serial))
            hasher.combine(presented.map(\.serial))
        }

        var routes: [PlanRoute] { path.map { .push($0.value) } + presented.map(\.route) }

        mutating func serial() -> Int {
            defer { nextSerial += 1 }
            return nextSerial
        }

        var snapshot: LibraryTransitionBuilder.State {
            LibraryTransitionBuilder.State(
                keys: path.map { "p\($0.serial)" } + presented.map { "m\($0.serial)" }, routes: routes,
                annotations: SwiftUIPlan.annotations(self),
                notations: path.map { PlanRoute.screenNotation($0.value) }
                    + presented.map { SwiftUICall.present($0.route).notation })
        }
    }

    /// The state at the start: the start's values on the path, nothing presented.
    func startState() -> State {
        var state = State()
        for planned in start { state.path.append((planned.call, state.serial())) }
        return state
    }

    /// The routes at the start.
    public var startRoutes: [PlanRoute] { start.map { .push($0.call) } }

    /// Applies one change as SwiftUI does, returning the summary of the step and what SwiftUI tolerates
    /// without doing what the change suggests, as warnings.
    ///
    /// Throws what SwiftUI crashes on: removing more values than the path holds.
    static func apply(_ call: SwiftUICall, to state: inout State) throws(InputError) -> (
        summary: String, warnings: [String]
    ) {
        switch call {
        case .append(let value):
            state.path.append((value, state.serial()))
            guard let top = state.presented.last else { return ("push \(value)", []) }
            return (
                "push \(value) behind the \(top.route.style.kindName)",
                [
                    "\(top.route.screen) is presented, so the push happens under it: the user sees "
                        + "\(value) only once the \(top.route.style.isCover ? "cover" : "sheet") is dismissed"
                ]
            )
        case .removeLast(let count):
            guard count <= state.path.count else {
                throw InputError(
                    offset: 0,
                    message: "the path holds \(state.path.count) value\(state.path.count == 1 ? "" : "s"), so "
                        + "removeLast(\(count)) crashes: \"Can't remove more items from a collection than it contains\""
                )
            }
            state.path.removeLast(count)
            return ("pop \(count) value\(count == 1 ? "" : "s")", count == 0 ? ["removeLast(0) changes nothing"] : [])
        case .removeAll:
            let count = state.path.count
            state.path.removeAll()
            return (
                count == 0 ? "no change" : "pop to the root · \(count) value\(count == 1 ? "" : "s")",
                count == 0 ? ["the path is already empty: nothing changes"] : []
            )
        case .present(let route):
            state.presented.append((route, state.serial()))
            return ("present \(route.screen) as a \(route.style.kindName)", [])
        case .dismiss:
            if let top = state.presented.popLast() {
                return ("dismiss \(top.route.screen)", [])
            }
            if let top = state.path.popLast() {
                return ("pop \(top.value)", [])
            }
            return (
                "no change",
                [
                    "dismiss() on the root of a NavigationStack that is not presented does nothing, without a word"
                ]
            )
        }
    }

    /// Plays the changes: one transition per change, each charged against `limits` before it is built.
    func run(file: String?, limits: Limits = .default) throws(FlowGraphError) -> LibraryRun {
        var state = startState()
        let first = state
        var transitions: [PlanTransition] = []
        var details: [TransitionDetails] = []
        var warnings: [Diagnostic] = []
        var budget = StepBudget(limits: limits, file: file)
        for (number, planned) in actions.enumerated() {
            let before = state
            let result: (summary: String, warnings: [String])
            do {
                result = try Self.apply(planned.call, to: &state)
            } catch {
                throw FlowGraphError(
                    file: file, position: planned.position, keyPath: planned.keyPath,
                    message: "\(planned.call.notation): \(error.message)")
            }
            warnings += result.warnings.map { planned.warning(planned.call.notation, $0, file: file) }
            try budget.charge(
                call: number + 1, routesBefore: before.routes.count, routesAfter: state.routes.count,
                keyPath: planned.keyPath, position: planned.position)
            let (transition, detail) = LibraryTransitionBuilder.transition(
                action: planned.call.notation, from: before.snapshot, to: state.snapshot, summary: result.summary,
                describe: \.notation)
            transitions.append(transition)
            details.append(detail)
        }
        return LibraryRun(
            transitions: transitions, details: details, start: Self.annotations(first),
            final: Self.annotations(state), startNotations: first.snapshot.notations,
            finalNotations: state.snapshot.notations, rootNotation: declaration,
            header: ["SwiftUI · " + declaration], rootTitle: "NavigationStack(path: $path)", warnings: warnings)
    }

    /// Lines about the whole state: how many values the path holds.
    static func annotations(_ state: State) -> StateAnnotations {
        StateAnnotations(lines: ["path: \(state.path.count) value\(state.path.count == 1 ? "" : "s")"])
    }
}
