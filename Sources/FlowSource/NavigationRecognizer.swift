import FlowModel
internal import SwiftSyntax

/// A stack found in the source while scanning: a FlowStack, a SwiftfulRouting `RouterView` or a
/// swiftui-navigation-stack `NavigationStackView`.
struct FoundStack {
    var id: String
    /// What the scanner knows of the stack's library.
    var source: any SourceLibrary
    /// The stack's library.
    var library: Library { source.library }
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
    var screens = ScreenIDs()
    /// The enum of screens, when the screen type is one declared in the source.
    var screenEnum: TypeDecl?
    /// Whether it binds routes of its own (a child that owns its routes).
    var ownsRoutes: Bool { routesProperty != nil }
    /// The root's case when the stack's routes start with their root and the call's own closure builds every
    /// screen, the root's too (FlowStacks before 1.0: `Router($routes) { screen, _ in … }` with routes
    /// starting `.root(.splash, embedInNavigationView: true)` gives `splash`).
    var rootCase: String?
}

/// Finds the navigation in parsed Swift files: stacks, screens, the calls between them, plans and problems.
struct NavigationRecognizer {
    let index: SwiftSourceIndex
    var map = NavigationMap()
    var plans: [ScannedPlan] = []
    var stacks: [FoundStack] = []
    /// Each stack's index in ``stacks`` by the id of the call that makes it.
    var stackIndexByCall: [SyntaxIdentifier: Int] = [:]
    /// The views of the map's screens, kept as screens are added.
    var screenViewNames: Set<String> = []
    /// The libraries of the stacks found.
    var stackLibraries: Set<Library> = []
    /// The stacks each type owns, by the type's identity, in order.
    var stacksOwned: [ObjectIdentifier: [Int]] = [:]
    /// The stacks each type holds the routes of (``FoundStack/holder``), by the type's identity, in order.
    var stacksHeld: [ObjectIdentifier: [Int]] = [:]
    /// The names of the stacks' routes properties (``FoundStack/routesProperty``), so text naming none of them
    /// is answered at once.
    var routesProperties: Set<String> = []
    /// The simple names of the types holding stacks' routes (``FoundStack/holder``).
    var holderNames: Set<String> = []
    /// For each function name, the one type holding a SwiftUI stack's path that has a function of that name
    /// (`nil` when several do), made once every stack is found (``SwiftUISource/pathWrapper(_:calling:in:_:)``'s
    /// fallback for a router reached through a protocol).
    var pathHoldersByFunction: [String: TypeDecl?] = [:]
    /// Each stack's index in ``stacks`` by its id (`c0`, `c1`…), the coordinator id of its screens.
    var stackIndexByID: [String: Int] = [:]
    /// The first stack of each screen key (``screenKey(of:)``), made the first time a navigator's type is
    /// looked up, once every stack is found.
    var stackOfScreenKey: [String: Int]?
    /// Screen ids (with their stack index) by the qualified name of the view type that draws them.
    var viewScreens: [ObjectIdentifier: [(stack: Int, screen: String)]] = [:]
    /// The (view, screen) pairs of ``viewScreens`` where the view is the screen's own or part of it (placed in
    /// its body), reached with no presentation of SwiftUI's own between them: `"\(type id)|\(screen)"`. A
    /// dismiss in such a view closes the screen.
    var ownViewScreens: Set<String> = []
    /// Every call of the app's code by the name it calls (``calls(named:)``), made the first time it is needed.
    var callsByName: [String: [(call: FunctionCallExprSyntax, type: TypeDecl, file: ParsedFile)]]?
    /// The functions ``callerScreens(of:in:stack:)`` is following the callers of, by type and name, so calls
    /// that lead back to one of them end.
    var followedCallers: Set<String> = []
    /// Calls that build the views of a type's values in routes (FlowStacks' `flowDestination(for: T.self)`):
    /// the type, the call, the file and the type the call is written in.
    /// `key` is the type's ``typeKey(_:from:)``, so same-named types of other scopes are told apart.
    var destinations: [(type: String, call: FunctionCallExprSyntax, file: ParsedFile, owner: TypeDecl, key: String)] =
        []
    /// The map's edges on SwiftUI's own stacks by where their call is written (``swiftUISiteKey(_:)``), made when
    /// plans are looked for: a scanned SwiftUI plan plays the calls the map placed.
    var swiftUISites: [String: Int] = [:]
    /// The app's files by the identity of their tree's root, made when plans are looked for: where a node is
    /// written (``file(holding:else:)``).
    var filesByRoot: [SyntaxIdentifier: ParsedFile] = [:]
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
    /// ``screensHolding(_:)`` of each type it was asked of, by the type's identity: it reads only what
    /// ``viewScreens`` and the views holding or making the type say, all known once membership is found.
    var screensHeld: [ObjectIdentifier: [(stack: Int, screen: String)]] = [:]
    /// The views whose code makes an instance of each type, by the type's name (`LessonRow` writes
    /// `LessonViewModel(router: router).start()` in a tap handler), made the first time they are needed.
    var viewsMaking: [String: [TypeDecl]]?
    /// The representable view each coordinator type belongs to, by the type's name: the view it is nested in,
    /// or whose `makeCoordinator()` makes it; made the first time it is needed.
    var representedBy: [String: TypeDecl]?
    /// The type whose code is being read for edges, so a library can follow a receiver's declared type.
    var currentType: TypeDecl?
    /// The views any call of a library shows as screens, made the first time a view's placed views are read.
    var shownAnywhere: Set<String>?
    /// Every `.onOpenURL { … }`: the call, its closure, the type and file it is written in.
    var deepLinkHandlers:
        [(call: FunctionCallExprSyntax, closure: ClosureExprSyntax, type: TypeDecl, file: ParsedFile)] =
            []
    /// Views of the app a screen's view shows with SwiftUI's own `.sheet`, `.fullScreenCover` or `.popover`
    /// (not a library's call, so not a screen of the stack): their calls run on that screen. `modifier` is
    /// where the modifier is written; `withNavigation`, whether its content wraps them in a navigation stack.
    var swiftUIPresented: [(type: TypeDecl, modifier: String, location: NavigationMap.Location, withNavigation: Bool)] =
        []
    /// The calls written in `.onOpenURL` closures, by syntax id.
    var deepLinkClosureCalls: Set<SyntaxIdentifier> = []
    /// Handler objects an `.onOpenURL` closure hands the link to (`DeepLinker(router:)`), by type: the stack
    /// of the handler's host, whose deep-link entry their calls start from.
    var deepLinkObjects: [ObjectIdentifier: Int] = [:]

