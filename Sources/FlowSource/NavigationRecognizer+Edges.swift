import FlowModel
internal import SwiftSyntax

/// What a call's receiver is.
enum Receiver {
    /// A `FlowNavigator` (with the screen type it is declared with, if any).
    case navigator(screenType: String?)
    /// The routes bound by a stack, by the stack's index.
    case routes(Int)
}

/// Where a screen expression leads.
enum ScreenTarget {
    /// A screen, by id.
    case screen(String)
    /// Code the scanner cannot follow, and why.
    case unknown(String)
}

extension NavigationRecognizer {
    /// FlowStacks' methods that change routes, on a navigator or on the routes.
    static let flowStacksMethods: Set<String> = [
        "push", "presentSheet", "presentCover", "goBack", "goBackTo", "goBackToRoot", "pop", "popTo", "popToRoot",
        "popToCurrentNavigationRoot", "dismiss", "dismissAll", "append",
    ]

    // MARK: - Deep links

    mutating func findDeepLinkHandlers() {
        for type in index.types {
            for member in type.memberCode {
                for call in member.calls(named: "onOpenURL") {
                    guard let closure = call.closures.last else { continue }
                    deepLinkHandlers.append((call, closure, type, member.file))
                    for inner in CallCollector.calls(in: closure) { deepLinkClosureCalls.insert(inner.id) }
                    for inner in CallCollector.calls(in: closure) {
                        guard let name = inner.calledName else { continue }
                        var target: TypeDecl? = type
                        if let receiver = inner.receiverText {
                            // A property holding the handler (`@StateObject var coordinator = Shop()`,
                            // `@Environment(Router.self)`), or a handler object made there
                            // (`DeepLinker(router: router).handle(url: url)`).
                            let written =
                                type.properties[receiver]?.heldTypeName
                                ?? inner.calledExpression.as(MemberAccessExprSyntax.self)?.base?
                                .constructedTypeName
                            target = written.flatMap { index.type(named: $0, from: type) }
                            if let target, target !== type, let stack = hostStack(of: call, in: type) {
                                deepLinkObjects[ObjectIdentifier(target)] = stack
                            }
                        }
                        guard let target, target.functions.contains(where: { $0.decl.name.text == name }) else {
                            continue
                        }
                        markDeepLink(name, in: target, depth: 0)
                        entryLocations[ObjectIdentifier(target)] = member.file.location(of: call.calledNameNode)
                    }
                }
            }
        }
    }

    private mutating func markDeepLink(_ name: String, in type: TypeDecl, depth: Int) {
        guard depth < 4, deepLinkFunctions[ObjectIdentifier(type), default: []].insert(name).inserted else {
            return
        }
        for function in type.functions where function.decl.name.text == name {
            for call in CallCollector.calls(in: function.decl) {
                if let called = call.calledName, call.calledExpression.is(DeclReferenceExprSyntax.self),
                    type.functions.contains(where: { $0.decl.name.text == called })
                {
                    markDeepLink(called, in: type, depth: depth + 1)
                }
            }
        }
    }

    func isDeepLinkHandler(_ node: some SyntaxProtocol, in type: TypeDecl) -> Bool {
        if Self.enclosingOpenURL(of: Syntax(node)) != nil { return true }
        guard let function = node.enclosingFunction else { return false }
        return deepLinkFunctions[ObjectIdentifier(type)]?.contains(function.name.text) ?? false
    }

    /// The `.onOpenURL { … }` call whose closure holds `node`, if any.
    static func enclosingOpenURL(of node: Syntax) -> FunctionCallExprSyntax? {
        var current = node.parent
        while let parent = current {
            if let closure = parent.as(ClosureExprSyntax.self),
                let call = closure.parent?.as(FunctionCallExprSyntax.self)
                    ?? closure.parent?.parent?.parent?.as(FunctionCallExprSyntax.self),
                call.calledName == "onOpenURL"
            {
                return call
            }
            current = parent.parent
        }
        return nil
    }

    /// The stack a deep-link handler written in `type` drives: the one `type` draws a screen of, or owns
    /// or holds the routes of, or whose content the handler is written in.
    func hostStack(of call: FunctionCallExprSyntax, in type: TypeDecl) -> Int? {
        if let inside = stacksOwned[ObjectIdentifier(type)]?.first(where: { isInside(call, stack: stacks[$0]) }) {
            return inside
        }
        if let drawn = viewScreens[ObjectIdentifier(type)]?.first { return drawn.stack }
        return firstStack(ownedOrHeldBy: type)
    }

    /// Makes an entry node for every deep-link handler on a stack, with or without edges: a handler whose
    /// route changes cannot be followed still shows where links come in. (A handler on no stack, such as an
    /// app's that picks a tab, has no entry; any navigation call it makes is listed where it is.)
    mutating func addDeepLinkEntries() {
        for (call, _, type, file) in deepLinkHandlers {
            guard let stack = hostStack(of: call, in: type) else { continue }
            _ = entry(for: stack, type: type, file: file, node: call)
        }
    }

    /// A plan for each `.onOpenURL` closure that changes routes itself (one per case of a switch over the
    /// link), named `Type.onOpenURL`; a closure that hands the link to a function leaves the plan to it.
    mutating func planDeepLinkClosures() {
        for (call, closure, type, file) in deepLinkHandlers
        where containsRouteChange(closure, in: type) || containsPlannedAction(closure, in: type) {
            plan(
                closure.statements, named: "\(type.qualifiedName).onOpenURL", at: file.location(of: call),
                function: nil, in: type, file: file, deepLink: true)
        }
    }

