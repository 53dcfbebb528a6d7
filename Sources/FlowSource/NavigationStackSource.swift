import FlowModel
internal import SwiftSyntax

/// swiftui-navigation-stack as `flowgraph scan` reads it: one push-only `NavigationStackView`, views pushed
/// with `PushView(destination:)` or `navigationStack.push(_:)`, popped with `PopView` or
/// `navigationStack.pop(to:)`.
struct NavigationStackSource: SourceLibrary {
    var library: Library { .swiftUINavigationStack }
    var destinationBuilders: Set<String> { ["PushView", "NavigationStackView"] }
    var sourceWords: SourceWords {
        SourceWords(
            words: ["NavigationStack", "NavigationStackView", "PushView", "PopView", "push", "pop"],
            suffixes: ["navigationStack"])
    }
    var screens: ScreenDeclaration { .shownViews }
    var nestsChildStacks: Bool { false }
    /// A `NavigationStackView` keeps its screens itself.
    var unboundRoutes: String { "its own" }

    func makesStack(_ call: FunctionCallExprSyntax, named name: String) -> Bool { name == "NavigationStackView" }

    /// A `NavigationStackView` always navigates.
    func readStack(_ stack: inout FoundStack, in recognizer: inout NavigationRecognizer) {
        stack.withNavigation = true
    }

    /// The views pushed from the root are found as they are pushed.
    func addScreens(_ stack: inout FoundStack, in recognizer: inout NavigationRecognizer) {}

    /// `Child` for `PushView(destination: Child())` or `navigationStack.push(Child())`.
    func shownView(_ call: FunctionCallExprSyntax, in type: TypeDecl?) -> String? {
        switch call.calledName {
        case "PushView":
            return call.argument("destination")?.constructedTypeName
        case "push":
            guard Self.isNavigationStack(call.receiverText) else { return nil }
            return call.firstUnlabeled?.constructedTypeName
        default:
            return nil
        }
    }

    /// A push of a view shown, and `PopView` / `navigationStack.pop(to:)` back (to the root with `.root`).
    func addScreenEdges(
        _ call: FunctionCallExprSyntax, named name: String, stack: Int, origin: String, text: QuotedCall,
        location: NavigationMap.Location, in recognizer: inout NavigationRecognizer
    ) {
        if let shown = shownView(call, in: recognizer.currentType),
            let id = recognizer.stacks[stack].screens[
                recognizer.screenName(ofView: shown, from: recognizer.currentType)]
        {
            recognizer.map.edges.append(
                NavigationMap.Edge(
                    from: origin, to: id, style: .push, withNavigation: false, call: text.value, location: location))
            return
        }
        switch name {
        case "PopView":
            let destination = call.argument("destination")?.trimmedText ?? ".previous"
            recognizer.addBack(
                origin, call: "PopView(\(destination))",
                to: destination == ".root" ? recognizer.stacks[stack].rootScreen : nil,
                style: .back, text: text, location: location)
        case "pop":
            guard Self.isNavigationStack(call.receiverText) else { return }
            let destination = call.argument("to")?.trimmedText
            recognizer.addBack(
                origin, call: "pop(\(call.argumentsText))",
                to: destination == ".root" ? recognizer.stacks[stack].rootScreen : nil, style: .back, text: text,
                location: location)
        default:
            return
        }
    }

    /// `PushView`, `PopView`, `navigationStack.push(…)` and `navigationStack.pop(…)`.
    func isNavigationCall(
        _ call: FunctionCallExprSyntax, named name: String, in type: TypeDecl, recognizer: NavigationRecognizer
    ) -> Bool {
        if name == "PushView" || name == "PopView" { return call.calledExpression.is(DeclReferenceExprSyntax.self) }
        return (name == "push" || name == "pop") && Self.isNavigationStack(call.receiverText)
    }

    /// `navigationStack.push(…)` and `navigationStack.pop(…)`.
    func isPlanAction(_ call: FunctionCallExprSyntax, in type: TypeDecl) -> Bool {
        guard let receiver = call.receiverText, let name = call.calledName else { return false }
        return Self.isNavigationStack(receiver) && (name == "push" || name == "pop")
    }

    /// Whether a receiver is the `NavigationStackCompat` environment object: `navigationStack`,
    /// `viewModel.navigationStack`.
    static func isNavigationStack(_ receiver: String?) -> Bool {
        receiver?.hasSuffix("navigationStack") == true
    }
}
