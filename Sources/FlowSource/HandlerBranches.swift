internal import SwiftSyntax

/// One way through a deep-link handler: the conditions that lead to it and the statements that run on it, in
/// order, with the handler's own functions, the closures it hands them and the work it starts (`Task { … }`)
/// written in place.
struct HandlerBranch {
    /// The conditions, as a reader says them: `orders`, `no orderID`, `url.host != nil`, `on error`.
    var conditions: [String] = []
    /// Which of ``conditions`` are the case of a `switch` taken.
    var cases: Set<Int> = []
    /// The statements that run, in order.
    var statements: [CodeBlockItemSyntax] = []
    /// Whether the branch has left the function it runs in (a `return`), so nothing after it there runs.
    var returned = false

    /// The conditions as one label: `orders, no orderID`.
    var label: String { conditions.joined(separator: ", ") }

    /// The conditions other than `switch` cases, as one label; `nil` when there are none. What the one way
    /// through a handler that changes routes is said by: a `switch` with one such case chooses nothing.
    var choiceLabel: String? {
        let choices = conditions.indices.filter { !cases.contains($0) }.map { conditions[$0] }
        return choices.isEmpty ? nil : choices.joined(separator: ", ")
    }

    /// This branch, then `next`.
    func followed(by next: HandlerBranch) -> HandlerBranch {
        HandlerBranch(
            conditions: conditions + next.conditions, cases: cases.union(next.cases.map { $0 + conditions.count }),
            statements: statements + next.statements, returned: next.returned)
    }

    /// The branch with `conditions` before its own (`isCase`: a `switch` case's).
    func after(_ conditions: [String], isCase: Bool = false) -> HandlerBranch {
        var branch = self
        branch.conditions = conditions + branch.conditions
        branch.cases = Set(cases.map { $0 + conditions.count })
        if isCase { branch.cases.formUnion(conditions.indices) }
        return branch
    }
}

/// The ways through a deep-link handler's statements: one per branch of each `guard`, `if`, `switch` and
/// `do`/`catch` whose code changes the routes, so that each kind of link (and each outcome of what the handler
/// fetches) is a plan of its own, named by its conditions.
///
/// The handler's own functions it calls are followed into (four deep), with the closures it hands them
/// (`fetch(order: id, fallback: { navigator.push(.orders) })` runs the closure where the function calls
/// `fallback?()`), and so is the closure of `Task { … }`, `DispatchQueue.main.async { … }`,
/// `MainActor.run { … }` and `withAnimation { … }`: their changes come later, in the same order.
struct HandlerBranches {
    /// Whether a node holds a route change a plan follows.
    let changes: (Syntax) -> Bool
    /// The handler's own function a call names, if it has a body.
    let ownFunction: (FunctionCallExprSyntax) -> FunctionDeclSyntax?

    /// The most ways through one handler that are followed; a handler with more has no plan.
    static let limit = 32
    /// How deep the handler's own functions and the closures handed to them are followed.
    static let depthLimit = 4
    /// The calls whose trailing closure runs the handler's code later: `Task { … }`, `queue.async { … }`.
    static let runners: Set<String> = [
        "Task", "detached", "async", "asyncAfter", "run", "withAnimation", "withTransaction",
    ]

    /// A handler with more than ``limit`` ways through it.
    struct TooMany: Error {}

    /// Every way through `statements`, in the order the code reads; a way whose code changes nothing is
    /// among them (the caller drops it).
    func branches(of statements: some Sequence<CodeBlockItemSyntax>) throws(TooMany) -> [HandlerBranch] {
        try run(Array(statements), closures: [:], depth: 0)
    }

    private func run(
        _ items: [CodeBlockItemSyntax], closures: [String: ClosureExprSyntax], depth: Int
    ) throws(TooMany) -> [HandlerBranch] {
        var branches = [HandlerBranch()]
        for item in items {
            let steps = try step(item, closures: closures, depth: depth)
            var next: [HandlerBranch] = []
            for branch in branches {
                if branch.returned {
                    next.append(branch)
                } else {
                    next += steps.map { branch.followed(by: $0) }
                }
            }
            guard next.count <= Self.limit else { throw TooMany() }
            branches = next
        }
        return branches
    }