    init(index: SwiftSourceIndex) { self.index = index }

    mutating func scan() -> SourceScan {
        for type in index.types {
            for function in type.functions {
                functionsByName[function.decl.name.text, default: []].append(function.decl)
            }
        }
        findStacks()
        findPathHoldersByFunction()
        for source in SourceLibraries.all { source.findDestinations(in: &self) }
        for stack in stacks.indices { buildScreens(stack) }
        findMembership()
        findHosts()
        findDeepLinkHandlers()
        findEdges()
        addDeepLinkEntries()
        findPlans()
        listUnplacedCalls()
        for source in SourceLibraries.all { source.findProblems(in: &self) }
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
        var found: [(call: FunctionCallExprSyntax, source: any SourceLibrary, owner: TypeDecl, file: ParsedFile)] =
            []
        for type in index.types {
            for member in type.memberCode {
                for (call, name) in member.namedCalls {
                    guard let name,
                        call.calledExpression.is(DeclReferenceExprSyntax.self)
                            || call.calledExpression.is(GenericSpecializationExprSyntax.self)
                    else { continue }
                    guard let source = SourceLibraries.stackMaker(call, named: name) else { continue }
                    found.append((call, source, type, member.file))
                }
            }
        }
        // SwiftUI's own containers are stacks of their own unless they only wrap content another stack shows:
        // the content of a sheet, a link or a destination (drawn as that edge's navigation), or, in an app
        // built on a library, a `NavigationStack` or `NavigationView` that binds no path.
        let usesLibrary = found.contains { $0.source.library != .swiftUI }
        for (call, source, owner, file) in found {
            if source.library == .swiftUI {
                if Self.isInPresentedContent(call) || Self.isPreviewOnly(call, owner: owner) { continue }
                if usesLibrary, call.argument("path") == nil { continue }
            }
            addStack(call, source: source, owner: owner, file: file)
        }
    }

    /// Whether a stack is built only for Xcode's previews: in a type named for them
    /// (`PreviewEnvironmentView`) or under `#if DEBUG`.
    static func isPreviewOnly(_ call: FunctionCallExprSyntax, owner: TypeDecl) -> Bool {
        if owner.name.contains("Preview") { return true }
        var node = call.parent
        while let current = node {
            if let clause = current.as(IfConfigClauseSyntax.self),
                clause.condition?.trimmedText.contains("DEBUG") == true
            {
                return true
            }
            node = current.parent
        }
        return false
    }

    /// Whether a call is written in the content a presenter, link or destination shows.
    static func isInPresentedContent(_ call: FunctionCallExprSyntax) -> Bool {
        var child = Syntax(call)
        var node = call.parent
        while let current = node {
            // Inside a presenter's arguments or closures, not the view it modifies (`NavigationView { … }
            // .sheet(…)`).
            if let owner = current.as(FunctionCallExprSyntax.self), let name = owner.calledName,
                swiftUIPresenters.contains(name) || name == "navigationDestination" || name == "NavigationLink",
                Syntax(owner.calledExpression).id != child.id
            {
                return true
            }
            if current.is(DeclSyntax.self) { return false }
            child = current
            node = current.parent
        }
        return false
    }

