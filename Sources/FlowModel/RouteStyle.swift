/// How a route's screen is shown: pushed, or presented as a sheet or a full-screen cover.
///
/// Two styles are equal only if both the kind and `withNavigation` are equal, as in FlowStacks.
public enum PlanRouteStyle: Hashable, Sendable {
    /// A push navigation; only valid when the current presentation layer has navigation.
    case push
    /// A sheet presentation, optionally embedded in its own navigation stack.
    case sheet(withNavigation: Bool)
    /// A full-screen cover presentation, optionally embedded in its own navigation stack.
    case cover(withNavigation: Bool)

    /// Whether the style is `push`.
    public var isPush: Bool {
        if case .push = self { return true }
        return false
    }

    /// Whether the style presents a new layer (sheet or cover).
    public var isPresented: Bool { !isPush }

    /// Whether the style is a sheet.
    public var isSheet: Bool {
        if case .sheet = self { return true }
        return false
    }

    /// Whether the style is a full-screen cover.
    public var isCover: Bool {
        if case .cover = self { return true }
        return false
    }

    /// Whether a presented route embeds its screen in navigation; always `false` for a push.
    public var withNavigation: Bool {
        switch self {
        case .push: false
        case .sheet(let withNavigation), .cover(let withNavigation): withNavigation
        }
    }

    /// The FlowStacks name of the style's kind: `push`, `sheet` or `cover`.
    public var kindName: String {
        switch self {
        case .push: "push"
        case .sheet: "sheet"
        case .cover: "cover"
        }
    }
}
