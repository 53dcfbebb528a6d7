/// How SwiftfulRouting shows a screen, like its `SegueOption`: `.push`, `.sheet` or `.fullScreenCover`.
///
/// `.sheetConfig(config:)` and `.fullScreenCoverConfig(config:)` read as `.sheet` and `.fullScreenCover`: the
/// configuration changes how an environment looks, not where it sits.
public enum RouterSegue: String, CaseIterable, Hashable, Sendable {
    /// A push onto the current environment's `NavigationStack`.
    case push
    /// A sheet: a new environment with its own `NavigationStack`.
    case sheet
    /// A full-screen cover: a new environment with its own `NavigationStack`.
    case fullScreenCover

    /// The segue as written in Swift: `.push`, `.sheet`, `.fullScreenCover`.
    public var notation: String { "." + rawValue }

    /// Whether the segue starts a new environment (a sheet or a full-screen cover).
    public var presentsNewEnvironment: Bool { self != .push }

    /// The route style FlowGraph draws: every SwiftfulRouting environment embeds its own `NavigationStack`.
    public var routeStyle: PlanRouteStyle {
        switch self {
        case .push: .push
        case .sheet: .sheet(withNavigation: true)
        case .fullScreenCover: .cover(withNavigation: true)
        }
    }
}

/// Where SwiftfulRouting adds a shown screen, like its `SegueLocation`.
public enum RouterSegueLocation: Hashable, Sendable {
    /// Just above the call site's screen (the default).
    case insert
    /// On top of everything, wherever the call is made.
    case append
    /// Just above the screen with this id.
    case insertAfter(id: String)

    /// The location as written in Swift: `.insert`, `.append`, `.insertAfter(id: "x")`.
    public var notation: String {
        switch self {
        case .insert: ".insert"
        case .append: ".append"
        case .insertAfter(let id): ".insertAfter(id: \(swiftStringLiteral(id)))"
        }
    }
}

/// A screen SwiftfulRouting shows, like its `AnyDestination`: an id, a segue, a location and the view.
public struct RouterDestination: Hashable, Sendable {
    /// The screen's id; its router is addressed by it (`router("profile")`).
    public var id: String
    /// How the screen is shown.
    public var segue: RouterSegue
    /// The view, kept as the label a user wrote (`ProfileView()`).
    public var screen: String
    /// Where the screen is added when shown.
    public var location: RouterSegueLocation
    /// Whether the id was written in the plan; otherwise it was derived from the screen's label.
    public var hasExplicitID: Bool
    /// The id SwiftfulRouting's calls match, set when the router takes the screen: the written id, or for a
    /// screen without one a stand-in for the `UUID().uuidString` SwiftfulRouting gives it, which no id in a
    /// plan can equal. Empty until then.
    var routerID = ""
    /// Which screen this is, counted by the router: two screens shown with the same id are told apart by it.
    var instance = 0

    /// Creates a destination; without an id, the id is the screen's label, without the `()` of a view made
    /// with no arguments: `{ _ in Profile() }` and `{ _ in Profile }` are both named `Profile` (SwiftfulRouting
    /// itself gives them a UUID, which no plan can name).
    public init(id: String? = nil, segue: RouterSegue = .push, screen: String, location: RouterSegueLocation = .insert)
    {
        self.id = id ?? RouteNotation.viewScreen(screen)
        self.segue = segue
        self.screen = screen
        self.location = location
        hasExplicitID = id != nil
    }

    /// The route FlowGraph draws for the screen.
    public var route: PlanRoute { PlanRoute(screen: screen, style: segue.routeStyle) }

    /// The destination in compact notation: `.sheet(Settings, id: "settings", location: .append)`.
    ///
    /// The id is left out when none was written and it is the screen's default name, the location when it is
    /// `.insert`.
    public var notation: String {
        var text = segue.notation + "(" + PlanRoute.screenNotation(screen)
        if hasExplicitID || id != RouteNotation.viewScreen(screen) { text += ", id: " + swiftStringLiteral(id) }
        if location != .insert { text += ", location: " + location.notation }
        return text + ")"
    }
}

/// One entry of SwiftfulRouting's `[AnyDestinationStack]`: an environment stack of one sheet or cover, or a
/// push stack of any number of pushes.
public struct RouterDestinationStack: Hashable, Sendable {
    /// `.push` for a push stack, else the segue of the environment's one screen.
    public var segue: RouterSegue
    /// The screens, bottom first.
    public var screens: [RouterDestination]

    /// Creates a stack.
    public init(segue: RouterSegue, screens: [RouterDestination]) {
        self.segue = segue
        self.screens = screens
    }

    /// The stack as the README writes it: `[.push, .push]`, `[.sheet]`, `[]`.
    public var segueNotation: String {
        "[" + screens.map { _ in segue.notation }.joined(separator: ", ") + "]"
    }
}

extension Array where Element == RouterDestinationStack {
    /// Every screen, bottom first, like SwiftfulRouting's `activeScreens.allScreens`.
    public var allScreens: [RouterDestination] { flatMap(\.screens) }

    /// The layering as SwiftfulRouting's README writes it: `[[.fullScreenCover], [.push, .push], [.sheet], []]`.
    public var segueNotation: String {
        "[" + map(\.segueNotation).joined(separator: ", ") + "]"
    }
}
