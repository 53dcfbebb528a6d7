/// A plan's deep-link rules: URL patterns mapped to actions or routes in a named coordinator.
///
/// In a plan: `"deeplink": {"url": "flowstacksapp://numbers/1/2/3", "rules": [{"match":
/// "flowstacksapp://numbers/{n:int}...", "actions": ["push({n})"]}]}`. The first rule whose pattern matches
/// the URL applies; its captures are substituted into its `actions` or `routes`, which then run on the plan's
/// `start` (in the coordinator named by `in`, the top one by default). The result is the plan's end state,
/// broken into steps like any other change.
public struct DeepLink: Hashable, Sendable {
    /// One rule: a URL pattern and what a matching URL does.
    public struct Rule: Hashable, Sendable {
        /// The URL pattern.
        public var pattern: URLPattern
        /// The coordinator the rule's actions or routes apply to (`in`); `nil` for the top one.
        public var coordinator: String?
        /// The rule's `actions` as written, with `{capture}` placeholders.
        public var actions: JSONValue?
        /// The rule's `routes` as written (the coordinator's new routes), with `{capture}` placeholders.
        public var routes: JSONValue?
        /// The rule's JSON key path, e.g. `deeplink.rules[0]`.
        public var keyPath: String
        /// Where the rule's pattern is written.
        public var matchValue: JSONValue

        /// Creates a rule.
        public init(
            pattern: URLPattern, coordinator: String? = nil, actions: JSONValue? = nil, routes: JSONValue? = nil,
            keyPath: String = "", matchValue: JSONValue? = nil
        ) {
            self.pattern = pattern
            self.coordinator = coordinator
            self.actions = actions
            self.routes = routes
            self.keyPath = keyPath
            self.matchValue = matchValue ?? .string(pattern.text)
        }
    }

    /// The link a plan resolved: the URL, the rule that matched, and what it captured.
    public struct Resolution: Hashable, Sendable {
        /// The URL.
        public var url: String
        /// The index of the rule that matched.
        public var ruleIndex: Int
        /// The text each capture took, in pattern order.
        public var captures: [(name: String, values: [String])]

        /// Compares URL, rule and captures.
        public static func == (lhs: Resolution, rhs: Resolution) -> Bool {
            lhs.url == rhs.url && lhs.ruleIndex == rhs.ruleIndex
                && lhs.captures.map(\.name) == rhs.captures.map(\.name)
                && lhs.captures.map(\.values) == rhs.captures.map(\.values)
        }

        /// Hashes URL and rule.
        public func hash(into hasher: inout Hasher) {
            hasher.combine(url)
            hasher.combine(ruleIndex)
        }
    }

    /// The URL the plan gives (`url`), if any; `flowgraph steps --url` gives another.
    public var url: String?
    /// Where the plan's URL is written.
    var urlValue: JSONValue?
    /// The rules, in the order they are tried.
    public var rules: [Rule]
    /// The link last resolved, once the plan has been resolved.
    public var resolution: Resolution?

    /// Creates deep-link rules.
    public init(url: String? = nil, rules: [Rule]) {
        self.url = url
        self.rules = rules
    }
}

extension Plan {
    /// This plan with its change replaced by the deep link `url` (or the plan's own `deeplink.url`) resolved
    /// through the plan's `deeplink` rules, from `start`.
    ///
    /// Errors name the place at fault: in `url` (reported as the file `--url`, with the column) or in the plan
    /// — a URL no rule matches names the first component that failed and the rule that came closest.
    public func resolvingDeepLink(url: String? = nil) throws(FlowGraphError) -> Plan {
        guard var deepLink else {
            throw FlowGraphError(
                file: file,
                message: "the plan has no deep-link rules; add \"deeplink\": {\"rules\": [{\"match\": "
                    + "\"scheme://host/{n}...\", \"actions\": [\"push({n})\"]}]}")
        }
        guard let text = url ?? deepLink.url else {
            throw FlowGraphError(
                file: file, keyPath: "deeplink",
                message: "no URL to resolve; give \"url\" in \"deeplink\" or pass --url URL")
        }
        func located(_ error: InputError) -> FlowGraphError {
            if url != nil {
                return FlowGraphError(
                    file: "--url", position: SourcePosition(line: 1, column: error.offset + 1), message: error.message)
            }
            return FlowGraphError(
                file: file, position: deepLink.urlValue?.position(ofScalar: error.offset), keyPath: "deeplink.url",
                message: error.message)
        }
        let link: DeepLinkURL
        do {
            link = try DeepLinkURL(text)
        } catch {
            throw located(error)
        }
        var closest: (rule: Int, matched: Int, reason: String, offset: Int)?
        for (index, rule) in deepLink.rules.enumerated() {
            switch rule.pattern.match(link) {
            case .matched(let captures):
                var resolved = try applying(rule, captures: captures)
                deepLink.resolution = DeepLink.Resolution(
                    url: text, ruleIndex: index,
                    captures: rule.pattern.captureNames.map { ($0, captures[$0] ?? []) })
                resolved.deepLink = deepLink
                if resolved.title == nil { resolved.title = "Deep link \(text)" }
                return resolved
            case .failed(let matched, let reason, let offset):
                if closest == nil || matched > closest!.matched {
                    closest = (index, matched, reason, offset)
                }
            }
        }
        guard let closest else {
            throw FlowGraphError(file: file, keyPath: "deeplink.rules", message: "there are no rules to match \(text)")
        }
        let rule = deepLink.rules[closest.rule]
        throw located(
            InputError(
                offset: closest.offset,
                message: "no deep-link rule matches \(text): \(closest.reason); closest rule: \(rule.keyPath) "
                    + "\"\(rule.pattern.text)\""))
    }

