/// Nested FlowStacks, addressed actions and deep-link rules in plan files.
///
/// - A route list element may be `{"route": ".sheet(X)", "child": CHILD}`; CHILD is `{"name": "X",
///   "ownsRoutes": true, "root": "Welcome" | {"screen": …, "withNavigation": …}, "routes": [...]}` (`name`
///   defaults to the host's screen, `routes` to `[]`).
/// - An action may be `{"in": "X", "action": "push(Y)", "child": CHILD}` (`in` and `child` optional).
/// - `"coordinator": "Name"` names the top coordinator; `"deeplink": {"url": …, "rules": [...]}` gives
///   deep-link rules (see ``DeepLink``).
extension PlanDecoder {
    /// Decodes a route list element written as an object; returns its routes on the parent's path (the host,
    /// then a sharing child's path) and remembers the entry by key path.
    mutating func nestedRoute(_ element: JSONValue, keyPath: String) -> [PlanRoute]? {
        guard let members = element.objectValue else { return nil }
        checkKeys(members, known: PlanFileKeys.nestedRoute.names, keyPath: keyPath)
        guard let routeValue = element["route"] else {
            report(
                "missing key 'route', the route hosting the child, e.g. \".sheet(Onboarding)\"",
                at: element.position, keyPath: keyPath)
            return nil
        }
        guard let text = routeValue.stringValue else {
            report(
                "expected a route in notation such as \".sheet(Onboarding)\", not \(routeValue.kindDescription)",
                at: routeValue.position, keyPath: keyPath + ".route")
            return nil
        }
        let route: PlanRoute
        do {
            route = try RouteNotation.parseRoute(text)
        } catch {
            report(error, in: routeValue, keyPath: keyPath + ".route")
            return nil
        }
        var entry = PlanCoordinator.Entry(route, keyPath: keyPath, position: routeValue.position)
        if let childValue = element["child"] {
            guard let child = child(childValue, host: route, keyPath: keyPath + ".child") else { return nil }
            entry.child = child
        }
        nestedEntries[keyPath] = entry
        if let child = entry.child, !child.ownsRoutes {
            return [route] + child.path
        }
        return [route]
    }

    /// Decodes a child FlowStack.
    mutating func child(_ value: JSONValue, host: PlanRoute, keyPath: String) -> PlanCoordinator? {
        guard let members = value.objectValue else {
            report(
                "expected a child FlowStack such as {\"ownsRoutes\": true, \"root\": \"Welcome\", \"routes\": []}, "
                    + "not \(value.kindDescription)", at: value.position, keyPath: keyPath)
            return nil
        }
        checkKeys(members, known: PlanFileKeys.child.names, keyPath: keyPath)
        var child = PlanCoordinator(name: host.screen, ownsRoutes: true, keyPath: keyPath, position: value.position)
        var valid = true
        if let name = value["name"] {
            if let text = name.stringValue, !text.trimmingWhitespace().isEmpty {
                child.name = text
            } else {
                report(
                    "expected a non-empty name, not \(name.kindDescription)", at: name.position,
                    keyPath: keyPath + ".name")
                valid = false
            }
        }
        if let owns = value["ownsRoutes"], let flag = owns.boolValue {
            child.ownsRoutes = flag
        } else {
            report(
                "missing or invalid 'ownsRoutes': true for a child with its own binding (FlowStack($routes) or "
                    + "FlowStack($path)), false for one without, which shares its parent's path",
                at: value["ownsRoutes"]?.position ?? value.position, keyPath: keyPath + ".ownsRoutes")
            valid = false
        }
        if let rootValue = value["root"] {
            if let root = childRoot(rootValue, keyPath: keyPath + ".root") {
                child.root = root
            } else {
                valid = false
            }
        } else {
            report(
                "missing key 'root', the child FlowStack's root screen, e.g. \"Welcome\" or "
                    + "{\"screen\": \"Welcome\", \"withNavigation\": true}", at: value.position, keyPath: keyPath)
            valid = false
        }
        if let routesValue = value["routes"] {
            if routes(routesValue, keyPath: keyPath + ".routes") != nil {
                child.entries = entryList(routesValue, keyPath: keyPath + ".routes")
            } else {
                valid = false
            }
        }
        return valid ? child : nil
    }

