internal import SwiftSyntax

/// Collects every function call under a node, outermost first, in source order.
final class CallCollector: SyntaxVisitor {
    private(set) var calls: [FunctionCallExprSyntax] = []

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }

    /// The calls under `node`.
    static func calls(in node: some SyntaxProtocol) -> [FunctionCallExprSyntax] {
        let collector = CallCollector()
        collector.walk(node)
        return collector.calls
    }
}

/// Collects every assignment (`a = b`) under a node as (left side, right side, the whole expression).
final class AssignmentCollector: SyntaxVisitor {
    private(set) var assignments: [Assignment] = []

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        if let assignment = Self.assignment(node) { assignments.append(assignment) }
        return .visitChildren
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if let assignment = Self.assignment(node) { assignments.append(assignment) }
        return .visitChildren
    }

    /// The assignment a sequence of three elements writes (`a = b` before operators are folded), if any.
    static func assignment(_ node: SequenceExprSyntax) -> Assignment? {
        guard node.elements.count == 3 else { return nil }
        let elements = Array(node.elements)
        guard elements[1].is(AssignmentExprSyntax.self) else { return nil }
        return (elements[0], elements[2], Syntax(node))
    }

    /// The assignment an infix expression writes, if its operator is `=`.
    static func assignment(_ node: InfixOperatorExprSyntax) -> Assignment? {
        guard node.operator.is(AssignmentExprSyntax.self) else { return nil }
        return (node.leftOperand, node.rightOperand, Syntax(node))
    }

    /// The assignments under `node`.
    static func assignments(in node: some SyntaxProtocol) -> [Assignment] {
        let collector = AssignmentCollector()
        collector.walk(node)
        return collector.assignments
    }
}

/// An assignment written in code: its left side, its right side, and the whole expression.
typealias Assignment = (target: ExprSyntax, value: ExprSyntax, node: Syntax)

/// The calls and the assignments under a member, found in one walk (as ``CallCollector`` and
/// ``AssignmentCollector`` find them, in the same order): every step of a scan reads both of each member.
final class MemberCodeCollector: SyntaxVisitor {
    private(set) var calls: [FunctionCallExprSyntax] = []
    private(set) var assignments: [Assignment] = []

    init() { super.init(viewMode: .sourceAccurate) }

    override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
        calls.append(node)
        return .visitChildren
    }

    override func visit(_ node: SequenceExprSyntax) -> SyntaxVisitorContinueKind {
        if let assignment = AssignmentCollector.assignment(node) { assignments.append(assignment) }
        return .visitChildren
    }

    override func visit(_ node: InfixOperatorExprSyntax) -> SyntaxVisitorContinueKind {
        if let assignment = AssignmentCollector.assignment(node) { assignments.append(assignment) }
        return .visitChildren
    }

    /// The calls and the assignments under `node`.
    static func code(in node: some SyntaxProtocol) -> (calls: [FunctionCallExprSyntax], assignments: [Assignment]) {
        let collector = MemberCodeCollector()
        collector.walk(node)
        return (collector.calls, collector.assignments)
    }
}

extension FunctionCallExprSyntax {
    /// The called name: `push` for `navigator.push(…)`, `FlowStack` for `FlowStack(…)`.
    var calledName: String? {
        if let reference = calledExpression.as(DeclReferenceExprSyntax.self) { return reference.baseName.text }
        if let member = calledExpression.as(MemberAccessExprSyntax.self) { return member.declName.baseName.text }
        return nil
    }

    /// Where the called name is written: `onOpenURL` in `ZStack { … }.onOpenURL { … }`, the whole called
    /// expression for a plain call.
    var calledNameNode: Syntax {
        if let member = calledExpression.as(MemberAccessExprSyntax.self) { return Syntax(member.declName) }
        return Syntax(calledExpression)
    }

