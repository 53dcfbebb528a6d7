import FlowModel
internal import SwiftSyntax

/// What `flowgraph scan` knows of one navigation library's code, as that code is written.
///
/// Each library is one conformance listed in ``SourceLibraries/all`` (``FlowStacksSource``,
/// ``SwiftfulRoutingSource``, ``NavigationStackSource``,
/// ``SwiftUISource``): which calls make its stacks and how a stack's
/// navigation, routes and root are read, how its screens are known, which calls lead from screen to screen
/// and in what style, which problems its code can have, and how a scanned plan lists its calls. The shared
/// walk (``NavigationRecognizer``) asks the conformance of each stack and never names a library.
protocol SourceLibrary: Sendable {
    /// The library, as plan files and the navigation map name it.
    var library: Library { get }
    /// Names of the library's calls whose closures (or `destination:` argument) build other screens' views.
    var destinationBuilders: Set<String> { get }
    /// How the library's screens are known: values of its routes, or the views its calls show.
    var screens: ScreenDeclaration { get }
    /// The words the library's stacks, routes, navigators and calls are written with (its module's name
    /// too): a scan parses only the files that mention one of them, and the files that share declared names
    /// with those (``ParseSelection``), so every name the conformance matches calls by must be here, whole or
    /// as the beginning or ending it matches.
    var sourceWords: SourceWords { get }
    /// Whether a screen whose view makes another of the library's stacks is a child coordinator.
    var nestsChildStacks: Bool { get }
    /// What the map says of a stack's routes when the stack binds none (`no binding`, `its own`).
    var unboundRoutes: String { get }
    /// Whether the library's stacks with navigation wrap their screens in SwiftUI's own navigation stack, so
    /// SwiftUI's `NavigationLink(destination:)` in a screen pushes the view it shows onto it.
    var pushesSwiftUILinks: Bool { get }

    /// Whether `call`, named `name`, makes one of the library's stacks.
    func makesStack(_ call: FunctionCallExprSyntax, named name: String) -> Bool

    /// Reads a stack's navigation flag, routes binding and root from the call that makes it; `stack.rootView`
    /// holds the first view the call's content closure makes.
    func readStack(_ stack: inout FoundStack, in recognizer: inout NavigationRecognizer)

    /// Collects the calls that build the views of values in the library's routes (``NavigationRecognizer/destinations``),
    /// after every stack is found and before their screens are built.
    func findDestinations(in recognizer: inout NavigationRecognizer)

    /// Adds the screens a stack's routes can hold, beyond its root.
    func addScreens(_ stack: inout FoundStack, in recognizer: inout NavigationRecognizer)

    /// The view a call in `type`'s code shows as another screen of the same stack, if the call is one of the
    /// library's that shows a view it is given (or, in SwiftUI, a view one of `type`'s properties holds).
    func shownView(_ call: FunctionCallExprSyntax, in type: TypeDecl?) -> String?

    /// Adds the edges a call made on `origin`, a screen of the library's stack at index `stack`, leads along.
    func addScreenEdges(
        _ call: FunctionCallExprSyntax, named name: String, stack: Int, origin: String, text: QuotedCall,
        location: NavigationMap.Location, in recognizer: inout NavigationRecognizer)

    /// Adds the edges of a call written in `type` that drives the library's stacks through a navigator or
    /// routes it names, wherever that type is shown. `receiver` is the call's
    /// ``SwiftSyntax/FunctionCallExprSyntax/receiverText``, read once when its file was.
    func addCallEdges(
        _ call: FunctionCallExprSyntax, named name: String, receiver: String?, in type: TypeDecl, file: ParsedFile,
        text: QuotedCall, location: NavigationMap.Location, in recognizer: inout NavigationRecognizer)

    /// Whether a call in a function of `type` is one of the library's navigation calls that a scanned plan
    /// lists as its actions.
    func isPlanAction(_ call: FunctionCallExprSyntax, in type: TypeDecl) -> Bool

    /// A plan action's text for such a call, as the library's plan notation reads it.
    func planText(of call: FunctionCallExprSyntax) -> String

    /// Whether `call`, named `name` and written in `type`, is one of the library's navigation calls (one that
    /// shows a screen or goes back), which the scan must place as an edge or list as code it cannot follow.
    func isNavigationCall(
        _ call: FunctionCallExprSyntax, named name: String, in type: TypeDecl, recognizer: NavigationRecognizer
    ) -> Bool

    /// Adds the edges of an assignment in `type` of `value` to the routes of the library's stack at index
    /// `stack` (`routes = [.root(.home)]`, `path = []`).
    func addRoutesAssignment(
        _ value: ExprSyntax, node: Syntax, stack: Int, in type: TypeDecl, file: ParsedFile,
        in recognizer: inout NavigationRecognizer)

    /// Adds the problems the library has with the code found (each located at the code).
    func findProblems(in recognizer: inout NavigationRecognizer)
}

extension SourceLibrary {
    /// No by default.
    var pushesSwiftUILinks: Bool { false }

    /// None by default: the library's views are found where its stacks show them.
    func findDestinations(in recognizer: inout NavigationRecognizer) {}

    /// None by default: the library's stacks are reached only through the views they show.
    func addCallEdges(
        _ call: FunctionCallExprSyntax, named name: String, receiver: String?, in type: TypeDecl, file: ParsedFile,
        text: QuotedCall, location: NavigationMap.Location, in recognizer: inout NavigationRecognizer
    ) {}

    /// None by default.
    func findProblems(in recognizer: inout NavigationRecognizer) {}

    /// Route literals by default: one edge per screen the assigned routes can show.
    func addRoutesAssignment(
        _ value: ExprSyntax, node: Syntax, stack: Int, in type: TypeDecl, file: ParsedFile,
        in recognizer: inout NavigationRecognizer
    ) {
        recognizer.replaceEdge(value, node: node, stack: stack, in: type, file: file)
    }

    /// The call as written, whitespace collapsed.
    func planText(of call: FunctionCallExprSyntax) -> String { call.trimmedText.collapsedWhitespace }

    /// The plan of a function whose navigation calls on a stack are `actions`, in the library's notation:
    /// the stack's root view and the calls as written.
    func plan(title: String, stack: FoundStack, actions: [String]) -> JSONValue {
        NavigationRecognizer.object([
            ("title", .string(title)),
            ("library", .string(library.rawValue)),
            ("root", .string(stack.rootView ?? stack.owner.name)),
            ("actions", .array(actions.map { .string($0) })),
        ])
    }
}
