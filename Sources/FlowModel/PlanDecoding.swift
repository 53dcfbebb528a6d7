extension Plan {
    /// The keys a plan file may have.
    public static let keys = PlanFileKeys.plan.names

    /// Decodes a plan file's text; `file` names it in error messages.
    ///
    /// Every problem found is reported, each with its line, column and key path; a syntax error stops
    /// at the first. See DESIGN.md §3 for the format. Without `start`, the first of `states` is the start.
    public static func decode(_ text: String, file: String? = nil, limits: Limits = .default) throws(FlowGraphError)
        -> Plan
    {
        try decode(bytes: Array(text.utf8), file: file, limits: limits)
    }

    /// Decodes a plan file's UTF-8 bytes; `file` names it in error messages.
    ///
    /// Route lists, screen names and titles beyond `limits` are errors; the plan keeps `limits` for its steps.
    /// A deep link is resolved once: by `url` when given (as `--url` does), else by the plan's own `"url"`.
    public static func decode(
        bytes: [UInt8], file: String? = nil, limits: Limits = .default, url: String? = nil
    ) throws(FlowGraphError) -> Plan {
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes: bytes)
        } catch {
            throw FlowGraphError(diagnostics: [error.diagnostic(file: file)])
        }
        return try decode(json, file: file, limits: limits, url: url)
    }

    /// Decodes a plan from parsed JSON; `file` names it in error messages, and `url` resolves its deep link
    /// instead of the plan's own `"url"`.
    public static func decode(
        _ json: JSONValue, file: String? = nil, limits: Limits = .default, url: String? = nil
    ) throws(FlowGraphError) -> Plan {
        var decoder = PlanDecoder(file: file)
        decoder.limits = limits
        var plan = decoder.plan(json)
        if plan != nil { decoder.decodeNesting(json, into: &plan!) }
        guard decoder.diagnostics.isEmpty, var plan else {
            throw FlowGraphError(diagnostics: decoder.diagnostics)
        }
        plan.limits = limits
        plan.routePositions = decoder.routePositions
        if let url { return try plan.resolvingDeepLink(url: url) }
        return plan.deepLink?.url != nil ? try plan.resolvingDeepLink() : plan
    }
}

/// Reads a plan from JSON, collecting every problem as a located diagnostic.
struct PlanDecoder {
    let file: String?
    var diagnostics: [Diagnostic] = []
    var limits = Limits.default
    /// Where each route list and each element of an array of routes was written, by key path.
    var routePositions: [String: SourcePosition] = [:]
    /// Route list elements written as objects (nested FlowStacks), by key path.
    var nestedEntries: [String: PlanCoordinator.Entry] = [:]

    init(file: String?) {
        self.file = file
    }

    mutating func report(_ message: String, at position: SourcePosition?, keyPath: String) {
        diagnostics.append(Diagnostic(file: file, position: position, keyPath: keyPath, message: message))
    }

    mutating func report(_ error: InputError, in value: JSONValue, keyPath: String) {
        report(error.message, at: value.position(ofScalar: error.offset), keyPath: keyPath)
    }

    mutating func checkKeys(_ members: [JSONMember], known: [String], keyPath: String) {
        for member in members where !known.contains(member.key) {
            var message = "unknown key '\(member.key)'; known keys are " + known.joined(separator: ", ")
            message += DidYouMean.hint(for: member.key, among: known)
            report(message, at: member.keyPosition, keyPath: keyPath.isEmpty ? member.key : keyPath + "." + member.key)
        }
    }

