/// Reads route lists from JSON in any ``RouteListFormat``, collecting every problem as a located diagnostic.
///
/// Plans, `--from`/`--to` and `flowgraph import` all read route lists here. Key paths in diagnostics
/// continue the caller's (`start[2].sheet.withNavigation`); positions inside a FlowPath's embedded screen
/// JSON strings point into the file.
public struct RouteListDecoder: Sendable {
    /// The file named in diagnostics.
    public let file: String?
    /// The problems found so far, in the order they were found.
    public private(set) var diagnostics: [Diagnostic] = []
    /// The most routes in a list and characters in a screen name (``Limits/routes``, ``Limits/label``).
    public var limits = Limits.default

    static let styleKeys = ["push", "sheet", "cover"]

    /// Creates a decoder whose diagnostics name `file`.
    public init(file: String?) {
        self.file = file
    }

    /// Decodes a route list in whichever format it is written (see ``RouteListFormat/detect(_:)``).
    ///
    /// Returns `nil` after reporting why if the value is no route list or one of its routes is invalid.
    public mutating func routes(_ value: JSONValue, keyPath: String) -> [PlanRoute]? {
        guard let format = RouteListFormat.detect(value) else {
            // Not even an array: say what a route list looks like in the usual notation.
            guard value.arrayValue != nil else { return routes(value, as: .notation, keyPath: keyPath) }
            let what: String
            if let elements = value.arrayValue, let first = elements.first {
                what = "its first element is \(describe(first))"
            } else {
                what = "it is \(value.kindDescription)"
            }
            report(
                "expected a route list: an array of routes in notation such as [\".push(Profile)\"], typed routes "
                    + "such as [{\"push\":{\"_0\":1}}] or a FlowPath codable array such as [{\"push\":{}},\"Si\",\"1\"]; "
                    + what,
                at: value.position, keyPath: keyPath)
            return nil
        }
        return routes(value, as: format, keyPath: keyPath)
    }

    /// Decodes a route list that should be in `format`, reporting where it is not.
    public mutating func routes(_ value: JSONValue, as format: RouteListFormat, keyPath: String) -> [PlanRoute]? {
        if let elements = value.arrayValue {
            // Refuse a list that is too long before reading any of it.
            let perRoute = format == .flowPath ? 3 : 1
            if elements.count / perRoute > limits.routes {
                let index = limits.routes * perRoute
                report(
                    "more than \(limits.routes) routes in one list (\(elements.count / perRoute)) "
                        + limits.exceeded(.routes),
                    at: elements[index].position, keyPath: "\(keyPath)[\(index)]")
                return nil
            }
        }
        let routes: [PlanRoute]? =
            switch format {
            case .notation: notation(value, keyPath: keyPath)
            case .typedRoutes: typedRoutes(value, keyPath: keyPath)
            case .flowPath: flowPath(value, keyPath: keyPath)
            }
        guard let routes else { return nil }
        if value.stringValue != nil, routes.count > limits.routes {
            report(
                "more than \(limits.routes) routes in one list (\(routes.count)) " + limits.exceeded(.routes),
                at: value.position, keyPath: keyPath)
            return nil
        }
        var valid = true
        for (index, route) in routes.enumerated() {
            guard let problem = limits.labelProblem(route.screen) else { continue }
            // The element the route came from: FlowPath lists routes last first, three items each.
            let element: JSONValue?
            let elementPath: String
            switch format {
            case .flowPath:
                let position = (routes.count - 1 - index) * 3 + 2
                element = value.arrayValue?[position]
                elementPath = "\(keyPath)[\(position)]"
            default:
                element = value.arrayValue?[index]
                elementPath = element == nil ? keyPath : "\(keyPath)[\(index)]"
            }
            report(problem, at: (element ?? value).position, keyPath: elementPath)
            valid = false
        }
        return valid ? routes : nil
    }

    mutating func report(_ message: String, at position: SourcePosition?, keyPath: String) {
        diagnostics.append(Diagnostic(file: file, position: position, keyPath: keyPath, message: message))
    }

    private func describe(_ value: JSONValue) -> String {
        if let members = value.objectValue {
            let keys = members.prefix(3).map { "'\($0.key)'" }.joined(separator: ", ")
            return members.isEmpty ? "an empty object" : "an object with keys \(keys)"
        }
        return value.kindDescription
    }

    // MARK: - Notation

