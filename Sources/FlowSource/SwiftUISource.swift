import FlowModel
internal import SwiftSyntax

/// SwiftUI's own navigation as `flowgraph scan` reads it: a `NavigationStack` (bound to a path of values or
/// not) or a `NavigationView`; screens that are the path's values, drawn by `.navigationDestination(for:)`,
/// or views shown by `NavigationLink(destination:)`, `.navigationDestination(isPresented:)`, `.sheet`,
/// `.fullScreenCover` and `.popover`; `path.append`, `removeLast`, `removeAll` and `path = []` on the path or
/// through the app's own router methods; and `DismissAction` / `presentationMode` dismisses.
struct SwiftUISource: SourceLibrary {
    var library: Library { .swiftUI }
    var destinationBuilders: Set<String> { ["navigationDestination", "NavigationLink"] }
    var sourceWords: SourceWords {
        SourceWords(
            words: Self.pathMethods.union(Self.presenters).union([
                "NavigationStack", "NavigationView", "NavigationPath", "NavigationLink", "navigationDestination",
                "dismiss", "presentationMode", "path", "callAsFunction",
            ]),
            // `navigationPath`, `appPath`; routers named `router…` or typed `…Router`, `…Coordinator`.
            prefixes: ["router"], suffixes: ["Path", "Router", "Coordinator"])
    }
    var screens: ScreenDeclaration { .shownViews }
    var nestsChildStacks: Bool { false }
    /// A `NavigationStack` without a path keeps its screens itself.
    var unboundRoutes: String { "its own" }

    /// The path's methods that push or pop.
    static let pathMethods: Set<String> = ["append", "removeLast", "removeAll", "removeLast"]
    /// The modifiers that present a view over the screen.
    static let presenters: Set<String> = ["sheet", "fullScreenCover", "popover"]
    /// SwiftUI's own views, which are never screens of the app: a shown view is looked for inside them.
    static let builtInViews: Set<String> = [
        "NavigationStack", "NavigationView", "NavigationSplitView", "VStack", "HStack", "ZStack", "LazyVStack",
        "LazyHStack", "Group", "ScrollView", "List", "Form", "Section", "Text", "Label", "Image", "Button",
        "EmptyView", "AnyView", "Color", "Spacer", "GeometryReader", "TabView", "ProgressView", "Divider",
        "ForEach", "Picker", "Toggle", "LazyVGrid", "LazyHGrid", "Grid",
    ]

    /// `NavigationStack { … }`, `NavigationStack(path: $path) { … }` or `NavigationView { … }`.
    func makesStack(_ call: FunctionCallExprSyntax, named name: String) -> Bool {
        (name == "NavigationStack" || name == "NavigationView") && !call.closures.isEmpty
    }

    /// A SwiftUI stack always navigates; `path:` names the routes it binds (`$path`, `$router.path`), their
    /// type (`[Route]`, `NavigationPath`) and, for an array, the screen type.
    func readStack(_ stack: inout FoundStack, in recognizer: inout NavigationRecognizer) {
        stack.withNavigation = true
        // The root is the first of the app's views the content makes; content that picks among views (a
        // `switch` or `if` in a `Group`) or lays out SwiftUI's own is rooted at the view that writes it, whose
        // placed views all run their calls on the root.
        stack.rootView =
            stack.call.closures.first.flatMap { rootView(of: $0, owner: stack.owner, file: stack.file, recognizer) }
            ?? stack.owner.name
        guard let binding = stack.call.argument("path")?.trimmedText, binding.hasPrefix("$") else { return }
        let path = binding.dropFirst().split(separator: ".").map(String.init)
        var holder: TypeDecl? = stack.owner
        for step in path.dropLast() {
            guard let typeName = holder?.properties[step]?.heldTypeName else {
                holder = nil
                break
            }
            holder = recognizer.index.type(named: typeName, from: holder)
        }
        stack.holder = holder
        stack.routesProperty = path.last
        stack.routesType = holder?.properties[path.last ?? ""]?.heldTypeName
        if let routesType = stack.routesType, routesType.hasPrefix("["), routesType.hasSuffix("]") {
            stack.screenType = String(routesType.dropFirst().dropLast())
        } else if let routesType = stack.routesType, routesType.hasPrefix("Array<") {
            stack.screenType = routesType.genericArgument
        }
    }