    /// The entry node for a stack's deep links, made the first time an edge needs it.
    mutating func entry(for stack: Int, type: TypeDecl, file: ParsedFile, node: some SyntaxProtocol) -> String {
        let id = "\(stacks[stack].id).onOpenURL"
        if !map.entries.contains(where: { $0.id == id }) {
            var name = node.enclosingFunction.map { "onOpenURL → \($0.name.text)" } ?? "onOpenURL"
            let handler =
                node.as(FunctionCallExprSyntax.self).flatMap { $0.calledName == "onOpenURL" ? $0 : nil }
                ?? Self.enclosingOpenURL(of: Syntax(node))
            if let handler,
                let closure = handler.closures.last,
                closure.statements.count == 1, case .expr(let only) = closure.statements.first?.item,
                let called = only.as(FunctionCallExprSyntax.self)?.calledName
            {
                name = "onOpenURL → \(called)"
            }
            map.entries.append(
                NavigationMap.Entry(
                    id: id, name: name, coordinator: stacks[stack].id,
                    location: entryLocations[ObjectIdentifier(type)]
                        ?? file.location(of: handler?.calledNameNode ?? Syntax(node))))
        }
        return id
    }

    // MARK: - Receivers and screens

    /// What a method call's receiver is, seen from code in `type`.
    func receiver(_ text: String, in type: TypeDecl) -> Receiver? {
        if let stack = routesStack(text, in: type) { return .routes(stack) }
        let name = text.lastDotPart
        if let property = type.properties[name], let declared = property.type,
            declared.hasPrefix("FlowNavigator") || declared.hasPrefix("FlowPathNavigator")
        {
            return .navigator(screenType: declared.hasPrefix("FlowPathNavigator") ? nil : declared.genericArgument)
        }
        if name == "navigator" { return .navigator(screenType: nil) }
        return nil
    }

    /// The stack whose routes `text` (e.g. `routes`, `viewModel.routes`, `navigator.routes`) names.
    func routesStack(_ text: String, in type: TypeDecl) -> Int? {
        guard routesProperties.contains(text.lastDotPart) else { return nil }
        let path = text.utf8.contains(UInt8(ascii: ".")) ? text.split(separator: ".").map(String.init) : [text]
        guard let last = path.last else { return nil }
        var holder: TypeDecl? = type
        for step in path.dropLast() {
            holder = holder?.properties[step]?.heldTypeName.flatMap { index.type(named: $0, from: holder) }
        }
        guard let holder else { return nil }
        return stacksHeld[ObjectIdentifier(holder)]?.first { stacks[$0].routesProperty == last }
    }

    /// The screen a screen expression shows in a stack.
    func target(_ expression: ExprSyntax, stack: Int, depth: Int = 0) -> ScreenTarget {
        let found = stacks[stack]
        let text = expression.trimmedText.collapsedWhitespace
        if let reference = expression.as(DeclReferenceExprSyntax.self),
            found.screenEnum != nil
                || found.screenType == nil
        {
            return .unknown("the screen is the value of '\(reference.baseName.text)', known only when the app runs")
        }
        if let enumType = found.screenEnum {
            if let name = Self.caseName(ofScreen: expression, enumName: enumType.name) {
                if let id = found.screens[name] { return .screen(id) }
                if let leaf = leafScreen(expression, of: name, in: found) { return leaf }
                return .unknown("'\(name)' is not a case of \(enumType.name)")
            }
            if let call = expression.as(FunctionCallExprSyntax.self), let name = call.calledName, depth < 3,
                let result = functionResult(name) ?? Self.localFunctionResult(name, near: Syntax(expression))
            {
                return target(result, stack: stack, depth: depth + 1)
            }
            return .unknown("the screen '\(text.shortened(60))' is built by code the scanner cannot follow")
        }
        if let screenType = found.screenType, let id = found.screens[screenType] {
            return .screen(id)
        }
        // A FlowPath: the screen's type from the value.
        if expression.is(IntegerLiteralExprSyntax.self), let id = found.screens["Int"] { return .screen(id) }
        if expression.is(StringLiteralExprSyntax.self), let id = found.screens["String"] { return .screen(id) }
        if let typeName = expression.constructedTypeName {
            if let id = found.screens[typeName] { return .screen(id) }
            // An instance of a subclass goes to its superclass's destination, as `flowDestination(for:)`
            // casts to it.
            var type = index.type(named: typeName, from: nil)
            var seen: Set<String> = []
            while let current = type, seen.insert(current.qualifiedName).inserted {
                if let id = current.inherits.lazy.compactMap({ found.screens[$0] }).first { return .screen(id) }
                type = current.inherits.lazy.compactMap { self.index.type(named: $0, from: current) }
                    .first { $0.kind == "class" }
            }
        }
        for (name, id) in found.screens.entries where !name.isEmpty {
            if let caseName = Self.caseName(ofScreen: expression, enumName: nil), caseName.isSameIdentifier(name) {
                return .screen(id)
            }
        }
        return .unknown(
            "the screen '\(text.shortened(60))' is of a type this FlowStack declares no destination for")
    }

