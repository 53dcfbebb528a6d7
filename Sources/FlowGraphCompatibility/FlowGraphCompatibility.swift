// FlowGraph 0.1.0's names, for one release: `import FlowGraphCompatibility` instead of `import FlowGraph`
// keeps code written against them building, with a deprecation warning naming each new name. The old names are
// FlowStacks', SwiftfulRouting's and SwiftUI's too, which is why they changed: do not import this module in a
// file that also imports those.

@_exported import FlowGraph
@_exported import Graphviz

/// Deprecated: FlowStacks has a `Route` too.
@available(*, deprecated, renamed: "PlanRoute")
public typealias Route = PlanRoute
/// Deprecated: FlowStacks has a `RouteStyle` too.
@available(*, deprecated, renamed: "PlanRouteStyle")
public typealias RouteStyle = PlanRouteStyle
/// Deprecated: SwiftUI has a `Transition` too.
@available(*, deprecated, renamed: "PlanTransition")
public typealias Transition = PlanTransition
/// Deprecated: FlowStacks has a `FlowStack` too.
@available(*, deprecated, renamed: "RouteStack")
public typealias FlowStack = RouteStack
/// Deprecated: apps declare an `Action` of their own.
@available(*, deprecated, renamed: "PlanAction")
public typealias Action = PlanAction
/// Deprecated: apps declare a `Coordinator` of their own.
@available(*, deprecated, renamed: "PlanCoordinator")
public typealias Coordinator = PlanCoordinator
/// Deprecated: apps declare a `Destination` of their own.
@available(*, deprecated, renamed: "RouterDestination")
public typealias Destination = RouterDestination
/// Deprecated: named for SwiftfulRouting's type.
@available(*, deprecated, renamed: "RouterDestinationStack")
public typealias DestinationStack = RouterDestinationStack
/// Deprecated: named for SwiftfulRouting's type.
@available(*, deprecated, renamed: "RouterSegue")
public typealias Segue = RouterSegue
/// Deprecated: SwiftfulRouting has a `SegueLocation` too.
@available(*, deprecated, renamed: "RouterSegueLocation")
public typealias SegueLocation = RouterSegueLocation
/// Deprecated: swiftui-navigation-stack and SwiftUI have a `NavigationTransition` too.
@available(*, deprecated, renamed: "ViewStackTransition")
public typealias NavigationTransition = ViewStackTransition
/// Deprecated: swiftui-navigation-stack has a `PopDestination` too.
@available(*, deprecated, renamed: "ViewStackPopDestination")
public typealias PopDestination = ViewStackPopDestination
/// Deprecated: one name for the drawing's words, beside each library's `LibraryWords`.
@available(*, deprecated, renamed: "DiagramWords")
public typealias DiagramVocabulary = DiagramWords
