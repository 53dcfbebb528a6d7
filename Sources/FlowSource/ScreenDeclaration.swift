/// How a navigation library's screens are known in source.
enum ScreenDeclaration: Sendable {
    /// Screens are values of the stack's routes, each with a destination that builds its view (FlowStacks):
    /// plain views a screen's view is made of count as that screen.
    case routeValues
    /// Screens are the views the library's calls show (`router.showScreen { _ in Profile() }`,
    /// `PushView(destination: Child())`): each view shown from a screen is another screen of its stack.
    case shownViews
}
