import FlowModel
internal import SwiftSyntax

/// FlowStacks as `flowgraph scan` reads it: `FlowStack($routes, withNavigation:)` (and `Router($routes)`
/// from before 1.0), screens declared by `flowDestination(for:)`, `FlowLink`, and navigator and routes calls.
struct FlowStacksSource: SourceLibrary {
    var library: Library { .flowStacks }
    var destinationBuilders: Set<String> { ["flowDestination", "Router", "FlowStack", "FlowLink"] }
    var sourceWords: SourceWords {
        SourceWords(
            words: NavigationRecognizer.flowStacksMethods.union([
                "FlowStacks", "FlowStack", "FlowPath", "FlowLink", "Router", "flowDestination", "navigator", "root",
                "sheet", "cover", "withNavigation", "embedInNavigationView", "isPresented",
            ]),
            // `Routes<Screen>`, `[Route<Screen>]`, `FlowNavigator<Screen>`, `FlowPathNavigator`; `appRoutes`.
            prefixes: ["Route", "FlowNavigator", "FlowPathNavigator"], suffixes: ["routes", "Routes"])
    }
    var screens: ScreenDeclaration { .routeValues }
    /// A screen whose view makes a FlowStack that binds its own routes is a child coordinator.
    var nestsChildStacks: Bool { true }
    var unboundRoutes: String { "no binding" }

    /// `FlowStack(…)`, or a legacy `Router($routes) { screen, index in … }`.
    func makesStack(_ call: FunctionCallExprSyntax, named name: String) -> Bool {
        name == "FlowStack" || (name == "Router" && Self.isLegacyRouter(call))
    }

    /// Reads `withNavigation:` (false when absent), the `$routes` binding with the type holding it and its
    /// screen type, and for a legacy router the root its routes start with.
    func readStack(_ stack: inout FoundStack, in recognizer: inout NavigationRecognizer) {
        let call = stack.call
        stack.withNavigation = false
        if let flag = call.argument("withNavigation")?.trimmedText {
            stack.withNavigation = flag == "true"
        }
        if let binding = call.firstUnlabeled?.trimmedText, binding.hasPrefix("$") {
            let path = binding.dropFirst().split(separator: ".").map(String.init)
            var holder: TypeDecl? = stack.owner
            for step in path.dropLast() {
                guard let property = holder?.properties[step],
                    let typeName = property.type ?? property.initializer?.constructedTypeName
                else {
                    holder = nil
                    break
                }
                holder = recognizer.index.type(named: typeName, from: holder)
            }
            stack.holder = holder
            stack.routesProperty = path.last
            let property = holder?.properties[path.last ?? ""]
            stack.routesType = property?.type ?? property?.initializer?.constructedTypeName
            if let routesType = stack.routesType, !routesType.contains("FlowPath") {
                stack.screenType = routesType.genericArgument
            }
        }
        if call.calledName == "Router" {
            stack.rootView = nil
            // Its routes start with `.root(screen, embedInNavigationView:)`: found where the routes are
            // declared or assigned, else anywhere in the type that makes the router.
            let root =
                stack.holder.flatMap { holder in
                    holder.properties[stack.routesProperty ?? ""]?.initializer.flatMap(Self.rootRoute)
                        ?? Self.rootRoute(in: holder)
                } ?? Self.rootRoute(in: stack.owner)
            if let root {
                stack.rootCase =
                    root.screen.map { NavigationRecognizer.caseName(inPattern: $0.trimmedText) } ?? nil
                stack.withNavigation = root.call.argument("embedInNavigationView")?.trimmedText == "true"
            }
            if let screenType = stack.screenType {
                let key = recognizer.typeKey(screenType, from: stack.holder ?? stack.owner)
                recognizer.destinations.append((screenType, call, stack.file, stack.owner, key))
            }
        }
    }

    /// Whether a call named `Router` is FlowStacks' router from before 1.0: `Router($routes) { screen, index
    /// in … }`, a binding and a closure of two parameters.
    static func isLegacyRouter(_ call: FunctionCallExprSyntax) -> Bool {
        guard call.firstUnlabeled?.trimmedText.hasPrefix("$") == true, let closure = call.closures.last
        else { return false }
        return closure.parameterNames.count == 2
    }

    /// The first `.root(screen, …)` route in an expression (an array literal of routes, say).
    static func rootRoute(_ expression: ExprSyntax) -> (call: FunctionCallExprSyntax, screen: ExprSyntax?)? {
        for call in CallCollector.calls(in: expression) where call.calledName == "root" {
            guard call.calledExpression.as(MemberAccessExprSyntax.self)?.base == nil else { continue }
            return (call, call.firstUnlabeled)
        }
        return nil
    }

