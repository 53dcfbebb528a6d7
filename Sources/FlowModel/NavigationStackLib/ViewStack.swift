/// The transition of a `NavigationStackView` (swiftui-navigation-stack's `NavigationTransition`).
public enum NavigationTransition: Hashable, Sendable {
    /// `.none`: pushes and pops are not animated.
    case none
    /// `.default`: slide in from the trailing edge on push, back on pop.
    case `default`
    /// `.custom(…)`: the same custom `AnyTransition` for push and pop, kept as written.
    case custom(String)

    /// The transition as written in Swift: `.none`, `.default`, `.custom(.scale)`.
    public var notation: String {
        switch self {
        case .none: ".none"
        case .default: ".default"
        case .custom(let transition): ".custom(\(transition))"
        }
    }

    /// Parses `.none`, `.default` or `.custom(…)` (the leading `.` is optional).
    public init(notation: String) throws(NotationError) {
        var scanner = NotationScanner(notation)
        scanner.skipWhitespace()
        let start = scanner.index
        _ = scanner.consume(".")
        let expected = "expected a transition type: .none, .default or .custom(.scale)"
        guard let name = scanner.identifier() else { throw scanner.error(expected) }
        switch name {
        case "none": self = .none
        case "default": self = .default
        case "custom":
            scanner.skipWhitespace()
            guard scanner.peek == "(" else {
                throw scanner.error("expected .custom(…) with a transition, e.g. .custom(.scale)")
            }
            let inner = try scanner.group()
            let text = scanner.text(inner).trimmingWhitespace()
            guard !text.isEmpty else { throw scanner.error("missing transition in .custom(…)", at: inner.lowerBound) }
            self = .custom(text)
        default:
            throw scanner.error("unknown transition type '\(name)'; \(expected)", at: start)
        }
        scanner.skipWhitespace()
        guard scanner.isAtEnd else { throw scanner.error("unexpected text after the transition type") }
    }
}

/// One view on a `NavigationStackView`'s stack: the view and the id it was pushed with, if any.
public struct StackView: Hashable, Sendable {
    /// The view, kept as written (`ChildView()`).
    public var view: String
    /// The id given with `push(_:withId:)`; without one, swiftui-navigation-stack uses a UUID nobody can pop to.
    public var id: String?

    /// Creates a stack entry.
    public init(_ view: String, id: String? = nil) {
        self.view = view
        self.id = id
    }

    /// The push that puts this view on the stack: `push(ChildView(), withId: "child")`.
    public var notation: String {
        "push(\(Route.screenNotation(view))\(id.map { ", withId: \(swiftStringLiteral($0))" } ?? ""))"
    }
}

/// Where `pop(to:)` goes (swiftui-navigation-stack's `PopDestination`).
public enum PopDestination: Hashable, Sendable {
    /// `.previous`: one view back.
    case previous
    /// `.root`: back to the root view.
    case root
    /// `.view(withId: "x")`: back to the view pushed with that id.
    case view(withId: String)

    /// The destination as written: `.previous`, `.root`, `.view(withId: "x")`.
    public var notation: String {
        switch self {
        case .previous: ".previous"
        case .root: ".root"
        case .view(let id): ".view(withId: \(swiftStringLiteral(id)))"
        }
    }
}

/// A swiftui-navigation-stack call its `NavigationStackCompat` would refuse or ignore.
public struct ViewStackError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}

/// The views a `NavigationStackView` shows above its root, as its `NavigationStackCompat` keeps them.
///
/// swiftui-navigation-stack prints a message and does nothing for a duplicate id or a pop to an unknown id;
/// here both are errors, as is popping when only the root is shown.
public struct ViewStack: Hashable, Sendable {
    /// The views above the root, bottom first.
    public private(set) var views: [StackView] = []

    /// Creates a stack with only the root.
    public init() {}

    /// The stack's depth: 0 when the root is shown.
    public var depth: Int { views.count }

    /// Whether a view with this id is on the stack (`containsView(withId:)`).
    public func containsView(withId id: String) -> Bool {
        views.contains { $0.id == id }
    }

    /// Pushes a view (`push(_:withId:)`); an id already on the stack is an error.
    public mutating func push(_ view: StackView) throws(ViewStackError) {
        if let id = view.id, containsView(withId: id) {
            throw ViewStackError(
                "duplicated view identifier \(swiftStringLiteral(id)): a view with that id is already on the stack "
                    + "(swiftui-navigation-stack ignores this push)")
        }
        views.append(view)
    }

