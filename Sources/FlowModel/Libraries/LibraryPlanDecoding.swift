extension PlanDecoder {
    /// The plan's `library` (FlowStacks when absent or unknown, after reporting); also reports keys that only
    /// another library's plans take.
    mutating func library(_ json: JSONValue) -> Library {
        var library = Library.flowStacks
        if let value = json["library"] {
            let name = value.stringValue?.lowercased().filter { $0 != " " && $0 != "-" && $0 != "_" }
            let aliases = ["swiftuinavigationstack": Library.navigationStack, "swiftfulrouter": .swiftfulRouting]
            if let name, let known = Library(rawValue: name) ?? aliases[name] {
                library = known
            } else {
                let got = value.stringValue.map { "'\($0)'" } ?? value.kindDescription
                report(
                    "unknown library \(got); expected \"flowstacks\" (the default), \"swiftfulrouting\" or "
                        + "\"navigationstack\" (swiftui-navigation-stack)", at: value.position, keyPath: "library")
            }
        }
        if library != .navigationStack, let members = json.objectValue {
            for member in members where member.key == "transitionType" || member.key == "easing" {
                report(
                    "'\(member.key)' belongs to swiftui-navigation-stack plans (\"library\": \"navigationstack\")",
                    at: member.keyPosition, keyPath: member.key)
            }
        }
        return library
    }

    /// Decodes the rest of a SwiftfulRouting or swiftui-navigation-stack plan: `start` and `actions` in that
    /// library's notation. `base` holds the title and root already read.
    mutating func libraryPlan(_ json: JSONValue, library: Library, base: Plan) -> Plan {
        var plan = base
        let name = library.displayName
        for member in json.objectValue ?? [] {
            switch member.key {
            case "platform", "navigationStack":
                report(
                    "'\(member.key)' sets FlowStacks' update rules; a \(name) plan applies each call in one update",
                    at: member.keyPosition, keyPath: member.key)
            case "end", "states":
                report(
                    "a \(name) plan describes its change with 'actions' (\(name) calls), not '\(member.key)'",
                    at: member.keyPosition, keyPath: member.key)
            default:
                break
            }
        }
        if let root = json["root"], root.objectValue != nil, !plan.root.withNavigation {
            report(
                "a \(name) root always has navigation (RouterView and NavigationStackView provide it); "
                    + "drop withNavigation: false", at: root.position, keyPath: "root.withNavigation")
        }
        plan.root.withNavigation = true
        let start = json["start"].map { strings($0, keyPath: "start", what: "screens") } ?? []
        if let value = json["start"], start.count > limits.routes {
            report(
                "more than \(limits.routes) screens at the start (\(start.count)) " + limits.exceeded(.routes),
                at: value.position, keyPath: "start")
        }
        let actions = json["actions"].map { strings($0, keyPath: "actions", what: "calls") } ?? []
        plan.change = actions.isEmpty ? .none : .actions([])

        switch library {
        case .flowStacks:
            break
        case .swiftfulRouting:
            let decoded = SwiftfulRoutingPlan(
                root: plan.root.screen,
                start: start.compactMap { item in
                    parse(item) { (text) throws(InputError) in try Destination(notation: text) }
                },
                actions: actions.compactMap { item in
                    parse(item) { (text) throws(InputError) in try RouterAction(notation: text) }
                })
            plan.libraryPlan = .swiftfulRouting(decoded)
            if diagnostics.isEmpty {
                plan.start = decoded.startState().routes
            }
        case .navigationStack:
            var transition = NavigationTransition.default
            if let value = json["transitionType"] {
                if let text = value.stringValue {
                    do {
                        transition = try NavigationTransition(notation: text)
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
            plan.libraryPlan = .navigationStack(decoded)
            if diagnostics.isEmpty {
                plan.start = decoded.startStack(file: file).views.map { .push($0.view) }
            }
        }
        return plan
    }

    /// The strings of an array, each with its key path; other elements are reported.
    private mutating func strings(_ value: JSONValue, keyPath: String, what: String) -> [(JSONValue, String)] {
        guard let elements = value.arrayValue else {
            report(
                "expected an array of \(what) as strings, not \(value.kindDescription)", at: value.position,
                keyPath: keyPath)
            return []
        }
        var result: [(JSONValue, String)] = []
        for (index, element) in elements.enumerated() {
            let path = "\(keyPath)[\(index)]"
            guard element.stringValue != nil else {
                report("expected a string, not \(element.kindDescription)", at: element.position, keyPath: path)
                continue
            }
            result.append((element, path))
        }
        return result
    }

    /// Parses one string element, reporting a syntax error at its place.
    private mutating func parse<T: Hashable & Sendable>(
        _ item: (JSONValue, String), _ body: (String) throws(InputError) -> T
    ) -> PlannedCall<T>? {
        let (element, keyPath) = item
        let text = element.stringValue ?? ""
        do {
            let value = try body(text)
            let firstScalar = text.unicodeScalars.firstIndex { !$0.properties.isWhitespace }
            let offset =
                firstScalar.map { text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: $0) } ?? 0
            return PlannedCall(value, keyPath: keyPath, position: element.position(ofScalar: offset))
        } catch {
            report(error, in: element, keyPath: keyPath)
            return nil
        }
    }
}
