import FlowModel
internal import SwiftSyntax

/// One route change found in a function, in order.
enum RouteChange {
    /// `routes = [...]`: the routes, in notation.
    case assign([String])
    /// `routes = options.randomElement()!`: each option, in notation.
    case states([[String]])
    /// A navigator or routes method, in action notation.
    case action(String)
    /// `for x in xs { routes.push(x) }` in a deep-link handler: the loop variable and the actions with
    /// `{x}` for it.
    case loop(variable: String, actions: [String])
    /// A change of a SwiftUI stack the map placed, in the `swiftui` plan notation: `path.append(.detail)`,
    /// `path.removeAll()`, `dismiss()`.
    case swiftUI(String)
}

extension NavigationRecognizer {
    mutating func findPlans() {
        filesByRoot = [:]
        for file in index.files { filesByRoot[Syntax(file.tree).id] = file }
        indexSwiftUISites()
        for type in index.types where mayPlan(type) {
            for function in type.functions {
                plan(function.decl, in: type, file: function.file)
            }
        }
        planDeepLinkClosures()
    }

    /// Whether any function of `type` can make a plan or a reason for none: the type's code changes a
    /// FlowStacks stack's routes (a routes method on routes or a navigator, an assignment to routes), or a
    /// library's listed calls can be made from it (``planStacks(of:deepLink:)``). Every plan and every
    /// failure ``collectChanges`` reads starts from one of these, in the function or in one of the type's own
    /// functions it follows, so a type with none is passed over without walking its functions.
    private func mayPlan(_ type: TypeDecl) -> Bool {
        if !planStacks(of: type, deepLink: true).isEmpty { return true }
        for member in type.memberCode {
            for site in member.sites {
                guard let name = site.name, Self.flowStacksMethods.contains(name), let text = site.receiver else {
                    continue
                }
                if receiver(text, in: type) != nil { return true }
            }
            if member.assignments.contains(where: { routesStack($0.target.trimmedText.replacingSelf, in: type) != nil })
            {
                return true
            }
        }
        return false
    }

    /// Whether a node holds a route change of a FlowStacks stack, seen from `type`.
    func containsRouteChange(_ node: some SyntaxProtocol, in type: TypeDecl) -> Bool {
        containsChange(node, type: type)
    }

    /// Whether a deep-link handler's node in `type` holds a call a library's plans list.
    func containsPlannedAction(_ node: some SyntaxProtocol, in type: TypeDecl) -> Bool {
        containsPlanAction(node, type: type, deepLink: true)
    }

    private mutating func plan(_ function: FunctionDeclSyntax, in type: TypeDecl, file: ParsedFile) {
        guard let body = function.body else { return }
        let handlers = deepLinkFunctions[ObjectIdentifier(type)] ?? []
        let deepLink = handlers.contains(function.name.text)
        // A function a handler calls is played in the handler's plans, on each way through it.
        if deepLink, Self.isCalled(function, byAnyOf: handlers, in: type) { return }
        let name = "\(type.qualifiedName).\(function.name.text)"
        plan(
            body.statements, named: name, at: file.location(of: function.name), function: function, in: type,
            file: file, deepLink: deepLink)
    }

    /// The file whose tree holds `node` (a function followed into may be written in another file than the code
    /// that calls it); `file` when none of the app's does.
    func file(holding node: some SyntaxProtocol, else file: ParsedFile) -> ParsedFile {
        filesByRoot[node.root.id] ?? file
    }

    /// Whether another of `names`, functions of `type`, calls `function` by its name (`fetch(…)`, `self.fetch(…)`).
    private static func isCalled(_ function: FunctionDeclSyntax, byAnyOf names: Set<String>, in type: TypeDecl) -> Bool
    {
        let name = function.name.text
        for caller in type.functions where caller.decl.name.text != name && names.contains(caller.decl.name.text) {
            for call in CallCollector.calls(in: caller.decl) where call.calledName == name {
                let member = call.calledExpression.as(MemberAccessExprSyntax.self)
                if member == nil || member?.base?.trimmedText == "self" { return true }
            }
        }
        return false
    }