    /// The ways one statement can go.
    private func step(
        _ item: CodeBlockItemSyntax, closures: [String: ClosureExprSyntax], depth: Int
    ) throws(TooMany) -> [HandlerBranch] {
        let kept = [HandlerBranch(statements: [item])]
        switch item.item {
        case .stmt(let statement):
            if statement.is(ReturnStmtSyntax.self) { return [HandlerBranch(returned: true)] }
            if let guardStatement = statement.as(GuardStmtSyntax.self) {
                // `guard … else { return }` only ends the ways that do nothing.
                guard mayChange(guardStatement.body, closures: closures, depth: depth) else { return [HandlerBranch()] }
                let condition = HandlerCondition(guardStatement.conditions)
                var exits = try run(Array(guardStatement.body.statements), closures: closures, depth: depth)
                for index in exits.indices {
                    exits[index] = exits[index].after([condition.negated])
                    exits[index].returned = true
                }
                return exits + [HandlerBranch(conditions: [condition.text])]
            }
            if let doStatement = statement.as(DoStmtSyntax.self),
                mayChange(doStatement, closures: closures, depth: depth)
            {
                var ways = try run(Array(doStatement.body.statements), closures: closures, depth: depth)
                for clause in doStatement.catchClauses {
                    let label =
                        clause.catchItems.isEmpty
                        ? "on error" : "on error \(clause.catchItems.trimmedText.collapsedWhitespace.shortened(40))"
                    ways += try run(Array(clause.body.statements), closures: closures, depth: depth).map {
                        $0.after([label])
                    }
                }
                return ways
            }
            if let expression = statement.as(ExpressionStmtSyntax.self)?.expression {
                return try step(expression, item: item, closures: closures, depth: depth) ?? kept
            }
            return kept
        case .expr(let expression):
            return try step(expression, item: item, closures: closures, depth: depth) ?? kept
        default:
            return kept
        }
    }

    /// The ways an expression statement can go: an `if`, a `switch`, a call followed into; `nil` to keep it as
    /// it is.
    private func step(
        _ expression: ExprSyntax, item: CodeBlockItemSyntax, closures: [String: ClosureExprSyntax], depth: Int
    ) throws(TooMany) -> [HandlerBranch]? {
        let expression = expression.withoutTryOrAwait
        guard mayChange(expression, closures: closures, depth: depth) else { return nil }
        if let ifExpression = expression.as(IfExprSyntax.self) {
            return try ways(of: ifExpression, closures: closures, depth: depth)
        }
        if let switchExpression = expression.as(SwitchExprSyntax.self) {
            var ways: [HandlerBranch] = []
            for switchCase in switchExpression.cases.compactMap({ $0.as(SwitchCaseSyntax.self) }) {
                let label = Self.caseLabel(switchCase)
                ways += try run(Array(switchCase.statements), closures: closures, depth: depth).map {
                    $0.after([label], isCase: true)
                }
            }
            return ways
        }
        guard let call = expression.as(FunctionCallExprSyntax.self), depth < Self.depthLimit else { return nil }
        if let name = Self.calledVariable(call), let closure = closures[name] {
            // `fallback?()`: the closure the caller handed in.
            return try run(Array(closure.statements), closures: closures, depth: depth + 1).map(Self.returning)
        }
        if let helper = ownFunction(call), let body = helper.body {
            let bound = Self.closures(passedTo: helper, by: call, within: closures)
            return try run(Array(body.statements), closures: bound, depth: depth + 1).map(Self.returning)
        }
        if let name = call.calledName, Self.runners.contains(name), let closure = call.trailingClosure,
            call.additionalTrailingClosures.isEmpty
        {
            let later = try run(Array(closure.statements), closures: closures, depth: depth + 1)
            return later.map(Self.returning)
        }
        return nil
    }

    /// The ways through an `if`, its `else if`s and its `else` (an `if` without `else` also goes on past it).
    private func ways(
        of ifExpression: IfExprSyntax, closures: [String: ClosureExprSyntax], depth: Int
    ) throws(TooMany) -> [HandlerBranch] {
        var ways: [HandlerBranch] = []
        var earlier: [String] = []
        var clause: IfExprSyntax? = ifExpression
        while let current = clause {
            let condition = HandlerCondition(current.conditions)
            ways += try run(Array(current.body.statements), closures: closures, depth: depth).map {
                $0.after(earlier + [condition.text])
            }
            earlier.append(condition.negated)
            clause = nil
            switch current.elseBody {
            case .ifExpr(let next)?:
                clause = next
            case .codeBlock(let block)?:
                return ways
                    + (try run(Array(block.statements), closures: closures, depth: depth).map { $0.after(earlier) })
            case nil:
                break
            }
        }
        return ways + [HandlerBranch(conditions: earlier)]
    }

    /// Whether a node changes routes, itself or through a closure or own function it calls.
    private func mayChange(
        _ node: some SyntaxProtocol, closures: [String: ClosureExprSyntax], depth: Int
    ) -> Bool {
        if changes(Syntax(node)) { return true }
        guard depth < Self.depthLimit else { return false }
        for call in CallCollector.calls(in: node) {
            if let name = Self.calledVariable(call), let closure = closures[name],
                mayChange(closure, closures: closures, depth: depth + 1)
            {
                return true
            }
            if let helper = ownFunction(call), let body = helper.body,
                mayChange(body, closures: Self.closures(passedTo: helper, by: call, within: closures), depth: depth + 1)
            {
                return true
            }
        }
        return false
    }

    /// A way that ended the function it ran in goes on after the call.
    private static func returning(_ branch: HandlerBranch) -> HandlerBranch {
        var branch = branch
        branch.returned = false
        return branch
    }

