/// A plan for swiftui-navigation-stack: a `NavigationStackView`'s root, transition and easing, the views pushed
/// at the start, and `push`/`pop` calls.
///
/// In a plan file: `{"library": "navigationstack", "root": "HomeScreen", "transitionType": ".custom(.scale)",
/// "start": ["push(LoginScreen(), withId: \"login\")"], "actions": ["pop(to: .root)"]}`.
public struct NavigationStackPlan: Hashable, Sendable {
    /// The root view's label.
    public var root: String
    /// The stack's transition type.
    public var transition: ViewStackTransition
    /// The easing as written (`.spring(response: 0.5)`), or `nil` for the library's default `easeOut` of 0.2 s.
    public var easing: String?
    /// The views pushed at the start, bottom first.
    public var start: [PlannedCall<StackView>]
    /// The calls, in order.
    public var actions: [PlannedCall<ViewStackCall>]

    /// Creates a plan.
    public init(
        root: String, transition: ViewStackTransition = .default, easing: String? = nil,
        start: [PlannedCall<StackView>] = [], actions: [PlannedCall<ViewStackCall>] = []
    ) {
        self.root = root
        self.transition = transition
        self.easing = easing
        self.start = start
        self.actions = actions
    }

    /// How the stack is declared, for diagram headers: `NavigationStackView(transitionType: .default)`.
    public var declaration: String {
        layerTitle + " { \(PlanRoute.screenNotation(root)) }"
    }

    /// The stack's declaration without its root: `NavigationStackView(transitionType: .default)`.
    public var layerTitle: String {
        var text = "NavigationStackView(transitionType: \(transition.notation)"
        if let easing { text += ", easing: \(easing)" }
        return text + ")"
    }

    /// The stack at the start, each view pushed in turn; `file` names the plan in the warnings.
    public func startStack(file: String? = nil) -> ViewStack {
        startStackAndWarnings(file: file).stack
    }

    /// The stack at the start and the warnings of its pushes (a duplicate id pushes nothing).
    func startStackAndWarnings(file: String?) -> (stack: ViewStack, warnings: [Diagnostic]) {
        var stack = ViewStack()
        var warnings: [Diagnostic] = []
        for planned in start {
            stack.push(planned.call)
            warnings += stack.takeWarnings().map { planned.warning(planned.call.notation, $0, file: file) }
        }
        return (stack, warnings)
    }

    /// Plays the calls: one transition per call, each charged against `limits` before it is built.
    func run(file: String?, limits: Limits = .default) throws(FlowGraphError) -> LibraryRun {
        var (stack, warnings) = startStackAndWarnings(file: file)
        let first = stack
        var transitions: [PlanTransition] = []
        var details: [TransitionDetails] = []
        var serials = Array(0..<stack.depth)
        var nextSerial = stack.depth
        var budget = StepBudget(limits: limits, file: file)
        for (number, planned) in actions.enumerated() {
            let before = stack
            let beforeSerials = serials
            warnings += planned.call.apply(to: &stack).map { planned.warning(planned.call.notation, $0, file: file) }
            try budget.charge(
                call: number + 1, routesBefore: before.depth, routesAfter: stack.depth, keyPath: planned.keyPath,
                position: planned.position)
            // Identity: views keep their serial; a push adds a new one.
            serials = Array(serials.prefix(stack.depth))
            while serials.count < stack.depth {
                serials.append(nextSerial)
                nextSerial += 1
            }
            let summary: String
            switch planned.call {
            case .push(let view), .pushView(let view):
                summary = stack.depth > before.depth ? "push \(view.view)" : "no change"
            case .pop(let destination), .popView(let destination):
                let popped = before.depth - stack.depth
                summary = "pop(to: \(destination.notation)) · \(popped) view\(popped == 1 ? "" : "s")"
            }
            let (transition, detail) = LibraryTransitionBuilder.transition(
                action: planned.call.notation,
                from: Self.snapshot(before, serials: beforeSerials), to: Self.snapshot(stack, serials: serials),
                summary: summary, describe: \.notation)
            transitions.append(transition)
            details.append(detail)
        }
        return LibraryRun(
            transitions: transitions, details: details, start: Self.annotations(first),
            final: Self.annotations(stack), startNotations: first.views.map(\.notation),
            finalNotations: stack.views.map(\.notation), rootNotation: declaration,
            header: ["swiftui-navigation-stack · " + declaration],
            rootTitle: "NavigationStackView(transitionType: \(transition.notation))", warnings: warnings)
    }

    static func snapshot(_ stack: ViewStack, serials: [Int]) -> LibraryTransitionBuilder.State {
        LibraryTransitionBuilder.State(
            keys: serials.map(String.init), routes: stack.views.map { .push($0.view) },
            annotations: annotations(stack),
            notations: stack.views.map(\.notation))
    }

    /// Notes per view: the id it was pushed with.
    public static func annotations(_ stack: ViewStack) -> StateAnnotations {
        var notes: [Int: [String]] = [:]
        for (index, view) in stack.views.enumerated() {
            if let id = view.id { notes[index] = ["withId: \(swiftStringLiteral(id))"] }
        }
        return StateAnnotations(notes: notes, lines: ["depth \(stack.depth)"])
    }
}