    mutating func plan(_ json: JSONValue) -> Plan? {
        guard let members = json.objectValue else {
            report("a plan must be a JSON object, not \(json.kindDescription)", at: json.position, keyPath: "")
            return nil
        }
        checkKeys(members.filter { $0.key != "$schema" }, known: Plan.keys + Plan.libraryKeys, keyPath: "")
        var plan = Plan(file: file)

        if let title = json["title"] {
            if let text = title.stringValue {
                if let problem = limits.labelProblem(text, what: "title") {
                    report(problem, at: title.position, keyPath: "title")
                }
                plan.title = text
            } else if !title.isNull {
                report("expected a string, not \(title.kindDescription)", at: title.position, keyPath: "title")
            }
        }
        if let root = json["root"] {
            plan.root = self.root(root) ?? plan.root
        }
        if let platform = json["platform"] {
            plan.platforms = platforms(platform) ?? plan.platforms
            plan.namesPlatform = true
        }
        if let navigationStack = json["navigationStack"] {
            plan.navigationStacks = navigationStacks(navigationStack) ?? plan.navigationStacks
        }
        if let budget = json["budget"] {
            plan.budget = self.budget(budget)
        }
        return library(json).decodePlan(json, base: plan, decoder: &self)
    }

    /// Decodes the rest of a FlowStacks plan: `start` and the change (`end`, `actions` or `states`) as route
    /// lists and FlowNavigator actions. `base` holds the title, root and rule settings already read.
    mutating func flowStacksPlan(_ json: JSONValue, base: Plan) -> Plan {
        var plan = base
        let members = json.objectValue ?? []
        let start = json["start"]
        if let start {
            plan.start = routes(start, keyPath: "start") ?? []
        }

        let given = members.filter { PlanFileKeys.changeKeys.contains($0.key) }
        for member in given.dropFirst() {
            report(
                "'\(given[0].key)' and '\(member.key)' both describe the change; keep only one of end, actions, states",
                at: member.keyPosition, keyPath: member.key)
        }
        guard let change = given.first else { return plan }
        switch change.key {
        case "end":
            plan.change = .end(routes(change.value, keyPath: "end") ?? [])
            plan.changeSites = [ChangeSite(keyPath: "end", position: change.value.position)]
        case "actions":
            plan.change = .actions(actions(change.value))
        default:
            var states = self.states(change.value)
            plan.changeSites = (change.value.arrayValue ?? []).enumerated().map {
                ChangeSite(keyPath: "states[\($0.offset)]", position: $0.element.position)
            }
            if start == nil, !states.isEmpty {
                plan.start = states.removeFirst()
                plan.changeSites = Array(plan.changeSites.dropFirst())
                let taken = plan.start.notation
                plan.warnings.append(
                    Diagnostic(
                        file: file, position: change.keyPosition, keyPath: "states",
                        message: "no \"start\", so states[0] (\(taken)) is taken as the start and "
                            + "\(states.count + 1) states give \(states.count) transition\(states.count == 1 ? "" : "s"); "
                            + "add \"start\": [] to play every state from the root", severity: .warning))
            }
            plan.change = .states(states)
        }
        return plan
    }

    /// Decodes `platform`: one name, or a non-empty array of distinct names to compare side by side.
    mutating func platforms(_ value: JSONValue) -> [Platform]? {
        guard let elements = value.arrayValue else { return platform(value, keyPath: "platform").map { [$0] } }
        return distinctList(elements, in: value, keyPath: "platform", what: "platform") {
            $0.platform($1, keyPath: $2)
        }
    }

    /// Decodes `navigationStack`: `true`/`false`, or a non-empty array of distinct values to compare.
    mutating func navigationStacks(_ value: JSONValue) -> [Bool]? {
        guard let elements = value.arrayValue else { return flag(value, keyPath: "navigationStack").map { [$0] } }
        return distinctList(elements, in: value, keyPath: "navigationStack", what: "value") {
            $0.flag($1, keyPath: $2)
        }
    }

    private mutating func platform(_ value: JSONValue, keyPath: String) -> Platform? {
        let name = value.stringValue?.lowercased().filter { $0 != " " }
        if let name, let platform = Platform(rawValue: name) { return platform }
        let got = value.stringValue.map { "'\($0)'" } ?? value.kindDescription
        report(
            "unknown platform \(got); expected \"ios16\" (one dismissal per step) or \"ios17\" (several in one)",
            at: value.position, keyPath: keyPath)
        return nil
    }