    /// This plan with its change set to what `rule` does with `captures`, from `start`.
    private func applying(_ rule: DeepLink.Rule, captures: [String: [String]]) throws(FlowGraphError) -> Plan {
        var decoder = PlanDecoder(file: file)
        let start = startHierarchy
        var end = start
        if let template = rule.actions {
            let actions = decoder.actionList(
                template.substituting(captures), keyPath: rule.keyPath + ".actions")
            guard decoder.diagnostics.isEmpty else { throw FlowGraphError(diagnostics: decoder.diagnostics) }
            for var planned in actions {
                planned.coordinator = planned.coordinator ?? rule.coordinator
                end = try self.applying(planned, to: end)
            }
        } else if let template = rule.routes {
            let keyPath = rule.keyPath + ".routes"
            let value = template.substituting(captures)
            _ = decoder.routes(value, keyPath: keyPath)
            let entries = decoder.entryList(value, keyPath: keyPath)
            guard decoder.diagnostics.isEmpty else { throw FlowGraphError(diagnostics: decoder.diagnostics) }
            let target = rule.coordinator ?? start.name
            guard var coordinator = start.coordinator(named: target) else {
                throw FlowGraphError(
                    file: file, position: rule.matchValue.position, keyPath: rule.keyPath,
                    message: "\(NestingError.unknownCoordinator(target, known: start.allCoordinators.map(\.name)))")
            }
            coordinator.entries = entries
            end = start.replacing(target, with: coordinator)
            if let duplicate = end.duplicateNames.first {
                throw FlowGraphError(
                    file: file, position: duplicate.position, keyPath: duplicate.keyPath,
                    message: "\(NestingError.duplicateName(duplicate.name))")
            }
        }
        var plan = self
        plan.change = .end(end.path)
        plan.nesting = Nesting(start: start, end: end)
        return plan
    }
}

extension JSONValue {
    /// The value with `{name}` placeholders replaced by captures; an element of an array that uses a capture
    /// with several values is repeated once per value.
    func substituting(_ captures: [String: [String]]) -> JSONValue {
        switch kind {
        case .string(let text):
            var result = text
            for (name, values) in captures {
                let placeholder = "{\(name)}"
                guard result.contains(placeholder) else { continue }
                let replacement = values.map { Route.screenNotation($0) }.joined(separator: ", ")
                result = result.replacingAll(placeholder, with: replacement)
            }
            return JSONValue(.string(result), position: position, scalarColumns: [])
        case .array(let elements):
            var expanded: [JSONValue] = []
            for element in elements {
                let repeated = captures.filter { $0.value.count != 1 && element.usesOutsideArrays("{\($0.key)}") }
                if let (name, values) = repeated.first {
                    for value in values {
                        var single = captures
                        single[name] = [value]
                        expanded.append(element.substituting(single))
                    }
                } else {
                    expanded.append(element.substituting(captures))
                }
            }
            return JSONValue(.array(expanded), position: position, scalarColumns: [])
        case .object(let members):
            return JSONValue(
                .object(
                    members.map {
                        JSONMember(key: $0.key, keyPosition: $0.keyPosition, value: $0.value.substituting(captures))
                    }),
                position: position, scalarColumns: [])
        default:
            return self
        }
    }

    /// Whether a string in the value, not inside a nested array, contains `text`: such an array repeats its
    /// own elements instead.
    func usesOutsideArrays(_ text: String) -> Bool {
        switch kind {
        case .string(let value): value.contains(text)
        case .object(let members): members.contains { $0.value.usesOutsideArrays(text) }
        default: false
        }
    }

    /// Every `{identifier}` placeholder in the value's strings, with the string it is in.
    func placeholders() -> [(name: String, value: JSONValue)] {
        switch kind {
        case .string(let text):
            var found: [(String, JSONValue)] = []
            var rest = Substring(text)
            while let open = rest.firstIndex(of: "{") {
                let after = rest[rest.index(after: open)...]
                guard let close = after.firstIndex(of: "}") else { break }
                let name = after[..<close]
                if let first = name.unicodeScalars.first, NotationScanner.isIdentifierStart(first),
                    name.unicodeScalars.allSatisfy(NotationScanner.isIdentifierContinuation)
                {
                    found.append((String(name), self))
                }
                rest = after[after.index(after: close)...]
            }
            return found
        case .array(let elements): return elements.flatMap { $0.placeholders() }
        case .object(let members): return members.flatMap { $0.value.placeholders() }
        default: return []
        }
    }
}

extension String {
    func replacingAll(_ target: String, with replacement: String) -> String {
        var result = ""
        var rest = Substring(self)
        while let range = rest.firstRange(of: target) {
            result += rest[..<range.lowerBound]
            result += replacement
            rest = rest[range.upperBound...]
        }
        return result + rest
    }
}

extension Coordinator {
    /// The child coordinators whose name an earlier coordinator of the hierarchy already has.
    var duplicateNames: [Coordinator] {
        var seen: Set<String> = []
        return allCoordinators.filter { !seen.insert($0.name).inserted }
    }
}