    /// The leaf screen a case holding a nested enum shows (`.createWallet(.seed)` → `createWallet(.seed)`), or
    /// why it is unknown; `nil` when the case has no leaves.
    func leafScreen(_ expression: ExprSyntax, of name: String, in stack: FoundStack) -> ScreenTarget? {
        guard stack.screens.names.contains(where: { $0.hasPrefix(name + "(.") }) else { return nil }
        if let inner = expression.as(FunctionCallExprSyntax.self)?.arguments.first?.expression,
            let leaf = Self.caseName(ofScreen: inner, enumName: nil)
        {
            if let id = stack.screens["\(name)(.\(leaf))"] { return .screen(id) }
            return .unknown("'\(leaf)' is not one of the cases the destination of '\(name)' switches on")
        }
        let text = expression.trimmedText.collapsedWhitespace.shortened(60)
        return .unknown("which case of '\(name)' the screen '\(text)' is, is known only when the app runs")
    }

    /// `number` for `.number(99)`, `Screen.number(99)` or `.number`.
    static func caseName(ofScreen expression: ExprSyntax, enumName: String?) -> String? {
        var expression = expression
        if let call = expression.as(FunctionCallExprSyntax.self) { expression = call.calledExpression }
        guard let member = expression.as(MemberAccessExprSyntax.self) else { return nil }
        if let base = member.base {
            // `Screen.number` or `Parent.Screen.number`: the last part of the base names the enum.
            let baseName =
                base.as(DeclReferenceExprSyntax.self)?.baseName.text
                ?? base.as(MemberAccessExprSyntax.self)?.declName.baseName.text
            guard let baseName, baseName.first?.isUppercase == true, enumName == nil || baseName == enumName
            else { return nil }
        }
        // A name in backticks (`` .`default` ``) is the name without them.
        let name = member.declName.baseName.text.trimmingCharacters(in: "`")
        return name == "init" ? nil : name
    }

    /// The single expression a function declared inside the function around `node` returns
    /// (`func screenViewModel(_ n: Int) -> Screen { .number(n) }` inside `goRandom()`).
    static func localFunctionResult(_ name: String, near node: Syntax) -> ExprSyntax? {
        var current = node.parent
        while let block = current {
            if let items = block.as(CodeBlockItemListSyntax.self) {
                for item in items {
                    guard let function = item.item.as(FunctionDeclSyntax.self), function.name.text == name,
                        let body = function.body, body.statements.count == 1, let only = body.statements.first
                    else { continue }
                    if case .expr(let expression) = only.item { return expression }
                    if case .stmt(let statement) = only.item, let returned = statement.as(ReturnStmtSyntax.self) {
                        return returned.expression
                    }
                }
            }
            current = block.parent
        }
        return nil
    }

    /// The single expression a function with that name returns, if exactly one function has that name.
    func functionResult(_ name: String) -> ExprSyntax? {
        let matches = functionsByName[name] ?? []
        guard matches.count == 1, let body = matches[0].body, body.statements.count == 1,
            let item = body.statements.first
        else { return nil }
        if case .expr(let expression) = item.item { return expression }
        if case .stmt(let statement) = item.item, let returned = statement.as(ReturnStmtSyntax.self) {
            return returned.expression
        }
        return nil
    }

    // MARK: - Edges

    mutating func findEdges() {
        // Every presentation by a flag, read once: a view's binding is known from another type's presenter.
        let presentations = index.types.map { $0.memberCode.map(SwiftUISource.flagPresentations(in:)) }
        let bindings = SwiftUISource.presentingBindings(in: presentations.flatMap { $0.flatMap { $0 } })
        let modelFlags = modelFlagPresentations(presentations)
        for (type, typePresentations) in zip(index.types, presentations) {
            for (member, memberPresentations) in zip(type.memberCode, typePresentations) {
                for site in member.sites {
                    guard let name = site.name else { continue }
                    edges(
                        for: site.call, named: name, receiver: site.receiver,
                        location: member.file.location(at: site.place), in: type, file: member.file)
                }
                // The type's presentations, each with whether it is written in this member's file.
                let presenters = zip(type.memberCode, typePresentations).flatMap { presenter, found in
                    found.map { ($0, presenter.file.path == member.file.path) }
                }
                for assignment in member.assignments {
                    if !bindings.isEmpty, SwiftUISource.isFlagDismiss(assignment, in: type, bindings: bindings) {
                        addFlagDismiss(assignment, showing: type.name, from: type, file: member.file)
                        continue
                    }
                    if let presentation = memberPresentations.first(where: { Self.closes($0, assignment) }) {
                        addFlagDismiss(assignment, closing: presentation, in: type, file: member.file)
                        continue
                    }
                    // A view model setting back the flag its view presents by (`$model.showsScale`).
                    if !modelFlags.isEmpty, assignment.value.trimmedText == "false",
                        let (presenter, shown) = modelFlags[
                            "\(ObjectIdentifier(type).hashValue)|" + assignment.target.trimmedText.replacingSelf]
                    {
                        addFlagDismiss(assignment, showing: shown, from: presenter, file: member.file)
                        continue
                    }
                    // The presenter setting the flag back elsewhere (after a save, in a timer) closes it too.
                    if let (presentation, _) = presenters.first(where: {
                        Self.closesLater($0.0, assignment, inItsFile: $0.1)
                    }) {
                        addFlagDismiss(assignment, closing: presentation, in: type, file: member.file)
                        continue
                    }
                    var targetText = assignment.target.trimmedText
                    if targetText.hasPrefix("self.") { targetText.removeFirst(5) }
                    guard let stack = routesStack(targetText, in: type) else { continue }
                    stacks[stack].source.addRoutesAssignment(
                        assignment.value, node: assignment.node, stack: stack, in: type, file: member.file, in: &self)
                }
            }
        }
    }