    private mutating func childRoot(_ value: JSONValue, keyPath: String) -> Root? {
        if value.stringValue != nil {
            return screen(value, keyPath: keyPath).map { Root(screen: $0, withNavigation: true) }
        }
        guard let members = value.objectValue else {
            report(
                "expected a screen name or {\"screen\": …, \"withNavigation\": …}, not \(value.kindDescription)",
                at: value.position, keyPath: keyPath)
            return nil
        }
        checkKeys(members, known: PlanFileKeys.root.names, keyPath: keyPath)
        guard let screenValue = value["screen"], let screen = screen(screenValue, keyPath: keyPath + ".screen") else {
            if value["screen"] == nil {
                report("missing key 'screen', the root screen's name", at: value.position, keyPath: keyPath)
            }
            return nil
        }
        var root = Root(screen: screen, withNavigation: true)
        if let withNavigation = value["withNavigation"] {
            guard let flag = withNavigation.boolValue else {
                report(
                    "expected true or false, not \(withNavigation.kindDescription)", at: withNavigation.position,
                    keyPath: keyPath + ".withNavigation")
                return nil
            }
            root.withNavigation = flag
        }
        return root
    }

    /// The entries of a route list already decoded by ``routes(_:keyPath:)``, children included; invalid
    /// elements are left out (they were reported).
    mutating func entryList(_ value: JSONValue, keyPath: String) -> [PlanCoordinator.Entry] {
        if let text = value.stringValue {
            return ((try? RouteNotation.parseList(text)) ?? []).map {
                PlanCoordinator.Entry($0, keyPath: keyPath, position: value.position)
            }
        }
        return (value.arrayValue ?? []).enumerated().compactMap { index, element in
            let elementPath = "\(keyPath)[\(index)]"
            if element.objectValue != nil { return nestedEntries[elementPath] }
            guard let text = element.stringValue, let route = try? RouteNotation.parseRoute(text) else { return nil }
            return PlanCoordinator.Entry(route, keyPath: elementPath, position: element.position)
        }
    }

    /// Decodes an action written as an object: `{"in": "Onboarding", "action": "push(X)", "child": {…}}`.
    mutating func coordinatedAction(_ element: JSONValue, keyPath: String) -> Plan.PlannedAction? {
        guard let members = element.objectValue else { return nil }
        checkKeys(members, known: PlanFileKeys.nestedAction.names, keyPath: keyPath)
        guard let actionValue = element["action"] else {
            report(
                "missing key 'action', e.g. {\"in\": \"Onboarding\", \"action\": \"goBackToRoot()\"}",
                at: element.position, keyPath: keyPath)
            return nil
        }
        guard var planned = plainAction(actionValue, keyPath: keyPath + ".action") else { return nil }
        planned.keyPath = keyPath
        if let target = element["in"] {
            guard let name = target.stringValue, !name.isEmpty else {
                report(
                    "expected the name of a coordinator, not \(target.kindDescription)", at: target.position,
                    keyPath: keyPath + ".in")
                return nil
            }
            planned.coordinator = name
        }
        if let childValue = element["child"] {
            let host: PlanRoute
            switch planned.action {
            case .push(let screen): host = .push(screen)
            case .presentSheet(let screen, let withNavigation): host = .sheet(screen, withNavigation: withNavigation)
            case .presentCover(let screen, let withNavigation): host = .cover(screen, withNavigation: withNavigation)
            default:
                report(
                    "\(NestingError.childWithoutRoute(action: planned.action.notation))", at: childValue.position,
                    keyPath: keyPath + ".child")
                return nil
            }
            guard let child = child(childValue, host: host, keyPath: keyPath + ".child") else { return nil }
            planned.child = child
        }
        return planned
    }