    /// The plan of a body of statements (a function's, or an `.onOpenURL` closure's), or the reason it has
    /// none, listed at the code. A deep-link handler makes one plan per way through its code that changes the
    /// routes (``HandlerBranches``): each `switch` case, each side of a `guard` or `if`, each outcome of a
    /// `do`/`catch`, named by its conditions (`Type.handler.ordersNoOrderID`, "when orders, no orderID").
    mutating func plan(
        _ statements: CodeBlockItemListSyntax, named name: String, at location: NavigationMap.Location,
        function: FunctionDeclSyntax?, in type: TypeDecl, file: ParsedFile, deepLink: Bool
    ) {
        guard deepLink else {
            plan(
                Array(statements), named: name, at: location, function: function, in: type, file: file,
                deepLink: false)
            return
        }
        let reader = self
        let finder = HandlerBranches(
            changes: { reader.containsPlannedChange($0, type: type, deepLink: true) },
            ownFunction: { reader.ownFunction(called: $0, in: type) })
        let branches: [HandlerBranch]
        do {
            branches = try finder.branches(of: statements).filter { branch in
                branch.statements.contains { containsPlannedChange($0, type: type, deepLink: true) }
            }
        } catch {
            unfollowed(
                location,
                "no plan for \(name)(): its route changes take more than \(HandlerBranches.limit) ways through the "
                    + "code, too many to draw one plan each")
            return
        }
        guard branches.count > 1 else {
            if let only = branches.first {
                plan(
                    only.statements, named: name, at: location, function: function, in: type, file: file,
                    deepLink: true, condition: only.choiceLabel)
            }
            return
        }
        var used: Set<String> = []
        for branch in branches {
            // Each way is found where it first changes the routes.
            var place = location
            if let first = branch.statements.first(where: { containsPlannedChange($0, type: type, deepLink: true) }) {
                place = self.file(holding: first, else: file).location(of: first)
            }
            let words = HandlerBranches.nameWords(branch.label)
            var unique = words
            var number = 2
            while !used.insert(unique).inserted {
                unique = "\(words)\(number)"
                number += 1
            }
            plan(
                branch.statements, named: name + "." + unique, at: place, function: function, in: type,
                file: file, deepLink: true, condition: branch.label, linkCase: branch.label, titled: name)
        }
    }

    /// The plan of the statements that run on one way through a function (all of them, for a function that is
    /// not a deep-link handler); `condition` says which way, in its title; `titled` is the function's name
    /// when `name` has the way's name after it.
    private mutating func plan(
        _ statements: [CodeBlockItemSyntax], named name: String, at location: NavigationMap.Location,
        function: FunctionDeclSyntax?, in type: TypeDecl, file: ParsedFile, deepLink: Bool,
        condition: String? = nil, linkCase: String? = nil, titled: String? = nil
    ) {
        // How messages and the plan's title say the function and the way through it.
        let said = (titled ?? name) + "()" + (condition.map { " when \($0)" } ?? "")
        var changes: [RouteChange] = []
        var stack: Int?
        var failure: (Syntax, String)?
        var viewLibraryCalls: [(Int, String)] = []
        collectChanges(
            statements, type: type, deepLink: deepLink, loop: nil, changes: &changes, stack: &stack,
            failure: &failure, viewLibraryCalls: &viewLibraryCalls)
        if let stack, stacks[stack].library == .swiftUI {
            swiftUIPlan(
                changes, stack: stack, said: said, name: name, location: location, type: type, deepLink: deepLink,
                linkCase: linkCase)
            return
        }
        if let failure {
            unfollowed(
                self.file(holding: failure.0, else: file).location(of: failure.0),
                "no plan for \(said): \(failure.1)")
            return
        }
        if let stack, !changes.isEmpty {
            if let unreadable = Self.unreadable(changes), unreadable.hasPrefix(".root(") {
                unfollowed(
                    location,
                    "no plan for \(said): '\(unreadable)' makes another screen the root, and a plan's root "
                        + "is fixed")
                return
            }
            if let unreadable = Self.unreadable(changes) {
                unfollowed(
                    location,
                    "no plan for \(said): '\(unreadable)' is not written out literally, so it cannot go in a plan"
                )
                return
            }
            // A method the stack's screens call starts where each caller is: one plan per calling screen.
            var starts: [(screen: String, routes: [String])] = []
            if !deepLink, let function { starts = callerStarts(of: function, in: type, stack: stack) }
            // Code in a screen's view (a link it handles, a function of it) runs on that screen.
            if starts.isEmpty { starts = viewStarts(of: type, stack: stack) }
            do {
                if starts.isEmpty {
                    let plan = try flowStacksPlan(
                        changes, stack: stack, said: said, location: location, function: function)
                    plans.append(
                        ScannedPlan(
                            name: name, location: location, plan: plan, isDeepLink: deepLink, linkCase: linkCase))
                }
                for start in starts {
                    let named =
                        starts.count == 1
                        ? name : name + ".from" + start.screen.prefix(1).uppercased() + start.screen.dropFirst()
                    let plan = try flowStacksPlan(
                        changes, stack: stack, said: said, location: location, function: function,
                        start: start.routes, caller: start.screen)
                    plans.append(
                        ScannedPlan(
                            name: named, location: location, plan: plan, isDeepLink: deepLink, linkCase: linkCase))
                }
            } catch {
                unfollowed(location, "no plan for \(said): \(error.reason)")
            }
            return
        }
        if let first = viewLibraryCalls.first {
            let calls = viewLibraryCalls.filter { $0.0 == first.0 }.map(\.1)
            let found = stacks[first.0]
            let plan = found.source.plan(
                title: "\(said) — scanned from \(location.file):\(location.line)", stack: found, actions: calls)
            plans.append(
                ScannedPlan(name: name, location: location, plan: plan, isDeepLink: deepLink, linkCase: linkCase))
        }
    }

