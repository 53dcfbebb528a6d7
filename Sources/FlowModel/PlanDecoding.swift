extension Plan {
    /// The keys a plan file may have.
    public static let keys = ["title", "root", "platform", "navigationStack", "start", "end", "actions", "states"]

    /// Decodes a plan file's text; `file` names it in error messages.
    ///
    /// Every problem found is reported, each with its line, column and key path; a syntax error stops
    /// at the first. See DESIGN.md §3 for the format. Without `start`, the first of `states` is the start.
    public static func decode(_ text: String, file: String? = nil) throws(FlowGraphError) -> Plan {
        try decode(bytes: Array(text.utf8), file: file)
    }

    /// Decodes a plan file's UTF-8 bytes; `file` names it in error messages.
    public static func decode(bytes: [UInt8], file: String? = nil) throws(FlowGraphError) -> Plan {
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes: bytes)
        } catch {
            throw FlowGraphError(diagnostics: [error.diagnostic(file: file)])
        }
        return try decode(json, file: file)
    }

    /// Decodes a plan from parsed JSON; `file` names it in error messages.
    public static func decode(_ json: JSONValue, file: String? = nil) throws(FlowGraphError) -> Plan {
        var decoder = PlanDecoder(file: file)
        let plan = decoder.plan(json)
        guard decoder.diagnostics.isEmpty, let plan else {
            throw FlowGraphError(diagnostics: decoder.diagnostics)
        }
        return plan
    }
}

/// Reads a plan from JSON, collecting every problem as a located diagnostic.
struct PlanDecoder {
    let file: String?
    var diagnostics: [Diagnostic] = []

    init(file: String?) {
        self.file = file
    }

    mutating func report(_ message: String, at position: SourcePosition?, keyPath: String) {
        diagnostics.append(Diagnostic(file: file, position: position, keyPath: keyPath, message: message))
    }

    mutating func report(_ error: NotationError, in value: JSONValue, keyPath: String) {
        report(error.message, at: value.position(ofScalar: error.offset), keyPath: keyPath)
    }

    mutating func checkKeys(_ members: [JSONMember], known: [String], keyPath: String) {
        for member in members where !known.contains(member.key) {
            var message = "unknown key '\(member.key)'; known keys are " + known.joined(separator: ", ")
            if let suggestion = closestName(to: member.key, among: known) {
                message += " (did you mean '\(suggestion)'?)"
            }
            report(message, at: member.keyPosition, keyPath: keyPath.isEmpty ? member.key : keyPath + "." + member.key)
        }
    }

    mutating func plan(_ json: JSONValue) -> Plan? {
        guard let members = json.objectValue else {
            report("a plan must be a JSON object, not \(json.kindDescription)", at: json.position, keyPath: "")
            return nil
        }
        checkKeys(members, known: Plan.keys + Plan.libraryKeys, keyPath: "")
        var plan = Plan(file: file)

        if let title = json["title"] {
            if let text = title.stringValue {
                plan.title = text
            } else if !title.isNull {
                report("expected a string, not \(title.kindDescription)", at: title.position, keyPath: "title")
            }
        }
        if let root = json["root"] {
            plan.root = self.root(root) ?? plan.root
        }
        if let platform = json["platform"] {
            let name = platform.stringValue?.lowercased().filter { $0 != " " }
            if let name, let value = Platform(rawValue: name) {
                plan.platform = value
            } else {
                let got = platform.stringValue.map { "'\($0)'" } ?? platform.kindDescription
                report(
                    "unknown platform \(got); expected \"ios16\" (one dismissal per step) or \"ios17\" (several in one)",
                    at: platform.position, keyPath: "platform")
            }
        }
        if let navigationStack = json["navigationStack"] {
            if let value = navigationStack.boolValue {
                plan.navigationStack = value
            } else {
                report(
                    "expected true or false, not \(navigationStack.kindDescription)", at: navigationStack.position,
                    keyPath: "navigationStack")
            }
        }
        let library = self.library(json)
        if library != .flowStacks { return libraryPlan(json, library: library, base: plan) }
        let start = json["start"]
        if let start {
            plan.start = routes(start, keyPath: "start") ?? []
        }

        let changeKeys = ["end", "actions", "states"]
        let given = members.filter { changeKeys.contains($0.key) }
        for member in given.dropFirst() {
            report(
                "'\(given[0].key)' and '\(member.key)' both describe the change; keep only one of end, actions, states",
                at: member.keyPosition, keyPath: member.key)
        }
        guard let change = given.first else { return plan }
        switch change.key {
        case "end":
            plan.change = .end(routes(change.value, keyPath: "end") ?? [])
        case "actions":
            plan.change = .actions(actions(change.value))
        default:
            var states = self.states(change.value)
            if start == nil, !states.isEmpty {
                plan.start = states.removeFirst()
            }
            plan.change = .states(states)
        }
        return plan
    }

    mutating func root(_ value: JSONValue) -> Root? {
        if value.stringValue != nil {
            return screen(value, keyPath: "root").map { Root(screen: $0, withNavigation: true) }
        }
        guard let members = value.objectValue else {
            report(
                "expected a screen name or {\"screen\": …, \"withNavigation\": …}, not \(value.kindDescription)",
                at: value.position, keyPath: "root")
            return nil
        }
        checkKeys(members, known: ["screen", "withNavigation"], keyPath: "root")
        var root = Root()
        if let screenValue = value["screen"] {
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

    mutating func screen(_ value: JSONValue, keyPath: String) -> String? {
        guard let text = value.stringValue else {
            report(
                "expected a screen name as a string, not \(value.kindDescription)", at: value.position, keyPath: keyPath
            )
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
    /// Accepted: an array of routes in notation (`[".push(A)", ".sheet(B)"]`) or one string holding a
    /// whole list (`"[.push(A), .sheet(B)]"`).
    mutating func routes(_ value: JSONValue, keyPath: String) -> [Route]? {
        if let text = value.stringValue {
            do {
                return try RouteNotation.parseList(text)
            } catch {
                report(error, in: value, keyPath: keyPath)
                return nil
            }
        }
        guard let elements = value.arrayValue else {
            report(
                "expected an array of routes such as [\".push(Profile)\", \".sheet(Settings)\"], not \(value.kindDescription)",
                at: value.position, keyPath: keyPath)
            return nil
        }
        var routes: [Route] = []
        var valid = true
        for (index, element) in elements.enumerated() {
            let elementPath = "\(keyPath)[\(index)]"
            guard let text = element.stringValue else {
                report(
                    "expected a route in notation such as \".push(Profile)\", not \(element.kindDescription)",
                    at: element.position, keyPath: elementPath)
                valid = false
                continue
            }
            do {
                routes.append(try RouteNotation.parseRoute(text))
            } catch {
                report(error, in: element, keyPath: elementPath)
                valid = false
            }
        }
        return valid ? routes : nil
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
            guard let text = element.stringValue else {
                report(
                    "expected an action in notation such as \"push(Profile)\", not \(element.kindDescription)",
                    at: element.position, keyPath: keyPath)
                continue
            }
            do {
                let action = try Action(notation: text)
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

    mutating func states(_ value: JSONValue) -> [[Route]] {
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