    /// Decodes an action string, located at its first non-blank scalar.
    mutating func plainAction(_ value: JSONValue, keyPath: String) -> Plan.PlannedAction? {
        guard let text = value.stringValue else {
            report(
                "expected an action in notation such as \"push(Profile)\", not \(value.kindDescription)",
                at: value.position, keyPath: keyPath)
            return nil
        }
        do {
            let action = try PlanAction(notation: text)
            let scalars = text.unicodeScalars
            let offset =
                scalars.firstIndex { !$0.properties.isWhitespace }.map {
                    scalars.distance(from: scalars.startIndex, to: $0)
                } ?? 0
            return Plan.PlannedAction(action, keyPath: keyPath, position: value.position(ofScalar: offset))
        } catch {
            report(error, in: value, keyPath: keyPath)
            return nil
        }
    }

    /// Decodes a list of actions, each a string or an object.
    mutating func actionList(_ value: JSONValue, keyPath: String) -> [Plan.PlannedAction] {
        guard let elements = value.arrayValue else {
            report(
                "expected an array of actions such as [\"push(Profile)\"], not \(value.kindDescription)",
                at: value.position, keyPath: keyPath)
            return []
        }
        return elements.enumerated().compactMap { index, element in
            let elementPath = "\(keyPath)[\(index)]"
            return element.objectValue != nil
                ? coordinatedAction(element, keyPath: elementPath) : plainAction(element, keyPath: elementPath)
        }
    }

    /// Decodes `coordinator` and `deeplink`, and builds the plan's coordinator hierarchies when it nests
    /// FlowStacks, addresses coordinators or gives deep-link rules.
    mutating func decodeNesting(_ json: JSONValue, into plan: inout Plan) {
        var name = PlanCoordinator.defaultName
        if let value = json["coordinator"] {
            if let text = value.stringValue, !text.trimmingWhitespace().isEmpty {
                name = text
            } else {
                report(
                    "expected the top coordinator's name, e.g. \"NumberCoordinator\", not \(value.kindDescription)",
                    at: value.position, keyPath: "coordinator")
            }
        }
        if let value = json["deeplink"] {
            plan.deepLink = deepLink(value)
            if let other = json.objectValue?.first(where: { ["end", "actions", "states"].contains($0.key) }) {
                report(
                    "'deeplink' and '\(other.key)' both describe the change; keep only one", at: other.keyPosition,
                    keyPath: other.key)
            }
        }
        var addressed = false
        if case .actions(let actions) = plan.change {
            addressed = actions.contains { $0.coordinator != nil || $0.child != nil }
        }
        guard !nestedEntries.isEmpty || addressed || json["coordinator"] != nil || json["deeplink"] != nil else {
            return
        }
        func hierarchy(_ value: JSONValue?, keyPath: String) -> PlanCoordinator {
            PlanCoordinator(
                name: name, root: plan.root, entries: value.map { entryList($0, keyPath: keyPath) } ?? [])
        }
        var nesting = Plan.Nesting(start: hierarchy(json["start"], keyPath: "start"))
        switch plan.change {
        case .end:
            nesting.end = hierarchy(json["end"], keyPath: "end")
        case .states:
            let elements = json["states"]?.arrayValue ?? []
            let first = json["start"] == nil ? 1 : 0
            if json["start"] == nil, let initial = elements.first {
                nesting.start = hierarchy(initial, keyPath: "states[0]")
            }
            nesting.states = elements.enumerated().dropFirst(first).map {
                hierarchy($0.element, keyPath: "states[\($0.offset)]")
            }
        default:
            break
        }
        for state in [nesting.start] + [nesting.end].compactMap({ $0 }) + nesting.states {
            for duplicate in state.duplicateNames {
                report(
                    "\(NestingError.duplicateName(duplicate.name))", at: duplicate.position, keyPath: duplicate.keyPath)
            }
        }
        plan.nesting = nesting
    }

