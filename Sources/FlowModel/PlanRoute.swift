/// One screen in a route stack together with how it is shown, like FlowStacks' `Route`.
///
/// The screen is kept as the label a user wrote (`profile(userID: "u1")`), since
/// FlowGraph draws and compares screens, it never builds them.
public struct PlanRoute: Hashable, Sendable {
    /// The screen's label, verbatim.
    public var screen: String
    /// How the screen is shown.
    public var style: PlanRouteStyle

    /// Creates a route from a screen label and a style.
    public init(screen: String, style: PlanRouteStyle) {
        self.screen = screen
        self.style = style
    }

    /// A pushed screen.
    public static func push(_ screen: String) -> PlanRoute {
        PlanRoute(screen: screen, style: .push)
    }

    /// A screen presented as a sheet.
    public static func sheet(_ screen: String, withNavigation: Bool = false) -> PlanRoute {
        PlanRoute(screen: screen, style: .sheet(withNavigation: withNavigation))
    }

    /// A screen presented as a full-screen cover.
    public static func cover(_ screen: String, withNavigation: Bool = false) -> PlanRoute {
        PlanRoute(screen: screen, style: .cover(withNavigation: withNavigation))
    }

    /// Whether the route presents a new layer (sheet or cover).
    public var isPresented: Bool { style.isPresented }

    /// Whether a presented route embeds its screen in navigation.
    public var withNavigation: Bool { style.withNavigation }

    /// The route in canonical notation, e.g. `.sheet(Settings, withNavigation: true)`.
    ///
    /// `withNavigation: false` is omitted, as FlowStacks' defaults allow. A screen label that would not
    /// read back as itself (say `a, b` or `.x`) is written as a quoted string literal, so the notation
    /// always parses back to this route.
    public var notation: String {
        switch style {
        case .push:
            ".push(\(PlanRoute.screenNotation(screen)))"
        case .sheet(let withNavigation), .cover(let withNavigation):
            withNavigation
                ? ".\(style.kindName)(\(PlanRoute.screenNotation(screen)), withNavigation: true)"
                : ".\(style.kindName)(\(PlanRoute.screenNotation(screen)))"
        }
    }
}

extension PlanRoute: CustomStringConvertible {
    /// The route in canonical notation.
    public var description: String { notation }
}

extension Array where Element == PlanRoute {
    /// The routes in canonical notation, as a Swift array literal: `[.push(A), .sheet(B)]`.
    public var notation: String {
        "[" + map(\.notation).joined(separator: ", ") + "]"
    }
}