    private mutating func addStack(
        _ call: FunctionCallExprSyntax, source: any SourceLibrary, owner: TypeDecl, file: ParsedFile
    ) {
        var stack = FoundStack(
            id: "c\(stacks.count)", source: source, owner: owner, file: file, call: call, withNavigation: false)
        stack.rootView = call.closures.first.flatMap { rootView(of: $0, owner: owner) }
        source.readStack(&stack, in: &self)
        stackIndexByCall[call.id] = stacks.count
        stackLibraries.insert(stack.library)
        stacksOwned[ObjectIdentifier(owner), default: []].append(stacks.count)
        if let holder = stack.holder {
            stacksHeld[ObjectIdentifier(holder), default: []].append(stacks.count)
            holderNames.insert(holder.name)
        }
        if let routes = stack.routesProperty { routesProperties.insert(routes) }
        stackIndexByID[stack.id] = stacks.count
        stacks.append(stack)
    }

    /// Fills ``pathHoldersByFunction`` from the SwiftUI stacks' path holders, in the stacks' order.
    private mutating func findPathHoldersByFunction() {
        for stack in stacks.indices where stacks[stack].library == .swiftUI {
            guard let holder = stacks[stack].holder else { continue }
            for name in Set(holder.functions.map(\.decl.name.text)) {
                if let known = pathHoldersByFunction[name] {
                    if known !== holder { pathHoldersByFunction[name] = .some(nil) }
                } else {
                    pathHoldersByFunction[name] = holder
                }
            }
        }
    }

    /// The first stack `type` owns or holds the routes of.
    func firstStack(ownedOrHeldBy type: TypeDecl) -> Int? {
        let key = ObjectIdentifier(type)
        return [stacksOwned[key]?.first, stacksHeld[key]?.first].compactMap { $0 }.min()
    }

    /// The stack whose screens have the coordinator id `id`.
    func stack(withID id: String) -> FoundStack? { stackIndexByID[id].map { stacks[$0] } }

