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
                        guard let property = holder?.properties[step], let typeName = property.type else {
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
            stacks.append(stack)
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
        private func destinationViews(_ call: FunctionCallExprSyntax) -> [(screen: String, view: String?)] {
            guard let closure = call.closures.last else { return [] }
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
                        let view = caseSyntax.statements.constructedTypeNames.first
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
                        let view = current.body.statements.constructedTypeNames.first
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
            return [("*", closure.statements.constructedTypeNames.first)]
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
            let rootName = stack.rootView ?? stack.owner.name
            stack.rootScreen = addScreen(
                &stack, name: rootName, view: stack.rootView, isRoot: true,
                location: stack.call.closures.first.map { stack.file.location(of: $0) } ?? location)
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
                    let views = destinations.filter { $0.type == typeName }.flatMap { destinationViews($0.call) }
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
                        // Plain views a screen's view is made of (e.g. a child coordinator's switch) count as it.
                        for member in type.members where Self.isBody(member.decl) {
                            for call in CallCollector.calls(in: member.decl) {
                                if let name = call.calledName, name.first?.isUppercase == true,
                                    call.calledExpression.is(DeclReferenceExprSyntax.self),
                                    let shownType = index.type(
                                        named: name, from: type, preferringFile: member.file.path),
                                    shownType.isView, stacks.contains(where: { $0.owner === shownType })
                                {
                                    queue.append((name, screen, type))
                                }
                            }
                        }
                    }
                }
            }
        }

        static func isBody(_ decl: DeclSyntax) -> Bool {
            decl.as(VariableDeclSyntax.self)?.bindings.contains {
                $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
            } ?? false
        }

        /// The view a call shows in a view library: `View2` for `router.showScreen(.push) { _ in View2() }` or
        /// `PushView(destination: Child())`, `navigationStack.push(Child())`.
        func shownView(_ call: FunctionCallExprSyntax, library: Library) -> String? {
            switch (library, call.calledName) {
            case (.swiftfulRouting, "showScreen"):
                return call.closures.last?.statements.constructedTypeNames.first
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
