import FlowModel
internal import SwiftSyntax

/// SwiftfulRouting as `flowgraph scan` reads it: `RouterView(addNavigationStack:)`, screens shown with
/// `router.showScreen(.push / .sheet / .fullScreenCover) { router in … }` (or an `AnyDestination`), and the
/// router's dismiss calls.
struct SwiftfulRoutingSource: SourceLibrary {
    var library: Library { .swiftfulRouting }
    var destinationBuilders: Set<String> { ["showScreen", "AnyDestination", "RouterView"] }
    var sourceWords: SourceWords {
        SourceWords(
            words: Self.backMethods.union([
                "SwiftfulRouting", "RouterView", "showScreen", "showScreens", "AnyDestination", "segue",
                "addNavigationStack", "addNavigationView",
            ]),
            // Every `dismiss…` and `showNextScreen…` call; routers named `router…`, typed `AnyRouter` or `…Router`.
            prefixes: ["dismiss", "showNextScreen", "router", "AnyRouter"], suffixes: ["Router"])
    }
    var screens: ScreenDeclaration { .shownViews }
    /// `RouterView` wraps its screens in a `NavigationStack` (`addNavigationView` is `true` unless set to
    /// `false`), so a plain `NavigationLink { ResetPassword() } label: { … }` pushes onto it.
    var pushesSwiftUILinks: Bool { true }
    var nestsChildStacks: Bool { false }
    /// A `RouterView` keeps its screens itself.
    var unboundRoutes: String { "its own" }

    /// The router's methods that go back or dismiss.
    static let backMethods: Set<String> = [
        "dismissScreen", "dismissScreens", "dismissPushStack", "dismissEnvironment", "dismissLastScreen",
        "dismissLastPushStack", "dismissLastEnvironment", "dismissAllScreens", "dismissModal", "dismissAlert",
    ]

    func makesStack(_ call: FunctionCallExprSyntax, named name: String) -> Bool { name == "RouterView" }

    /// Reads `addNavigationStack:` (`addNavigationView:` before 4.0), true unless written `false`.
    func readStack(_ stack: inout FoundStack, in recognizer: inout NavigationRecognizer) {
        stack.withNavigation = true
        if let flag = stack.call.argument("addNavigationStack")?.trimmedText
            ?? stack.call.argument("addNavigationView")?.trimmedText
        {
            stack.withNavigation = flag != "false"
        }
    }

    /// The views shown from the root are found as they are shown.
    func addScreens(_ stack: inout FoundStack, in recognizer: inout NavigationRecognizer) {}

    /// `Profile` for `router.showScreen(.push) { _ in Profile() }` or an `AnyDestination` building it.
    func shownView(_ call: FunctionCallExprSyntax, in type: TypeDecl?) -> String? {
        guard call.calledName == "showScreen" else { return nil }
        return Self.destination(call)?.closure?.statements.constructedTypeNames.first
    }

    /// A `showScreen` in its segue's style (a sheet or cover gets its own navigation), and dismiss calls; a
    /// call on the router a `showScreen` closure gives runs on the screen that closure shows.
    func addScreenEdges(
        _ call: FunctionCallExprSyntax, named name: String, stack: Int, origin: String, text: QuotedCall,
        location: NavigationMap.Location, in recognizer: inout NavigationRecognizer
    ) {
        var from = origin
        if let receiver = call.receiverText,
            let shown = Self.enclosingShowScreen(of: call, router: receiver),
            let id = recognizer.stacks[stack].screens[
                recognizer.screenName(ofView: shown, from: recognizer.currentType)]
        {
            from = id
        }
        if let shown = shownView(call, in: recognizer.currentType),
            let id = recognizer.stacks[stack].screens[
                recognizer.screenName(ofView: shown, from: recognizer.currentType)]
        {
            let segue = Self.destination(call)?.segue?.trimmedText ?? ".push"
            guard segue.hasPrefix(".") else {
                recognizer.unfollowed(
                    location,
                    "\(text): the segue '\(segue.shortened(60))' is known only when the app runs, so how "
                        + "\(shown) is shown is unknown")
                return
            }
            let style: NavigationMap.Style =
                segue.contains("fullScreenCover") ? .cover : segue.contains("sheet") ? .sheet : .push
            recognizer.map.edges.append(
                NavigationMap.Edge(
                    from: from, to: id, style: style, withNavigation: style != .push, call: text.value,
                    location: location))
            return
        }
        switch name {
        case "showScreen":
            guard Self.isRouter(call.receiverText, in: recognizer.currentType, at: call) else { return }
            recognizer.unfollowed(
                location, "\(text): the screen it shows is built by code the scanner cannot follow")
        case let method where method == "showScreens" || method.hasPrefix("showNextScreen"):
            guard Self.isRouter(call.receiverText, in: recognizer.currentType, at: call) else { return }
            recognizer.unfollowed(
                location, "\(text): the screens it shows are a list or queue built when the app runs")
        case let method where method.hasPrefix("dismiss") && !Self.isOverlay(method):
            // Every dismiss call of any version (dismissScreenStack before 5.0 is dismissPushStack now).
            guard Self.isRouter(call.receiverText, in: recognizer.currentType, at: call) else { return }
            recognizer.addBack(
                from, call: "\(method)(\(call.argumentsText))", to: nil, style: .dismiss, text: text,
                location: location)
        default:
            return
        }
    }