    /// The first view declared in the app that a stack's content makes directly (not in a branch, a loop's
    /// or a presenter's closure): `PortView` for `NavigationStack(path: $path) { PortView().navigation… }`.
    private func rootView(
        of content: ClosureExprSyntax, owner: TypeDecl, file: ParsedFile, _ recognizer: NavigationRecognizer
    ) -> String? {
        for made in CallCollector.calls(in: content) {
            guard let name = made.calledName, name.first?.isUppercase == true,
                made.calledExpression.is(DeclReferenceExprSyntax.self),
                let type = recognizer.index.type(named: name, from: owner, preferringFile: file.path), type.isView,
                type !== owner, Self.isDirectContent(made, of: content)
            else { continue }
            return name
        }
        return nil
    }

    /// Whether a call is made by a closure's own statements or the containers they make, not in a branch of
    /// an `if` or `switch`, nor in a closure of a modifier.
    private static func isDirectContent(_ call: FunctionCallExprSyntax, of content: ClosureExprSyntax) -> Bool {
        var child = Syntax(call)
        var node = call.parent
        while let current = node, current.id != content.id {
            if current.is(IfExprSyntax.self) || current.is(SwitchExprSyntax.self) { return false }
            if let owner = current.as(FunctionCallExprSyntax.self), owner.calledExpression.id != child.id,
                owner.calledExpression.is(MemberAccessExprSyntax.self)
                    || NavigationRecognizer.destinationBuilders.contains(owner.calledName ?? "")
            {
                return false  // inside a modifier's or a link's arguments or closures
            }
            child = current
            node = current.parent
        }
        return true
    }

    /// Every `.navigationDestination(for: T.self) { … }`.
    func findDestinations(in recognizer: inout NavigationRecognizer) {
        recognizer.addDestinations(madeBy: "navigationDestination")
    }

    /// The path's values: the cases of its element type, or each type a destination inside the stack is
    /// declared for; views shown by links and presenters are found as they are shown.
    func addScreens(_ stack: inout FoundStack, in recognizer: inout NavigationRecognizer) {
        recognizer.addValueScreens(&stack)
    }

    /// The view a link, a flag or item destination, or a presenter shows: `Detail` for
    /// `NavigationLink(destination: Detail())`, `NavigationLink { Detail() } label: { … }`,
    /// `.navigationDestination(isPresented: $shows) { Detail() }` or `.sheet(item: $item) { Detail(item: $0) }`,
    /// and a view one of `type`'s properties holds: `NavigationLink(destination: listView)`
    /// (``heldDestination(_:in:)``).
    func shownView(_ call: FunctionCallExprSyntax, in type: TypeDecl?) -> String? {
        switch call.calledName {
        case "NavigationLink":
            return Self.linkedView(call, in: type)
        case "navigationDestination":
            guard call.argument("for") == nil, call.calledExpression.is(MemberAccessExprSyntax.self),
                let content = call.closures.last
            else { return nil }
            return Self.appView(in: content.statements)
        case let name? where Self.presenters.contains(name):
            return Self.presentedView(call)
        default:
            return nil
        }
    }

    /// The view a `NavigationLink` to a view pushes: `Detail` for `NavigationLink(destination: Detail())`,
    /// `NavigationLink { Detail() } label: { … }` or a destination one of `type`'s properties holds; `nil` for a
    /// link to a value (`NavigationLink(value:)`), which its stack's destinations show.
    static func linkedView(_ call: FunctionCallExprSyntax, in type: TypeDecl?) -> String? {
        guard call.calledName == "NavigationLink", call.calledExpression.is(DeclReferenceExprSyntax.self),
            call.argument("value") == nil
        else { return nil }
        if let destination = call.argument("destination") {
            if let closure = destination.as(ClosureExprSyntax.self) { return appView(in: closure.statements) }
            return appView(destination) ?? heldDestination(destination, in: type)
        }
        // `NavigationLink { Detail() } label: { … }`: the first closure is the destination.
        guard call.additionalTrailingClosures.contains(where: { $0.label.text == "label" }),
            let content = call.trailingClosure
        else { return nil }
        return appView(in: content.statements)
    }