    private mutating func deepLink(_ value: JSONValue) -> DeepLink? {
        guard let members = value.objectValue else {
            report(
                "expected {\"url\": …, \"rules\": [{\"match\": …, \"actions\": […]}]}, not \(value.kindDescription)",
                at: value.position, keyPath: "deeplink")
            return nil
        }
        checkKeys(members, known: PlanFileKeys.deepLink.names, keyPath: "deeplink")
        var link = DeepLink(rules: [])
        if let url = value["url"] {
            if let text = url.stringValue {
                link.url = text
                link.urlValue = url
            } else {
                report("expected a URL string, not \(url.kindDescription)", at: url.position, keyPath: "deeplink.url")
            }
        }
        guard let rules = value["rules"]?.arrayValue, !rules.isEmpty else {
            report(
                "missing or empty 'rules'; each rule maps a URL pattern to actions or routes, e.g. "
                    + "{\"match\": \"flowstacksapp://numbers/{n:int}...\", \"actions\": [\"push({n})\"]}",
                at: value["rules"]?.position ?? value.position, keyPath: "deeplink.rules")
            return link
        }
        for (index, element) in rules.enumerated() {
            if let rule = deepLinkRule(element, keyPath: "deeplink.rules[\(index)]") { link.rules.append(rule) }
        }
        return link
    }

    private mutating func deepLinkRule(_ value: JSONValue, keyPath: String) -> DeepLink.Rule? {
        guard let members = value.objectValue else {
            report(
                "expected a rule such as {\"match\": \"scheme://host/{n}...\", \"actions\": [\"push({n})\"]}, not "
                    + value.kindDescription, at: value.position, keyPath: keyPath)
            return nil
        }
        checkKeys(members, known: PlanFileKeys.rule.names, keyPath: keyPath)
        guard let matchValue = value["match"], let text = matchValue.stringValue else {
            report(
                "missing or invalid 'match': a URL pattern string such as \"flowstacksapp://numbers/{n:int}...\"",
                at: value["match"]?.position ?? value.position, keyPath: keyPath + ".match")
            return nil
        }
        let pattern: URLPattern
        do {
            pattern = try URLPattern(text)
        } catch {
            report(error.message, at: matchValue.position(ofScalar: error.offset), keyPath: keyPath + ".match")
            return nil
        }
        var rule = DeepLink.Rule(pattern: pattern, keyPath: keyPath, matchValue: matchValue)
        if let target = value["in"] {
            guard let name = target.stringValue, !name.isEmpty else {
                report("expected the name of a coordinator", at: target.position, keyPath: keyPath + ".in")
                return nil
            }
            rule.coordinator = name
        }
        switch (value["actions"], value["routes"]) {
        case (let actions?, nil): rule.actions = actions
        case (nil, let routes?): rule.routes = routes
        case (_?, _?):
            report("give either 'actions' or 'routes', not both", at: value.position, keyPath: keyPath)
            return nil
        case (nil, nil):
            report(
                "missing 'actions' (run from the current routes, like NumberCoordinator.follow) or 'routes' "
                    + "(the coordinator's new routes)", at: value.position, keyPath: keyPath)
            return nil
        }
        let captured = Set(pattern.captureNames)
        var valid = true
        for (name, string) in (rule.actions ?? rule.routes)?.placeholders() ?? [] where !captured.contains(name) {
            let known =
                captured.isEmpty
                ? "it captures nothing"
                : "it captures " + pattern.captureNames.map { "{\($0)}" }.joined(separator: ", ")
            let text = string.stringValue ?? ""
            let offset =
                text.firstRange(of: "{\(name)}").map {
                    text.unicodeScalars.distance(from: text.startIndex, to: $0.lowerBound)
                } ?? 0
            report(
                "{\(name)} is not captured by the rule's pattern; \(known)", at: string.position(ofScalar: offset),
                keyPath: keyPath)
            valid = false
        }
        return valid ? rule : nil
    }
}
