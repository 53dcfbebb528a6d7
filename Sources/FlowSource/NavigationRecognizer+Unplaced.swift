import FlowModel
internal import SwiftSyntax

extension NavigationRecognizer {
    /// Lists every navigation call of a library, and every assignment to a stack's routes, that ended as
    /// neither an edge nor a problem at its place: the scan's promise is that such code is listed, never
    /// dropped.
    mutating func listUnplacedCalls() {
        var placed: Set<NavigationMap.Location> = []
        for edge in map.edges { placed.insert(edge.location) }
        for problem in map.problems { placed.insert(problem.location) }
        for type in index.types {
            for member in type.memberCode {
                for (call, name) in member.namedCalls {
                    guard let name else { continue }
                    guard
                        SourceLibraries.all.contains(where: {
                            $0.isNavigationCall(call, named: name, in: type, recognizer: self)
                        })
                    else {
                        listUnplacedPresentation(call, named: name, in: type, file: member.file, placed: placed)
                        continue
                    }
                    let location = Self.callLocation(call, named: name, in: member.file)
                    guard !placed.contains(location) else { continue }
                    unfollowed(location, "\(Self.callText(call)): \(whyUnplaced(type))")
                }
                for assignment in member.assignments {
                    guard let stack = routesStack(assignment.target.trimmedText.replacingSelf, in: type)
                    else { continue }
                    // A SwiftUI router's own method is drawn where it is called.
                    if stacks[stack].library == .swiftUI,
                        SwiftUISource.isWrapperBody(assignment.node, holder: stacks[stack].holder, in: type)
                    {
                        continue
                    }
                    // Routes that hold only the root (`[.root(.home, embedInNavigationView: true)]`, `[]`)
                    // show no other screen.
                    if let routes = routeLiterals(assignment.value, context: assignment.node),
                        routes.allSatisfy({ isRootRoute($0, stack: stack) })
                    {
                        continue
                    }
                    let location = member.file.location(of: assignment.node)
                    guard !placed.contains(location) else { continue }
                    unfollowed(location, "\(Self.text(of: assignment.node)): \(whyUnplaced(type))")
                }
            }
        }
        map.problems.sort { $0.location < $1.location }
    }

    /// Lists SwiftUI's own `.sheet`, `.fullScreenCover` or `.popover` of one of the app's views that the map
    /// does not draw: in a view on no screen, or on a screen of a stack whose routes never hold what it shows
    /// (a FlowStacks screen's sheet of a web view).
    private mutating func listUnplacedPresentation(
        _ call: FunctionCallExprSyntax, named name: String, in type: TypeDecl, file: ParsedFile,
        placed: Set<NavigationMap.Location>
    ) {
        guard Self.swiftUIPresenters.contains(name), let shown = SwiftUISource.presentedView(call),
            index.type(named: shown, from: type, preferringFile: file.path)?.isView == true
        else { return }
        let location = Self.callLocation(call, named: name, in: file)
        guard !placed.contains(location) else { return }
        let onScreens = viewScreens[ObjectIdentifier(type)] != nil || !screensHolding(type).isEmpty
        let why =
            if onScreens {
                "SwiftUI's own .\(name) shows \(shown) outside the stack's routes, and the map does not draw such "
                    + "presentations on this library's screens yet"
            } else if type.name == "View" {
                // `extension View { func helpSheet(…) -> some View { sheet(…) } }`: applied wherever it is called.
                "a modifier written in an extension of View presents \(shown) on the views that apply it, which "
                    + "the scanner does not follow yet"
            } else {
                whyUnplaced(type)
            }
        unfollowed(location, "\(Self.callText(call)): \(why)")
    }

    /// Why a call written in `type` is on no screen.
    private mutating func whyUnplaced(_ type: TypeDecl) -> String {
        if viewScreens[ObjectIdentifier(type)] == nil, screensHolding(type).isEmpty,
            firstStack(ownedOrHeldBy: type) == nil
        {
            return "\(type.name) is not drawn by any screen found, nor held by a view that is, so which "
                + "screen makes this call is unknown"
        }
        return "where it leads is built by code the scanner cannot follow"
    }

    /// Where a call is placed on the map: where it starts, or for a view modifier that shows a screen
    /// (`VStack { … }.flowDestination(isPresented:) { … }`, `.sheet(isPresented:) { … }`) where the
    /// modifier's name is written.
    static func callLocation(_ call: FunctionCallExprSyntax, in file: ParsedFile) -> NavigationMap.Location {
        callLocation(call, named: call.calledName, in: file)
    }

    /// Where a call is placed on the map, given its called name (as ``MemberCode/calledNames`` holds it).
    static func callLocation(
        _ call: FunctionCallExprSyntax, named name: String?, in file: ParsedFile
    ) -> NavigationMap.Location {
        file.location(at: callPosition(call, named: name))
    }

    /// Where ``callLocation(_:named:in:)`` places a call, as a position in its file (``MemberCode/places``).
    static func callPosition(_ call: FunctionCallExprSyntax, named name: String?) -> AbsolutePosition {
        if placedAtName.contains(name ?? ""), call.calledExpression.is(MemberAccessExprSyntax.self) {
            return call.calledNameNode.positionAfterSkippingLeadingTrivia
        }
        return call.positionAfterSkippingLeadingTrivia
    }

    /// The modifiers placed where their name is written (``callLocation(_:in:)``).
    private static let placedAtName = swiftUIPresenters.union(["flowDestination", "navigationDestination"])

    /// The modifiers quoted without the view they modify (``callText(_:)``).
    private static let quotedAsModifier = swiftUIPresenters.union(["navigationDestination"])

    /// A call as the map and warnings quote it: for SwiftUI's presenting modifiers only the modifier
    /// (`.sheet(isPresented: $shows) { Help() }`, not the view it modifies), else the whole call.
    static func callText(_ call: FunctionCallExprSyntax) -> String {
        guard let name = call.calledName, quotedAsModifier.contains(name),
            call.calledExpression.as(MemberAccessExprSyntax.self)?.base != nil
        else { return call.quotedText(160) }
        var text = ".\(name)"
        if !call.arguments.isEmpty { text += "(\(call.argumentsText))" }
        if let closure = call.trailingClosure { text += " " + closure.quotedText(120) }
        return text.shortened(160)
    }

    /// A call or assignment as a warning quotes it: whitespace collapsed, shortened.
    static func text(of node: some SyntaxProtocol) -> String {
        node.quotedText(160)
    }
}