    /// The view a link's `destination` held in a property of `type` makes: `ListView` for
    /// `NavigationLink(destination: listView)` with `let listView = ListView()`, `let listView: ListView`, or
    /// `var listView: some View { ListView() }`.
    static func heldDestination(_ destination: ExprSyntax, in type: TypeDecl?) -> String? {
        guard let type else { return nil }
        let name =
            destination.as(DeclReferenceExprSyntax.self)?.baseName.text
            ?? destination.as(MemberAccessExprSyntax.self).flatMap {
                $0.base?.as(DeclReferenceExprSyntax.self)?.baseName.text == "self" ? $0.declName.baseName.text : nil
            }
        guard let name, let property = type.properties[name] else { return nil }
        // A stored view (`let listView = ListView()`, `let listView: ListView`); not an erased one.
        if let held = property.heldTypeName, held.first?.isUppercase == true, held != "AnyView" { return held }
        guard let accessor = property.node.as(PatternBindingSyntax.self)?.accessorBlock else { return nil }
        switch accessor.accessors {
        case .getter(let body): return appView(in: body)
        case .accessors(let list):
            guard let getter = list.first(where: { $0.accessorSpecifier.tokenKind == .keyword(.get) })?.body else {
                return nil
            }
            return appView(in: getter.statements)
        @unknown default: return nil
        }
    }

    /// The view a `.sheet`, `.fullScreenCover` or `.popover` presents: `Picker` for
    /// `.sheet(isPresented: $picks) { Picker() }`.
    static func presentedView(_ call: FunctionCallExprSyntax) -> String? {
        guard let name = call.calledName, presenters.contains(name),
            call.calledExpression.is(MemberAccessExprSyntax.self), let content = call.closures.last
        else { return nil }
        return appView(in: content.statements)
    }

    /// The flag a `.sheet`, `.fullScreenCover` or `.popover` shows content of its own by, when that content makes
    /// none of the app's views (`.fullScreenCover(isPresented: $showsImage) { ZStack { Image(…) } }`): such a
    /// presentation is a screen of its presenter, named ``inlineScreenName(presenter:flag:)``.
    static func inlineFlag(_ call: FunctionCallExprSyntax) -> String? {
        guard let name = call.calledName, presenters.contains(name),
            call.calledExpression.is(MemberAccessExprSyntax.self),
            let bound = call.argument("isPresented")?.trimmedText, bound.hasPrefix("$"), !bound.contains("."),
            let content = call.closures.last, !content.statements.isEmpty, appView(in: content.statements) == nil
        else { return nil }
        return String(bound.dropFirst())
    }

    /// The name of the screen a presenter's own content is: `HistoryView.showsImage`.
    static func inlineScreenName(presenter: String, flag: String) -> String { "\(presenter).\(flag)" }

