/// The root screen of a FlowStack, which is not part of its routes array.
public struct Root: Hashable, Sendable {
    /// The root screen's label.
    public var screen: String
    /// Whether the root is embedded in navigation (`FlowStack($routes, withNavigation: true)`).
    public var withNavigation: Bool

    /// Creates a root; like a plan's plain-string root, it has navigation by default.
    public init(screen: String = "Root", withNavigation: Bool = true) {
        self.screen = screen
        self.withNavigation = withNavigation
    }
}