    private mutating func notation(_ value: JSONValue, keyPath: String) -> [PlanRoute]? {
        if let text = value.stringValue {
            do {
                return try RouteNotation.parseList(text)
            } catch {
                report(error.message, at: value.position(ofScalar: error.offset), keyPath: keyPath)
                return nil
            }
        }
        guard let elements = value.arrayValue else {
            report(
                "expected an array of routes such as [\".push(Profile)\", \".sheet(Settings)\"], not \(value.kindDescription)",
                at: value.position, keyPath: keyPath)
            return nil
        }
        var routes: [PlanRoute] = []
        var valid = true
        for (index, element) in elements.enumerated() {
            if let route = notationRoute(element, keyPath: "\(keyPath)[\(index)]") {
                routes.append(route)
            } else {
                valid = false
            }
        }
        return valid ? routes : nil
    }

    /// One element of a list in notation: a string such as `".push(Profile)"`; reports and returns `nil` otherwise.
    mutating func notationRoute(_ element: JSONValue, keyPath: String) -> PlanRoute? {
        guard let text = element.stringValue else {
            report(
                "expected a route in notation such as \".push(Profile)\", not \(element.kindDescription)",
                at: element.position, keyPath: keyPath)
            return nil
        }
        do {
            return try RouteNotation.parseRoute(text)
        } catch {
            report(error.message, at: element.position(ofScalar: error.offset), keyPath: keyPath)
            return nil
        }
    }

    // MARK: - Typed routes

    private mutating func typedRoutes(_ value: JSONValue, keyPath: String) -> [PlanRoute]? {
        guard let elements = value.arrayValue else {
            report(
                "expected an array of routes such as [{\"push\":{\"_0\":1}}], not \(value.kindDescription)",
                at: value.position, keyPath: keyPath)
            return nil
        }
        var routes: [PlanRoute] = []
        routes.reserveCapacity(elements.count)
        var valid = true
        for (index, element) in elements.enumerated() {
            let elementPath = "\(keyPath)[\(index)]"
            guard let (kind, payload) = styleObject(element, keyPath: elementPath, example: "{\"push\":{\"_0\":1}}")
            else {
                valid = false
                continue
            }
            let payloadPath = "\(elementPath).\(kind)"
            let known = kind == "push" ? ["_0"] : ["_0", "withNavigation"]
            guard let members = payload.objectValue,
                checkKeys(members, known: known, in: payload, keyPath: payloadPath)
            else {
                valid = false
                continue
            }
            guard let screen = payload["_0"] else {
                report(
                    "missing key '_0', the route's screen (Route.\(kind)'s first associated value)",
                    at: payload.position, keyPath: payloadPath)
                valid = false
                continue
            }
            guard let style = style(kind, payload: payload, keyPath: payloadPath) else {
                valid = false
                continue
            }
            routes.append(PlanRoute(screen: ScreenLabel.label(for: screen), style: style))
        }
        return valid ? routes : nil
    }

    /// An object with exactly one key, `push`, `sheet` or `cover`, holding an object.
    private mutating func styleObject(_ element: JSONValue, keyPath: String, example: String) -> (
        String, JSONValue
    )? {
        guard let members = element.objectValue else {
            report(
                "expected a route object such as \(example), not \(element.kindDescription)", at: element.position,
                keyPath: keyPath)
            return nil
        }
        guard members.count == 1 else {
            let keys = members.map { "'\($0.key)'" }.joined(separator: ", ")
            report(
                "expected one key, push, sheet or cover, as in \(example); found "
                    + (members.isEmpty ? "none" : keys),
                at: element.position, keyPath: keyPath)
            return nil
        }
        let member = members[0]
        guard Self.styleKeys.contains(member.key) else {
            var message = "unknown route style '\(member.key)'; expected push, sheet or cover"
            message += DidYouMean.hint(for: member.key, among: Self.styleKeys)
            report(message, at: member.keyPosition, keyPath: keyPath)
            return nil
        }
        guard member.value.objectValue != nil else {
            report(
                "expected an object after '\(member.key)', as in \(example), not \(member.value.kindDescription)",
                at: member.value.position, keyPath: "\(keyPath).\(member.key)")
            return nil
        }
        return (member.key, member.value)
    }

    /// The style of kind `push`/`sheet`/`cover`, reading `withNavigation` (required for sheets and covers).
    private mutating func style(_ kind: String, payload: JSONValue, keyPath: String) -> PlanRouteStyle? {
        if kind == "push" { return .push }
        guard let flag = payload["withNavigation"] else {
            report(
                "missing key 'withNavigation' (true or false), which Route.\(kind) always encodes",
                at: payload.position, keyPath: keyPath)
            return nil
        }
        guard let withNavigation = flag.boolValue else {
            report(
                "expected true or false, not \(flag.kindDescription)", at: flag.position,
                keyPath: "\(keyPath).withNavigation")
            return nil
        }
        return kind == "sheet" ? .sheet(withNavigation: withNavigation) : .cover(withNavigation: withNavigation)
    }