    /// The presentations whose flag is a view model's (`.sheet(isPresented: $model.showsScale) { Scale() }`, with
    /// `model` a property of the presenting view holding a type of the app's), by that type's identity and the
    /// flag's name (`"…|showsScale"`): the presenting view and the view shown.
    private func modelFlagPresentations(_ presentations: [[[SwiftUISource.FlagPresentation]]]) -> [String: (
        presenter: TypeDecl, shown: String
    )] {
        var found: [String: (presenter: TypeDecl, shown: String)] = [:]
        for (type, typePresentations) in zip(index.types, presentations) {
            for presentation in typePresentations.joined() {
                let parts = presentation.flag.split(separator: ".").map(String.init)
                guard parts.count == 2, let shown = presentation.shown,
                    let held = type.properties[parts[0]]?.heldTypeName,
                    let model = index.type(named: held, from: type), !model.isView
                else { continue }
                found["\(ObjectIdentifier(model).hashValue)|" + parts[1]] = (type, shown)
            }
        }
        return found
    }

    /// A dismiss, by setting the flag that shows it to `false`, of every screen whose view is `view` (as
    /// named from `context`): a screen the view is, not one it is drawn in (a shared sheet container).
    private mutating func addFlagDismiss(
        _ assignment: Assignment, showing view: String, from context: TypeDecl, file: ParsedFile
    ) {
        addFlagDismiss(assignment, ofScreenNamed: screenName(ofView: view, from: context), file: file)
    }

    /// A dismiss of what `presentation`, written in `presenter`, shows: the app's view it presents, or the
    /// screen its own content is (``SwiftUISource/inlineFlag(_:)``).
    private mutating func addFlagDismiss(
        _ assignment: Assignment, closing presentation: SwiftUISource.FlagPresentation, in presenter: TypeDecl,
        file: ParsedFile
    ) {
        if let shown = presentation.shown {
            addFlagDismiss(assignment, showing: shown, from: presenter, file: file)
        } else {
            let name = SwiftUISource.inlineScreenName(presenter: presenter.name, flag: presentation.flag)
            addFlagDismiss(assignment, ofScreenNamed: name, file: file)
        }
    }

    /// A dismiss, by setting a flag to `false`, of the screen named `name` in each stack it is a screen of.
    private mutating func addFlagDismiss(_ assignment: Assignment, ofScreenNamed name: String, file: ParsedFile) {
        let text = assignment.node.trimmedText.collapsedWhitespace
        let location = file.location(at: assignment.node.positionAfterSkippingLeadingTrivia)
        for stack in stacks.indices {
            guard let screen = stacks[stack].screens[name] else { continue }
            addBack(screen, call: text, to: nil, style: .dismiss, text: QuotedCall(text: text), location: location)
        }
    }

    /// Whether `assignment` sets the flag of `presentation` to `false` inside its content (`onSave: { adds =
    /// false }` given to the view the sheet shows): the presenter closing what it shows.
    static func closes(_ presentation: SwiftUISource.FlagPresentation, _ assignment: Assignment) -> Bool {
        assignment.value.trimmedText == "false"
            && assignment.target.trimmedText.replacingSelf == presentation.flag
            && presentation.content.contains(assignment.node.position)
    }

    /// Whether `assignment` sets the flag of `presentation` to `false` outside the presenter's call, in the type
    /// that presents it (`func save() { …; addsHive = false }`, a timer's closure): the presenter closing what it
    /// shows. Setting it in `onDismiss:` closes nothing, the sheet being gone already.
    /// `inItsFile`: whether the assignment is written in the presenter's file (positions are a file's).
    static func closesLater(
        _ presentation: SwiftUISource.FlagPresentation, _ assignment: Assignment, inItsFile: Bool
    ) -> Bool {
        assignment.value.trimmedText == "false"
            && assignment.target.trimmedText.replacingSelf == presentation.flag
            && !(inItsFile && presentation.call.contains(assignment.node.position))
    }

    /// The screens code in `type` runs on for a stack: the stack's deep-link entry, its root when the code
    /// is the stack's owner or routes holder, or the screens `type` draws.
    mutating func origins(
        of node: some SyntaxProtocol, stack: Int, in type: TypeDecl, file: ParsedFile
    ) -> [String] {
        if isDeepLinkHandler(node, in: type) { return [entry(for: stack, type: type, file: file, node: node)] }
        var drawn = viewScreens[ObjectIdentifier(type), default: []].filter { $0.stack == stack }.map(\.screen)
        if drawn.isEmpty, !type.isView, stacks[stack].owner !== type, stacks[stack].holder !== type {
            // A view model: its calls run on the screens whose views hold it (`@StateObject var viewModel:
            // ContentViewModel`).
            for screen in screensHolding(type) where screen.stack == stack && !drawn.contains(screen.screen) {
                drawn.append(screen.screen)
            }
        }
        if !drawn.isEmpty { return drawn }
        if stacks[stack].owner === type || stacks[stack].holder === type {
            if let screen = destinationCaseScreen(of: node, stack: stack) { return [screen] }
            if let function = node.enclosingFunction {
                let called = callerScreens(of: function, in: type, stack: stack)
                if !called.isEmpty { return called }
            }
            return [stacks[stack].rootScreen]
        }
        return []
    }

