#if canImport(SwiftParser) && canImport(SwiftSyntax) && canImport(SwiftParserDiagnostics)
    import FlowModel
    internal import SwiftSyntax

    /// A stack found in the source while scanning: a FlowStack, a SwiftfulRouting `RouterView` or a
    /// swiftui-navigation-stack `NavigationStackView`.
    struct FoundStack {
        var id: String
        var library: Library
        var owner: TypeDecl
        var file: ParsedFile
        var call: FunctionCallExprSyntax
        var withNavigation: Bool
        /// The type and property holding the routes it binds (`$routes`, `$viewModel.routes`), if any.
        var holder: TypeDecl?
        var routesProperty: String?
        /// The routes' type as written, e.g. `Routes<Screen>`, `FlowPath`.
        var routesType: String?
        /// The screen type of typed routes, e.g. `Screen` or `Int`; `nil` for a FlowPath or no binding.
        var screenType: String?
        var rootView: String?
        var rootScreen: String = ""
        /// Screen ids by name.
        var screens: [String: String] = [:]
        /// The enum of screens, when the screen type is one declared in the source.
        var screenEnum: TypeDecl?
        /// Whether it binds routes of its own (a child that owns its routes).
        var ownsRoutes: Bool { routesProperty != nil }
        /// FlowStacks before 1.0: `Router($routes) { screen, _ in … }`, whose routes start with their root,
        /// `.root(.splash, embedInNavigationView: true)`; its closure builds every screen, the root's too.
        var isLegacyRouter = false
        /// A legacy router's root case, from the `.root(…)` route its routes start with (`splash`).
        var rootCase: String?
    }

    /// Finds the navigation in parsed Swift files: stacks, screens, the calls between them, plans and problems.
    struct NavigationRecognizer {
        let index: SwiftSourceIndex
        var map = NavigationMap()
        var plans: [ScannedPlan] = []
        var stacks: [FoundStack] = []
        /// Screen ids (with their stack index) by the qualified name of the view type that draws them.
        var viewScreens: [ObjectIdentifier: [(stack: Int, screen: String)]] = [:]
        /// `flowDestination(for: T.self)` calls: the type, the call, and the file.
        var destinations: [(type: String, call: FunctionCallExprSyntax, file: ParsedFile, owner: TypeDecl)] = []
        /// Functions reached from an `.onOpenURL` handler, by the qualified name of their type.
        var deepLinkFunctions: [ObjectIdentifier: Set<String>] = [:]
        var entryLocations: [ObjectIdentifier: NavigationMap.Location] = [:]
        /// Screens whose view is another stack's owner that binds its own routes: (stack, screen) → child stack.
        var childStacks: [String: Int] = [:]
        /// Navigator calls typed with another (parent) stack's screens: the call, its type and file, the stack.
        /// The problems already listed, so each is listed once.
        var listedProblems: Set<NavigationMap.Problem> = []
        /// Functions by name, for following a screen built by a function.
        var functionsByName: [String: [FunctionDeclSyntax]] = [:]
        /// Screen indices in ``map`` by id.
        var screenIndices: [String: Int] = [:]
        var parentPushes: [(call: FunctionCallExprSyntax, type: TypeDecl, file: ParsedFile, stack: Int)] = []
        /// The views holding a property of each type, by the type's name (`ContentViewModel` → `ContentView`),
        /// made the first time a view model's call needs them.
        var viewsHolding: [String: [TypeDecl]]?

        init(index: SwiftSourceIndex) { self.index = index }

        consuming func scan() -> SourceScan {
            for type in index.types {
                for function in type.functions {
                    functionsByName[function.decl.name.text, default: []].append(function.decl)
                }
            }
            findStacks()
            findDestinations()
            for stack in stacks.indices { buildScreens(stack) }
            findMembership()
            findDeepLinkHandlers()
            findEdges()
            findPlans()
            findProblems()
            map.problems.sort { $0.location < $1.location }
            plans.sort { $0.location < $1.location }
            // Private types of one name in several files: their plans are told apart by file name.
            let names = plans.map(\.name)
            for index in plans.indices where names.filter({ $0 == plans[index].name }).count > 1 {
                let file = plans[index].location.file.split(separator: "/").last.map(String.init) ?? ""
                plans[index].name =
                    (file.hasSuffix(".swift") ? String(file.dropLast(6)) : file) + "." + plans[index].name
            }
            return SourceScan(map: map, plans: plans)
        }

        // MARK: - Stacks

        private mutating func findStacks() {
            for type in index.types {
                for member in type.members {
                    for call in CallCollector.calls(in: member.decl) {
                        guard let name = call.calledName,
                            call.calledExpression.is(DeclReferenceExprSyntax.self)
                                || call.calledExpression.is(GenericSpecializationExprSyntax.self)
                        else { continue }
                        let library: Library
                        switch name {
                        case "FlowStack": library = .flowStacks
                        case "RouterView": library = .swiftfulRouting
                        case "NavigationStackView": library = .navigationStack
                        case "Router" where Self.isLegacyRouter(call): library = .flowStacks
                        default: continue
                        }
                        addStack(call, library: library, owner: type, file: member.file)
                    }
                }
            }
        }

        private mutating func addStack(
            _ call: FunctionCallExprSyntax, library: Library, owner: TypeDecl, file: ParsedFile
        ) {
            let id = "c\(stacks.count)"
            var stack = FoundStack(
                id: id, library: library, owner: owner, file: file, call: call, withNavigation: library != .flowStacks)
            if library == .flowStacks {
                if let flag = call.argument("withNavigation")?.trimmedDescription {
                    stack.withNavigation = flag == "true"
                }
                if let binding = call.firstUnlabeled?.trimmedDescription, binding.hasPrefix("$") {
                    let path = binding.dropFirst().split(separator: ".").map(String.init)
                    var holder: TypeDecl? = owner
                    for step in path.dropLast() {
                        guard let property = holder?.properties[step],
                            let typeName = property.type ?? property.initializer?.constructedTypeName
                        else {
                            holder = nil
                            break
                        }
                        holder = index.type(named: typeName, from: holder)
                    }
                    stack.holder = holder
                    stack.routesProperty = path.last
                    let property = holder?.properties[path.last ?? ""]
                    stack.routesType = property?.type ?? property?.initializer?.constructedTypeName
                    if let routesType = stack.routesType, !routesType.contains("FlowPath") {
                        stack.screenType = routesType.genericArgument
                    }
                }
            } else if library == .swiftfulRouting {
                if let flag = call.argument("addNavigationStack")?.trimmedDescription
                    ?? call.argument("addNavigationView")?.trimmedDescription
                {
                    stack.withNavigation = flag != "false"
                }
            }
            let content = call.closures.first.map { Array($0.statements.constructedTypeNames) } ?? []
            stack.rootView = content.first
            if library == .flowStacks, call.calledName == "Router" {
                stack.isLegacyRouter = true
                stack.rootView = nil
                // Its routes start with `.root(screen, embedInNavigationView:)`: found where the routes are
                // declared or assigned, else anywhere in the type that makes the router.
                let root =
                    stack.holder.flatMap { holder in
                        holder.properties[stack.routesProperty ?? ""]?.initializer.flatMap(Self.rootRoute)
                            ?? Self.rootRoute(in: holder)
                    } ?? Self.rootRoute(in: owner)
                if let root {
                    stack.rootCase = root.screen.map { Self.caseName(inPattern: $0.trimmedDescription) } ?? nil
                    stack.withNavigation = root.call.argument("embedInNavigationView")?.trimmedDescription == "true"
                }
                if let screenType = stack.screenType {
                    destinations.append((screenType, call, file, owner))
                }
            }
            stacks.append(stack)
        }

        /// Whether a call named `Router` is FlowStacks' router from before 1.0: `Router($routes) { screen, index
        /// in … }`, a binding and a closure of two parameters.
        static func isLegacyRouter(_ call: FunctionCallExprSyntax) -> Bool {
            guard call.firstUnlabeled?.trimmedDescription.hasPrefix("$") == true, let closure = call.closures.last
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
            for member in type.members {
                for call in CallCollector.calls(in: member.decl) where call.calledName == "root" {
                    guard call.calledExpression.as(MemberAccessExprSyntax.self)?.base == nil else { continue }
                    return (call, call.firstUnlabeled)
                }
            }
            return nil
        }

        private mutating func findDestinations() {
            for type in index.types {
                for member in type.members {
                    for call in CallCollector.calls(in: member.decl) where call.calledName == "flowDestination" {
                        guard let forType = call.argument("for")?.trimmedDescription, forType.hasSuffix(".self")
                        else { continue }
                        destinations.append((String(forType.dropLast(5)), call, member.file, type))
                    }
                }
            }
        }

        /// The view each case of a destination's closure makes: case name (or `*` for all) → view type.
        private func destinationViews(_ call: FunctionCallExprSyntax, owner: TypeDecl? = nil) -> [(
            screen: String, view: String?
        )] {
            guard let closure = call.closures.last else { return [] }
            /// The view a case's statements make: a view constructed there, or the one a property of the type
            /// holding the destinations makes (`case .general: contentView`).
            func view(_ statements: CodeBlockItemListSyntax) -> String? {
                if let made = statements.constructedTypeNames.first { return made }
                guard let owner, statements.count == 1, case .expr(let expression) = statements.first?.item,
                    let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
                    let property = owner.properties[name],
                    let accessor = property.node.as(PatternBindingSyntax.self)?.accessorBlock
                else { return nil }
                switch accessor.accessors {
                case .getter(let body): return body.constructedTypeNames.last
                case .accessors(let list):
                    return list.first { $0.accessorSpecifier.tokenKind == .keyword(.get) }?.body?.statements
                        .constructedTypeNames.last
                @unknown default: return nil
                }
            }
            var result: [(String, String?)] = []
            for item in closure.statements {
                var expression: ExprSyntax?
                if case .expr(let value) = item.item { expression = value }
                if case .stmt(let statement) = item.item,
                    let value = statement.as(ExpressionStmtSyntax.self)?.expression
                {
                    expression = value
                }
                if let switchExpression = expression?.as(SwitchExprSyntax.self) {
                    for switchCase in switchExpression.cases {
                        guard let caseSyntax = switchCase.as(SwitchCaseSyntax.self) else { continue }
                        let view = view(caseSyntax.statements)
                        switch caseSyntax.label {
                        case .default: result.append(("*", view))
                        case .case(let label):
                            for item in label.caseItems {
                                if let name = Self.caseName(inPattern: item.pattern.trimmedDescription) {
                                    result.append((name, view))
                                }
                            }
                        @unknown default: continue
                        }
                    }
                    return result
                }
                if let ifExpression = expression?.as(IfExprSyntax.self) {
                    var branch: IfExprSyntax? = ifExpression
                    while let current = branch {
                        let view = view(current.body.statements)
                        for condition in current.conditions {
                            if case .matchingPattern(let matching) = condition.condition,
                                let name = Self.caseName(inPattern: matching.pattern.trimmedDescription)
                            {
                                result.append((name, view))
                            }
                        }
                        if case .ifExpr(let next) = current.elseBody { branch = next } else { branch = nil }
                    }
                    return result
                }
            }
            return [("*", view(closure.statements))]
        }

        /// The case a pattern matches: `number` for `let .number(n)` or `.number(let n)`.
        static func caseName(inPattern pattern: String) -> String? {
            guard let dot = pattern.firstIndex(of: ".") else { return nil }
            let name = pattern[pattern.index(after: dot)...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return name.isEmpty ? nil : String(name)
        }

        private mutating func buildScreens(_ index: Int) {
            var stack = stacks[index]
            let location = stack.file.location(of: stack.call)
            map.coordinators.append(
                NavigationMap.Coordinator(
                    id: stack.id, owner: stack.owner.qualifiedName, library: stack.library,
                    withNavigation: stack.withNavigation,
                    routes: stack.routesProperty.map { "$\($0): \(stack.routesType ?? "?")" }
                        ?? (stack.library == .flowStacks ? "no binding" : "its own"),
                    location: location))
            if stack.isLegacyRouter, let rootCase = stack.rootCase {
                // The root is the screen its routes start with, drawn by the router's own closure.
                let view = destinationViews(stack.call, owner: stack.owner).first {
                    $0.screen == rootCase || $0.screen == "*"
                }?.view
                stack.rootView = view
                stack.rootScreen = addScreen(&stack, name: rootCase, view: view, isRoot: true, location: location)
            } else {
                let rootName = stack.rootView ?? stack.owner.name
                stack.rootScreen = addScreen(
                    &stack, name: rootName, view: stack.rootView, isRoot: true,
                    location: stack.call.closures.first.map { stack.file.location(of: $0) } ?? location)
            }
            if stack.library == .flowStacks {
                var types: [String] = []
                if let screenType = stack.screenType {
                    types = [screenType]
                } else {
                    // A FlowPath (or no binding): the types whose destinations are declared inside this stack or
                    // in the views it shows first.
                    types = destinations.filter { isInside($0.call, stack: stack) }.map(\.type)
                }
                for typeName in types {
                    let enumType = self.index.type(named: typeName, from: stack.owner)
                    let views = destinations.filter { $0.type == typeName }.flatMap {
                        destinationViews($0.call, owner: $0.owner)
                    }
                    if let enumType, !enumType.cases.isEmpty {
                        if stack.screenType != nil { stack.screenEnum = enumType }
                        for enumCase in enumType.cases {
                            let view = views.first { $0.screen == enumCase.name || $0.screen == "*" }?.view
                            _ = addScreen(
                                &stack, name: enumCase.name, view: view, isRoot: false,
                                location: enumCase.file.location(of: enumCase.node))
                        }
                    } else {
                        let declared = enumType.map { $0.file.location(of: $0.nameNode) } ?? location
                        _ = addScreen(
                            &stack, name: typeName, view: views.first?.view, isRoot: false, location: declared)
                    }
                }
            }
            stacks[index] = stack
        }

        private func isInside(_ call: FunctionCallExprSyntax, stack: FoundStack) -> Bool {
            var node: Syntax? = Syntax(call)
            while let current = node {
                if current.id == stack.call.id { return true }
                node = current.parent
            }
            if let rootView = stack.rootView, let rootType = index.type(named: rootView, from: stack.owner) {
                return rootType.members.contains { member in
                    var node: Syntax? = Syntax(call)
                    while let current = node {
                        if current.id == member.decl.id { return true }
                        node = current.parent
                    }
                    return false
                }
            }
            return false
        }

        @discardableResult
        private mutating func addScreen(
            _ stack: inout FoundStack, name: String, view: String?, isRoot: Bool, location: NavigationMap.Location
        ) -> String {
            if let existing = stack.screens[name], !isRoot { return existing }
            let id = "\(stack.id).\(isRoot ? "root" : name)"
            stack.screens[name] = id
            screenIndices[id] = map.screens.count
            map.screens.append(
                NavigationMap.Screen(
                    id: id, name: name, view: view, coordinator: stack.id, isRoot: isRoot, location: location))
            return id
        }

        // MARK: - Which views draw which screens

        private mutating func findMembership() {
            for stackIndex in stacks.indices {
                var queue: [(view: String, screen: String, from: TypeDecl)] = []
                for screen in map.screens where screen.coordinator == stacks[stackIndex].id {
                    if let view = screen.view { queue.append((view, screen.id, stacks[stackIndex].owner)) }
                }
                var seen: Set<String> = []
                while !queue.isEmpty {
                    let (view, screen, context) = queue.removeFirst()
                    guard let type = index.type(named: view, from: context, preferringFile: context.file.path),
                        seen.insert("\(ObjectIdentifier(type).hashValue)|" + screen).inserted
                    else { continue }
                    viewScreens[ObjectIdentifier(type), default: []].append((stackIndex, screen))
                    // A child coordinator: a screen whose view makes a FlowStack that binds its own routes.
                    if let child = stacks.firstIndex(where: { $0.owner === type && $0.library == .flowStacks }),
                        child != stackIndex, stacks[stackIndex].library == .flowStacks
                    {
                        childStacks[screen] = child
                    }
                    // View libraries: the views pushed or shown from this view are screens of the same stack.
                    if stacks[stackIndex].library != .flowStacks {
                        for member in type.members {
                            for call in CallCollector.calls(in: member.decl) {
                                guard let shown = shownView(call, library: stacks[stackIndex].library) else { continue }
                                let location = member.file.location(of: call)
                                var stack = stacks[stackIndex]
                                let id = addScreen(&stack, name: shown, view: shown, isRoot: false, location: location)
                                stacks[stackIndex] = stack
                                queue.append((shown, id, type))
                            }
                        }
                    } else {
                        // Plain views a screen's view is made of count as it: a child coordinator's switch, and
                        // views placed in its body (a tab, a row) whose calls run on that screen. Views built
                        // in a destination closure are other screens, and a screen's own view stays its own.
                        let screenViews = Set(map.screens.compactMap(\.view))
                        for member in type.members where Self.isBody(member.decl) {
                            for call in CallCollector.calls(in: member.decl) {
                                guard let name = call.calledName, name.first?.isUppercase == true,
                                    call.calledExpression.is(DeclReferenceExprSyntax.self),
                                    let shownType = index.type(
                                        named: name, from: type, preferringFile: member.file.path),
                                    shownType.isView
                                else { continue }
                                let isOwner = stacks.contains { $0.owner === shownType }
                                if isOwner
                                    || (!screenViews.contains(name)
                                        && !Self.isInDestinationClosure(call, within: member.decl))
                                {
                                    queue.append((name, screen, type))
                                }
                            }
                        }
                    }
                }
            }
        }

        /// Calls whose closures (or `destination:` argument) build the views of other screens.
        static let destinationBuilders: Set<String> = [
            "flowDestination", "Router", "FlowStack", "showScreen", "AnyDestination", "sheet", "fullScreenCover",
            "navigationDestination", "popover", "NavigationLink", "FlowLink", "PushView", "RouterView",
            "NavigationStackView",
        ]

        /// Whether `call` is inside a closure or `destination:` argument of a call that builds other screens,
        /// below `decl`.
        static func isInDestinationClosure(_ call: FunctionCallExprSyntax, within decl: DeclSyntax) -> Bool {
            var node = call.parent
            while let current = node, current.id != decl.id {
                if let owner = current.as(FunctionCallExprSyntax.self), let name = owner.calledName,
                    destinationBuilders.contains(name), Syntax(owner.calledExpression).id != Syntax(call).id
                {
                    return true
                }
                node = current.parent
            }
            return false
        }

        static func isBody(_ decl: DeclSyntax) -> Bool {
            decl.as(VariableDeclSyntax.self)?.bindings.contains {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
            } ?? false
        }

        /// What a SwiftfulRouting `showScreen` call shows: the closure that builds the screen and the segue
        /// it is shown with, from the call itself (`showScreen(.sheet) { _ in Profile() }`) or from the
        /// `AnyDestination` it is given, inline or as a constant declared before the call in the same block
        /// (`let destination = AnyDestination(segue: .push, destination: { router in Profile() })` then
        /// `router.showScreen(destination)`); `nil` when the destination comes from elsewhere.
        static func swiftfulDestination(_ call: FunctionCallExprSyntax) -> (
            closure: ClosureExprSyntax?, segue: ExprSyntax?
        )? {
            if let closure = call.closures.last {
                return (closure, call.firstUnlabeled ?? call.argument("segue"))
            }
            var value = call.firstUnlabeled ?? call.argument("destination")
            if let reference = value?.as(DeclReferenceExprSyntax.self) {
                value = localConstant(named: reference.baseName.text, before: Syntax(call))
            }
            guard let destination = value?.as(FunctionCallExprSyntax.self),
                destination.calledName == "AnyDestination"
            else { return nil }
            return (destination.closures.last, destination.argument("segue"))
        }

        /// The value of the last `let NAME = …` declared before `node` in a block around it.
        static func localConstant(named name: String, before node: Syntax) -> ExprSyntax? {
            var child = node
            var current = node.parent
            while let block = current {
                if let items = block.as(CodeBlockItemListSyntax.self) {
                    var found: ExprSyntax?
                    for item in items {
                        if item.position >= child.position { break }
                        guard let declaration = item.item.as(VariableDeclSyntax.self),
                            declaration.bindingSpecifier.tokenKind == .keyword(.let)
                        else { continue }
                        for binding in declaration.bindings
                        where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                            found = binding.initializer?.value
                        }
                    }
                    if let found { return found }
                }
                child = block
                current = block.parent
            }
            return nil
        }

        /// The view a call shows in a view library: `View2` for `router.showScreen(.push) { _ in View2() }` or
        /// `PushView(destination: Child())`, `navigationStack.push(Child())`.
        func shownView(_ call: FunctionCallExprSyntax, library: Library) -> String? {
            switch (library, call.calledName) {
            case (.swiftfulRouting, "showScreen"):
                return Self.swiftfulDestination(call)?.closure?.statements.constructedTypeNames.first
            case (.navigationStack, "PushView"):
                return call.argument("destination")?.constructedTypeName
            case (.navigationStack, "push"):
                guard call.receiverText?.hasSuffix("navigationStack") == true else { return nil }
                return call.firstUnlabeled?.constructedTypeName
            default:
                return nil
            }
        }
    }

#endif
