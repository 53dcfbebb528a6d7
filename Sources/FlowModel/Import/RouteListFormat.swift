/// The encodings a route list can be written in; every route list FlowGraph reads accepts all of them.
public enum RouteListFormat: String, CaseIterable, Hashable, Sendable {
    /// Route notation: a JSON array of strings such as `".push(Profile)"`, or Swift literal text
    /// `[.push(Profile), .sheet(Settings)]`.
    case notation
    /// `[Route<Screen>]` as Swift's synthesized `Codable` writes it:
    /// `[{"push":{"_0":1}},{"sheet":{"_0":4,"withNavigation":true}}]`.
    case typedRoutes
    /// FlowStacks' `FlowPath.CodableRepresentation`, as `JSONEncoder().encode(path.codable)` writes it: one
    /// flat array of style, mangled type name and screen JSON string per route, last route first.
    case flowPath

    /// The format's name in messages.
    public var displayName: String {
        switch self {
        case .notation: "route notation"
        case .typedRoutes: "typed routes ([Route<Screen>] Codable JSON)"
        case .flowPath: "FlowPath codable JSON (path.codable)"
        }
    }

    /// The format that a JSON route list is written in, judged by its first element; `nil` if it is none.
    ///
    /// An array of strings is notation; an array starting with `{"push":{"_0":…}}` (a route holding its
    /// screen) is typed routes; one starting with a style without a screen (`{"push":{}}`) followed by a
    /// string is a FlowPath. The empty array is notation (and means no routes in every format). A single
    /// string is a whole route list in notation.
    public static func detect(_ json: JSONValue) -> RouteListFormat? {
        if json.stringValue != nil { return .notation }
        guard let elements = json.arrayValue else { return nil }
        guard let first = elements.first else { return .notation }
        if first.stringValue != nil { return .notation }
        guard let members = first.objectValue, members.count == 1,
            RouteListDecoder.styleKeys.contains(members[0].key), let payload = members[0].value.objectValue
        else { return nil }
        if payload.contains(where: { $0.key == "_0" }) { return .typedRoutes }
        if elements.count > 1, elements[1].stringValue != nil { return .flowPath }
        return nil
    }
}