    /// The first `.root(screen, …)` route written in a type's members.
    static func rootRoute(in type: TypeDecl) -> (call: FunctionCallExprSyntax, screen: ExprSyntax?)? {
        for member in type.memberCode {
            for call in member.calls(named: "root") {
                guard call.calledExpression.as(MemberAccessExprSyntax.self)?.base == nil else { continue }
                return (call, call.firstUnlabeled)
            }
        }
        return nil
    }

    /// Every `.flowDestination(for: T.self) { … }`.
    func findDestinations(in recognizer: inout NavigationRecognizer) {
        recognizer.addDestinations(madeBy: "flowDestination")
    }

    /// The cases of the routes' screen enum (or, for a FlowPath, each type a destination inside the stack is
    /// declared for), each drawn by the view its `flowDestination(for:)` builds.
    func addScreens(_ stack: inout FoundStack, in recognizer: inout NavigationRecognizer) {
        recognizer.addValueScreens(&stack)
    }

    /// The view `.flowDestination(isPresented: $flag, style: …) { View() }` shows while its flag is set.
    static func flaggedDestination(_ call: FunctionCallExprSyntax) -> String? {
        guard call.calledName == "flowDestination", call.argument("isPresented") != nil else { return nil }
        return call.closures.last?.statements.constructedTypeNames.first
    }

    /// FlowStacks shows values, not views a call is given.
    func shownView(_ call: FunctionCallExprSyntax, in type: TypeDecl?) -> String? { nil }

    /// `FlowLink(value:style:)` on a screen.
    func addScreenEdges(
        _ call: FunctionCallExprSyntax, named name: String, stack: Int, origin: String, text: QuotedCall,
        location: NavigationMap.Location, in recognizer: inout NavigationRecognizer
    ) {
        if let shown = Self.flaggedDestination(call), let id = recognizer.stacks[stack].screens[shown] {
            let style = call.argument("style")?.trimmedText ?? ".push"
            recognizer.map.edges.append(
                NavigationMap.Edge(
                    from: origin, to: id, style: NavigationRecognizer.style(named: style),
                    withNavigation: style.contains("withNavigation: true"), call: text.value, location: location))
            return
        }
        guard name == "FlowLink", call.calledExpression.is(DeclReferenceExprSyntax.self),
            let value = call.argument("value")
        else { return }
        let style = call.argument("style")?.trimmedText ?? ".push"
        recognizer.addEdge(
            from: origin, value: value, style: NavigationRecognizer.style(named: style),
            withNavigation: style.contains("withNavigation: true"),
            call: text.value, location: location, stack: stack)
    }