    /// The receiver of a method call, as written without `self.` and optional chaining: `navigator` for
    /// `navigator.push(…)` and `navigator?.push(…)`.
    ///
    /// `nil` also for a receiver longer than 512 bytes of source, which names no navigator or routes: in a
    /// chain of 4,000 modifiers every call's receiver is the rest of the chain, and writing each out made
    /// the scan quadratic.
    var receiverText: String? {
        guard let member = calledExpression.as(MemberAccessExprSyntax.self), let base = member.base,
            base.totalLength.utf8Length <= 512
        else {
            return nil
        }
        // A plain name, as most receivers are: `navigator.push(…)`.
        if let reference = base.as(DeclReferenceExprSyntax.self), reference.argumentNames == nil {
            return reference.baseName.text
        }
        var text = base.trimmedText
        // An optional or forced receiver is the same receiver: `navigator?.pop()`, `navigator!.pop()`, and
        // `self?.router.popToRoot()` in a `[weak self]` closure.
        if text.utf8.contains(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "!") }) {
            text = text.replacingOccurrences(of: "?.", with: ".").replacingOccurrences(of: "!.", with: ".")
            while text.hasSuffix("?") || text.hasSuffix("!") { text.removeLast() }
        }
        if text.hasPrefix("self.") { text.removeFirst(5) }
        return text
    }

    /// The argument with a label, if any.
    func argument(_ label: String) -> ExprSyntax? {
        arguments.first { $0.label?.text == label }?.expression
    }

    /// The first argument without a label, if any.
    var firstUnlabeled: ExprSyntax? {
        arguments.first { $0.label == nil }?.expression
    }

    /// The call's arguments as written inside the parentheses, whitespace collapsed.
    var argumentsText: String {
        arguments.map { $0.trimmedText.collapsedWhitespace.trimmingCharacters(in: ", ") }
            .joined(separator: ", ")
    }

    /// The closures given to the call: trailing ones and closure arguments.
    var closures: [ClosureExprSyntax] {
        var result: [ClosureExprSyntax] = []
        for argument in arguments {
            if let closure = argument.expression.as(ClosureExprSyntax.self) { result.append(closure) }
        }
        if let trailingClosure { result.append(trailingClosure) }
        result += additionalTrailingClosures.map(\.closure)
        return result
    }
}

extension ClosureExprSyntax {
    /// The names of the closure's parameters (`router` in `{ router in … }`).
    var parameterNames: [String] {
        guard let clause = signature?.parameterClause else { return [] }
        switch clause {
        case .simpleInput(let list): return list.map { $0.name.text }
        case .parameterClause(let parameters): return parameters.parameters.map { $0.firstName.text }
        @unknown default: return []
        }
    }
}

extension ExprSyntax {
    /// The view type an expression makes, looking through modifiers: `NumberView` for
    /// `NumberView(number: 1).padding()`.
    var constructedTypeName: String? {
        var expression = self
        while true {
            if let postfix = expression.as(PostfixIfConfigExprSyntax.self), let base = postfix.base {
                expression = base  // `V() #if os(iOS) .padding() #endif`
                continue
            }
            if let call = expression.as(FunctionCallExprSyntax.self) {
                if let member = call.calledExpression.as(MemberAccessExprSyntax.self), let base = member.chainBase {
                    if let name = base.as(DeclReferenceExprSyntax.self)?.baseName.text,
                        name.first?.isUppercase == true
                    {
                        // `Type.init(…)`, a view in a namespace (`Feature.HomeView()`), or `Type.make(…)`.
                        let called = member.declName.baseName.text
                        if called == "init" { return name }
                        return called.first?.isUppercase == true ? name + "." + called : nil
                    }
                    expression = base
                    continue
                }
                if let reference = call.calledExpression.as(DeclReferenceExprSyntax.self) {
                    let name = reference.baseName.text
                    return name.first?.isUppercase == true ? name : nil
                }
                if let generic = call.calledExpression.as(GenericSpecializationExprSyntax.self) {
                    return generic.expression.as(DeclReferenceExprSyntax.self)?.baseName.text
                }
                return nil
            }
            if let member = expression.as(MemberAccessExprSyntax.self), let base = member.chainBase {
                expression = base
                continue
            }
            if let reference = expression.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                return name.first?.isUppercase == true ? name : nil
            }
            return nil
        }
    }
}

extension CodeBlockItemListSyntax {
    /// The view types made by the statements, in order (the first is the main one).
    var constructedTypeNames: [String] {
        compactMap { item -> String? in
            if case .expr(let expression) = item.item { return expression.constructedTypeName }
            return nil
        }
    }
}

extension SyntaxProtocol {
    /// The nearest enclosing function declaration.
    var enclosingFunction: FunctionDeclSyntax? {
        var node = parent
        while let current = node {
            if let function = current.as(FunctionDeclSyntax.self) { return function }
            node = current.parent
        }
        return nil
    }
}

