// Stand-ins for the public names a SwiftUI app using FlowStacks, SwiftfulRouting or swiftui-navigation-stack
// already has in scope (SwiftUI cannot be imported on Linux, and the libraries cannot be fetched here), and
// names apps commonly declare: FlowGraphAPITests imports this module beside FlowGraph, as an app's test file
// imports the app beside it.

/// FlowStacks' route to a screen.
public enum Route<Screen: Hashable>: Hashable {
    /// Pushed.
    case push(Screen)
    /// A sheet.
    case sheet(Screen, withNavigation: Bool = false)
    /// A full-screen cover.
    case cover(Screen, withNavigation: Bool = false)
}

/// FlowStacks' route style.
public enum RouteStyle: Hashable {
    /// Pushed, a sheet, a cover.
    case push, sheet, cover
}

/// FlowStacks' stack view.
public struct FlowStack {
    /// Makes one.
    public init() {}
}

/// FlowStacks' path.
public struct FlowPath {
    /// Makes one.
    public init() {}
}

/// swiftui-navigation-stack's and SwiftUI's transition.
public struct NavigationTransition {
    /// Makes one.
    public init() {}
}

/// SwiftUI's label.
public struct Label {
    /// Makes one.
    public init() {}
}

/// SwiftUI's navigation stack.
public struct NavigationStack {
    /// Makes one.
    public init() {}
}

/// SwiftUI's navigation path.
public struct NavigationPath {
    /// Makes one.
    public init() {}
}

/// A drawing library's node.
public struct Node {
    /// Makes one.
    public init() {}
}

/// A drawing library's diagram.
public struct Diagram {
    /// Makes one.
    public init() {}
}

/// A drawing library's subgraph.
public struct Subgraph {
    /// Makes one.
    public init() {}
}

/// A drawing library's attributes.
public struct Attributes {
    /// Makes one.
    public init() {}
}

/// FlowStacks' navigator.
public final class FlowNavigator {
    /// Makes one.
    public init() {}
}

/// SwiftUI's text.
public struct Text {
    /// Text showing `text`.
    public init(_ text: String) {}
}

/// SwiftUI's transition.
public protocol Transition {}

/// What apps declare as their coordinators.
public protocol Coordinator {}

/// SwiftfulRouting's segue location.
public enum SegueLocation {
    /// Its cases.
    case insert, append
}

/// swiftui-navigation-stack's pop destination.
public enum PopDestination {
    /// Its cases.
    case previous, root
}

/// SwiftUI's edge.
public enum Edge {
    /// Its cases.
    case top, leading, bottom, trailing
}

/// What apps declare as an action.
public enum Action {
    /// Its cases.
    case tapped
}

/// What apps declare as a destination.
public enum Destination {
    /// Its cases.
    case detail
}