    /// The screens of stack `stack` that call `function`, a function of `holder` (the stack's owner or routes
    /// holder): the code of `coordinator.menu_showSeeds()` in a view model held by the hall's view runs on
    /// the hall, not on the root. A caller is a call of the function's name on a property typed as the
    /// holder or a protocol it conforms to, or, inside the holder, on itself (followed to that function's
    /// callers). Empty when no caller is placed on a screen of the stack. Functions already being followed
    /// (``followedCallers``: a method calling back into the one that called it) are not followed again.
    mutating func callerScreens(of function: FunctionDeclSyntax, in holder: TypeDecl, stack: Int) -> [String] {
        let name = function.name.text
        let key = "\(ObjectIdentifier(holder).hashValue)|\(name)"
        guard followedCallers.count < 8, followedCallers.insert(key).inserted else { return [] }
        defer { followedCallers.remove(key) }
        let names = Set([holder.name] + holder.inherits)
        var found: [String] = []
        for (call, caller, file) in calls(named: name) {
            let receiver = call.receiverText
            var screens: [String] = []
            if caller === holder, receiver == nil || receiver == "self" {
                guard let outer = call.enclosingFunction else { continue }
                screens = callerScreens(of: outer, in: holder, stack: stack)
            } else if let receiver, !receiver.contains("."),
                let held = caller.properties[receiver]?.heldTypeName, names.contains(held),
                caller !== holder, !isDeepLinkHandler(call, in: caller)
            {
                screens = origins(of: call, stack: stack, in: caller, file: file)
            }
            for screen in screens where !found.contains(screen) { found.append(screen) }
        }
        return found
    }

    /// Every call of a function named `name` in the app's code, with the type and file it is written in,
    /// from an index of calls by name made the first time one is asked for.
    mutating func calls(named name: String) -> [(call: FunctionCallExprSyntax, type: TypeDecl, file: ParsedFile)] {
        if callsByName == nil {
            var byName: [String: [(call: FunctionCallExprSyntax, type: TypeDecl, file: ParsedFile)]] = [:]
            for type in index.types {
                for member in type.memberCode {
                    for (call, called) in zip(member.calls, member.calledNames) {
                        if let called { byName[called, default: []].append((call, type, member.file)) }
                    }
                }
            }
            callsByName = byName
        }
        return callsByName?[name] ?? []
    }

    /// The screen whose destination case a call is written in (`case .members: ListMembersView()
    /// .addBackButton { routes.pop() }` in the stack's `flowDestination`): it runs while that screen is shown,
    /// not on the root. `nil` outside a destination's closure, or in a case of several screens.
    func destinationCaseScreen(of node: some SyntaxProtocol, stack: Int) -> String? {
        var caseNames: [String]?
        var current = Syntax(node).parent
        while let parent = current, !parent.is(DeclSyntax.self) {
            if caseNames == nil, let switchCase = parent.as(SwitchCaseSyntax.self),
                case .case(let label) = switchCase.label
            {
                caseNames = label.caseItems.compactMap { Self.caseName(inPattern: $0.pattern.trimmedText) }
            }
            if let call = parent.as(FunctionCallExprSyntax.self), let name = call.calledName,
                Self.destinationBuilders.contains(name),
                call.closures.contains(where: { $0.range.contains(node.position) })
            {
                guard let names = caseNames, names.count == 1 else { return nil }
                return stacks[stack].screens[names[0]]
            }
            current = parent.parent
        }
        return nil
    }

    /// The screens drawn by the views that hold a property of `type` (a view model's views), made the first
    /// time a view model's call needs them.
    mutating func screensHolding(_ type: TypeDecl) -> [(stack: Int, screen: String)] {
        if let known = screensHeld[ObjectIdentifier(type)] { return known }
        if viewsHolding == nil {
            var holding: [String: [TypeDecl]] = [:]
            for view in index.types where view.isView {
                var names: Set<String> = []
                for property in view.properties.values {
                    guard let written = property.heldTypeName,
                        let name = written.split(separator: "<").first.map(String.init),
                        names.insert(name).inserted
                    else { continue }
                    holding[name, default: []].append(view)
                }
            }
            viewsHolding = holding
        }
        var result: [(stack: Int, screen: String)] = []
        for view in viewsHolding?[type.name] ?? [] where view !== type {
            for screen in viewScreens[ObjectIdentifier(view), default: []]
            where !result.contains(where: { $0 == screen }) {
                result.append(screen)
            }
        }
        // And the screens of the views that make one where they use it (a view model made in a tap handler, its
        // method called at once), as the audited apps write it.
        for view in viewsMaking(type) where view !== type {
            for screen in viewScreens[ObjectIdentifier(view), default: []]
            where !result.contains(where: { $0 == screen }) {
                result.append(screen)
            }
        }
        screensHeld[ObjectIdentifier(type)] = result
        return result
    }

