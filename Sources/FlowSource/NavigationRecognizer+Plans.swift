#if canImport(SwiftParser) && canImport(SwiftSyntax) && canImport(SwiftParserDiagnostics)
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
    }

    extension NavigationRecognizer {
        mutating func findPlans() {
            for type in index.types {
                for function in type.functions {
                    plan(function.decl, in: type, file: function.file)
                }
            }
        }

        private mutating func plan(_ function: FunctionDeclSyntax, in type: TypeDecl, file: ParsedFile) {
            guard let body = function.body else { return }
            let deepLink = deepLinkFunctions[ObjectIdentifier(type)]?.contains(function.name.text) ?? false
            var changes: [RouteChange] = []
            var stack: Int?
            var failure: (Syntax, String)?
            var viewLibraryCalls: [(Int, String)] = []
            collectChanges(
                body.statements, type: type, deepLink: deepLink, loop: nil, changes: &changes, stack: &stack,
                failure: &failure, viewLibraryCalls: &viewLibraryCalls)
            let location = file.location(of: function.name)
            let name = "\(type.qualifiedName).\(function.name.text)"
            if let failure {
                unfollowed(file.location(of: failure.0), "no plan for \(name)(): \(failure.1)")
                return
            }
            if let stack, !changes.isEmpty {
                if let unreadable = Self.unreadable(changes), unreadable.hasPrefix(".root(") {
                    unfollowed(
                        location,
                        "no plan for \(name)(): '\(unreadable)' makes another screen the root, and a plan's root "
                            + "is fixed")
                    return
                }
                if let unreadable = Self.unreadable(changes) {
                    unfollowed(
                        location,
                        "no plan for \(name)(): '\(unreadable)' is not written out literally, so it cannot go in a plan"
                    )
                    return
                }
                do {
                    let plan = try flowStacksPlan(changes, stack: stack, name: name, function: function, file: file)
                    plans.append(ScannedPlan(name: name, location: location, plan: plan))
                } catch {
                    unfollowed(location, "no plan for \(name)(): \(error.reason)")
                }
                return
            }
            if let first = viewLibraryCalls.first {
                let calls = viewLibraryCalls.filter { $0.0 == first.0 }.map(\.1)
                let found = stacks[first.0]
                let plan = found.source.plan(
                    title: "\(name)() — scanned from \(location.file):\(location.line)", stack: found, actions: calls)
                plans.append(ScannedPlan(name: name, location: location, plan: plan))
            }
        }

        /// The first route or action in the changes that route notation cannot read (built by a function, say).
        static func unreadable(_ changes: [RouteChange]) -> String? {
            for change in changes {
                switch change {
                case .assign(let routes):
                    if let bad = routes.first(where: { (try? Route(notation: $0)) == nil }) { return bad }
                case .states(let options):
                    if let bad = options.joined().first(where: { (try? Route(notation: $0)) == nil }) { return bad }
                case .action(let text):
                    if (try? Action(notation: text)) == nil { return text }
                case .loop:
                    break
                }
            }
            return nil
        }

        static func object(_ members: [(String, JSONValue)]) -> JSONValue {
            JSONValue(.object(members.map { JSONMember(key: $0.0, value: $0.1) }))
        }

        private func collectChanges(
            _ statements: CodeBlockItemListSyntax, type: TypeDecl, deepLink: Bool, loop: String?,
            changes: inout [RouteChange], stack: inout Int?, failure: inout (Syntax, String)?,
            viewLibraryCalls: inout [(Int, String)]
        ) {
            for item in statements where failure == nil {
                var expression: ExprSyntax?
                switch item.item {
                case .expr(let value): expression = value
                case .stmt(let statement):
                    if let value = statement.as(ExpressionStmtSyntax.self)?.expression {
                        expression = value
                    } else if let forStatement = statement.as(ForStmtSyntax.self) {
                        var inner: [RouteChange] = []
                        let variable = forStatement.pattern.trimmedDescription
                        collectChanges(
                            forStatement.body.statements, type: type, deepLink: deepLink, loop: variable,
                            changes: &inner, stack: &stack, failure: &failure, viewLibraryCalls: &viewLibraryCalls)
                        guard !inner.isEmpty else { continue }
                        guard deepLink, loop == nil else {
                            failure = (
                                Syntax(forStatement),
                                "the routes it adds depend on '\(forStatement.sequence.trimmedDescription)', known only when the app runs"
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
                        if containsChange(guardStatement.body, type: type) {
                            failure = (Syntax(guardStatement), "its route changes depend on a condition")
                        }
                        continue
                    } else {
                        if containsChange(statement, type: type) {
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
                        .filter { containsChange($0, type: type) }
                    if changing.isEmpty { continue }
                    guard deepLink, changing.count == 1 else {
                        failure = (Syntax(switchExpression), "its route changes depend on a condition")
                        return
                    }
                    collectChanges(
                        changing[0].statements, type: type, deepLink: deepLink, loop: loop, changes: &changes,
                        stack: &stack, failure: &failure, viewLibraryCalls: &viewLibraryCalls)
                    continue
                }
                if expression.is(IfExprSyntax.self) {
                    if containsChange(expression, type: type) {
                        failure = (Syntax(expression), "its route changes depend on a condition")
                    }
                    continue
                }
                if let change = change(expression, type: type, loop: loop, stack: &stack, failure: &failure) {
                    changes.append(change)
                } else if let call = expression.as(FunctionCallExprSyntax.self) {
                    for (index, found) in stacks.enumerated() {
                        if viewScreens[ObjectIdentifier(type), default: []].contains(where: { $0.stack == index }),
                            found.source.isPlanAction(call)
                        {
                            viewLibraryCalls.append((index, call.trimmedDescription.collapsedWhitespace))
                        }
                    }
                }
            }
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
                routesStack($0.target.trimmedDescription.replacingSelf, in: type) != nil
            }
        }

        private func change(
            _ expression: ExprSyntax, type: TypeDecl, loop: String?, stack: inout Int?,
            failure: inout (Syntax, String)?
        ) -> RouteChange? {
            if let assignment = AssignmentCollector.assignments(in: expression).first,
                assignment.node.id == expression.id,
                let target = routesStack(assignment.target.trimmedDescription.replacingSelf, in: type)
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
                            "the screen '\(screen.trimmedDescription.collapsedWhitespace.shortened(60))' is made by "
                                + "\(name)(), which a plan cannot call"
                        )
                        return nil
                    }
                }
                if let array = assignment.value.as(ArrayExprSyntax.self) {
                    // A legacy router's `.root(…)` of its own root keeps the root: the plan's root already is.
                    return .assign(
                        array.elements.filter { !isRootRoute($0.expression, stack: target) }
                            .map { $0.expression.trimmedDescription.collapsedWhitespace })
                }
                if let options = randomOptions(assignment.value, context: assignment.node) {
                    return .states(options.map { $0.map { $0.trimmedDescription.collapsedWhitespace } })
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
                let text = value.trimmedDescription
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

        private func flowStacksPlan(
            _ changes: [RouteChange], stack: Int, name: String, function: FunctionDeclSyntax, file: ParsedFile
        ) throws(PlanFailure) -> JSONValue {
            let found = stacks[stack]
            let location = file.location(of: function.name)
            var members: [(String, JSONValue)] = [
                ("title", .string("\(name)() — scanned from \(location.file):\(location.line)")),
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
            var start: [String] = []
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
                guard let pattern = deepLinkPattern(function, variable: variable, stack: stack) else {
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
                let linkType = index.type(named: parameter.type.trimmedDescription, from: nil)
            else { return nil }
            // The link's case the handler matches first, e.g. `numberCoordinator` in
            // `guard case let .numberCoordinator(link) = deeplink`.
            let bodyText = function.body?.description ?? ""
            let caseNames = linkType.cases.map(\.name).filter {
                bodyText.contains(".\($0)(") || bodyText.contains(".\($0):") || bodyText.contains(".\($0) ")
            }
            guard let linkCase = caseNames.first else { return nil }
            for member in linkType.members {
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
                        }?.segments.trimmedDescription
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
#endif