    /// The closures a call hands to the function's parameters, by each parameter's inner name: a closure
    /// written at the call, or a closure parameter of the caller passed on.
    private static func closures(
        passedTo function: FunctionDeclSyntax, by call: FunctionCallExprSyntax,
        within closures: [String: ClosureExprSyntax]
    ) -> [String: ClosureExprSyntax] {
        let parameters = Array(function.signature.parameterClause.parameters)
        var arguments: [(label: String?, value: ExprSyntax)] = call.arguments.map { ($0.label?.text, $0.expression) }
        if let trailing = call.trailingClosure { arguments.append((nil, ExprSyntax(trailing))) }
        var bound: [String: ClosureExprSyntax] = [:]
        var next = 0
        for argument in arguments {
            // Arguments come in the parameters' order; a parameter with a default may be left out.
            while next < parameters.count {
                let label = parameters[next].firstName.text == "_" ? nil : parameters[next].firstName.text
                if label == argument.label || (argument.label == nil && parameters[next].defaultValue == nil) { break }
                next += 1
            }
            guard next < parameters.count else { break }
            let name = (parameters[next].secondName ?? parameters[next].firstName).text
            if let closure = argument.value.as(ClosureExprSyntax.self) {
                bound[name] = closure
            } else if let reference = argument.value.as(DeclReferenceExprSyntax.self),
                let passed = closures[reference.baseName.text]
            {
                bound[name] = passed
            }
            next += 1
        }
        return bound
    }

    /// The variable a call calls, when it calls one by its name: `fallback` in `fallback()` and `fallback?()`.
    private static func calledVariable(_ call: FunctionCallExprSyntax) -> String? {
        var called = call.calledExpression
        if let optional = called.as(OptionalChainingExprSyntax.self) { called = optional.expression }
        if let forced = called.as(ForceUnwrapExprSyntax.self) { called = forced.expression }
        return called.as(DeclReferenceExprSyntax.self)?.baseName.text
    }

    /// A `switch` case's name: its pattern's letters and digits (`basket` for `"/basket"`), `default`.
    static func caseLabel(_ switchCase: SwitchCaseSyntax) -> String {
        guard case .case(let items) = switchCase.label else { return "default" }
        let label = String(items.caseItems.trimmedText.filter { $0.isLetter || $0.isNumber || $0 == "_" })
        return label.isEmpty ? "case" : label
    }

    /// A name made of a label's words, for a plan's file name: `ordersNoOrderID` for `orders, no orderID`.
    static func nameWords(_ label: String) -> String {
        let spelled =
            label
            .replacingOccurrences(of: "!=", with: " not ").replacingOccurrences(of: "==", with: " is ")
            .replacingOccurrences(of: "!", with: " not ")
        let words = spelled.split { !($0.isLetter || $0.isNumber || $0 == "_") }
        guard let first = words.first else { return "case" }
        return String(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

/// A condition of a `guard` or `if`, said both ways: `orderID found` / `no orderID` for `let orderID = …`,
/// `url.host == nil` / `url.host != nil`, `isSignedIn` / `!isSignedIn`.
struct HandlerCondition {
    /// The condition holding.
    var text: String
    /// The condition failing.
    var negated: String

    init(_ conditions: ConditionElementListSyntax) {
        let parts = conditions.map { element -> (String, String) in
            switch element.condition {
            case .optionalBinding(let binding):
                let name = binding.pattern.trimmedText
                return ("\(name) found", "no \(name)")
            case .expression(let expression):
                return (Self.text(expression), Self.negation(of: expression))
            default:
                let text = Self.text(element.condition)
                return (text, "not \(text)")
            }
        }
        if parts.count == 1 {
            text = parts[0].0
            negated = parts[0].1
        } else {
            text = parts.map(\.0).joined(separator: ", ")
            negated = "not (" + parts.map(\.0).joined(separator: " and ") + ")"
        }
    }

    private static func text(_ node: some SyntaxProtocol) -> String {
        node.trimmedText.collapsedWhitespace.shortened(60)
    }

    /// The expression's negation as it would be written: `!flag` ↔ `flag`, `a == b` ↔ `a != b`.
    private static func negation(of expression: ExprSyntax) -> String {
        if let prefix = expression.as(PrefixOperatorExprSyntax.self), prefix.operator.text == "!" {
            return text(prefix.expression)
        }
        if let sequence = expression.as(SequenceExprSyntax.self), sequence.elements.count == 3 {
            let elements = Array(sequence.elements)
            let opposites = ["==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"]
            if let operatorText = elements[1].as(BinaryOperatorExprSyntax.self)?.operator.text,
                let opposite = opposites[operatorText]
            {
                return text(elements[0]) + " \(opposite) " + text(elements[2])
            }
        }
        if expression.is(DeclReferenceExprSyntax.self) || expression.is(MemberAccessExprSyntax.self) {
            return "!" + text(expression)
        }
        return "not (\(text(expression)))"
    }
}

extension ExprSyntax {
    /// The expression without the `try` and `await` in front of it.
    var withoutTryOrAwait: ExprSyntax {
        var expression = self
        while true {
            if let tried = expression.as(TryExprSyntax.self) {
                expression = tried.expression
            } else if let awaited = expression.as(AwaitExprSyntax.self) {
                expression = awaited.expression
            } else {
                return expression
            }
        }
    }
}
