/// A route to one of an app's own screen values, written as FlowStacks' `Route<Screen>` is: `.push(.cart)`,
/// `.sheet(.payment, withNavigation: true)`.
///
/// Any `Hashable` value is a screen; it is labelled as `String(describing:)` prints it, so an enum case reads
/// as the app writes it (`order(id: 7)`) and a `CustomStringConvertible` screen by its `description`.
public enum ScreenRoute<Screen: Hashable>: Hashable {
    /// Pushed onto the navigation stack.
    case push(Screen)
    /// Presented as a sheet.
    case sheet(Screen, withNavigation: Bool = false)
    /// Presented as a full-screen cover.
    case cover(Screen, withNavigation: Bool = false)

    /// The plan's route: the screen labelled by its description.
    public var planRoute: PlanRoute {
        switch self {
        case .push(let screen): .push(Self.label(screen))
        case .sheet(let screen, let withNavigation): .sheet(Self.label(screen), withNavigation: withNavigation)
        case .cover(let screen, let withNavigation): .cover(Self.label(screen), withNavigation: withNavigation)
        }
    }

    /// The label a plan shows for a screen value.
    static func label(_ screen: Screen) -> String {
        String(describing: screen)
    }
}

extension Plan {
    /// A plan of one change from the routes before to the routes after, written with an app's own screen
    /// values.
    ///
    /// ```swift
    /// enum Screen: Hashable { case home, cart, payment(method: String) }
    /// let plan = Plan(root: Screen.home, from: [.push(.cart)], to: [.push(.cart), .sheet(.payment(method: "card"))])
    /// let run = try plan.play()
    /// ```
    public init<Screen: Hashable>(
        root: Screen, from start: [ScreenRoute<Screen>], to end: [ScreenRoute<Screen>],
        platform: Platform = .ios17, navigationStack: Bool = false
    ) {
        self.init(
            root: Root(screen: ScreenRoute<Screen>.label(root)), platform: platform,
            navigationStack: navigationStack, start: start.map(\.planRoute), change: .end(end.map(\.planRoute)))
    }
}