    /// The view a representable's coordinator belongs to: the view `type` is nested in, or the one whose
    /// `makeCoordinator()` makes it (`Coordinator(picker: self)`).
    private mutating func representable(of type: TypeDecl) -> TypeDecl? {
        if let enclosing = index.enclosingType(of: type), enclosing.isView { return enclosing }
        if representedBy == nil {
            var made: [String: TypeDecl] = [:]
            for view in index.types where view.isView {
                for function in view.functions where function.decl.name.text == "makeCoordinator" {
                    for call in CallCollector.calls(in: function.decl) {
                        if let name = call.calledName, name.first?.isUppercase == true, made[name] == nil {
                            made[name] = view
                        }
                    }
                }
            }
            representedBy = made
        }
        return representedBy?[type.name]
    }

    /// The views that make a `type` where they use it (``madeModels(of:)``), by the type's name.
    private mutating func viewsMaking(_ type: TypeDecl) -> [TypeDecl] {
        if viewsMaking == nil {
            var making: [String: [TypeDecl]] = [:]
            for view in index.types where view.isView {
                for made in madeModels(of: view) { making[made.name, default: []].append(view) }
            }
            viewsMaking = making
        }
        return viewsMaking?[type.name] ?? []
    }

    /// Asks the library of each stack `type` draws a screen of (or, for a view model, the screens of the
    /// views holding it) for the edges `call` makes on that screen, then every library for the edges it
    /// makes through a navigator or routes. `receiver` is the call's ``SwiftSyntax/FunctionCallExprSyntax/receiverText``,
    /// `location` its ``callLocation(_:named:in:)``.
    private mutating func edges(
        for call: FunctionCallExprSyntax, named name: String, receiver: String?, location: NavigationMap.Location,
        in type: TypeDecl, file: ParsedFile
    ) {
        let callText = QuotedCall(call)
        var placed = viewScreens[ObjectIdentifier(type), default: []]
        if placed.isEmpty, !type.isView, firstStack(ownedOrHeldBy: type) == nil {
            placed = screensHolding(type)
        }
        // A representable's coordinator (its UIKit delegate) runs its calls on the representable's screens.
        if placed.isEmpty, !type.isView, let view = representable(of: type) {
            placed = viewScreens[ObjectIdentifier(view), default: []]
        }
        if placed.isEmpty, let stack = deepLinkObjects[ObjectIdentifier(type)],
            firstStack(ownedOrHeldBy: type) == nil,
            SourceLibraries.all.contains(where: {
                $0.isNavigationCall(call, named: name, in: type, recognizer: self)
            })
        {
            // A handler object an `.onOpenURL` hands the link to: its calls start at the deep-link entry.
            placed = [(stack, entry(for: stack, type: type, file: file, node: call))]
        }
        if placed.isEmpty, deepLinkClosureCalls.contains(call.id),
            let handler = Self.enclosingOpenURL(of: Syntax(call)), let stack = hostStack(of: handler, in: type),
            stacks[stack].source.screens == .shownViews,
            stacks[stack].source.isNavigationCall(call, named: name, in: type, recognizer: self)
        {
            // A router call in an `.onOpenURL` closure written in a stack's content (`RouterView { router in
            // Home().onOpenURL { url in router.showScreen(…) } }`): it starts at the deep-link entry.
            placed = [(stack, entry(for: stack, type: type, file: file, node: call))]
        }
        currentType = type
        for (stack, origin) in placed where !isInNestedStack(call, other: stack) {
            let source = stacks[stack].source
            source.addScreenEdges(
                call, named: name, stack: stack, origin: origin, text: callText, location: location, in: &self)
            if source.library != .swiftUI {
                // A dismiss closes the screen only from its own view, a view placed in it (or that view's
                // coordinator): a view the screen presents with SwiftUI has a presentation of its own.
                let drawing = type.isView ? type : representable(of: type)
                let isOwnView =
                    drawing.map { ownViewScreens.contains("\(ObjectIdentifier($0).hashValue)|" + origin) }
                    ?? false
                SwiftUISource.addPresentationEdges(
                    call, named: name, stack: stack, origin: origin, text: callText, location: location,
                    dismisses: isOwnView, in: &self)
            }
        }
        for source in SourceLibraries.all {
            source.addCallEdges(
                call, named: name, receiver: receiver, in: type, file: file, text: callText, location: location,
                in: &self)
        }
    }

    /// The type holding a stack's routes, when `receiver` is one and `name` is a function of it that takes
    /// parameters and changes the routes (an app's own `navigator.show(screen: .login, by: .root)`).
    func wrapperHolder(_ receiver: String, calling name: String, in type: TypeDecl) -> (
        holder: TypeDecl, function: FunctionDeclSyntax, stack: Int
    )? {
        let property = receiver.lastDotPart
        guard let declared = type.properties[property],
            let typeName = declared.type ?? declared.initializer?.constructedTypeName,
            holderNames.contains(SwiftSourceIndex.simpleName(of: typeName)),
            let holder = index.type(named: typeName, from: type),
            let stackIndex = stacksHeld[ObjectIdentifier(holder)]?.first,
            let routes = stacks[stackIndex].routesProperty
        else { return nil }
        func namesRoutes(_ text: String) -> Bool { text == routes || text == "self." + routes }
        for function in holder.functions
        where function.decl.name.text == name && !function.decl.signature.parameterClause.parameters.isEmpty {
            if CallCollector.calls(in: function.decl).contains(where: { namesRoutes($0.receiverText ?? "") })
                || AssignmentCollector.assignments(in: function.decl).contains(where: {
                    namesRoutes($0.target.trimmedText)
                })
            {
                return (holder, function.decl, stackIndex)
            }
        }
        return nil
    }