    /// A navigator's or the routes' methods (`navigator.push(.b)`, `routes.goBackToRoot()`), and an app's own
    /// function on the routes' holder that changes them (`navigator.show(screen: .login, by: .root)`).
    func addCallEdges(
        _ call: FunctionCallExprSyntax, named name: String, receiver: String?, in type: TypeDecl, file: ParsedFile,
        text: QuotedCall, location: NavigationMap.Location, in recognizer: inout NavigationRecognizer
    ) {
        let routesMethods = NavigationRecognizer.flowStacksMethods
        if !routesMethods.contains(name), let receiverText = receiver,
            let (holder, function, stack) = recognizer.wrapperHolder(receiverText, calling: name, in: type),
            recognizer.stacks[stack].library == library
        {
            if recognizer.inlineWrapper(call, function: function, stack: stack, in: type, file: file) { return }
            // A deep-link handler handing the link on (`.onOpenURL { coordinator.handle($0) }`): the function
            // is read as a deep-link handler, and its plans (or its reason for none) say what it does.
            if recognizer.deepLinkClosureCalls.contains(call.id),
                recognizer.deepLinkFunctions[ObjectIdentifier(holder)]?.contains(name) == true
            {
                return
            }
            recognizer.unfollowed(
                location,
                "\(text): \(holder.name).\(name)(…) changes the routes with the values it is given in a "
                    + "way the scanner cannot follow (it follows calls in sequence, or a switch on a parameter)")
            return
        }
        guard routesMethods.contains(name), let receiverText = receiver,
            let receiver = recognizer.receiver(receiverText, in: type)
        else { return }
        var stackIndices: [Int]
        switch receiver {
        case .routes(let stack):
            // Another library's path (SwiftUI's `path.append`) is that library's to read.
            guard recognizer.stacks[stack].library == library else { return }
            stackIndices = [stack]
        case .navigator(let screenType):
            stackIndices = Array(Set(recognizer.viewScreens[ObjectIdentifier(type), default: []].map(\.stack)))
                .sorted().filter { recognizer.stacks[$0].library == library }
            if stackIndices.isEmpty, !type.isView {
                // A view model's navigator: the stacks of the screens whose views hold it.
                stackIndices = Array(Set(recognizer.screensHolding(type).map(\.stack))).sorted()
                    .filter { recognizer.stacks[$0].library == library }
            }
            if stackIndices.isEmpty, let stack = recognizer.deepLinkObjects[ObjectIdentifier(type)] {
                stackIndices = [stack]
            }
            let key = screenType.map { recognizer.typeKey($0, from: type) }
            if let key, let typed = recognizer.stack(ofScreenKey: key),
                !stackIndices.contains(typed)
            {
                // A navigator of another stack's type: the parent's, from inside a child (checked later).
                stackIndices = [typed]
                recognizer.parentPushes.append((call, type, file, typed))
            }
            if stackIndices.isEmpty {
                recognizer.unfollowed(
                    location,
                    "\(text): \(type.name) is not shown by any FlowStack found, so which stack this navigator drives is unknown"
                )
                return
            }
        }
        for stack in stackIndices {
            var from = recognizer.origins(of: call, stack: stack, in: type, file: file)
            if from.isEmpty, case .navigator(let screenType) = receiver, screenType != nil {
                from = recognizer.viewScreens[ObjectIdentifier(type), default: []].map(\.screen)
            }
            if from.isEmpty {
                recognizer.unfollowed(
                    location,
                    "\(text): no screen of \(recognizer.stacks[stack].owner.name)'s stack is drawn by \(type.name) or a "
                        + "view holding it, so which screen makes this call is unknown")
            }
            for origin in from {
                switch name {
                case "push", "append", "presentSheet", "presentCover":
                    guard let value = call.firstUnlabeled else { continue }
                    let style: NavigationMap.Style =
                        name == "presentSheet" ? .sheet : name == "presentCover" ? .cover : .push
                    if name == "append", receiverText.hasSuffix("routes") {
                        // routes.append(.push(x)): the route literal says the style.
                        recognizer.addRouteEdge(
                            from: origin, route: value, call: text.value, location: location, stack: stack)
                    } else {
                        recognizer.addEdge(
                            from: origin, value: value, style: style,
                            withNavigation: call.argument("withNavigation")?.trimmedText == "true",
                            call: text.value, location: location, stack: stack)
                    }
                default:
                    let style: NavigationMap.Style = name.hasPrefix("dismiss") ? .dismiss : .back
                    var to: String? = nil
                    if name == "goBackToRoot" || name == "popToRoot" { to = recognizer.stacks[stack].rootScreen }
                    if let value = call.firstUnlabeled, name == "goBackTo" || name == "popTo",
                        case .screen(let id) = recognizer.target(value, stack: stack)
                    {
                        to = id
                    }
                    recognizer.addBack(
                        origin, call: "\(name)(\(call.argumentsText))", to: to, style: style, text: text,
                        location: location)
                }
            }
        }
    }

    /// `FlowLink(…)`, and a FlowStacks method on a navigator or routes (`navigator.push(…)`, `routes.goBack()`).
    func isNavigationCall(
        _ call: FunctionCallExprSyntax, named name: String, in type: TypeDecl, recognizer: NavigationRecognizer
    ) -> Bool {
        if name == "FlowLink" { return call.calledExpression.is(DeclReferenceExprSyntax.self) }
        if name == "flowDestination" { return call.argument("isPresented") != nil }
        guard NavigationRecognizer.flowStacksMethods.contains(name), let receiver = call.receiverText else {
            return false
        }
        switch recognizer.receiver(receiver, in: type) {
        case .routes(let stack)?: return recognizer.stacks[stack].library == library
        case .navigator?: return true
        case nil: break
        }
        let last = receiver.lastDotPart
        let declared = type.properties[last]?.type ?? ""
        return last == "routes" || declared.hasPrefix("Routes") || declared.hasPrefix("[Route")
            || declared.hasPrefix("FlowNavigator") || declared.hasPrefix("FlowPathNavigator")
    }

    /// FlowStacks' plans are read from route changes, not listed calls.
    func isPlanAction(_ call: FunctionCallExprSyntax, in type: TypeDecl) -> Bool { false }
}
