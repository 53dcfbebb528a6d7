extension PlanDecoder {
    /// The conformance of the plan's `library` (FlowStacks when absent or unknown, after reporting); also
    /// reports keys that only another library's plans take.
    mutating func library(_ json: JSONValue) -> any (NavigationLibrary & LibraryPlanDecoding).Type {
        var library = NavigationLibraries.all[0]
        if let value = json["library"] {
            if let name = value.stringValue, let known = NavigationLibraries.conformance(named: name) {
                library = known
            } else {
                let got = value.stringValue.map { "'\($0)'" } ?? value.kindDescription
                let names = NavigationLibraries.all.enumerated().map { index, conformance in
                    let name = conformance.library.rawValue
                    let displayName = conformance.words.displayName
                    return "\"\(name)\""
                        + (index == 0 ? " (the default)" : displayName.lowercased() == name ? "" : " (\(displayName))")
                }
                let expected = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
                report("unknown library \(got); expected \(expected)", at: value.position, keyPath: "library")
            }
        }
        for other in NavigationLibraries.all where other.library != library.library {
            for member in json.objectValue ?? [] where other.planKeys.contains(member.key) {
                report(
                    "'\(member.key)' belongs to \(other.words.displayName) plans "
                        + "(\"library\": \"\(other.library.rawValue)\")", at: member.keyPosition, keyPath: member.key)
            }
        }
        return library
    }

    /// Reads what every call-based plan (SwiftfulRouting, swiftui-navigation-stack) has: it reports
    /// FlowStacks' keys, gives the root navigation, and returns the `start` and `actions` strings with their
    /// key paths for the library to parse. `base` holds the title and root already read.
    mutating func callPlan(_ json: JSONValue, base: Plan, library name: String) -> (
        plan: Plan, start: [(JSONValue, String)], actions: [(JSONValue, String)]
    ) {
        var plan = base
        for member in json.objectValue ?? [] {
            if Self.flowStacksRuleKeys.contains(member.key) {
                report(
                    "'\(member.key)' sets FlowStacks' update rules; a \(name) plan applies each call in one update",
                    at: member.keyPosition, keyPath: member.key)
            } else if Self.flowStacksChangeKeys.contains(member.key) {
                report(
                    "a \(name) plan describes its change with 'actions' (\(name) calls), not '\(member.key)'",
                    at: member.keyPosition, keyPath: member.key)
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
        return (plan, start, actions)
    }

    /// The strings of an array, each with its key path; other elements are reported.
    mutating func strings(_ value: JSONValue, keyPath: String, what: String) -> [(JSONValue, String)] {
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
    mutating func parse<T: Hashable & Sendable>(
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