    /// The view each case of a destination's closure makes: case name (or `*` for all) → view type.
    func destinationViews(_ call: FunctionCallExprSyntax, owner: TypeDecl? = nil) -> [(
        screen: String, view: String?, leaf: String?
    )] {
        guard let closure = call.closures.last else { return [] }
        /// The view a case's statements make: a view constructed there, or the one a property of the type
        /// holding the destinations makes (`case .general: contentView`).
        func view(_ statements: CodeBlockItemListSyntax) -> String? { views(statements).first?.view }
        /// Every view a case's statements can make: one, or one per case of a switch nested in it, with that
        /// case's name as the leaf (`case let .createWallet(step): switch step { case .seed: SeedView() … }`).
        func views(_ statements: CodeBlockItemListSyntax) -> [(leaf: String?, view: String?)] {
            guard let inner = statements.firstSwitch else { return [(nil, single(statements))] }
            var result: [(leaf: String?, view: String?)] = []
            for innerCase in inner.cases.compactMap({ $0.as(SwitchCaseSyntax.self) }) {
                let made = view(innerCase.statements)
                switch innerCase.label {
                case .default: result.append(("*", made))
                case .case(let label):
                    for item in label.caseItems {
                        if let name = Self.caseName(inPattern: item.pattern.trimmedText) {
                            result.append((name, made))
                        }
                    }
                @unknown default: continue
                }
            }
            return result
        }
        func single(_ statements: CodeBlockItemListSyntax) -> String? {
            if let made = statements.constructedTypeNames.first { return made }
            guard statements.count == 1, case .expr(let expression) = statements.first?.item else { return nil }
            if let made = helperView(expression, from: owner) { return made }
            guard let owner, let name = expression.as(DeclReferenceExprSyntax.self)?.baseName.text,
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
        var result: [(String, String?, String?)] = []
        // A closure that hands the value to a function switching over it (`router.view(for: destination)`)
        // reads as that function's switch.
        let statements = switchingHelperBody(closure.statements, from: owner) ?? closure.statements
        for item in statements {
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
                    let made = views(caseSyntax.statements)
                    switch caseSyntax.label {
                    case .default: result += made.map { ("*", $0.view, $0.leaf) }
                    case .case(let label):
                        for item in label.caseItems {
                            if let name = Self.caseName(inPattern: item.pattern.trimmedText) {
                                result += made.map { (name, $0.view, $0.leaf) }
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
                            let name = Self.caseName(inPattern: matching.pattern.trimmedText)
                        {
                            result.append((name, view, nil))
                        }
                    }
                    if case .ifExpr(let next) = current.elseBody { branch = next } else { branch = nil }
                }
                return result
            }
        }
        return [("*", view(closure.statements), nil)]
    }

    /// The body of the function a lone call in `statements` names, when that body starts with a `switch`:
    /// `router.view(for: destination)` on a property of `context`, `Type.view(for:)` or the type's own
    /// `view(for:)`.
    func switchingHelperBody(_ statements: CodeBlockItemListSyntax, from context: TypeDecl?) -> CodeBlockItemListSyntax?
    {
        guard statements.count == 1, case .expr(let expression) = statements.first?.item,
            let call = expression.as(FunctionCallExprSyntax.self), let name = call.calledName
        else { return nil }
        var owner = context
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            let base = member.base?.as(DeclReferenceExprSyntax.self)?.baseName.text
        {
            let typeName = context?.properties[base]?.heldTypeName ?? base
            owner = index.type(named: typeName, from: context)
        }
        guard let body = owner?.functions.first(where: { $0.decl.name.text == name })?.decl.body,
            body.statements.firstSwitch != nil
        else { return nil }
        return body.statements
    }

    /// The case a pattern matches: `number` for `let .number(n)` or `.number(let n)`.
    /// A name written in backticks (``case .`default` ``) is the name itself.
    static func caseName(inPattern pattern: String) -> String? {
        guard let dot = pattern.firstIndex(of: ".") else { return nil }
        var rest = pattern[pattern.index(after: dot)...]
        if rest.first == "`" {
            rest = rest.dropFirst()
            guard let close = rest.firstIndex(of: "`") else { return nil }
            return rest[..<close].isEmpty ? nil : String(rest[..<close])
        }
        let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        return name.isEmpty ? nil : String(name)
    }

    private mutating func buildScreens(_ index: Int) {
        var stack = stacks[index]
        let location = stack.file.location(of: stack.call)
        var coordinator = NavigationMap.Coordinator(
            id: stack.id, owner: stack.owner.qualifiedName, library: stack.library,
            withNavigation: stack.withNavigation,
            routes: stack.routesProperty.map { "$\($0): \(stack.routesType ?? "?")" } ?? stack.source.unboundRoutes,
            location: location)
        coordinator.ownerIsPublic = stack.owner.isPublic
        map.coordinators.append(coordinator)
        if let rootCase = stack.rootCase {
            // The root is the screen its routes start with, drawn by the router's own closure.
            let view = destinationViews(stack.call, owner: stack.owner).first {
                $0.screen == rootCase || $0.screen == "*"
            }?.view
            stack.rootView = view
            stack.rootScreen = addScreen(&stack, name: rootCase, view: view, isRoot: true, location: location)
        } else {
            let rootName = stack.rootView ?? stack.owner.name
            // Content that picks its root by state (`if signedIn { MainView() } else { SignIn() }`) is rooted
            // at the view writing it, whose placed views — every branch — run their calls on the root.
            let rootView = stack.rootView ?? (stack.owner.isView ? stack.owner.name : nil)
            stack.rootScreen = addScreen(
                &stack, name: rootName, view: rootView, isRoot: true,
                location: stack.call.closures.first.map { stack.file.location(of: $0) } ?? location)
        }
        let source = stack.source
        source.addScreens(&stack, in: &self)
        stacks[index] = stack
    }

    /// Whether a stack's content applies `modifier`, a `ViewModifier` of the app's (whose body declares
    /// destinations shared by several stacks): `.modifier(Routes())`, or a function that applies it, such as
    /// a `View` extension's `.routes(router: router)`.
    func applies(_ modifier: TypeDecl, in stack: FoundStack) -> Bool {
        guard modifier.inherits.contains("ViewModifier") else { return false }
        var names: Set<String> = [modifier.name]
        for type in index.types {
            for function in type.functions
            where CallCollector.calls(in: function.decl).contains(where: { $0.calledName == modifier.name }) {
                names.insert(function.decl.name.text)
            }
        }
        return CallCollector.calls(in: stack.call).contains { $0.calledName.map(names.contains) ?? false }
    }

    func isInside(_ call: FunctionCallExprSyntax, stack: FoundStack) -> Bool {
        var node: Syntax? = Syntax(call)
        while let current = node {
            if current.id == stack.call.id { return true }
            node = current.parent
        }
        if let rootView = stack.rootView, let rootType = index.type(named: rootView, from: stack.owner) {
            return rootType.memberCode.contains { member in
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
    mutating func addScreen(
        _ stack: inout FoundStack, name: String, view: String?, isRoot: Bool, location: NavigationMap.Location
    ) -> String {
        if let existing = stack.screens[name], !isRoot { return existing }
        let id = "\(stack.id).\(isRoot ? "root" : ScreenIDs.idPart(name))"
        stack.screens[name] = id
        screenIndices[id] = map.screens.count
        if let view { screenViewNames.insert(view) }
        map.screens.append(
            NavigationMap.Screen(
                id: id, name: name, view: view, coordinator: stack.id, isRoot: isRoot, location: location))
        return id
    }

    /// Adds every `.NAME(for: T.self) { … }` (FlowStacks' `flowDestination`, SwiftUI's
    /// `navigationDestination`) to ``destinations``.
    mutating func addDestinations(madeBy modifier: String) {
        for type in index.types {
            for member in type.memberCode {
                for call in member.calls(named: modifier) {
                    guard let forType = call.argument("for")?.trimmedText, forType.hasSuffix(".self")
                    else { continue }
                    let name = String(forType.dropLast(5))
                    destinations.append((name, call, member.file, type, typeKey(name, from: type)))
                }
            }
        }
    }

    /// Adds the screens of a stack whose routes hold values: the cases of the routes' screen enum (or, for a
    /// FlowPath, a `NavigationPath` or no binding, each type a destination inside the stack is declared for),
    /// each drawn by the view its destination (`flowDestination(for:)`, `navigationDestination(for:)`) builds.
    mutating func addValueScreens(_ stack: inout FoundStack) {
        let location = stack.file.location(of: stack.call)
        var types: [(name: String, key: String)] = []
        if let screenType = stack.screenType, let key = screenKey(of: stack) {
            types = [(screenType, key)]
        } else {
            // A FlowPath (or no binding): the types whose destinations are declared inside this stack or
            // in the views it shows first.
            let found = stack
            types = destinations.filter { isInside($0.call, stack: found) || applies($0.owner, in: found) }.map {
                ($0.type, $0.key)
            }
        }
        for (typeName, key) in types {
            let enumType = index.type(named: typeName, from: stack.holder ?? stack.owner)
            let views = destinations.filter { $0.key == key }.flatMap {
                destinationViews($0.call, owner: $0.owner)
            }
            if let enumType, !enumType.cases.isEmpty {
                if stack.screenType != nil { stack.screenEnum = enumType }
                for enumCase in enumType.cases {
                    let made = views.filter { $0.screen.isSameIdentifier(enumCase.name) || $0.screen == "*" }
                    let location = enumCase.file.location(of: enumCase.node)
                    // A case whose destination switches on a nested enum is drawn as its leaf cases
                    // (`createWallet(.seed)`), each by its own view.
                    var leaves: [String] = []
                    for leaf in made.compactMap(\.leaf) where leaf != "*" && !leaves.contains(leaf) {
                        leaves.append(leaf)
                        addScreen(
                            &stack, name: "\(enumCase.name)(.\(leaf))",
                            view: made.first { $0.leaf == leaf }?.view, isRoot: false, location: location)
                    }
                    if leaves.isEmpty {
                        addScreen(
                            &stack, name: enumCase.name, view: made.first?.view, isRoot: false, location: location)
                    }
                }
            } else {
                let declared = enumType.map { $0.file.location(of: $0.nameNode) } ?? location
                addScreen(
                    &stack, name: typeName, view: views.first?.view, isRoot: false, location: declared)
            }
        }
    }

    // MARK: - Which views draw which screens

    private mutating func findMembership() {
        // Each stack's screens so far, by its id: looked up once per stack rather than read through per stack.
        var viewedScreens: [String: [(view: String, screen: String)]] = [:]
        for screen in map.screens {
            if let view = screen.view { viewedScreens[screen.coordinator, default: []].append((view, screen.id)) }
        }
        for stackIndex in stacks.indices {
            let pushesLinks = stacks[stackIndex].source.pushesSwiftUILinks && stacks[stackIndex].withNavigation
            // `own`: reached from the screen's view without a presentation of SwiftUI's own between them.
            var queue: [(view: String, screen: String, from: TypeDecl, own: Bool)] = viewedScreens[
                stacks[stackIndex].id, default: []
            ]
            .map { ($0.view, $0.screen, stacks[stackIndex].owner, true) }
            var seen: Set<String> = []
            while !queue.isEmpty {
                let (view, screen, context, own) = queue.removeFirst()
                guard let type = index.type(named: view, from: context, preferringFile: context.file.path) else {
                    continue
                }
                let key = "\(ObjectIdentifier(type).hashValue)|" + screen
                if own { ownViewScreens.insert(key) }
                guard seen.insert(key).inserted else { continue }
                viewScreens[ObjectIdentifier(type), default: []].append((stackIndex, screen))
                let source = stacks[stackIndex].source
                // A child coordinator: a screen whose view makes another stack of its library (a FlowStack
                // in a FlowStack's screen).
                if let child = stacksOwned[ObjectIdentifier(type)]?.first(where: {
                    stacks[$0].library == source.library
                }),
                    child != stackIndex, source.nestsChildStacks
                {
                    childStacks[screen] = child
                }
                switch source.screens {
                case .shownViews:
                    // The views pushed or shown from this view (or a view model it holds) are screens of
                    // the same stack.
                    let linkObjects = isRootView(type, of: stackIndex) ? linkHandlerObjects(of: stackIndex) : []
                    // The screen's own view, when it makes a stack of its own (a tab's root that is one).
                    let ownsOtherStack =
                        screenIndices[screen].flatMap { map.screens[$0].view }
                        .flatMap { index.type(named: $0, from: context) }
                        .flatMap { stacksOwned[ObjectIdentifier($0)]?.contains { $0 != stackIndex } } ?? false
                    let held = heldModels(of: type)
                    let models = held + madeModels(of: type).filter { made in !held.contains { $0 === made } }
                    for member in type.memberCode + (models + linkObjects).flatMap(\.memberCode) {
                        for call in member.calls {
                            // SwiftUI's own sheets and covers show screens of any library's stack: the app's
                            // own views (content of SwiftUI's views alone, `TextField`, is no screen). A view
                            // that makes a stack of its own shows them in that stack only. SwiftUI's own link
                            // pushes onto a library's stack that wraps SwiftUI's (RouterView).
                            let presented =
                                source.library == .swiftUI || ownsOtherStack
                                ? nil
                                : (SwiftUISource.presentedView(call)
                                    ?? (pushesLinks ? SwiftUISource.linkedView(call, in: type) : nil)).flatMap { view in
                                        index.type(named: view, from: type, preferringFile: member.file.path)?.isView
                                            == true ? view : nil
                                    }
                            guard let shown = source.shownView(call, in: type) ?? presented,
                                !isInNestedStack(call, other: stackIndex)
                            else { continue }
                            let location = member.file.location(of: call)
                            var stack = stacks[stackIndex]
                            let id = addScreen(
                                &stack, name: screenName(ofView: shown, from: type), view: shown, isRoot: false,
                                location: location)
                            stacks[stackIndex] = stack
                            queue.append((shown, id, type, true))
                        }
                    }
                    // SwiftUI's own presentations of content of their own (an image viewer written inline) are
                    // screens of the stack, named by their presenter and flag.
                    if source.library == .swiftUI {
                        for member in type.memberCode {
                            for call in member.calls {
                                guard let flag = SwiftUISource.inlineFlag(call),
                                    !isInNestedStack(call, other: stackIndex)
                                else { continue }
                                var stack = stacks[stackIndex]
                                _ = addScreen(
                                    &stack, name: SwiftUISource.inlineScreenName(presenter: type.name, flag: flag),
                                    view: nil, isRoot: false, location: member.file.location(of: call))
                                stacks[stackIndex] = stack
                            }
                        }
                    }
                    // Views a deep-link closure in the stack's content shows (`RouterView { router in
                    // Home().onOpenURL { _ in router.showScreen(.sheet) { _ in Faq() } } }`).
                    if isRootView(type, of: stackIndex) {
                        for call in deepLinkCalls(of: stackIndex) {
                            guard let shown = source.shownView(call, in: stacks[stackIndex].owner) else { continue }
                            var stack = stacks[stackIndex]
                            let id = addScreen(
                                &stack, name: screenName(ofView: shown, from: stack.owner), view: shown,
                                isRoot: false, location: stack.file.location(of: call))
                            stacks[stackIndex] = stack
                            queue.append((shown, id, stack.owner, true))
                        }
                    }
                    // Views placed in its body (the tabs of a TabView, a row) run their calls on it.
                    for name in placedViews(in: type) { queue.append((name, screen, type, own)) }
                case .routeValues:
                    // A view shown while a flag is set (`.flowDestination(isPresented: $flag) { Help() }`)
                    // is a screen of the stack, named by its view.
                    for member in type.memberCode {
                        for call in member.calls {
                            guard let shown = FlowStacksSource.flaggedDestination(call) else { continue }
                            var stack = stacks[stackIndex]
                            let id = addScreen(
                                &stack, name: shown, view: shown, isRoot: false,
                                location: member.file.location(of: call))
                            stacks[stackIndex] = stack
                            queue.append((shown, id, type, true))
                        }
                    }
                    // Plain views a screen's view is made of count as it: a child coordinator's switch, and
                    // views placed in its body (a tab, a row) whose calls run on that screen. Views built
                    // in a destination closure are other screens, and a screen's own view stays its own.
                    let screenViews = screenViewNames
                    for member in type.memberCode where Self.isBody(member.decl) {
                        for (call, name) in member.namedCalls {
                            guard let name, name.startsUppercase,
                                call.calledExpression.is(DeclReferenceExprSyntax.self),
                                let shownType = index.type(
                                    named: name, from: type, preferringFile: member.file.path),
                                shownType.isView
                            else { continue }
                            let isOwner = stacksOwned[ObjectIdentifier(shownType)] != nil
                            if isOwner
                                || (!screenViews.contains(name)
                                    && !Self.isInDestinationClosure(call, within: member.decl))
                            {
                                queue.append((name, screen, type, own))
                            }
                        }
                    }
                    for presented in presentedBySwiftUI(in: type, besides: screenViews) {
                        swiftUIPresented.append(presented)
                        queue.append((presented.type.name, screen, type, false))
                    }
                }
            }
        }
    }

    /// SwiftUI's own presenters, whose content is a view no library call shows.
    static let swiftUIPresenters: Set<String> = ["sheet", "fullScreenCover", "popover"]
    /// SwiftUI's words the recogniser reads itself, whatever the library: its presenters and navigation
    /// containers, links and destinations, tabs, and deep links (``SourceLibraries/seedWords``).
    static let swiftUIWords: Set<String> = swiftUIPresenters.union(navigationContainers).union(
        destinationBuilders
    ).union(["onOpenURL", "TabView", "tabItem", "randomElement"])
    /// Views that give what they wrap navigation of its own.
    static let navigationContainers: Set<String> = ["NavigationStack", "NavigationView", "NavigationSplitView"]

    /// The views of the app a view's body presents with SwiftUI's `.sheet`, `.fullScreenCover` or `.popover`
    /// (`.sheet(isPresented: $showsMap) { TrailMap() }`), other than screens and stacks' owners; content that
    /// makes a stack of its own is that stack's.
    func presentedBySwiftUI(in type: TypeDecl, besides screenViews: Set<String>) -> [(
        type: TypeDecl, modifier: String, location: NavigationMap.Location, withNavigation: Bool
    )] {
        var result: [(type: TypeDecl, modifier: String, location: NavigationMap.Location, withNavigation: Bool)] =
            []
        for member in type.memberCode where Self.isBody(member.decl) {
            for (call, modifier) in member.namedCalls {
                guard let modifier, Self.swiftUIPresenters.contains(modifier),
                    call.calledExpression.is(MemberAccessExprSyntax.self), let content = call.closures.last
                else { continue }
                let inner = CallCollector.calls(in: content)
                guard !inner.contains(where: { stackIndexByCall[$0.id] != nil }) else {
                    continue
                }
                let withNavigation = inner.contains { Self.navigationContainers.contains($0.calledName ?? "") }
                for made in inner {
                    guard let name = made.calledName, name.first?.isUppercase == true,
                        made.calledExpression.is(DeclReferenceExprSyntax.self), !screenViews.contains(name),
                        let shown = index.type(named: name, from: type, preferringFile: member.file.path),
                        shown.isView, shown !== type, stacksOwned[ObjectIdentifier(shown)] == nil,
                        !result.contains(where: { $0.type === shown })
                    else { continue }
                    result.append((shown, modifier, member.file.location(of: call.calledNameNode), withNavigation))
                }
            }
        }
        return result
    }

    /// The screens of other stacks each stack is nested in: those whose view is the stack's owner (a child
    /// coordinator) or places it in its body whatever the state (a tab of a `TabView` that wraps its content in
    /// a stack). A view that picks one of several in a `switch` or an `if` hosts none for sure, so is left out.
    private mutating func findHosts() {
        let stackOfScreen = Dictionary(
            map.coordinators.enumerated().map { ($0.element.id, $0.offset) },
            uniquingKeysWith: { first, _ in first })
        // Each screen's view is read once for the types it places, and hands itself to the stacks those types
        // own: linear in screens and stacks, where asking every stack about every screen was quadratic.
        var stacksOwnedBy: [ObjectIdentifier: [Int]] = [:]
        for position in stacks.indices {
            stacksOwnedBy[ObjectIdentifier(stacks[position].owner), default: []].append(position)
        }
        var placedByView: [ObjectIdentifier: Set<ObjectIdentifier>] = [:]
        var hosts = Array(repeating: [String](), count: stacks.count)
        for screen in map.screens {
            guard let view = screen.view, let stack = stackOfScreen[screen.coordinator],
                let viewType = index.type(named: view, from: stacks[stack].owner)
            else { continue }
            let key = ObjectIdentifier(viewType)
            if placedByView[key] == nil { placedByView[key] = unconditionallyPlaced(in: viewType) }
            let owners = (placedByView[key] ?? []).union([key])
            for owner in owners {
                for position in stacksOwnedBy[owner] ?? [] where screen.coordinator != stacks[position].id {
                    hosts[position].append(screen.id)
                }
            }
        }
        // Each stack's hosts in the order of the map's screens.
        for position in stacks.indices { map.coordinators[position].hosts = hosts[position] }
    }

    /// The types `view`'s body makes outside any `switch` case or `if` branch and outside the closures of calls
    /// that build other screens (`.sheet { … }`).
    private func unconditionallyPlaced(in view: TypeDecl) -> Set<ObjectIdentifier> {
        var placed = Set<ObjectIdentifier>()
        for member in view.memberCode where Self.isBody(member.decl) {
            for (call, name) in member.namedCalls {
                guard let name, name.startsUppercase,
                    let type = index.type(named: name, from: view, preferringFile: member.file.path),
                    !placed.contains(ObjectIdentifier(type))
                else { continue }
                var node = call.parent
                var conditional = Self.isInDestinationClosure(call, within: member.decl)
                while let current = node, current.id != member.decl.id {
                    if current.is(SwitchCaseSyntax.self) || current.is(IfExprSyntax.self) { conditional = true }
                    node = current.parent
                }
                if !conditional { placed.insert(ObjectIdentifier(type)) }
            }
        }
        return placed
    }

    /// The first stack whose screens are of the type with `key` (``typeKey(_:from:)``).
    mutating func stack(ofScreenKey key: String) -> Int? {
        if stackOfScreenKey == nil {
            var first: [String: Int] = [:]
            for position in stacks.indices {
                if let key = screenKey(of: stacks[position]), first[key] == nil { first[key] = position }
            }
            stackOfScreenKey = first
        }
        return stackOfScreenKey?[key]
    }

    /// Whether `type` is the view a stack is rooted at.
    func isRootView(_ type: TypeDecl, of stack: Int) -> Bool {
        guard let root = stacks[stack].rootView else { return false }
        return index.type(named: root, from: stacks[stack].owner) === type
    }

    /// The calls written in the `.onOpenURL` closures of a stack's content.
    func deepLinkCalls(of stack: Int) -> [FunctionCallExprSyntax] {
        CallCollector.calls(in: stacks[stack].call).filter { call in
            call.calledName != "onOpenURL" && Self.enclosingOpenURL(of: Syntax(call)) != nil
        }
    }

    /// The objects `.onOpenURL` handlers inside a stack's content hand the link to (`LinkDesk(router:
    /// router).handle(url: url)`): the screens they show belong to that stack.
    func linkHandlerObjects(of stack: Int) -> [TypeDecl] {
        var result: [TypeDecl] = []
        for call in CallCollector.calls(in: stacks[stack].call) where call.calledName == "onOpenURL" {
            for inner in CallCollector.calls(in: call.closures.last.map(Syntax.init) ?? Syntax(call)) {
                guard let made = inner.calledExpression.as(MemberAccessExprSyntax.self)?.base?.constructedTypeName,
                    let type = index.type(named: made, from: stacks[stack].owner),
                    !result.contains(where: { $0 === type })
                else { continue }
                result.append(type)
            }
        }
        return result
    }

    /// The views of the app's own placed in a view's body outside any call that builds other screens (the
    /// tabs of its `TabView`, a row, a side menu), whose calls run on the screen the view draws. A view some
    /// call shows as a screen of its own (`PushView(destination: LoginView())` anywhere) stays its own.
    mutating func placedViews(in type: TypeDecl) -> [String] {
        if shownAnywhere == nil {
            var shown: Set<String> = []
            for declared in index.types {
                for member in declared.memberCode {
                    for call in member.calls {
                        for source in SourceLibraries.all {
                            if let view = source.shownView(call, in: declared) { shown.insert(view) }
                        }
                    }
                }
            }
            shownAnywhere = shown
        }
        var result: [String] = []
        let stackCalls = Set(stacks.map(\.call.id))
        for member in type.memberCode where Self.isBody(member.decl) || Self.buildsView(member.decl) {
            for (call, name) in member.namedCalls {
                // A view's type may be named in lower case (`struct todayView: View`): its declaration says.
                guard let name, call.calledExpression.is(DeclReferenceExprSyntax.self),
                    let placed = index.type(named: name, from: type, preferringFile: member.file.path),
                    placed.isView, placed !== type, !result.contains(name), shownAnywhere?.contains(name) != true,
                    !Self.isInDestinationClosure(call, within: member.decl, besides: stackCalls)
                else { continue }
                result.append(name)
            }
        }
        return result
    }

    /// Whether `call` is inside the content of another stack of the same library than `stack` (a stack nested
    /// in a screen's view, `NavigationStackView { … }` in a tab): its calls drive that inner stack.
    func isInNestedStack(_ call: FunctionCallExprSyntax, other stack: Int) -> Bool {
        var node = call.parent
        while let current = node {
            if let index = stackIndexByCall[current.id] {
                return index != stack && stacks[index].library == stacks[stack].library
            }
            node = current.parent
        }
        return false
    }

    /// Calls whose closures (or `destination:` argument) build the views of other screens: SwiftUI's own
    /// and each library's.
    static let destinationBuilders: Set<String> = Set(
        ["sheet", "fullScreenCover", "navigationDestination", "popover", "NavigationLink"]
    ).union(SourceLibraries.all.flatMap(\.destinationBuilders))

    /// Whether `call` is inside a closure or `destination:` argument of a call that builds other screens,
    /// below `decl`.
    /// A stack's own content (`stacks`, the ids of the calls making them) is not another screen's.
    static func isInDestinationClosure(
        _ call: FunctionCallExprSyntax, within decl: DeclSyntax, besides stacks: Set<SyntaxIdentifier> = []
    ) -> Bool {
        var node = call.parent
        var below = Syntax(call)
        while let current = node, current.id != decl.id {
            // Reached through the called expression (`List { Row() }.sheet(…) { … }`), the call is in the view
            // the builder modifies, not in what it builds.
            if let owner = current.as(FunctionCallExprSyntax.self), let name = owner.calledName,
                destinationBuilders.contains(name), Syntax(owner.calledExpression).id != below.id,
                !stacks.contains(owner.id)
            {
                return true
            }
            below = current
            node = current.parent
        }
        return false
    }

    /// Whether a declaration builds part of a view's body: a `some View` property or function
    /// (`private var homeAsGrid: some View { PosterGrid() }`, a Redux view's `func body(props:)`).
    static func buildsView(_ decl: DeclSyntax) -> Bool {
        if let function = decl.as(FunctionDeclSyntax.self) {
            return function.signature.returnClause?.type.trimmedText.hasSuffix("View") == true
        }
        return decl.as(VariableDeclSyntax.self)?.bindings.contains {
            $0.typeAnnotation?.type.trimmedText.hasPrefix("some View") == true
        } ?? false
    }

    static func isBody(_ decl: DeclSyntax) -> Bool {
        decl.as(VariableDeclSyntax.self)?.bindings.contains {
            $0.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == "body"
        } ?? false
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
}