extension SyntaxProtocol {
    /// The node's text as a message quotes it: `trimmedDescription.collapsedWhitespace.shortened(limit)`,
    /// but reading only as many tokens as that needs, so quoting every call of a chain of 4,000 modifiers
    /// stays linear (each call's text is the whole chain before it).
    func quotedText(_ limit: Int) -> String {
        guard totalLength.utf8Length > 4 * limit else {
            return trimmedText.collapsedWhitespace.shortened(limit)
        }
        var text = ""
        var count = 0
        var pendingSpace = false
        var heldTrivia = ""
        func add(_ piece: String) {
            for character in piece {
                if character == " " || character == "\n" || character == "\t" || character == "\r" {
                    pendingSpace = count > 0
                    continue
                }
                if pendingSpace {
                    text.append(" ")
                    count += 1
                    pendingSpace = false
                }
                text.append(character)
                count += 1
            }
        }
        for (index, token) in tokens(viewMode: .sourceAccurate).enumerated() {
            // The first token's leading trivia and the last one's trailing trivia are trimmed.
            add(heldTrivia)
            if index > 0 { add(token.leadingTrivia.description) }
            add(token.text)
            heldTrivia = token.trailingTrivia.description
            if count > limit { break }
        }
        return text.shortened(limit)
    }
}

extension SyntaxProtocol {
    /// `trimmedDescription` without the trimmed copy of the tree it builds: the node's text less its first
    /// token's leading and last token's trailing trivia (which is what trimming removes).
    var trimmedText: String {
        let text = description
        let utf8 = text.utf8
        let leading = leadingTriviaLength.utf8Length
        let trailing = trailingTriviaLength.utf8Length
        guard leading + trailing <= utf8.count else { return trimmedDescription }
        let start = utf8.index(utf8.startIndex, offsetBy: leading)
        let end = utf8.index(utf8.endIndex, offsetBy: -trailing)
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }
}

extension String {
    /// The part after the last `.` (`routes` of `viewModel.routes`), as `split(separator: ".").last` gives
    /// it; the whole text when it has no part (no dot, or only dots). Most names have no dot, and are
    /// returned without splitting.
    var lastDotPart: String {
        let dot = UInt8(ascii: ".")
        guard utf8.contains(dot) else { return self }
        // The last run of bytes that are not dots, as `split(separator: ".").last` would give it.
        guard let end = utf8.lastIndex(where: { $0 != dot }) else { return self }
        let start = utf8[..<end].lastIndex(of: dot).map { utf8.index(after: $0) } ?? utf8.startIndex
        return String(self[start...end])
    }

    /// Whether the first character is uppercase (`first?.isUppercase`), answered from the first byte when it is
    /// ASCII, as names nearly always are.
    var startsUppercase: Bool {
        guard let byte = utf8.first else { return false }
        if byte < 0x80 { return (0x41...0x5A).contains(byte) }  // A to Z
        return first?.isUppercase == true
    }

    /// Runs of whitespace and newlines as one space.
    var collapsedWhitespace: String {
        split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }

    /// The text cut to `limit` characters with `…`.
    func shortened(_ limit: Int) -> String {
        count <= limit ? self : String(prefix(limit - 1)) + "…"
    }

    /// The generic argument of a type as written: `Screen` for `Routes<Screen>` or `[Route<Screen>]`.
    var genericArgument: String? {
        guard let open = firstIndex(of: "<"), let close = lastIndex(of: ">"), open < close else { return nil }
        return String(self[index(after: open)..<close]).trimmingCharacters(in: " ")
    }
}

extension CodeBlockItemListSyntax {
    /// The `switch` the statements start with, as an expression or a statement, if any.
    var firstSwitch: SwitchExprSyntax? {
        guard let item = first?.item else { return nil }
        if case .expr(let expression) = item { return expression.as(SwitchExprSyntax.self) }
        if case .stmt(let statement) = item {
            return statement.as(ExpressionStmtSyntax.self)?.expression.as(SwitchExprSyntax.self)
        }
        return nil
    }
}

extension ExprSyntax {
    /// The expression with the postfix `#if` blocks written after it looked through: `V()` for
    /// `V() #if os(iOS) .padding() #endif`.
    var throughPostfixIfConfig: ExprSyntax {
        var expression = self
        while let postfix = expression.as(PostfixIfConfigExprSyntax.self), let base = postfix.base {
            expression = base
        }
        return expression
    }
}

extension MemberAccessExprSyntax {
    /// What a member or modifier applies to in a chain, looking through postfix `#if` blocks: in
    /// `V() #if os(iOS) .a() #endif .b()`, `.b` applies to `V()`.
    var chainBase: ExprSyntax? { base?.throughPostfixIfConfig }
}
