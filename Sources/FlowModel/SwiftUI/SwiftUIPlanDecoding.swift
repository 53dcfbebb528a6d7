extension SwiftUILibrary: LibraryPlanDecoding {
    /// `"swiftuinavigation"` and `"navigationpath"` are read as `"swiftui"`.
    static let aliases = ["swiftuinavigation", "navigationpath"]
    /// None beyond the keys every call-based plan has.
    static let ownKeys = PlanObjectKeys([])
    /// Read as every call-based plan reads them.
    static let sharedKeys = PlanDecoder.callPlanKeys
    /// The note every call-based plan's schema carries.
    static let schemaNote: String? = PlanDecoder.callPlanNote(words.displayName)

    /// Decodes `start` (the path's values) and `actions` (path changes, presentations and dismisses).
    static func decodePlan(_ json: JSONValue, base: Plan, decoder: inout PlanDecoder) -> Plan {
        decoder.swiftUIPlan(json, base: base)
    }
}

extension PlanDecoder {
    /// The rest of a SwiftUI plan: the path's values at the start and the changes.
    mutating func swiftUIPlan(_ json: JSONValue, base: Plan) -> Plan {
        var (plan, start, actions) = callPlan(json, base: base, library: SwiftUILibrary.words.displayName)
        let values = start.compactMap { item -> PlannedCall<String>? in
            parse(item) { (text) throws(InputError) in
                var scanner = NotationScanner(text)
                let value = try scanner.screen(context: "the path")
                scanner.skipWhitespace()
                guard scanner.isAtEnd else {
                    throw scanner.error("the start lists the path's values, one per string, e.g. \".detail(1)\"")
                }
                return value
            }
        }
        let decoded = SwiftUIPlan(
            root: plan.root.screen, start: values,
            actions: actions.compactMap { item in
                parse(item) { (text) throws(InputError) in try SwiftUICall(notation: text) }
            })
        plan.libraryPlan = LibraryPlan(SwiftUILibrary(plan: decoded))
        if diagnostics.isEmpty { plan.start = decoded.startRoutes }
        return plan
    }
}