    /// Pops (`pop(to:)`): one view, to the root, or to the first view pushed with an id.
    public mutating func pop(to destination: PopDestination) throws(ViewStackError) {
        switch destination {
        case .previous:
            guard !views.isEmpty else { throw ViewStackError("only the root is shown: there is no previous view") }
            views.removeLast()
        case .root:
            views.removeAll()
        case .view(let id):
            guard let index = views.firstIndex(where: { $0.id == id }) else {
                let ids = views.compactMap(\.id)
                throw ViewStackError(
                    "no view with id \(swiftStringLiteral(id)) is on the stack; "
                        + (ids.isEmpty
                            ? "no view was pushed with an id"
                            : "ids: " + ids.map(swiftStringLiteral).joined(separator: ", ")))
            }
            views.removeSubrange((index + 1)...)
        }
    }
}

/// A `NavigationStackCompat` call in a plan: `push(ChildView(), withId: "child")` or `pop(to: .root)`.
///
/// A receiver is allowed and ignored, so `self.navigationStack.push(…)` can be pasted as it is.
public enum ViewStackCall: Hashable, Sendable {
    /// `push(View(), withId: "id")`.
    case push(StackView)
    /// `pop()`, `pop(to: .previous)`, `pop(to: .root)`, `pop(to: .view(withId: "id"))`.
    case pop(PopDestination)

    /// The call in canonical notation.
    public var notation: String {
        switch self {
        case .push(let view): view.notation
        case .pop(.previous): "pop()"
        case .pop(let destination): "pop(to: \(destination.notation))"
        }
    }

    /// Performs the call; on an error the stack is unchanged.
    public func apply(to stack: inout ViewStack) throws(ViewStackError) {
        switch self {
        case .push(let view): try stack.push(view)
        case .pop(let destination): try stack.pop(to: destination)
        }
    }

    /// Parses a call, e.g. `navigationStack.pop(to: .view(withId: "a"))`.
    public init(notation: String) throws(NotationError) {
        let call = try CallSyntax(notation, example: "push(ChildView(), withId: \"child\") or pop(to: .root)")
        switch call.method.name {
        case "push":
            let signature = "push(ChildView(), withId: \"child\")"
            let found = try call.arguments(allowed: ["", "withId"], signature: signature)
            try call.requireNoClosure(signature: signature)
            guard let view = found[""] else {
                throw NotationError(offset: call.method.offset, message: "missing the view; expected \(signature)")
            }
            let label = try call.scan(view.value) { (scanner: inout NotationScanner) throws(NotationError) -> String in
                try scanner.screen(context: "push(…)")
            }
            var id: String?
            if let argument = found["withId"] {
                let text = call.text(argument.value)
                id = text == "nil" ? nil : try call.string(argument, what: "the view id")
            }
            self = .push(StackView(label, id: id))
        case "pop":
            let signature = "pop(), pop(to: .previous), pop(to: .root) or pop(to: .view(withId: \"id\"))"
            let found = try call.arguments(allowed: ["to"], signature: signature)
            try call.requireNoClosure(signature: signature)
            guard let argument = found["to"] else {
                self = .pop(.previous)
                return
            }
            let (name, arguments) = try call.enumCase(argument.value, what: "a pop destination: \(signature)")
            switch name {
            case "previous": self = .pop(.previous)
            case "root": self = .pop(.root)
            case "view":
                guard let arguments, let part = try call.commaSeparated(arguments).first else {
                    throw NotationError(offset: argument.value.lowerBound, message: "expected .view(withId: \"id\")")
                }
                let text = call.text(part)
                guard text.hasPrefix("withId"), let colon = text.unicodeScalars.firstIndex(of: ":") else {
                    throw NotationError(offset: part.lowerBound, message: "expected .view(withId: \"id\")")
                }
                let skip = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: colon) + 1
                let value = part.lowerBound + skip..<part.upperBound
                self = .pop(
                    .view(
                        withId: try call.string(
                            CallSyntax.Argument(label: "withId", offset: value.lowerBound, value: value),
                            what: "the view id")))
            default:
                throw NotationError(
                    offset: argument.value.lowerBound,
                    message: "unknown pop destination '.\(name)'; expected \(signature)")
            }
        default:
            var message =
                "unknown NavigationStackCompat method '\(call.method.name)'; expected push(_:withId:) or pop(to:)"
            if let suggestion = closestName(to: call.method.name, among: ["push", "pop"]) {
                message += " (did you mean '\(suggestion)'?)"
            }
            throw NotationError(offset: call.method.offset, message: message)
        }
    }
}