    /// The first route or action in the changes that route notation cannot read (built by a function, say).
    static func unreadable(_ changes: [RouteChange]) -> String? {
        for change in changes {
            switch change {
            case .assign(let routes):
                if let bad = routes.first(where: { (try? PlanRoute(notation: $0)) == nil }) { return bad }
            case .states(let options):
                if let bad = options.joined().first(where: { (try? PlanRoute(notation: $0)) == nil }) { return bad }
            case .action(let text):
                if (try? PlanAction(notation: text)) == nil { return text }
            case .loop, .swiftUI:
                break
            }
        }
        return nil
    }

    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        JSONValue(.object(members.map { JSONMember(key: $0.0, value: $0.1) }))
    }

    private func collectChanges(
        _ statements: some Sequence<CodeBlockItemSyntax>, type: TypeDecl, deepLink: Bool, loop: String?,
        changes: inout [RouteChange], stack: inout Int?, failure: inout (Syntax, String)?,
        viewLibraryCalls: inout [(Int, String)], depth: Int = 0
    ) {
        for item in statements where failure == nil {
            var expression: ExprSyntax?
            switch item.item {
            case .expr(let value): expression = value
            case .stmt(let statement):
                if let value = statement.as(ExpressionStmtSyntax.self)?.expression {
                    expression = value
                } else if let guardStatement = statement.as(GuardStmtSyntax.self) {
                    // `guard … else { navigator.push(.x); return }`: what runs depends on the condition.
                    if containsPlannedChange(guardStatement.body, type: type, deepLink: deepLink) {
                        let condition = guardStatement.conditions.trimmedText.collapsedWhitespace
                        failure = (
                            Syntax(guardStatement),
                            "its route changes depend on '\(condition.shortened(60))', known only when the app runs"
                        )
                        return
                    }
                } else if let forStatement = statement.as(ForStmtSyntax.self) {
                    var inner: [RouteChange] = []
                    let variable = forStatement.pattern.trimmedText
                    collectChanges(
                        forStatement.body.statements, type: type, deepLink: deepLink, loop: variable,
                        changes: &inner, stack: &stack, failure: &failure, viewLibraryCalls: &viewLibraryCalls)
                    guard !inner.isEmpty else { continue }
                    guard deepLink, loop == nil else {
                        failure = (
                            Syntax(forStatement),
                            "the routes it adds depend on '\(forStatement.sequence.trimmedText)', known only when the app runs"
                        )
                        return
                    }
                    var actions: [String] = []
                    for change in inner {
                        guard case .action(let text) = change else {
                            failure = (
                                Syntax(forStatement), "the loop changes routes in a way a deep-link rule cannot say"
                            )
                            return
                        }
                        actions.append(text)
                    }
                    changes.append(.loop(variable: variable, actions: actions))
                    continue
                } else if let guardStatement = statement.as(GuardStmtSyntax.self) {
                    if containsPlannedChange(guardStatement.body, type: type, deepLink: deepLink) {
                        failure = (Syntax(guardStatement), "its route changes depend on a condition")
                    }
                    continue
                } else {
                    if containsPlannedChange(statement, type: type, deepLink: deepLink) {
                        failure = (Syntax(statement), "its route changes depend on a condition")
                    }
                    continue
                }
            case .decl:
                continue
            @unknown default:
                continue
            }
            guard let expression else { continue }
            if let switchExpression = expression.as(SwitchExprSyntax.self) {
                // A deep-link handler's switch over the link: each case is one kind of link; with one case
                // that changes routes, that case is the plan.
                let changing = switchExpression.cases.compactMap { $0.as(SwitchCaseSyntax.self) }
                    .filter { containsPlannedChange($0, type: type, deepLink: deepLink) }
                if changing.isEmpty { continue }
                guard deepLink, changing.count == 1 else {
                    let subject = switchExpression.subject.trimmedText.collapsedWhitespace.shortened(60)
                    failure = (
                        Syntax(switchExpression),
                        "its route changes depend on '\(subject)', known only when the app runs"
                    )
                    return
                }
                collectChanges(
                    changing[0].statements, type: type, deepLink: deepLink, loop: loop, changes: &changes,
                    stack: &stack, failure: &failure, viewLibraryCalls: &viewLibraryCalls)
                continue
            }
            if let ifExpression = expression.as(IfExprSyntax.self) {
                if containsPlannedChange(expression, type: type, deepLink: deepLink) {
                    let condition = ifExpression.conditions.trimmedText.collapsedWhitespace.shortened(60)
                    failure = (
                        Syntax(expression),
                        "its route changes depend on '\(condition)', known only when the app runs"
                    )
                }
                continue
            }
            if let (target, text) = swiftUIChange(expression, in: type) {
                guard stack == nil || stack == target else {
                    failure = (Syntax(expression), "it changes the routes of two stacks, which one plan cannot say")
                    return
                }
                stack = target
                changes.append(.swiftUI(text))
            } else if let change = change(
                expression, type: type, loop: loop, placeholders: deepLink, stack: &stack, failure: &failure)
            {
                changes.append(change)
            } else if let call = expression.as(FunctionCallExprSyntax.self), depth < 4,
                let helper = ownFunction(called: call, in: type), let helperBody = helper.body,
                containsChange(helperBody, type: type)
                    || containsPlanAction(helperBody, type: type, deepLink: deepLink)
            {
                // The owner's own function (`showNext()`), followed in: its changes are this plan's too.
                guard helper.signature.parameterClause.parameters.isEmpty else {
                    failure = (
                        Syntax(call),
                        "\(helper.name.text)(…) changes the routes with the values it is given, which a plan "
                            + "cannot follow"
                    )
                    return
                }
                collectChanges(
                    helperBody.statements, type: type, deepLink: deepLink, loop: loop, changes: &changes,
                    stack: &stack, failure: &failure, viewLibraryCalls: &viewLibraryCalls, depth: depth + 1)
            } else if let call = expression.as(FunctionCallExprSyntax.self) {
                for index in Set(planStacks(of: type, deepLink: deepLink)).sorted() {
                    let found = stacks[index]
                    if found.source.isPlanAction(call, in: type) {
                        viewLibraryCalls.append((index, found.source.planText(of: call)))
                    }
                }
            }
        }
    }

    /// The function of `type` a call names (`showNext()`, `self.showNext()`), if it is one with a body.
    private func ownFunction(called call: FunctionCallExprSyntax, in type: TypeDecl) -> FunctionDeclSyntax? {
        guard let name = call.calledName else { return nil }
        if let member = call.calledExpression.as(MemberAccessExprSyntax.self),
            member.base?.trimmedText != "self"
        {
            return nil
        }
        return type.functions.first { $0.decl.name.text == name && $0.decl.body != nil }?.decl
    }

    /// Whether a node holds a call a library's plans list verbatim (`router.showScreen(…)`) on a stack the
    /// type's screens are in.
    private func containsPlanAction(_ node: some SyntaxProtocol, type: TypeDecl, deepLink: Bool = false) -> Bool {
        let placed = planStacks(of: type, deepLink: deepLink)
        return CallCollector.calls(in: node).contains { call in
            placed.contains { stacks[$0].source.isPlanAction(call, in: type) }
        }
    }

    /// The stacks whose listed calls code in `type` can make: those of the screens it draws, the stack a
    /// deep-link handler object it is serves, or the stacks it makes (a deep-link closure in a `RouterView`'s
    /// content).
    private func planStacks(of type: TypeDecl, deepLink: Bool) -> [Int] {
        var result = viewScreens[ObjectIdentifier(type), default: []].map(\.stack)
        if let stack = deepLinkObjects[ObjectIdentifier(type)] { result.append(stack) }
        if deepLink { result += stacksOwned[ObjectIdentifier(type)] ?? [] }
        return result
    }

    /// Whether a node holds a route change a plan follows: a FlowStacks one, or in a deep-link handler a call
    /// a library's plans list (`router.showScreen(…)`), so a condition around it leaves the handler no plan.
    private func containsPlannedChange(_ node: some SyntaxProtocol, type: TypeDecl, deepLink: Bool) -> Bool {
        containsChange(node, type: type) || (deepLink && containsPlanAction(node, type: type, deepLink: true))
            || containsSwiftUIChange(node, in: type)
    }

    /// Whether a node holds a route change of a FlowStacks stack.
    private func containsChange(_ node: some SyntaxProtocol, type: TypeDecl) -> Bool {
        for call in CallCollector.calls(in: node) {
            if let name = call.calledName, Self.flowStacksMethods.contains(name), let receiver = call.receiverText,
                self.receiver(receiver, in: type) != nil
            {
                return true
            }
        }
        return AssignmentCollector.assignments(in: node).contains {
            routesStack($0.target.trimmedText.replacingSelf, in: type) != nil
        }
    }

    /// The route change an expression makes, if any; with `placeholders` (a deep-link handler's), a value the
    /// app computes when it runs is written as a named placeholder (``placeholdered(_:)``).
    private func change(
        _ expression: ExprSyntax, type: TypeDecl, loop: String?, placeholders: Bool, stack: inout Int?,
        failure: inout (Syntax, String)?
    ) -> RouteChange? {
        if let assignment = AssignmentCollector.assignments(in: expression).first,
            assignment.node.id == expression.id,
            let target = routesStack(assignment.target.trimmedText.replacingSelf, in: type)
        {
            stack = stack ?? target
            for route in routeLiterals(assignment.value, context: assignment.node) ?? [] {
                guard let screen = route.as(FunctionCallExprSyntax.self)?.firstUnlabeled else { continue }
                if case .unknown(let reason) = self.target(screen, stack: target) {
                    failure = (Syntax(route), reason)
                    return nil
                }
                // The map follows a screen a function makes; a plan would show the call, not the screen.
                if let call = screen.as(FunctionCallExprSyntax.self), let name = call.calledName,
                    call.calledExpression.is(DeclReferenceExprSyntax.self), name.first?.isLowercase == true
                {
                    failure = (
                        Syntax(route),
                        "the screen '\(screen.trimmedText.collapsedWhitespace.shortened(60))' is made by "
                            + "\(name)(), which a plan cannot call"
                    )
                    return nil
                }
            }
            if let array = assignment.value.as(ArrayExprSyntax.self) {
                // A legacy router's `.root(…)` of its own root keeps the root: the plan's root already is.
                return .assign(
                    array.elements.filter { !isRootRoute($0.expression, stack: target) }
                        .map { $0.expression.trimmedText.collapsedWhitespace })
            }
            if let options = randomOptions(assignment.value, context: assignment.node) {
                return .states(options.map { $0.map { $0.trimmedText.collapsedWhitespace } })
            }
            failure = (assignment.node, "the routes assigned are known only when the app runs")
            return nil
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), let name = call.calledName,
            Self.flowStacksMethods.contains(name), let receiverText = call.receiverText,
            let receiver = receiver(receiverText, in: type)
        else { return nil }
        switch receiver {
        case .routes(let target): stack = stack ?? target
        case .navigator:
            stack = stack ?? viewScreens[ObjectIdentifier(type)]?.first?.stack
        }
        var arguments = call.argumentsText
        if let loop, let value = call.firstUnlabeled {
            let text = value.trimmedText
            if text == loop {
                arguments = "{\(loop)}" + arguments.dropFirst(text.count)
            } else if text.contains(loop) {
                failure = (Syntax(call), "the screen '\(text)' is computed from '\(loop)' when the app runs")
                return nil
            }
        } else if let value = call.firstUnlabeled, let stack, name != "goBack", name != "pop", name != "dismiss" {
            if case .unknown(let reason) = target(value, stack: stack) {
                failure = (Syntax(call), reason)
                return nil
            }
        }
        if placeholders, loop == nil, name != "append", let first = call.arguments.first(where: { $0.label == nil }),
            let written = Self.placeholdered(first.expression)
        {
            arguments = call.arguments.map {
                $0.id == first.id ? written : $0.trimmedText.collapsedWhitespace.trimmingCharacters(in: ", ")
            }.joined(separator: ", ")
        }
        if name == "append" {
            // routes.append(.sheet(x, withNavigation: true)) is presentSheet(x, withNavigation: true).
            for (route, action) in [
                (".push(", "push("), (".sheet(", "presentSheet("), (".cover(", "presentCover("),
            ]
            where arguments.hasPrefix(route) && arguments.hasSuffix(")") {
                return .action(action + arguments.dropFirst(route.count))
            }
            failure = (Syntax(call), "the route appended, '\(arguments)', is not written out literally")
            return nil
        }
        return .action("\(name)(\(arguments))")
    }

    /// The routes a plan of `function`, a method of the stack's owner or routes holder, starts from: one per
    /// screen of the stack whose code calls it (``callerScreens(of:in:stack:)``), each the routes the
    /// map's calls from the root reach it by, with that screen's name. None when the method is called from the
    /// root alone or from nowhere the scanner can place, or when a caller is reached by no chain of calls
    /// written out literally (the plan then starts at the root, as before).
    mutating func callerStarts(
        of function: FunctionDeclSyntax, in type: TypeDecl, stack: Int
    ) -> [(screen: String, routes: [String])] {
        guard stacks[stack].owner === type || stacks[stack].holder === type else { return [] }
        return starts(on: callerScreens(of: function, in: type, stack: stack), in: stack)
    }

    /// One start per screen of `screens` (ids of stack `stack`): its name and the routes the map's calls reach
    /// it by. None when every screen is the root, or one is reached by no chain of calls written out literally.
    private func starts(on screens: [String], in stack: Int) -> [(screen: String, routes: [String])] {
        let root = stacks[stack].rootScreen
        guard screens.contains(where: { $0 != root }) else { return [] }
        var starts: [(screen: String, routes: [String])] = []
        for screen in screens where !starts.contains(where: { $0.screen == screen }) {
            guard let routes = routes(reaching: screen, in: stack), let index = screenIndices[screen] else {
                return []
            }
            starts.append((map.screens[index].name, routes))
        }
        return starts
    }

    /// The routes a deep-link plan of code in `type`, a view the stack's screens are drawn with, starts from:
    /// one per such screen, each the routes the map's calls reach it by (``routes(reaching:in:)``). None when
    /// the view is the root's alone or no screen's, or a screen is reached by no chain written out literally.
    func viewStarts(of type: TypeDecl, stack: Int) -> [(screen: String, routes: [String])] {
        starts(on: (viewScreens[ObjectIdentifier(type)] ?? []).filter { $0.stack == stack }.map(\.screen), in: stack)
    }

    /// The routes above the root that the map's calls reach `screen` of stack `stack` by, fewest first: each
    /// call's screen as written (`routes.presentCover(.home)` gives `.cover(.home)`); `nil` when no chain of
    /// pushes, sheets and covers written out literally (a case and literal values) reaches it.
    func routes(reaching screen: String, in stack: Int) -> [String]? {
        let root = stacks[stack].rootScreen
        var reached: [String: [String]] = [root: []]
        var queue = [root]
        while !queue.isEmpty {
            let from = queue.removeFirst()
            if from == screen { return reached[from] }
            for edge in map.edges where edge.from == from {
                guard let to = edge.to, reached[to] == nil, let route = Self.route(of: edge) else { continue }
                reached[to] = reached[from, default: []] + [route]
                queue.append(to)
            }
        }
        return nil
    }

    /// The route a call showing a screen adds, as a plan writes it (`.push(.basket)`, `.sheet(.card(2))`),
    /// from the call's text; `nil` unless its screen is a case with literal values.
    static func route(of edge: NavigationMap.Edge) -> String? {
        let prefix: String
        switch edge.style {
        case .push: prefix = ".push"
        case .sheet: prefix = ".sheet"
        case .cover: prefix = ".cover"
        default: return nil
        }
        guard let open = edge.call.firstIndex(of: "("), edge.call.hasSuffix(")") else { return nil }
        var argument = String(edge.call[edge.call.index(after: open)..<edge.call.index(before: edge.call.endIndex)])
        if edge.withNavigation, edge.style != .push {
            guard argument.hasSuffix(", withNavigation: true") else { return nil }
            argument.removeLast(", withNavigation: true".count)
        }
        // A router's own method may label its screen: `router.navigate(to: .payment)`.
        if let colon = argument.firstIndex(of: ":"), argument[..<colon].allSatisfy({ $0.isLetter || $0.isNumber }),
            argument[argument.index(after: colon)...].hasPrefix(" .")
        {
            argument = String(argument[argument.index(colon, offsetBy: 2)...])
        }
        guard isLiteralScreen(argument) else { return nil }
        return prefix + "(" + argument + (edge.withNavigation && edge.style != .push ? ", withNavigation: true" : "")
            + ")"
    }

    /// A screen with each value the app computes when it runs written as a placeholder named by its label or
    /// variable: `.orderHistoryDetail(wrapOrder: ‹wrapOrder›, onReloadOrder: nil)` for
    /// `.orderHistoryDetail(wrapOrder: WrapOrderHistory(orders: [order]), onReloadOrder: nil)`, `.order(‹id›)`
    /// for `.order(id)`; `nil` when every value is written out literally, or the screen is not a case.
    static func placeholdered(_ screen: ExprSyntax) -> String? {
        guard let call = screen.as(FunctionCallExprSyntax.self),
            let member = call.calledExpression.as(MemberAccessExprSyntax.self), member.base == nil,
            call.trailingClosure == nil
        else { return nil }
        var changed = false
        let values = call.arguments.map { argument -> String in
            let text = argument.expression.trimmedText.collapsedWhitespace
            let label = argument.label.map { "\($0.text): " } ?? ""
            if text == "nil" || isLiteralScreen(".value(\(text))") { return label + text }
            changed = true
            let name = argument.label?.text ?? placeholderName(argument.expression)
            return label + "‹\(name)›"
        }
        guard changed else { return nil }
        return "." + member.declName.baseName.text + "(" + values.joined(separator: ", ") + ")"
    }

    /// The name of a placeholder for an unlabelled value: the variable (`id`), the property (`id` in
    /// `order.id`) or the type it makes (`loan` for `Loan(id: …)`), else `value`.
    private static func placeholderName(_ value: ExprSyntax) -> String {
        if let reference = value.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = value.as(MemberAccessExprSyntax.self), member.base != nil {
            return member.declName.baseName.text
        }
        if let type = value.as(FunctionCallExprSyntax.self)?.calledExpression.as(DeclReferenceExprSyntax.self)?
            .baseName.text, type.first?.isUppercase == true
        {
            return type.prefix(1).lowercased() + type.dropFirst()
        }
        return "value"
    }

    /// Whether text is a screen written out literally: a case (`.home`), with values that are cases, numbers,
    /// strings without interpolation, `true` or `false` (`.order(id: 7, .fresh)`).
    static func isLiteralScreen(_ text: String) -> Bool {
        guard text.hasPrefix("."), let name = text.dropFirst().split(separator: "(").first,
            name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" })
        else { return false }
        let values = text.dropFirst(1 + name.count)
        if values.isEmpty { return true }
        guard values.hasPrefix("("), values.hasSuffix(")"), !values.contains("\\(") else { return false }
        var inString = false
        var word = ""
        for character in values.dropFirst().dropLast() + " " {
            if character == "\"" { inString.toggle(); continue }
            if inString { continue }
            if character.isLetter || character.isNumber || character == "_" || character == "." {
                word.append(character)
                continue
            }
            if !word.isEmpty, !word.hasPrefix("."), word.first?.isNumber != true, word != "true", word != "false",
                character != ":"
            {
                return false
            }
            word = ""
        }
        return !inString
    }

    private func flowStacksPlan(
        _ changes: [RouteChange], stack: Int, said: String, location: NavigationMap.Location,
        function: FunctionDeclSyntax?, start callerStart: [String] = [], caller: String? = nil
    ) throws(PlanFailure) -> JSONValue {
        let found = stacks[stack]
        let from = caller.map { ", run on \($0)" } ?? ""
        var members: [(String, JSONValue)] = [
            ("title", .string("\(said) — scanned from \(location.file):\(location.line)\(from)")),
            ("coordinator", .string(found.owner.name)),
            (
                "root",
                Self.object([
                    ("screen", .string(found.rootView ?? found.owner.name)),
                    ("withNavigation", .bool(found.withNavigation)),
                ])
            ),
        ]
        func strings(_ values: [String]) -> JSONValue { .array(values.map { .string($0) }) }
        var start = callerStart
        var rest = changes[...]
        if case .assign(let routes) = rest.first, rest.count > 1 {
            start = routes
            rest = rest.dropFirst()
        }
        if rest.count == 1, case .assign(let routes) = rest.first {
            members += [("start", strings([])), ("end", strings(routes))]
        } else if rest.count == 1, case .states(let options) = rest.first {
            members += [("start", strings(start)), ("states", .array(options.map(strings)))]
        } else if rest.count == 1, case .loop(let variable, let actions) = rest.first {
            guard let function, let pattern = deepLinkPattern(function, variable: variable, stack: stack) else {
                throw PlanFailure(
                    "the URLs it handles cannot be read: no type of its parameter with an init?(url:) that checks "
                        + "url.scheme == \"…\" and switches on the host was found in the files scanned")
            }
            members += [
                ("start", strings(start)),
                (
                    "deeplink",
                    Self.object([
                        (
                            "rules",
                            .array([Self.object([("match", .string(pattern)), ("actions", strings(actions))])])
                        )
                    ])
                ),
            ]
        } else {
            var actions: [String] = []
            for change in rest {
                guard case .action(let text) = change else {
                    throw PlanFailure("it both assigns routes and calls methods on them, which one plan cannot say")
                }
                actions.append(text)
            }
            members += [("start", strings(start)), ("actions", strings(actions))]
        }
        return Self.object(members)
    }

    /// The URL pattern of the links a deep-link handler's loop follows, from the link type's `init?(url:)`:
    /// its scheme (`url.scheme == "…"`), the host whose case builds the link the handler matches, and the
    /// loop's values as the remaining path components.
    private func deepLinkPattern(_ function: FunctionDeclSyntax, variable: String, stack: Int) -> String? {
        guard let parameter = function.signature.parameterClause.parameters.first,
            let linkType = index.type(named: parameter.type.trimmedText, from: nil)
        else { return nil }
        // The link's case the handler matches first, e.g. `numberCoordinator` in
        // `guard case let .numberCoordinator(link) = deeplink`.
        let bodyText = function.body?.description ?? ""
        let caseNames = linkType.cases.map(\.name).filter {
            bodyText.contains(".\($0)(") || bodyText.contains(".\($0):") || bodyText.contains(".\($0) ")
        }
        guard let linkCase = caseNames.first else { return nil }
        for member in linkType.memberCode {
            guard let initializer = member.decl.as(InitializerDeclSyntax.self),
                initializer.signature.parameterClause.parameters.contains(where: { $0.firstName.text == "url" }),
                let body = initializer.body
            else { continue }
            let text = body.description
            guard let scheme = Self.quoted(after: "scheme == ", in: text) else { return nil }
            var host: String?
            let visitor = SwitchCaseCollector()
            visitor.walk(body)
            for switchCase in visitor.cases {
                guard case .case(let label) = switchCase.label,
                    switchCase.statements.description.contains(".\(linkCase)(")
                else { continue }
                host =
                    label.caseItems.first.flatMap {
                        $0.pattern.as(ExpressionPatternSyntax.self)?.expression.as(StringLiteralExprSyntax.self)
                    }?.segments.trimmedText
            }
            guard let host else { return nil }
            let integer = stacks[stack].screenType == "Int" ? ":int" : ""
            return "\(scheme)://\(host)/{\(variable)\(integer)}..."
        }
        return nil
    }

    private static func quoted(after marker: String, in text: String) -> String? {
        guard let range = text.range(of: marker + "\"") else { return nil }
        let rest = text[range.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return nil }
        return String(rest[..<end])
    }
}

/// Why a function's route changes make no plan.
struct PlanFailure: Error {
    var reason: String
    init(_ reason: String) { self.reason = reason }
}

/// Collects every `case` of every `switch` under a node.
final class SwitchCaseCollector: SyntaxVisitor {
    private(set) var cases: [SwitchCaseSyntax] = []
    init() { super.init(viewMode: .sourceAccurate) }
    override func visit(_ node: SwitchCaseSyntax) -> SyntaxVisitorContinueKind {
        cases.append(node)
        return .visitChildren
    }
}

extension String {
    /// The text without a leading `self.`.
    var replacingSelf: String { hasPrefix("self.") ? String(dropFirst(5)) : self }
}