    /// A router's `showScreen`, `showScreens`, `showNextScreen…` and dismiss calls (not alerts or modals).
    func isNavigationCall(
        _ call: FunctionCallExprSyntax, named name: String, in type: TypeDecl, recognizer: NavigationRecognizer
    ) -> Bool {
        let shows = name == "showScreen" || name == "showScreens" || name.hasPrefix("showNextScreen")
        let backs = name.hasPrefix("dismiss") && !Self.isOverlay(name)
        return (shows || backs) && Self.isRouter(call.receiverText, in: type, at: call)
    }

    /// `router.showScreen(…)` and the router's dismiss calls, on a router of any name (a property of `type`
    /// typed as one, the parameter of a `RouterView` or `showScreen` closure around the call).
    func isPlanAction(_ call: FunctionCallExprSyntax, in type: TypeDecl) -> Bool {
        guard let name = call.calledName, name == "showScreen" || Self.backMethods.contains(name) else {
            return false
        }
        return Self.isRouter(call.receiverText, in: type, at: call)
    }

    /// The call as a plan writes it: on `router.`, the router of the screen on top, whatever the app names it
    /// (`beam.showScreen(.sheet) { _ in Storm() }` is `router.showScreen(.sheet) { _ in Storm() }`).
    func planText(of call: FunctionCallExprSyntax) -> String {
        let text = call.trimmedText.collapsedWhitespace
        guard let receiver = call.receiverText, receiver != "router", text.hasPrefix(receiver + ".") else {
            return text
        }
        return "router" + text.dropFirst(receiver.count)
    }

    /// What a `showScreen` call shows: the closure that builds the screen and the segue it is shown with,
    /// from the call itself (`showScreen(.sheet) { _ in Profile() }`) or from the `AnyDestination` it is
    /// given, inline or as a constant declared before the call in the same block (`let destination =
    /// AnyDestination(segue: .push, destination: { router in Profile() })` then
    /// `router.showScreen(destination)`); `nil` when the destination comes from elsewhere.
    static func destination(_ call: FunctionCallExprSyntax) -> (
        closure: ClosureExprSyntax?, segue: ExprSyntax?
    )? {
        if let closure = call.closures.last {
            return (closure, call.firstUnlabeled ?? call.argument("segue"))
        }
        var value = call.firstUnlabeled ?? call.argument("destination")
        if let reference = value?.as(DeclReferenceExprSyntax.self) {
            value = NavigationRecognizer.localConstant(named: reference.baseName.text, before: Syntax(call))
        }
        guard let destination = value?.as(FunctionCallExprSyntax.self),
            destination.calledName == "AnyDestination"
        else { return nil }
        return (destination.closures.last, destination.argument("segue"))
    }

    /// Whether a router method shows or dismisses an overlay that is not a screen (`showModal`, `dismissModal`,
    /// `showBasicAlert`, `dismissAlert`): the map draws screens, so these are neither edges nor backs.
    static func isOverlay(_ method: String) -> Bool {
        method.contains("Modal") || method.contains("Alert")
    }

    /// Whether a receiver is a router: `router`, `router2`, `viewModel.router`, a property of `type` of
    /// any name whose type is a router (`let main: AnyRouter`, `@Environment(\.router) var mainRouter`), or
    /// the parameter of a `RouterView { harbour in … }` or `showScreen(.push) { next in … }` closure around
    /// `node`.
    static func isRouter(_ receiver: String?, in type: TypeDecl? = nil, at node: FunctionCallExprSyntax? = nil)
        -> Bool
    {
        guard let receiver, let last = receiver.split(separator: ".").last.map(String.init) else { return false }
        if last.hasPrefix("router") { return true }
        if let node, !receiver.contains("."), isRouterParameter(receiver, around: node) { return true }
        guard let property = type?.properties[last] else { return false }
        if let declared = property.type, declared.hasSuffix("Router") || declared.hasPrefix("AnyRouter") {
            return true
        }
        let declaration = property.node.parent?.parent?.trimmedText ?? ""
        return declaration.contains("\\.router")
    }

    /// Whether `name` is the router a `RouterView`, `showScreen` or `AnyDestination` closure around `node` gives.
    static func isRouterParameter(_ name: String, around node: FunctionCallExprSyntax) -> Bool {
        var current = node.parent
        while let parent = current {
            if let closure = parent.as(ClosureExprSyntax.self), closure.parameterNames.first == name {
                let owner =
                    closure.parent?.as(FunctionCallExprSyntax.self)
                    ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self)
                return ["RouterView", "showScreen", "AnyDestination"].contains(owner?.calledName ?? "")
            }
            current = parent.parent
        }
        return false
    }

    /// The view shown by the `showScreen` whose closure names `router` as its parameter, around `call`.
    static func enclosingShowScreen(of call: FunctionCallExprSyntax, router: String) -> String? {
        var node = call.parent
        while let current = node {
            if let closure = current.as(ClosureExprSyntax.self), closure.parameterNames.contains(router),
                let owner = closure.parent?.as(FunctionCallExprSyntax.self)
                    ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                owner.calledName == "showScreen" || owner.calledName == "AnyDestination"
            {
                return owner.closures.last?.statements.constructedTypeNames.first
            }
            node = current.parent
        }
        return nil
    }
}
