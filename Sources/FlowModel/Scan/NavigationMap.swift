/// An app's navigation as read from its source: screens grouped by the FlowStack (coordinator) they belong
/// to, the calls that show one screen from another, deep-link entry points, and problems found in the code.
///
/// `flowgraph scan` builds one from Swift files; the map diagram draws it and `--json` prints it. Its `Codable`
/// form is what FlowGraphTesting's baselines hold.
public struct NavigationMap: Hashable, Sendable, Codable {
    /// A place in a source file, 1-based.
    public struct Location: Hashable, Sendable, Codable, Comparable {
        /// The file as given on the command line (or found under a folder given there).
        public var file: String
        /// The line.
        public var line: Int
        /// The column, in UTF-8 bytes as the Swift compiler counts them.
        public var column: Int

        /// Creates a location.
        public init(file: String, line: Int, column: Int) {
            self.file = file
            self.line = line
            self.column = column
        }

        /// `FILE:LINE:COLUMN`.
        public var description: String { "\(file):\(line):\(column)" }

        /// Orders by file, then line, then column.
        public static func < (lhs: Location, rhs: Location) -> Bool {
            (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
        }
    }

    /// A FlowStack (or a SwiftfulRouting `RouterView`, or a `NavigationStackView`) and the screens it shows.
    public struct Coordinator: Hashable, Sendable, Codable {
        /// A unique id, e.g. `c0`.
        public var id: String
        /// The type whose view makes the stack, e.g. `NumberCoordinator`.
        public var owner: String
        /// Which library's stack it is.
        public var library: Library
        /// Whether its root is shown with navigation (`withNavigation: true`).
        public var withNavigation: Bool
        /// How its routes are held, e.g. `$routes: Routes<Screen>`, `FlowPath`, `its parent's`.
        public var routes: String
        /// Where the stack is made.
        public var location: Location
        /// The ids of the screens of other stacks whose views hold this stack (a tab's own stack, a child
        /// coordinator).
        public var hosts: [String] = []
        /// Whether the owner and every type it is nested in are `public` or `open`: a symbol graph of public
        /// symbols (DocC's default) has it.
        public var ownerIsPublic = false

        /// Creates a coordinator.
        public init(
            id: String, owner: String, library: Library, withNavigation: Bool, routes: String, location: Location
        ) {
            self.id = id
            self.owner = owner
            self.library = library
            self.withNavigation = withNavigation
            self.routes = routes
            self.location = location
        }
    }

    /// A screen: a case of a screen type (or a type pushed onto a `FlowPath`), or a stack's root view.
    public struct Screen: Hashable, Sendable, Codable {
        /// A unique id, e.g. `c0.number`.
        public var id: String
        /// The screen as route notation names it, without arguments: `number`, `Int`, or the root view's type.
        public var name: String
        /// The view that draws it, when the source says.
        public var view: String?
        /// The coordinator it belongs to.
        public var coordinator: String
        /// Whether it is the coordinator's root view.
        public var isRoot: Bool
        /// Where it is declared (the enum case, the type, or the root view's call).
        public var location: Location
        /// Back and dismiss calls its view makes, summarised on the node, e.g. `goBack()`.
        public var backCalls: [String] = []

        /// Creates a screen.
        public init(
            id: String, name: String, view: String?, coordinator: String, isRoot: Bool, location: Location
        ) {
            self.id = id
            self.name = name
            self.view = view
            self.coordinator = coordinator
            self.isRoot = isRoot
            self.location = location
        }
    }

    /// How an edge changes the routes.
    public enum Style: String, Hashable, Sendable, CaseIterable, Codable {
        /// A push.
        case push
        /// A sheet.
        case sheet
        /// A full-screen cover.
        case cover
        /// The routes replaced by an assignment.
        case replace
        /// Going back (`goBack`, `pop…`).
        case back
        /// Dismissing (`dismiss…`).
        case dismiss

        /// Whether a call of this style shows a screen (a push, sheet, cover or routes replaced), not goes back.
        public var showsScreen: Bool { self != .back && self != .dismiss }
    }

    /// A call that changes the routes.
    public struct Edge: Hashable, Sendable, Codable {
        /// The id of the screen (or entry) whose code makes the call.
        public var from: String
        /// The id of the screen shown, when one is; `nil` for back and dismiss calls without a target.
        public var to: String?
        /// How it changes the routes.
        public var style: Style
        /// Whether the screen shown is embedded in navigation (`withNavigation: true`).
        public var withNavigation: Bool
        /// The call as written (whitespace collapsed).
        public var call: String
        /// Where the call is.
        public var location: Location

        /// Creates an edge.
        public init(
            from: String, to: String?, style: Style, withNavigation: Bool = false, call: String, location: Location
        ) {
            self.from = from
            self.to = to
            self.style = style
            self.withNavigation = withNavigation
            self.call = call
            self.location = location
        }

        /// Whether the call shows a screen the map draws an arrow to: a push, sheet, cover or routes replaced,
        /// with its target known (a back or dismiss call is listed on its screen instead).
        public var showsScreen: Bool { to != nil && style.showsScreen }
    }

    /// A deep-link entry point: an `.onOpenURL` handler that changes a coordinator's routes.
    public struct Entry: Hashable, Sendable, Codable {
        /// A unique id, e.g. `c0.onOpenURL`.
        public var id: String
        /// What it is, e.g. `onOpenURL → follow(_:)`.
        public var name: String
        /// The coordinator whose routes it changes.
        public var coordinator: String
        /// Where the handler is.
        public var location: Location

        /// Creates an entry point.
        public init(id: String, name: String, coordinator: String, location: Location) {
            self.id = id
            self.name = name
            self.coordinator = coordinator
            self.location = location
        }
    }

    /// Something wrong in the code, or code the scanner cannot follow, at a place in it.
    public struct Problem: Hashable, Sendable, Codable {
        /// Where.
        public var location: Location
        /// What, in a sentence.
        public var message: String

        /// Creates a problem.
        public init(location: Location, message: String) {
            self.location = location
            self.message = message
        }

        /// `FILE:LINE:COLUMN: message`.
        public var description: String { "\(location.description): \(message)" }
    }

    /// The coordinators, in source order.
    public var coordinators: [Coordinator] = []
    /// The screens, grouped by coordinator.
    public var screens: [Screen] = []
    /// The calls between screens.
    public var edges: [Edge] = []
    /// The deep-link entry points.
    public var entries: [Entry] = []
    /// Problems and code that cannot be followed, in file order.
    public var problems: [Problem] = []

    /// Creates an empty map.
    public init() {}

    /// The screen with an id.
    public func screen(_ id: String) -> Screen? { screens.first { $0.id == id } }

    /// Why a map with no stack is empty, said on the map and in the scan's summary; `nil` when it has one.
    public var emptyReason: String? {
        guard coordinators.isEmpty else { return nil }
        return "No navigation stack found: scan reads the stacks of FlowStack, RouterView, "
            + "NavigationStackView, NavigationStack and NavigationView"
            + (problems.isEmpty ? "" : "; see the \(problems.count) warning\(problems.count == 1 ? "" : "s")")
    }
}
