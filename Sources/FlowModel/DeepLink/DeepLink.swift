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
        decoder.limits = limits
        let start = startHierarchy
        var end = start
        try checkExpansion(of: rule, captures: captures)
        if let template = rule.actions {
            let actions = decoder.actionList(
                template.substituting(captures), keyPath: rule.keyPath + ".actions")
            guard decoder.diagnostics.isEmpty else { throw FlowGraphError(diagnostics: decoder.diagnostics) }
            end = try running(
                actions.map { planned in
                    var planned = planned
                    planned.coordinator = planned.coordinator ?? rule.coordinator
                    return planned
                }, from: start, rule: rule)
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

extension Plan {
    /// Refuses a rule that the URL's captures would expand beyond the plan's limits, before anything is
    /// substituted or run: more actions than ``Limits/steps`` (each one is at least a step's work), actions
    /// adding more routes to `start` than ``Limits/routes`` (counted as if none were taken off again), or more
    /// routes than ``Limits/routes``.
    func checkExpansion(of rule: DeepLink.Rule, captures: [String: [String]]) throws(FlowGraphError) {
        let counts = captures.map { ($0.key, $0.value.count) }
        let many = counts.filter { $0.1 != 1 }.map { "\($0.1) values of {\($0.0)}" }.joined(separator: ", ")
        let values = many.isEmpty ? "" : " (\(many))"
        if let template = rule.actions, case .array(let elements) = template.kind {
            var actions = 0
            var adding = 0
            for element in elements {
                let times = element.expansionFactor(counts)
                actions = actions.addingSaturated(times)
                if let text = element.stringValue
                    ?? element.objectValue?.first(where: { $0.key == "action" })?
                    .value.stringValue, Self.addsRoute(text)
                {
                    adding = adding.addingSaturated(times)
                }
            }
            if actions > limits.steps {
                throw FlowGraphError(
                    file: file, position: rule.matchValue.position, keyPath: rule.keyPath + ".actions",
                    message: "this URL expands the rule to \(actions) actions\(values), more than \(limits.steps) "
                        + limits.exceeded(.steps))
            }
            let most = start.count.addingSaturated(adding)
            if most > limits.routes {
                throw FlowGraphError(
                    file: file, position: rule.matchValue.position, keyPath: rule.keyPath + ".actions",
                    message: "this URL expands the rule to \(actions) actions\(values) that add \(adding) routes to "
                        + "the \(start.count) of start, more than \(limits.routes) in one list "
                        + limits.exceeded(.routes))
            }
        } else if let template = rule.routes {
            let routes = template.expandedElements(counts)
            if routes > limits.routes {
                throw FlowGraphError(
                    file: file, position: rule.matchValue.position, keyPath: rule.keyPath + ".routes",
                    message: "this URL expands the rule to \(routes) routes\(values), more than \(limits.routes) "
                        + "in one list " + limits.exceeded(.routes))
            }
        }
    }

    /// Whether an action's text calls a function that adds a route (`push(…)`, `navigator.presentSheet(…)`).
    private static func addsRoute(_ text: String) -> Bool {
        let call = text.prefix { $0 != "(" }
        let name = call.split(separator: ".").last?.filter { !$0.isWhitespace } ?? ""
        return ["push", "presentSheet", "presentCover"].contains(name)
    }

    /// The hierarchy after `actions` run one by one from `start`, each error located at its action.
    ///
    /// Each action is charged the routes on the stack it runs on (what it may have to look through), and the
    /// total is bounded by ``Limits/stepRoutes``, like the routes of the steps the change then makes. A plan
    /// without nested FlowStacks runs them on one stack, where a push onto a layer known to have navigation
    /// costs 1: 10,000 captured values pushed take milliseconds (each action rebuilt the hierarchy before).
    func running(_ actions: [PlannedAction], from start: PlanCoordinator, rule: DeepLink.Rule)
        throws(FlowGraphError) -> PlanCoordinator
    {
        var work = 0
        func charge(_ routes: Int, _ planned: PlannedAction, number: Int) throws(FlowGraphError) {
            work = work.addingSaturated(routes)
            guard work > limits.stepRoutes else { return }
            throw FlowGraphError(
                file: file, position: planned.position, keyPath: planned.keyPath,
                message: "action \(number) of this URL's \(actions.count) takes the rule past \(limits.stepRoutes) "
                    + "routes gone through " + limits.exceeded(.stepRoutes))
        }
        let single =
            start.allCoordinators.count == 1
            && actions.allSatisfy { $0.child == nil && ($0.coordinator == nil || $0.coordinator == start.name) }
        guard single else {
            var end = start
            for (number, planned) in actions.enumerated() {
                try charge(end.path.count, planned, number: number + 1)
                end = try applying(planned, to: end)
            }
            return end
        }
        var stack = RouteStack(root: start.root, routes: start.path)
        // Whether the top layer has navigation, while only pushes have run since it was last looked up.
        var pushable: Bool?
        for (number, planned) in actions.enumerated() {
            if case .push(let screen) = planned.action, pushable == true {
                try charge(1, planned, number: number + 1)
                stack.routes.append(.push(screen))
                continue
            }
            try charge(stack.routes.count + 1, planned, number: number + 1)
            do throws(NavigationError) {
                try planned.action.apply(to: &stack)
                if case .push = planned.action { pushable = true } else { pushable = nil }
            } catch {
                let place = planned.coordinator.map { " in \($0)" } ?? ""
                throw FlowGraphError(
                    file: file, position: planned.position, keyPath: planned.keyPath,
                    message: "\(planned.action.notation)\(place): \(NestingError.navigation(error))")
            }
        }
        return start.settingPath(stack.routes)
    }
}

extension Int {
    /// The sum, or `Int.max` when it overflows.
    func addingSaturated(_ other: Int) -> Int {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? .max : sum
    }

    /// The product, or `Int.max` when it overflows.
    func multipliedSaturated(_ other: Int) -> Int {
        let (product, overflow) = multipliedReportingOverflow(by: other)
        return overflow ? .max : product
    }
}

extension JSONValue {
    /// How many times ``substituting(_:)`` repeats this element of an array, for captures with `counts`
    /// values each: the number of values of the first repeating capture it uses, else once.
    func expansionFactor(_ counts: [(name: String, count: Int)]) -> Int {
        counts.first { $0.count != 1 && usesOutsideArrays("{\($0.name)}") }?.count ?? 1
    }

    /// How many array elements, at any depth, ``substituting(_:)`` makes of this value, counted without
    /// making them (saturating at `Int.max`).
    func expandedElements(_ counts: [(name: String, count: Int)]) -> Int {
        switch kind {
        case .array(let elements):
            var total = 0
            for element in elements {
                let times = element.expansionFactor(counts)
                // Inside a repeated element its capture has one value.
                let inner = counts.map { capture in
                    (
                        capture.name,
                        capture.count != 1 && times == capture.count
                            && element.usesOutsideArrays("{\(capture.name)}") ? 1 : capture.count
                    )
                }
                total = total.addingSaturated(
                    times.multipliedSaturated(1.addingSaturated(element.expandedElements(inner))))
            }
            return total
        case .object(let members):
            return members.reduce(0) { $0.addingSaturated($1.value.expandedElements(counts)) }
        default:
            return 0
        }
    }

    /// The value with `{name}` placeholders replaced by captures; an element of an array that uses a capture
    /// with several values is repeated once per value.
    func substituting(_ captures: [String: [String]]) -> JSONValue {
        switch kind {
        case .string(let text):
            var result = text
            for (name, values) in captures {
                let placeholder = "{\(name)}"
                guard result.contains(placeholder) else { continue }
                let replacement = values.map { PlanRoute.screenNotation($0) }.joined(separator: ", ")
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

extension PlanCoordinator {
    /// The child coordinators whose name an earlier coordinator of the hierarchy already has.
    var duplicateNames: [PlanCoordinator] {
        var seen: Set<String> = []
        return allCoordinators.filter { !seen.insert($0.name).inserted }
    }
}
