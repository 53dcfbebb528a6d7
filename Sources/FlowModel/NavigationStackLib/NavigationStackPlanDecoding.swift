extension NavigationStackLibrary: LibraryPlanDecoding {
    /// `"swiftuinavigationstack"` (the package's name) is read as `"navigationstack"`.
    static let aliases = ["swiftuinavigationstack"]
    /// The `NavigationStackView`'s transition type and easing.
    static let ownKeys = PlanObjectKeys([
        (
            "transitionType",
            SchemaFragment.string(
                description:
                    "swiftui-navigation-stack: the NavigationStackView's transitionType as Swift, e.g. \".default\" or \".custom(.scale)\"."
            )
        ),
        (
            "easing",
            SchemaFragment.string(
                description:
                    "swiftui-navigation-stack: the animation as Swift, e.g. \".spring(response: 0.5, dampingFraction: 0.25)\"."
            )
        ),
    ])
    /// Read as every call-based plan reads them.
    static let sharedKeys = PlanDecoder.callPlanKeys
    /// The note every call-based plan's schema carries.
    static let schemaNote: String? = PlanDecoder.callPlanNote(words.displayName)

    /// Decodes `transitionType`, `easing`, `start` (views pushed with ids) and `actions` (push and pop calls).
    static func decodePlan(_ json: JSONValue, base: Plan, decoder: inout PlanDecoder) -> Plan {
        decoder.navigationStackPlan(json, base: base)
    }
}

extension PlanDecoder {
    /// The rest of a swiftui-navigation-stack plan: its transition type, easing, starting views and calls.
    mutating func navigationStackPlan(_ json: JSONValue, base: Plan) -> Plan {
        var (plan, start, actions) = callPlan(json, base: base, library: NavigationStackLibrary.words.displayName)
        var transition = ViewStackTransition.default
        if let value = json["transitionType"] {
            if let text = value.stringValue {
                do {
                    transition = try ViewStackTransition(notation: text)
                } catch {
                    report(error, in: value, keyPath: "transitionType")
                }
            } else {
                report(
                    "expected a transition type such as \".default\", \".none\" or \".custom(.scale)\", not \(value.kindDescription)",
                    at: value.position, keyPath: "transitionType")
            }
        }
        var easing: String?
        if let value = json["easing"] {
            if let text = value.stringValue, !text.trimmingWhitespace().isEmpty {
                easing = text.trimmingWhitespace()
            } else {
                report(
                    "expected an easing as Swift, e.g. \".spring(response: 0.5, dampingFraction: 0.25)\"",
                    at: value.position, keyPath: "easing")
            }
        }
        let views = start.compactMap { item -> PlannedCall<StackView>? in
            guard let call = parse(item, { (text) throws(InputError) in try ViewStackCall(notation: text) })
            else {
                return nil
            }
            guard let view = call.call.pushedView else {
                report(
                    "the start lists the views on the stack, each as push(View(), withId: \"id\"); use pops in 'actions'",
                    at: call.position, keyPath: call.keyPath)
                return nil
            }
            return PlannedCall(view, keyPath: call.keyPath, position: call.position)
        }
        let decoded = NavigationStackPlan(
            root: plan.root.screen, transition: transition, easing: easing, start: views,
            actions: actions.compactMap { item in
                parse(item) { (text) throws(InputError) in try ViewStackCall(notation: text) }
            })
        plan.libraryPlan = LibraryPlan(NavigationStackLibrary(plan: decoded))
        if diagnostics.isEmpty {
            plan.start = decoded.startStack(file: file).views.map { .push($0.view) }
        }
        return plan
    }
}