    private mutating func flag(_ value: JSONValue, keyPath: String) -> Bool? {
        if let flag = value.boolValue { return flag }
        report("expected true or false, not \(value.kindDescription)", at: value.position, keyPath: keyPath)
        return nil
    }

    /// Decodes each element of a rule list; reports an empty list and repeated values.
    private mutating func distinctList<Value: Equatable>(
        _ elements: [JSONValue], in value: JSONValue, keyPath: String, what: String,
        _ decode: (inout PlanDecoder, JSONValue, String) -> Value?
    ) -> [Value]? {
        guard !elements.isEmpty else {
            report("an empty list; give one \(what) or several to compare", at: value.position, keyPath: keyPath)
            return nil
        }
        var values: [Value] = []
        var valid = true
        for (index, element) in elements.enumerated() {
            let elementPath = "\(keyPath)[\(index)]"
            guard let decoded = decode(&self, element, elementPath) else {
                valid = false
                continue
            }
            if values.contains(decoded) {
                report("repeats an earlier \(what); list each once", at: element.position, keyPath: elementPath)
                valid = false
            }
            values.append(decoded)
        }
        return valid ? values : nil
    }

    mutating func root(_ value: JSONValue) -> Root? {
        if let text = value.stringValue, Self.isRoute(text) {
            report(
                "the root is a screen, not a route: write \"root\": \"\(Self.routeScreen(text))\" (a FlowStack's root "
                    + "is never pushed or presented; {\"screen\": …, \"withNavigation\": false} shows it without "
                    + "navigation)", at: value.position, keyPath: "root")
            return nil
        }
        if value.stringValue != nil {
            return screen(value, keyPath: "root").map { Root(screen: $0, withNavigation: true) }
        }
        guard let members = value.objectValue else {
            report(
                "expected a screen name or {\"screen\": …, \"withNavigation\": …}, not \(value.kindDescription)",
                at: value.position, keyPath: "root")
            return nil
        }
        checkKeys(members, known: PlanFileKeys.root.names, keyPath: "root")
        var root = Root()
        if let screenValue = value["screen"], let text = screenValue.stringValue, Self.isRoute(text) {
            report(
                "the root is a screen, not a route: write \"screen\": \"\(Self.routeScreen(text))\"",
                at: screenValue.position, keyPath: "root.screen")
        } else if let screenValue = value["screen"] {
            root.screen = screen(screenValue, keyPath: "root.screen") ?? root.screen
        } else {
            report("missing key 'screen', the root screen's name", at: value.position, keyPath: "root")
        }
        if let withNavigation = value["withNavigation"] {
            if let flag = withNavigation.boolValue {
                root.withNavigation = flag
            } else {
                report(
                    "expected true or false, not \(withNavigation.kindDescription)", at: withNavigation.position,
                    keyPath: "root.withNavigation")
            }
        }
        return root
    }

    /// Whether a root's text is written as a route, `.push(Home)` or `.sheet(Home, withNavigation: true)`.
    static func isRoute(_ text: String) -> Bool {
        let trimmed = String(text.drop { $0 == " " })
        guard trimmed.hasPrefix(".push(") || trimmed.hasPrefix(".sheet(") || trimmed.hasPrefix(".cover(") else {
            return false
        }
        return (try? RouteNotation.parseList(trimmed))?.count == 1
    }

    /// The screen of a root written as a route, for the error's suggestion.
    static func routeScreen(_ text: String) -> String {
        (try? RouteNotation.parseList(text))?.first?.screen ?? "Home"
    }

    mutating func screen(_ value: JSONValue, keyPath: String) -> String? {
        guard let text = value.stringValue else {
            report(
                "expected a screen name as a string, not \(value.kindDescription)", at: value.position, keyPath: keyPath
            )
            return nil
        }
        if let problem = limits.labelProblem(text) {
            report(problem, at: value.position, keyPath: keyPath)
            return nil
        }
        do {
            return try RouteNotation.screenLabel(text)
        } catch {
            report(error, in: value, keyPath: keyPath)
            return nil
        }
    }