    /// Follows a call to the app's own function on the routes' holder one level in, with the call's
    /// arguments for its parameters (`navigator.show(screen: .login, by: .root)`): the case of a `switch` on
    /// a parameter that the argument picks, or the whole body when it has no switch, when every route change
    /// there is a routes method or an assignment of route literals whose screens are literal arguments.
    /// Adds the edges and returns `true`, or adds nothing and returns `false`.
    mutating func inlineWrapper(
        _ call: FunctionCallExprSyntax, function: FunctionDeclSyntax, stack: Int, in type: TypeDecl,
        file: ParsedFile
    ) -> Bool {
        guard let routes = stacks[stack].routesProperty, let body = function.body else { return false }
        let bound = Self.boundArguments(of: call, to: function)
        var statements = Array(body.statements)
        if statements.count == 1, case .stmt(let statement) = statements[0].item,
            let switchExpression = statement.as(ExpressionStmtSyntax.self)?.expression.as(SwitchExprSyntax.self)
                ?? nil
        {
            guard let subject = switchExpression.subject.as(DeclReferenceExprSyntax.self)?.baseName.text,
                let argument = bound[subject],
                let picked = Self.caseName(ofScreen: argument, enumName: nil)
            else { return false }
            let chosen = switchExpression.cases.compactMap { $0.as(SwitchCaseSyntax.self) }.first { switchCase in
                guard case .case(let label) = switchCase.label else { return false }
                return label.caseItems.contains {
                    Self.caseName(inPattern: $0.pattern.trimmedText) == picked
                }
            }
            guard let chosen else { return false }
            statements = Array(chosen.statements)
        } else if statements.contains(where: { item in
            if case .expr(let expression) = item.item { return expression.is(SwitchExprSyntax.self) }
            if case .stmt = item.item { return true }
            return false
        }) {
            return false
        }
        func argument(_ expression: ExprSyntax) -> ExprSyntax? {
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                return bound[reference.baseName.text]
            }
            return expression
        }
        // What each statement shows: (screen expression, style); any other statement ends the attempt.
        var shown: [(screen: ExprSyntax, style: NavigationMap.Style)] = []
        for item in statements {
            guard case .expr(let expression) = item.item else { return false }
            if let inner = expression.as(FunctionCallExprSyntax.self), let method = inner.calledName,
                inner.receiverText == routes, Self.flowStacksMethods.contains(method)
            {
                switch method {
                case "append" where stacks[stack].library == .swiftUI:
                    // SwiftUI's path.append(route): the value is the screen.
                    guard let value = inner.firstUnlabeled, let screen = argument(value) else { return false }
                    shown.append((screen, .push))
                case "push", "presentSheet", "presentCover":
                    guard let value = inner.firstUnlabeled, let screen = argument(value) else { return false }
                    shown.append(
                        (screen, method == "presentSheet" ? .sheet : method == "presentCover" ? .cover : .push))
                default:
                    return false
                }
            } else if let assignment = AssignmentCollector.assignments(in: expression).first,
                assignment.target.trimmedText.replacingSelf == routes,
                let array = assignment.value.as(ArrayExprSyntax.self)
            {
                for element in array.elements {
                    guard let route = element.expression.as(FunctionCallExprSyntax.self),
                        let value = route.firstUnlabeled, let screen = argument(value)
                    else { return false }
                    shown.append((screen, .replace))
                }
            } else {
                return false
            }
        }
        guard !shown.isEmpty else { return false }
        for (screen, _) in shown {
            guard case .screen = target(screen, stack: stack) else { return false }
        }
        let location = file.location(of: call)
        let callText = call.quotedText(160)
        let origins = origins(of: call, stack: stack, in: type, file: file)
        guard !origins.isEmpty else { return false }
        for origin in origins {
            for (screen, style) in shown {
                addEdge(
                    from: origin, value: screen, style: style, withNavigation: false, call: callText,
                    location: location, stack: stack)
            }
        }
        return true
    }

    /// A function's parameters by the name its body uses, bound to a call's arguments by label (or
    /// position), or to their default values.
    static func boundArguments(of call: FunctionCallExprSyntax, to function: FunctionDeclSyntax) -> [String: ExprSyntax]
    {
        var bound: [String: ExprSyntax] = [:]
        var unlabeled = call.arguments.filter { $0.label == nil }.map(\.expression)[...]
        for parameter in function.signature.parameterClause.parameters {
            let label = parameter.firstName.text
            let inner = parameter.secondName?.text ?? label
            let value =
                label == "_" ? unlabeled.popFirst() : call.arguments.first { $0.label?.text == label }?.expression
            if let value = value ?? parameter.defaultValue?.value { bound[inner] = value }
        }
        return bound
    }

    static func style(named text: String) -> NavigationMap.Style {
        text.contains("cover") ? .cover : text.contains("sheet") ? .sheet : .push
    }

    mutating func addEdge(
        from: String, value: ExprSyntax, style: NavigationMap.Style, withNavigation: Bool, call: String,
        location: NavigationMap.Location, stack: Int
    ) {
        switch target(value, stack: stack) {
        case .screen(let id):
            map.edges.append(
                NavigationMap.Edge(
                    from: from, to: id, style: style, withNavigation: withNavigation, call: call, location: location
                ))
        case .unknown(let reason):
            unfollowed(location, "\(call): \(reason)")
        }
    }

    /// An edge for a route literal such as `.sheet(.b, withNavigation: true)`.
    mutating func addRouteEdge(
        from: String, route: ExprSyntax, call: String, location: NavigationMap.Location, stack: Int,
        style override: NavigationMap.Style? = nil
    ) {
        guard let routeCall = route.as(FunctionCallExprSyntax.self), let kind = routeCall.calledName,
            let screen = routeCall.firstUnlabeled
        else {
            unfollowed(
                location,
                "\(call): the route '\(route.quotedText(60))' is built by code the scanner cannot follow"
            )
            return
        }
        let withNavigation =
            routeCall.argument("withNavigation")?.trimmedText == "true"
            || routeCall.argument("embedInNavigationView")?.trimmedText == "true"
        addEdge(
            from: from, value: screen, style: override ?? Self.style(named: kind), withNavigation: withNavigation,
            call: call,
            location: location, stack: stack)
    }

    mutating func replaceEdge(
        _ value: ExprSyntax, node: Syntax, stack: Int, in type: TypeDecl, file: ParsedFile
    ) {
        let location = file.location(of: node)
        let callText = node.quotedText(160)
        let routes = routeLiterals(value, context: node)
        guard let routes else {
            unfollowed(location, "\(callText): the routes assigned are known only when the app runs")
            return
        }
        // One edge per screen the assignment can show, however many routes show it.
        var seen: Set<String> = []
        var unique: [ExprSyntax] = []
        for route in routes where !isRootRoute(route, stack: stack) {
            let key: String
            if let screen = route.as(FunctionCallExprSyntax.self)?.firstUnlabeled,
                case .screen(let id) = target(screen, stack: stack)
            {
                key = id
            } else {
                key = route.trimmedText
            }
            if seen.insert(key).inserted { unique.append(route) }
        }
        for origin in origins(of: node, stack: stack, in: type, file: file) {
            for route in unique {
                addRouteEdge(
                    from: origin, route: route, call: callText, location: location, stack: stack, style: .replace)
            }
        }
    }

    /// Whether a route is a legacy router's `.root(…)` of the screen its routes already start with: it
    /// keeps the root, so it shows nothing new.
    func isRootRoute(_ route: ExprSyntax, stack: Int) -> Bool {
        guard let call = route.as(FunctionCallExprSyntax.self), call.calledName == "root",
            let rootCase = stacks[stack].rootCase, let screen = call.firstUnlabeled
        else { return false }
        return Self.caseName(inPattern: screen.trimmedText) == rootCase
    }

    /// The route literals an assigned value can hold: an array literal, or one element of a local array of
    /// array literals (`options.randomElement()!`).
    func routeLiterals(_ value: ExprSyntax, context: Syntax) -> [ExprSyntax]? {
        if let array = value.as(ArrayExprSyntax.self) { return array.elements.map(\.expression) }
        guard let options = randomOptions(value, context: context) else { return nil }
        return options.flatMap { $0 }
    }

    /// The arrays `x.randomElement()!` picks from, when `x` is a local array of array literals.
    func randomOptions(_ value: ExprSyntax, context: Syntax) -> [[ExprSyntax]]? {
        var expression = value
        if let unwrap = expression.as(ForceUnwrapExprSyntax.self) { expression = unwrap.expression }
        guard let call = expression.as(FunctionCallExprSyntax.self), call.calledName == "randomElement",
            let name = call.receiverText, let function = context.enclosingFunction, let body = function.body
        else { return nil }
        for item in body.statements {
            guard case .decl(let decl) = item.item, let variable = decl.as(VariableDeclSyntax.self) else {
                continue
            }
            for binding in variable.bindings
            where binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text == name {
                guard let array = binding.initializer?.value.as(ArrayExprSyntax.self) else { return nil }
                var options: [[ExprSyntax]] = []
                for element in array.elements {
                    guard let option = element.expression.as(ArrayExprSyntax.self) else { return nil }
                    options.append(option.elements.map(\.expression))
                }
                return options
            }
        }
        return nil
    }

    mutating func addBack(
        _ origin: String, call: String, to: String?, style: NavigationMap.Style, text: QuotedCall,
        location: NavigationMap.Location
    ) {
        if let screen = screenIndices[origin], !map.screens[screen].backCalls.contains(call) {
            map.screens[screen].backCalls.append(call)
        }
        map.edges.append(NavigationMap.Edge(from: origin, to: to, style: style, call: text.value, location: location))
    }

    mutating func unfollowed(_ location: NavigationMap.Location, _ message: String) {
        let problem = NavigationMap.Problem(location: location, message: "cannot follow: " + message)
        if listedProblems.insert(problem).inserted { map.problems.append(problem) }
    }

    mutating func problem(_ location: NavigationMap.Location, _ message: String) {
        let problem = NavigationMap.Problem(location: location, message: message)
        if listedProblems.insert(problem).inserted { map.problems.append(problem) }
    }
}
