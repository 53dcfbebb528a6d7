import FlowModel
internal import SwiftSyntax

/// Plans of SwiftUI's own stacks: the calls of a function (or a deep-link handler's way through its code) that
/// the map placed as path changes or dismisses, in the `swiftui` plan notation.
///
/// The map already reads every shape of SwiftUI navigation the scan knows (a router's own methods followed into
/// their bodies, a `switch` on their parameter, `@Environment(\.dismiss)` of any name), so a plan plays the
/// edges placed at its calls instead of reading the calls a second way.
extension NavigationRecognizer {
    /// Indexes the map's edges on SwiftUI stacks by where their call is written.
    mutating func indexSwiftUISites() {
        swiftUISites = [:]
        guard stacks.contains(where: { $0.library == .swiftUI }) else { return }
        for (index, edge) in map.edges.enumerated() {
            guard let stack = stackOfEdge(edge), stacks[stack].library == .swiftUI else { continue }
            let key = Self.swiftUISiteKey(edge.location)
            if swiftUISites[key] == nil { swiftUISites[key] = index }
        }
    }

    /// The key of a place in a file: `file`, line and column.
    static func swiftUISiteKey(_ location: NavigationMap.Location) -> String {
        "\(location.file)\u{0}\(location.line)\u{0}\(location.column)"
    }

    /// The stack of the screen or deep-link entry an edge starts from.
    private func stackOfEdge(_ edge: NavigationMap.Edge) -> Int? {
        let coordinator =
            screenIndices[edge.from].map { map.screens[$0].coordinator }
            ?? map.entries.first { $0.id == edge.from }?.coordinator
        return coordinator.flatMap { stackIndexByID[$0] }
    }

    /// Whether a node holds a call the map placed as a change of a SwiftUI stack (``swiftUIChange(_:in:)``).
    func containsSwiftUIChange(_ node: some SyntaxProtocol, in type: TypeDecl) -> Bool {
        guard !swiftUISites.isEmpty else { return false }
        return CallCollector.calls(in: node).contains { swiftUIChange(ExprSyntax($0), in: type) != nil }
    }

    /// The edge the map placed at a call, on a SwiftUI stack.
    private func swiftUIEdge(at call: FunctionCallExprSyntax) -> NavigationMap.Edge? {
        guard !swiftUISites.isEmpty, let file = filesByRoot[call.root.id],
            let index = swiftUISites[Self.swiftUISiteKey(Self.callLocation(call, in: file))]
        else { return nil }
        return map.edges[index]
    }

    /// The SwiftUI stack a statement's call changes and the change in plan notation, when the map placed one
    /// there: `path.append(.detail)` for `router.navigate(to: .detail)`, `path.removeAll()` for a pop to the
    /// root, `dismiss()`; `nil` for anything else (a presentation's flag set is not placed at the setting).
    func swiftUIChange(_ expression: ExprSyntax, in type: TypeDecl) -> (stack: Int, text: String)? {
        // A modifier on a view that shows a screen is placed where the view is (`NavigationLink { … }
        // .disabled(…)`): the edge is the call's own only when it names it.
        guard let call = expression.withoutTryOrAwait.as(FunctionCallExprSyntax.self), let name = call.calledName,
            let edge = swiftUIEdge(at: call), edge.call.contains(name + "("), let stack = stackOfEdge(edge)
        else { return nil }
        let screen = edge.to.flatMap { screenIndices[$0] }.map { map.screens[$0] }
        // A view or modifier that shows a screen when tapped or when its flag is set (`NavigationLink`,
        // `.sheet(isPresented:)`) is what a function builds, not a change it makes.
        let isMethodCall = call.calledExpression.as(MemberAccessExprSyntax.self)?.base != nil
        switch edge.style {
        case .push:
            guard let screen, isMethodCall else { return nil }
            return (stack, "path.append(\(Self.pathValue(of: call, showing: screen.name)))")
        case .sheet, .cover, .replace:
            return nil
        case .back:
            guard isMethodCall else { return nil }
            if edge.to == stacks[stack].rootScreen { return (stack, "path.removeAll()") }
            if let open = edge.call.range(of: "removeLast("), edge.call.hasSuffix(")") {
                let count = edge.call[open.upperBound...].dropLast()
                if let number = Int(count), number > 1 { return (stack, "path.removeLast(\(number))") }
            }
            return (stack, "path.removeLast()")
        case .dismiss:
            return (stack, "dismiss()")
        }
    }

    /// The value a push appends, as a plan writes it: the call's first argument when it is the screen's case
    /// (`.detail(id: 7)`, placeholders for values known when the app runs), else the screen's case alone.
    private static func pathValue(of call: FunctionCallExprSyntax, showing screen: String) -> String {
        if let value = call.arguments.first?.expression,
            let name = caseName(ofScreen: value, enumName: nil), name.isSameIdentifier(screen)
        {
            return placeholdered(value) ?? value.trimmedText.collapsedWhitespace
        }
        return screen.first?.isUppercase == true ? "‹\(screen)›" : ".\(screen)"
    }

    /// Adds the `swiftui` plan of `changes` on stack `stack`, or says why there is none.
    mutating func swiftUIPlan(
        _ changes: [RouteChange], stack: Int, said: String, name: String, location: NavigationMap.Location,
        type: TypeDecl, deepLink: Bool, linkCase: String?
    ) {
        var actions: [String] = []
        for change in changes {
            // A router's own method changing its path (`func home() { path = [] }`) is followed where it is
            // called: the map's edges are there, and the plans of the functions calling it.
            guard case .swiftUI(let text) = change else { return }
            actions.append(text)
        }
        guard !actions.isEmpty else { return }
        let found = stacks[stack]
        // Code in a screen's view runs on that screen, when the pushes the map reaches it by say where it is.
        var start: (screen: String, values: [String])?
        if let first = viewStarts(of: type, stack: stack).first {
            let values = first.routes.compactMap { route -> String? in
                guard route.hasPrefix(".push("), route.hasSuffix(")") else { return nil }
                return String(route.dropFirst(".push(".count).dropLast())
            }
            if values.count == first.routes.count, !values.isEmpty { start = (first.screen, values) }
        }
        let from = start.map { ", run on \($0.screen)" } ?? ""
        var members: [(String, JSONValue)] = [
            ("title", .string("\(said) — scanned from \(location.file):\(location.line)\(from)")),
            ("library", .string(found.library.rawValue)),
            ("root", .string(found.rootView ?? found.owner.name)),
        ]
        if let start { members.append(("start", .array(start.values.map { .string($0) }))) }
        members.append(("actions", .array(actions.map { .string($0) })))
        plans.append(
            ScannedPlan(
                name: name, location: location, plan: Self.object(members), isDeepLink: deepLink, linkCase: linkCase))
    }
}