    private mutating func checkKeys(
        _ members: [JSONMember], known: [String], in value: JSONValue, keyPath: String
    ) -> Bool {
        var valid = true
        for member in members where !known.contains(member.key) {
            var message = "unknown key '\(member.key)'; expected " + known.joined(separator: " and ")
            message += DidYouMean.hint(for: member.key, among: known)
            report(message, at: member.keyPosition, keyPath: "\(keyPath).\(member.key)")
            valid = false
        }
        return valid
    }

    // MARK: - FlowPath codable representation

    private mutating func flowPath(_ value: JSONValue, keyPath: String) -> [PlanRoute]? {
        guard let elements = value.arrayValue else {
            report(
                "expected FlowPath's flat array [style, type name, screen JSON, …], not \(value.kindDescription)",
                at: value.position, keyPath: keyPath)
            return nil
        }
        guard elements.count % 3 == 0 else {
            report(
                "a FlowPath codable array holds 3 items per route (style, type name, screen JSON), but this one has "
                    + "\(elements.count), which is not a multiple of 3",
                at: value.position, keyPath: keyPath)
            return nil
        }
        var routes: [PlanRoute] = []
        routes.reserveCapacity(elements.count / 3)
        var valid = true
        var index = 0
        while index < elements.count {
            defer { index += 3 }
            let stylePath = "\(keyPath)[\(index)]"
            guard let (kind, payload) = styleObject(elements[index], keyPath: stylePath, example: "{\"push\":{}}"),
                let members = payload.objectValue,
                checkKeys(
                    members, known: kind == "push" ? [] : ["withNavigation"], in: payload,
                    keyPath: "\(stylePath).\(kind)"),
                let style = style(kind, payload: payload, keyPath: "\(stylePath).\(kind)")
            else {
                valid = false
                continue
            }
            let typeValue = elements[index + 1]
            guard let mangled = typeValue.stringValue, !mangled.isEmpty else {
                report(
                    "expected the screen's mangled Swift type name as a string (e.g. \"Si\" or \"5MyApp6ScreenO\"), "
                        + "not \(typeValue.kindDescription)",
                    at: typeValue.position, keyPath: "\(keyPath)[\(index + 1)]")
                valid = false
                continue
            }
            // Checked before demangling: the readable name is a label, and demangling is linear but not free.
            if let problem = limits.labelProblem(mangled, what: "screen's mangled type name") {
                report(problem, at: typeValue.position, keyPath: "\(keyPath)[\(index + 1)]")
                valid = false
                continue
            }
            let screenValue = elements[index + 2]
            let screenPath = "\(keyPath)[\(index + 2)]"
            guard let encoded = screenValue.stringValue else {
                report(
                    "expected the screen's JSON encoding as a string (e.g. \"42\" or \"{\\\"id\\\":1}\"), "
                        + "not \(screenValue.kindDescription)",
                    at: screenValue.position, keyPath: screenPath)
                valid = false
                continue
            }
            let screen: JSONValue
            do {
                screen = try JSONValue.parse(encoded)
            } catch {
                let offset = Self.scalarOffset(of: error.position ?? .start, in: encoded)
                report(
                    "the screen's JSON string is not valid JSON: \(error.message)",
                    at: screenValue.position(ofScalar: offset), keyPath: screenPath)
                valid = false
                continue
            }
            routes.append(PlanRoute(screen: Self.label(screen, type: SwiftTypeName(mangled: mangled)), style: style))
        }
        guard valid else { return nil }
        routes.reverse()
        return routes
    }

    /// The label of a FlowPath screen: `Number(value: 99)` for structs and classes, `profile(userID: "u1")`
    /// for enums (like typed routes), plain values for standard types and containers.
    static func label(_ screen: JSONValue, type: SwiftTypeName) -> String {
        switch type.kind {
        case .structure, .classType, .unknown:
            ScreenLabel.label(forStruct: type.name, screen)
        case .enumeration, .standard, .container:
            ScreenLabel.label(for: screen)
        }
    }

    /// The scalar offset in `text` of a 1-based line and column.
    static func scalarOffset(of position: SourcePosition, in text: String) -> Int {
        var line = 1
        var offset = 0
        var scalars = text.unicodeScalars.makeIterator()
        while line < position.line, let scalar = scalars.next() {
            offset += 1
            if scalar == "\n" { line += 1 }
        }
        return offset + position.column - 1
    }
}