    /// The app's view a view expression makes, looking inside SwiftUI's containers
    /// (`NavigationStack { Settings() }` makes `Settings`).
    static func appView(_ expression: ExprSyntax, depth: Int = 0) -> String? {
        guard let name = expression.constructedTypeName else { return nil }
        guard builtInViews.contains(name) else { return name }
        guard depth < 4 else { return nil }
        var base = expression
        base = base.throughPostfixIfConfig
        while let call = base.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), let inner = member.chainBase
        {
            base = inner
        }
        guard let call = base.as(FunctionCallExprSyntax.self), let content = call.closures.first else { return nil }
        return appView(in: content.statements, depth: depth + 1)
    }

    /// The first of the app's views that statements make, in the first branch of an `if` or a `switch` that
    /// makes one (`.sheet(isPresented: $exports) { if let url { LogShare(url: url) } else { Text("No log") } }`
    /// shows `LogShare`).
    static func appView(in statements: CodeBlockItemListSyntax, depth: Int = 0) -> String? {
        for item in statements {
            var expression: ExprSyntax?
            if case .expr(let value) = item.item { expression = value }
            if case .stmt(let statement) = item.item {
                expression =
                    statement.as(ReturnStmtSyntax.self)?.expression
                    ?? statement.as(ExpressionStmtSyntax.self)?.expression
            }
            guard let expression else { continue }
            if let view = appView(expression, depth: depth) { return view }
            if depth < 4, let view = branchView(expression, depth: depth + 1) { return view }
        }
        return nil
    }

    /// The first of the app's views the branches of an `if` or the cases of a `switch` make.
    private static func branchView(_ expression: ExprSyntax, depth: Int) -> String? {
        if let choice = expression.as(IfExprSyntax.self) {
            if let view = appView(in: choice.body.statements, depth: depth) { return view }
            switch choice.elseBody {
            case .ifExpr(let next): return branchView(ExprSyntax(next), depth: depth)
            case .codeBlock(let block): return appView(in: block.statements, depth: depth)
            case nil: return nil
            }
        }
        if let choice = expression.as(SwitchExprSyntax.self) {
            for item in choice.cases {
                if let view = item.as(SwitchCaseSyntax.self).flatMap({ appView(in: $0.statements, depth: depth) }) {
                    return view
                }
            }
        }
        return nil
    }

    /// Whether a presenter's content wraps its view in a navigation container of its own.
    static func presentsWithNavigation(_ call: FunctionCallExprSyntax) -> Bool {
        guard let content = call.closures.last else { return false }
        return CallCollector.calls(in: content).contains {
            NavigationRecognizer.navigationContainers.contains($0.calledName ?? "")
        }
    }

    /// A link or destination to the view it shows (pushed), a presenter's view (a sheet or cover), a
    /// `NavigationLink(value:)` to the value's screen, and a dismiss.
    func addScreenEdges(
        _ call: FunctionCallExprSyntax, named name: String, stack: Int, origin: String, text: QuotedCall,
        location: NavigationMap.Location, in recognizer: inout NavigationRecognizer
    ) {
        if let shown = shownView(call, in: recognizer.currentType),
            Self.addShownEdge(
                call, named: name, view: shown, stack: stack, origin: origin, text: text, location: location,
                in: &recognizer)
        {
            return
        }
        if name == "NavigationLink", let value = call.argument("value") {
            recognizer.addEdge(
                from: origin, value: value, style: .push, withNavigation: false, call: text.value, location: location,
                stack: stack)
            return
        }
        if let flag = Self.inlineFlag(call), let presenter = recognizer.currentType,
            let id = recognizer.stacks[stack].screens[Self.inlineScreenName(presenter: presenter.name, flag: flag)]
        {
            recognizer.map.edges.append(
                NavigationMap.Edge(
                    from: origin, to: id, style: name == "fullScreenCover" ? .cover : .sheet,
                    withNavigation: Self.presentsWithNavigation(call), call: text.value, location: location))
            return
        }
        Self.addDismiss(call, origin: origin, text: text, location: location, in: &recognizer)
    }

    /// SwiftUI's own presentations on a screen of another library's stack, which SwiftUI shows whatever the
    /// library: a `.sheet`, `.fullScreenCover` or `.popover` of a view (a screen of that stack, found as
    /// ``presentedView(_:)`` shows it), and, when `dismisses`, an `@Environment` dismiss.
    static func addPresentationEdges(
        _ call: FunctionCallExprSyntax, named name: String, stack: Int, origin: String, text: QuotedCall,
        location: NavigationMap.Location, dismisses: Bool, in recognizer: inout NavigationRecognizer
    ) {
        let pushesLinks = recognizer.stacks[stack].source.pushesSwiftUILinks && recognizer.stacks[stack].withNavigation
        if let shown = presentedView(call) ?? (pushesLinks ? linkedView(call, in: recognizer.currentType) : nil),
            addShownEdge(
                call, named: name, view: shown, stack: stack, origin: origin, text: text, location: location,
                in: &recognizer)
        {
            return
        }
        if dismisses { addDismiss(call, origin: origin, text: text, location: location, in: &recognizer) }
    }

    /// An edge from `origin` to the screen of stack `stack` that `view` draws, pushed, or presented by a
    /// presenter; whether there is such a screen.
    private static func addShownEdge(
        _ call: FunctionCallExprSyntax, named name: String, view: String, stack: Int, origin: String,
        text: QuotedCall, location: NavigationMap.Location, in recognizer: inout NavigationRecognizer
    ) -> Bool {
        guard
            let id = recognizer.stacks[stack].screens[recognizer.screenName(ofView: view, from: recognizer.currentType)]
        else { return false }
        let style: NavigationMap.Style = name == "fullScreenCover" ? .cover : presenters.contains(name) ? .sheet : .push
        recognizer.map.edges.append(
            NavigationMap.Edge(
                from: origin, to: id, style: style, withNavigation: style != .push && presentsWithNavigation(call),
                call: text.value, location: location))
        return true
    }

    /// A dismiss of the screen at `origin`, when `call` is one (``isDismiss(_:in:index:)``).
    private static func addDismiss(
        _ call: FunctionCallExprSyntax, origin: String, text: QuotedCall, location: NavigationMap.Location,
        in recognizer: inout NavigationRecognizer
    ) {
        guard let type = recognizer.currentType, isDismiss(call, in: type, index: recognizer.index) else { return }
        recognizer.addBack(origin, call: "dismiss()", to: nil, style: .dismiss, text: text, location: location)
    }

    /// Whether a call dismisses the screen it runs on: `dismiss()` on an `@Environment(\.dismiss)` property
    /// of any name, or `wrappedValue.dismiss()` on an `@Environment(\.presentationMode)` one, of the type or
    /// of a view it holds (`parent.presentationMode.wrappedValue.dismiss()` in a representable's coordinator).
    static func isDismiss(_ call: FunctionCallExprSyntax, in type: TypeDecl, index: SwiftSourceIndex) -> Bool {
        let name = call.calledName
        let receiver = call.receiverText?.replacingSelf
        if name == "dismiss", let receiver, isPresentedController(receiver, dismissedBy: call) { return true }
        if name == "dismiss", let receiver, receiver.hasSuffix(".wrappedValue") {
            var path = receiver.dropLast(".wrappedValue".count).split(separator: ".").map(String.init)
            guard let property = path.popLast(), path.count <= 1 else { return false }
            var holder: TypeDecl? = type
            if let step = path.first {
                holder = type.properties[step]?.heldTypeName.flatMap { index.type(named: $0, from: type) }
            }
            return holder.map { environmentKey(of: property, in: $0) == "presentationMode" } ?? false
        }
        let action: String?
        if receiver == nil, let name {
            action = name  // `dismiss()`, `close()`
        } else if name == "callAsFunction" {
            action = receiver  // `dismiss.callAsFunction()`
        } else {
            action = nil
        }
        guard let action else { return false }
        return environmentKey(of: action, in: type) == "dismiss"
    }

    /// Whether `receiver` is the UIKit controller a delegate method is handed (`func picker(_ picker:
    /// PHPickerViewController, didFinishPicking:)`) and `call` dismisses it (`picker.dismiss(animated: true)`):
    /// the controller a representable wraps, so the presentation SwiftUI shows it in closes.
    private static func isPresentedController(_ receiver: String, dismissedBy call: FunctionCallExprSyntax) -> Bool {
        guard call.argument("animated") != nil, !receiver.contains("."),
            let parameters = call.enclosingFunction?.signature.parameterClause.parameters
        else { return false }
        return parameters.contains { parameter in
            (parameter.secondName ?? parameter.firstName).text == receiver
                && parameter.type.trimmedText.hasSuffix("Controller")
        }
    }

    /// A presentation by a flag in one member's code: `.sheet(isPresented: $flag) { content }`, its flag as
    /// written (`adds`), where its content is, the view it shows (``presentedView(_:)``), and the app's views
    /// the content makes, each with the labels of the arguments it is given `$flag` by.
    struct FlagPresentation {
        var flag: String
        var content: Range<AbsolutePosition>
        /// The whole presenter call, its `onDismiss:` closure included.
        var call: Range<AbsolutePosition>
        var shown: String?
        var views: [(name: String, labels: [String])]
    }

    /// The presentations by a flag in `member`'s code (``FlagPresentation``); none at once in code that calls
    /// no presenter.
    static func flagPresentations(in member: MemberCode) -> [FlagPresentation] {
        guard member.calledNames.contains(where: { $0.map(presenters.contains) == true }) else { return [] }
        let sites = Array(member.sites)
        var found: [FlagPresentation] = []
        for site in sites where site.name.map(presenters.contains) == true {
            guard let bound = site.call.argument("isPresented")?.trimmedText, bound.hasPrefix("$") else { continue }
            // The content only: a flag set back in `onDismiss:` closes nothing, the sheet being gone already.
            let content = site.call.trailingClosure ?? site.call.argument("content")?.as(ClosureExprSyntax.self)
            if let content {
                let range = content.position..<content.endPosition
                let views = sites.filter { range.contains($0.call.position) }.compactMap {
                    made -> (name: String, labels: [String])? in
                    guard let view = made.name, view.first?.isUppercase == true else { return nil }
                    let labels = made.call.arguments.filter { $0.expression.trimmedText == bound }.compactMap {
                        $0.label?.text
                    }
                    return (view, labels)
                }
                found.append(
                    FlagPresentation(
                        flag: String(bound.dropFirst()), content: range,
                        call: site.call.position..<site.call.endPosition, shown: presentedView(site.call),
                        views: views))
            }
        }
        return found
    }

    /// The `@Binding` properties that show the view holding them, as `View.property`: a view made in the
    /// content of `.sheet(isPresented: $flag)`, `.fullScreenCover` or `.popover` and given that `$flag`
    /// (`NewHiveForm(isPresented: $addsHive)`), among `presentations`. Setting one to `false` dismisses the view.
    static func presentingBindings(in presentations: [FlagPresentation]) -> Set<String> {
        var found: Set<String> = []
        for presentation in presentations {
            for view in presentation.views {
                for label in view.labels { found.insert(view.name + "." + label) }
            }
        }
        return found
    }

    /// Whether `assignment` in `type` sets to `false` one of its `@Binding` properties that show it
    /// (``presentingBindings(in:)``): `isPresented = false` in the sheet `isPresented` shows.
    static func isFlagDismiss(_ assignment: Assignment, in type: TypeDecl, bindings: Set<String>) -> Bool {
        guard assignment.value.trimmedText == "false" else { return false }
        let property = assignment.target.trimmedText.replacingSelf
        return bindings.contains(type.name + "." + property)
            && type.properties[property]?.attributes.contains("Binding") == true
    }

    /// The key an `@Environment(\.key)` property of `type` reads, if the property is one.
    static func environmentKey(of property: String, in type: TypeDecl) -> String? {
        guard let declared = type.properties[property], declared.attributes.contains("Environment"),
            let text = declared.node.parent?.parent?.trimmedText,
            let slash = text.range(of: "\\.")
        else { return nil }
        let key = text[slash.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return String(key)
    }

    /// Path changes on a SwiftUI stack's path (`path.append(.detail)`, `router.path.removeLast()`), and the
    /// app's own methods on the path's holder that make them (`router.navigate(to: .detail)`,
    /// `router.popToRoot()`).
    func addCallEdges(
        _ call: FunctionCallExprSyntax, named name: String, receiver: String?, in type: TypeDecl, file: ParsedFile,
        text: QuotedCall, location: NavigationMap.Location, in recognizer: inout NavigationRecognizer
    ) {
        guard let receiverText = receiver?.replacingSelf else { return }
        if let stack = recognizer.routesStack(receiverText, in: type), recognizer.stacks[stack].library == library {
            guard Self.pathMethods.contains(name) else { return }
            // A router's own method (`func navigate(to route: Route) { path.append(route) }`) is followed
            // where it is called.
            if Self.isWrapperBody(call, holder: recognizer.stacks[stack].holder, in: type) { return }
            for origin in origins(of: call, stack: stack, in: type, file: file, text: text, in: &recognizer) {
                addPathEdge(
                    call, named: name, stack: stack, origin: origin, text: text, location: location,
                    in: &recognizer)
            }
            return
        }
        guard let (holder, function, first) = Self.pathWrapper(receiverText, calling: name, in: type, recognizer),
            recognizer.stacks[first].library == library
        else { return }
        for stack in Self.stacks(drawing: type, among: first, recognizer) {
            if !function.signature.parameterClause.parameters.isEmpty,
                recognizer.inlineWrapper(call, function: function, stack: stack, in: type, file: file)
            {
                continue
            }
            if followAppends(
                call, function: function, holder: holder, stack: stack, in: type, file: file, text: text,
                in: &recognizer)
            {
                continue
            }
            if let back = Self.backChange(of: function, routes: recognizer.stacks[stack].routesProperty ?? "") {
                let to = back.toRoot ? recognizer.stacks[stack].rootScreen : nil
                for origin in origins(of: call, stack: stack, in: type, file: file, text: text, in: &recognizer) {
                    recognizer.addBack(
                        origin, call: "\(holder.name).\(name)(\(call.argumentsText)) → \(back.call)", to: to,
                        style: .back, text: text, location: location)
                }
                continue
            }
            recognizer.unfollowed(
                location,
                "\(text): \(holder.name).\(name)(…) changes the path with the values it is given in a way the "
                    + "scanner cannot follow (it follows appends in sequence, or a switch on a parameter)")
            return
        }
    }

    /// Follows a router method that appends to the path anywhere in its body (`func navigateTo(_ d:
    /// Destination) { performOnMainThread { self.path.append(d) } }`): a push for each value appended, the
    /// call's argument for a parameter. Returns `false` when the method appends nothing.
    private func followAppends(
        _ call: FunctionCallExprSyntax, function: FunctionDeclSyntax, holder: TypeDecl, stack: Int,
        in type: TypeDecl, file: ParsedFile, text: QuotedCall, in recognizer: inout NavigationRecognizer
    ) -> Bool {
        let routes = recognizer.stacks[stack].routesProperty ?? ""
        let appended = CallCollector.calls(in: function).filter {
            $0.calledName == "append" && $0.receiverText?.replacingSelf == routes
        }.compactMap(\.firstUnlabeled)
        guard !appended.isEmpty else { return false }
        let bound = NavigationRecognizer.boundArguments(of: call, to: function)
        let location = file.location(of: call)
        for origin in origins(of: call, stack: stack, in: type, file: file, text: text, in: &recognizer) {
            for value in appended {
                let name = value.as(DeclReferenceExprSyntax.self)?.baseName.text
                guard let screen = name.map({ bound[$0] }) ?? value else {
                    recognizer.unfollowed(
                        location,
                        "\(text): \(holder.name).\(call.calledName ?? "")(…) appends '\(value.trimmedText)', "
                            + "known only when the app runs")
                    continue
                }
                recognizer.addEdge(
                    from: origin, value: screen, style: .push, withNavigation: false, call: text.value,
                    location: location,
                    stack: stack)
            }
        }
        return true
    }

    /// Whether a path change is written in a method of the path's holder (not a view) that other code calls,
    /// so it is drawn at those calls.
    static func isWrapperBody(_ node: some SyntaxProtocol, holder: TypeDecl?, in type: TypeDecl) -> Bool {
        guard let holder, holder === type, !type.isView else { return false }
        return node.enclosingFunction != nil
    }

    /// The screens a path change in `type` runs on; none found is said at the call.
    private func origins(
        of call: FunctionCallExprSyntax, stack: Int, in type: TypeDecl, file: ParsedFile, text: QuotedCall,
        in recognizer: inout NavigationRecognizer
    ) -> [String] {
        let found = recognizer.origins(of: call, stack: stack, in: type, file: file)
        if found.isEmpty {
            recognizer.unfollowed(
                file.location(of: call),
                "\(text): no screen of \(recognizer.stacks[stack].owner.name)'s NavigationStack is drawn by "
                    + "\(type.name) or a view holding it, so which screen changes the path is unknown")
        }
        return found
    }

    /// One path change from a screen: a push of the appended value, or a pop (to the root for `removeAll`).
    private func addPathEdge(
        _ call: FunctionCallExprSyntax, named name: String, stack: Int, origin: String, text: QuotedCall,
        location: NavigationMap.Location, in recognizer: inout NavigationRecognizer
    ) {
        switch name {
        case "append":
            guard let value = call.firstUnlabeled else { return }
            recognizer.addEdge(
                from: origin, value: value, style: .push, withNavigation: false, call: text.value, location: location,
                stack: stack)
        case "removeAll":
            recognizer.addBack(
                origin, call: "path.removeAll()", to: recognizer.stacks[stack].rootScreen, style: .back, text: text,
                location: location)
        case "removeLast" where call.receiverText.map({ Self.removesAll(call, of: $0.replacingSelf) }) ?? false:
            recognizer.addBack(
                origin, call: "path.removeLast(path.count)", to: recognizer.stacks[stack].rootScreen, style: .back,
                text: text, location: location)
        default:
            recognizer.addBack(
                origin, call: "path.\(name)(\(call.argumentsText))", to: nil, style: .back, text: text,
                location: location)
        }
    }

    /// `path = []` or `path = NavigationPath()` goes back to the root; `path = [.a, .b]` shows the values.
    func addRoutesAssignment(
        _ value: ExprSyntax, node: Syntax, stack: Int, in type: TypeDecl, file: ParsedFile,
        in recognizer: inout NavigationRecognizer
    ) {
        let location = file.location(of: node)
        let text = QuotedCall(text: node.quotedText(160))
        if Self.isWrapperBody(node, holder: recognizer.stacks[stack].holder, in: type) {
            return  // a router's own method, drawn where it is called
        }
        let origins = recognizer.origins(of: node, stack: stack, in: type, file: file)
        if Self.isEmptyPath(value) {
            for origin in origins {
                recognizer.addBack(
                    origin, call: "path = []", to: recognizer.stacks[stack].rootScreen, style: .back, text: text,
                    location: location)
            }
            return
        }
        guard let array = value.as(ArrayExprSyntax.self) else {
            recognizer.unfollowed(location, "\(text): the path assigned is known only when the app runs")
            return
        }
        for origin in origins {
            for element in array.elements {
                recognizer.addEdge(
                    from: origin, value: element.expression, style: .replace, withNavigation: false, call: text.value,
                    location: location, stack: stack)
            }
        }
    }

    /// `[]`, `.init()` or `NavigationPath()`.
    static func isEmptyPath(_ value: ExprSyntax) -> Bool {
        let text = value.trimmedText
        return text == "[]" || text == ".init()" || text == "NavigationPath()"
    }

    /// The type holding a SwiftUI stack's path when `receiver` is one (`router` typed `Router`, or read with
    /// `@Environment(Router.self)`), and its function `name` that changes the path.
    static func pathWrapper(
        _ receiver: String, calling name: String, in type: TypeDecl, _ recognizer: NavigationRecognizer
    ) -> (holder: TypeDecl, function: FunctionDeclSyntax, stack: Int)? {
        let property = receiver.lastDotPart
        var holder = type.properties[property]?.heldTypeName.flatMap { recognizer.index.type(named: $0, from: type) }
        if holder == nil, property.lowercased().contains("router") {
            // A router reached through a protocol or a shared instance (`self.router.popBackStack()` in a
            // store): the one path holder that has the method, looked up by the method's name (going through
            // every stack for each call made scanning thousands of stacks quadratic).
            holder = recognizer.pathHoldersByFunction[name] ?? nil
        }
        guard let holder,
            let stack = recognizer.stacksHeld[ObjectIdentifier(holder)]?.first(where: {
                recognizer.stacks[$0].library == .swiftUI
            }),
            let routes = recognizer.stacks[stack].routesProperty
        else { return nil }
        func namesPath(_ text: String) -> Bool { text.replacingSelf == routes }
        for function in holder.functions where function.decl.name.text == name {
            if CallCollector.calls(in: function.decl).contains(where: { namesPath($0.receiverText ?? "") })
                || AssignmentCollector.assignments(in: function.decl).contains(where: {
                    namesPath($0.target.trimmedText)
                })
            {
                return (holder, function.decl, stack)
            }
        }
        return nil
    }

    /// What a wrapper's body does to the path when it only goes back: `path.removeLast()` (one screen),
    /// `path.removeAll()`, `path.removeLast(path.count)` or `path = []` (to the root).
    static func backChange(of function: FunctionDeclSyntax, routes: String) -> (call: String, toRoot: Bool)? {
        for call in CallCollector.calls(in: function) where call.receiverText?.replacingSelf == routes {
            switch call.calledName {
            case "removeAll": return ("path.removeAll()", true)
            case "removeLast" where removesAll(call, of: routes): return ("path.removeLast(path.count)", true)
            case "removeLast": return ("path.removeLast(\(call.argumentsText))", false)
            default: continue
            }
        }
        for assignment in AssignmentCollector.assignments(in: function)
        where assignment.target.trimmedText.replacingSelf == routes && isEmptyPath(assignment.value) {
            return ("path = []", true)
        }
        return nil
    }

    /// The stacks whose path a call in `type` changes, when several stacks' paths are held by objects of one
    /// router type (a `TabView` of `NavigationStack(path: $homeRouter.path)`, `$cartRouter.path`…): each of the
    /// stacks held as `found` is that `type` draws a screen of (a screen several tabs show is in each), in
    /// order; `[found]` when it draws none.
    static func stacks(drawing type: TypeDecl, among found: Int, _ recognizer: NavigationRecognizer) -> [Int] {
        guard let holder = recognizer.stacks[found].holder else { return [found] }
        var drawn: [Int] = []
        for (stack, _) in recognizer.viewScreens[ObjectIdentifier(type), default: []]
        where !drawn.contains(stack) && recognizer.stacks[stack].holder === holder
            && recognizer.stacks[stack].library == .swiftUI
        {
            drawn.append(stack)
        }
        return drawn.isEmpty ? [found] : drawn
    }

    /// Whether a `removeLast` call removes as many values as the path holds: `path.removeLast(path.count)`.
    static func removesAll(_ call: FunctionCallExprSyntax, of routes: String) -> Bool {
        call.arguments.count == 1 && call.arguments.first?.expression.trimmedText.replacingSelf == routes + ".count"
    }

    /// Links, flag and item destinations, presenters showing the app's views, dismisses, and path changes
    /// on a SwiftUI stack's path or through its holder's methods; only in an app with SwiftUI stacks.
    func isNavigationCall(
        _ call: FunctionCallExprSyntax, named name: String, in type: TypeDecl, recognizer: NavigationRecognizer
    ) -> Bool {
        guard recognizer.stackLibraries.contains(library) else { return false }
        if name == "NavigationLink" { return call.calledExpression.is(DeclReferenceExprSyntax.self) }
        if shownView(call, in: type) != nil { return true }
        if Self.isDismiss(call, in: type, index: recognizer.index) { return true }
        guard let receiver = call.receiverText?.replacingSelf else { return false }
        if let stack = recognizer.routesStack(receiver, in: type), recognizer.stacks[stack].library == library {
            return Self.pathMethods.contains(name)
                && !Self.isWrapperBody(call, holder: recognizer.stacks[stack].holder, in: type)
        }
        return Self.pathWrapper(receiver, calling: name, in: type, recognizer) != nil
    }

    /// None: a SwiftUI plan plays the map's edges at its calls (``NavigationRecognizer/swiftUIChange(_:in:)``).
    func isPlanAction(_ call: FunctionCallExprSyntax, in type: TypeDecl) -> Bool { false }
}