    /// Decodes a route list. Every route list in a plan is read here, so other formats plug in at one place.
    ///
    /// Accepted, detected automatically (see ``RouteListFormat``): an array of routes in notation
    /// (`[".push(A)", ".sheet(B)"]`), one string holding a whole list (`"[.push(A), .sheet(B)]"`), typed
    /// routes as `[Route<Screen>]` encodes them, or a FlowPath's codable representation.
    mutating func routes(_ value: JSONValue, keyPath: String) -> [PlanRoute]? {
        routePositions[keyPath] = value.position
        for (index, element) in (value.arrayValue ?? []).enumerated() {
            routePositions["\(keyPath)[\(index)]"] = element.position
        }
        if let elements = value.arrayValue, elements.contains(where: Self.isNestedRoute) {
            guard let routes = routesWithChildren(elements, keyPath: keyPath) else { return nil }
            return withinLimits(routes, in: value, keyPath: keyPath) ? routes : nil
        }
        var decoder = RouteListDecoder(file: file)
        decoder.limits = limits
        let routes = decoder.routes(value, keyPath: keyPath)
        diagnostics += decoder.diagnostics
        return routes
    }

    mutating func actions(_ value: JSONValue) -> [Plan.PlannedAction] {
        guard let elements = value.arrayValue else {
            report(
                "expected an array of actions such as [\"push(Profile)\", \"goBack()\"], not \(value.kindDescription)",
                at: value.position, keyPath: "actions")
            return []
        }
        var actions: [Plan.PlannedAction] = []
        for (index, element) in elements.enumerated() {
            let keyPath = "actions[\(index)]"
            if element.objectValue != nil {
                if let planned = coordinatedAction(element, keyPath: keyPath) { actions.append(planned) }
                continue
            }
            guard let text = element.stringValue else {
                report(
                    "expected an action in notation such as \"push(Profile)\", not \(element.kindDescription)",
                    at: element.position, keyPath: keyPath)
                continue
            }
            if let problem = limits.labelProblem(text, what: "action") {
                report(problem, at: element.position, keyPath: keyPath)
                continue
            }
            do {
                let action = try PlanAction(notation: text)
                let firstScalar = text.unicodeScalars.firstIndex { !$0.properties.isWhitespace }
                let offset =
                    firstScalar.map { text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: $0) } ?? 0
                actions.append(
                    Plan.PlannedAction(action, keyPath: keyPath, position: element.position(ofScalar: offset)))
            } catch {
                report(error, in: element, keyPath: keyPath)
            }
        }
        return actions
    }

    /// Whether a route-list element is a route hosting a child FlowStack: `{"route": …, "child": …}`.
    static func isNestedRoute(_ element: JSONValue) -> Bool {
        element.objectValue?.contains { $0.key == "route" } == true
    }

    /// A list in notation whose elements may host child FlowStacks; a child sharing its parent's path adds
    /// its routes after its host.
    private mutating func routesWithChildren(_ elements: [JSONValue], keyPath: String) -> [PlanRoute]? {
        var routes: [PlanRoute] = []
        var valid = true
        for (index, element) in elements.enumerated() {
            let elementPath = "\(keyPath)[\(index)]"
            if element.objectValue != nil {
                if let nested = nestedRoute(element, keyPath: elementPath) { routes += nested } else { valid = false }
                continue
            }
            var decoder = RouteListDecoder(file: file)
            if let route = decoder.notationRoute(element, keyPath: elementPath) {
                routes.append(route)
            } else {
                valid = false
            }
            diagnostics += decoder.diagnostics
        }
        return valid ? routes : nil
    }

    mutating func states(_ value: JSONValue) -> [[PlanRoute]] {
        guard let elements = value.arrayValue else {
            report(
                "expected an array of states, each a list of routes, not \(value.kindDescription)", at: value.position,
                keyPath: "states")
            return []
        }
        return elements.enumerated().map { index, element in
            routes(element, keyPath: "states[\(index)]") ?? []
        }
    }
}
