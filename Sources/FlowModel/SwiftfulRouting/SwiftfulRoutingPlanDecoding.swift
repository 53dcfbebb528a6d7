extension SwiftfulRoutingLibrary: LibraryPlanDecoding {
    /// `"swiftfulrouter"` is read as `"swiftfulrouting"`.
    static let aliases = ["swiftfulrouter"]
    /// SwiftfulRouting plans take no keys of their own.
    static let ownKeys = PlanObjectKeys([])
    /// Read as every call-based plan reads them.
    static let sharedKeys = PlanDecoder.callPlanKeys
    /// The note every call-based plan's schema carries.
    static let schemaNote: String? = PlanDecoder.callPlanNote(words.displayName)

    /// Decodes `start` (screens as `showScreen` destinations) and `actions` (router calls).
    static func decodePlan(_ json: JSONValue, base: Plan, decoder: inout PlanDecoder) -> Plan {
        decoder.swiftfulRoutingPlan(json, base: base)
    }
}

extension PlanDecoder {
    /// The rest of a SwiftfulRouting plan: its starting screens and router calls.
    mutating func swiftfulRoutingPlan(_ json: JSONValue, base: Plan) -> Plan {
        var (plan, start, actions) = callPlan(json, base: base, library: SwiftfulRoutingLibrary.words.displayName)
        let decoded = SwiftfulRoutingPlan(
            root: plan.root.screen,
            start: start.compactMap { item in
                parse(item) { (text) throws(InputError) in try RouterDestination(notation: text) }
            },
            actions: actions.compactMap { item in
                parse(item) { (text) throws(InputError) in try RouterAction(notation: text) }
            })
        plan.libraryPlan = LibraryPlan(SwiftfulRoutingLibrary(plan: decoded))
        if diagnostics.isEmpty {
            plan.start = decoded.startState().routes
        }
        return plan
    }
}
