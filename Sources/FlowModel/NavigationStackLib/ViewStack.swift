/// The transition of a `NavigationStackView` (swiftui-navigation-stack's `NavigationTransition`).
public enum ViewStackTransition: Hashable, Sendable {
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
    public init(notation: String) throws(InputError) {
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
        "push(\(PlanRoute.screenNotation(view))\(id.map { ", withId: \(swiftStringLiteral($0))" } ?? ""))"
    }
}

/// Where `pop(to:)` goes (swiftui-navigation-stack's `PopDestination`).
public enum ViewStackPopDestination: Hashable, Sendable {
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

/// The views a `NavigationStackView` shows above its root, as its `NavigationStackCompat` keeps them.
///
/// Follows `NavigationStackCompat.swift`'s private `ViewStack`: a push with an id already on the stack and a
/// pop to an id not on it print a message and do nothing; `pop()` on the root does nothing without a word.
/// Each records a ``warnings`` line saying what the library does.
public struct ViewStack: Hashable, Sendable {
    /// The views above the root, bottom first.
    public private(set) var views: [StackView] = []
    /// What the library printed or quietly skipped in the calls since the last ``takeWarnings()``.
    public private(set) var warnings: [String] = []

    /// Creates a stack with only the root.
    public init() {}

    /// The stack's depth: 0 when the root is shown.
    public var depth: Int { views.count }

    /// Whether a view with this id is on the stack (`containsView(withId:)`).
    public func containsView(withId id: String) -> Bool {
        views.contains { $0.id == id }
    }

    /// Hands over the warnings recorded so far and forgets them.
    public mutating func takeWarnings() -> [String] {
        defer { warnings = [] }
        return warnings
    }

    /// Pushes a view (`ViewStack.push`); an id already on the stack leaves the stack as it is.
    public mutating func push(_ view: StackView) {
        if let id = view.id, containsView(withId: id) {
            warnings.append(
                "duplicated view identifier \(swiftStringLiteral(id)): a view with that id is already on the stack, "
                    + "so swiftui-navigation-stack prints \"Duplicated view identifier\" and pushes nothing")
            return
        }
        views.append(view)
    }

    /// Pops (`pop(to:)`): one view (`popToPrevious`), to the root (`popToRoot`), or to the first view pushed
    /// with an id (`popToView(withId:)`).
    public mutating func pop(to destination: ViewStackPopDestination) {
        switch destination {
        case .previous:
            guard !views.isEmpty else {
                warnings.append(
                    "only the root is shown: swiftui-navigation-stack's popToPrevious pops nothing, without a word")
                return
            }
            views.removeLast()
        case .root:
            views.removeAll()
        case .view(let id):
            guard let index = views.firstIndex(where: { $0.id == id }) else {
                let ids = views.compactMap(\.id)
                warnings.append(
                    "no view with id \(swiftStringLiteral(id)) is on the stack ("
                        + (ids.isEmpty
                            ? "no view was pushed with an id"
                            : "ids: " + ids.map(swiftStringLiteral).joined(separator: ", "))
                        + "), so swiftui-navigation-stack prints \"Identifier … not found\" and pops nothing")
                return
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
    case pop(ViewStackPopDestination)
    /// `PushView(destination: View(), destinationId: "id") { Text("PUSH") }`: a tappable view whose tap (or
    /// `isActive`, or `tag` matching `selection`) calls `push(_:withId:)`.
    case pushView(StackView)
    /// `PopView(destination: .root) { Text("POP") }`: a tappable view whose tap calls `pop(to:)`.
    case popView(ViewStackPopDestination)

    /// The call in canonical notation; a `PushView` or `PopView` without its label.
    public var notation: String {
        switch self {
        case .push(let view): view.notation
        case .pop(.previous): "pop()"
        case .pop(let destination): "pop(to: \(destination.notation))"
        case .pushView(let view):
            "PushView(destination: \(PlanRoute.screenNotation(view.view))"
                + (view.id.map { ", destinationId: \(swiftStringLiteral($0))" } ?? "") + ")"
        case .popView(.previous): "PopView()"
        case .popView(let destination): "PopView(destination: \(destination.notation))"
        }
    }

    /// The view pushed, for a push or a `PushView`.
    public var pushedView: StackView? {
        switch self {
        case .push(let view), .pushView(let view): view
        case .pop, .popView: nil
        }
    }

    /// Performs the call as `NavigationStackCompat` does and returns what the library printed or quietly
    /// skipped, as warnings.
    @discardableResult
    public func apply(to stack: inout ViewStack) -> [String] {
        _ = stack.takeWarnings()
        switch self {
        case .push(let view), .pushView(let view): stack.push(view)
        case .pop(let destination), .popView(let destination): stack.pop(to: destination)
        }
        return stack.takeWarnings()
    }

    /// Parses a call, e.g. `navigationStack.pop(to: .view(withId: "a"))` or
    /// `PushView(destination: ChildView(), destinationId: "child") { Text("PUSH") }`.
    ///
    /// `PushView` and `PopView` take their label as a trailing closure or `label:`; their `isActive:`, `tag:`
    /// and `selection:` say when the tap happens, not what it does, and are accepted and ignored.
    public init(notation: String) throws(InputError) {
        let call = try CallSyntax(
            notation,
            example: "push(ChildView(), withId: \"child\"), pop(to: .root) or PushView(destination: ChildView())")
        let triggers = ["isActive", "tag", "selection", "label"]
        switch call.method.name {
        case "push", "PushView":
            let isView = call.method.name == "PushView"
            let signature =
                isView
                ? "PushView(destination: ChildView(), destinationId: \"child\") { Text(\"PUSH\") }"
                : "push(ChildView(), withId: \"child\")"
            let (viewLabel, idLabel) = isView ? ("destination", "destinationId") : ("", "withId")
            let found = try call.arguments(
                allowed: [viewLabel, idLabel], ignored: isView ? triggers : [], signature: signature)
            if !isView { try call.requireNoClosure(signature: signature) }
            guard let view = found[viewLabel] else {
                throw InputError(offset: call.method.offset, message: "missing the view; expected \(signature)")
            }
            let label = try call.scan(view.value) { (scanner: inout NotationScanner) throws(InputError) -> String in
                try scanner.screen(context: "\(call.method.name)(…)")
            }
            var id: String?
            if let argument = found[idLabel] {
                let text = call.text(argument.value)
                id = text == "nil" ? nil : try call.string(argument, what: "the view id")
            }
            self = isView ? .pushView(StackView(label, id: id)) : .push(StackView(label, id: id))
        case "pop", "PopView":
            let isView = call.method.name == "PopView"
            let signature =
                isView
                ? "PopView { Text(\"POP\") } or PopView(destination: .root | .previous | .view(withId: \"id\")) { … }"
                : "pop(), pop(to: .previous), pop(to: .root) or pop(to: .view(withId: \"id\"))"
            let destinationLabel = isView ? "destination" : "to"
            let found = try call.arguments(
                allowed: [destinationLabel], ignored: isView ? triggers : [], signature: signature)
            if !isView { try call.requireNoClosure(signature: signature) }
            let destination = try found[destinationLabel].map { (argument) throws(InputError) in
                try Self.popDestination(argument, of: call, signature: signature)
            }
            self = isView ? .popView(destination ?? .previous) : .pop(destination ?? .previous)
        default:
            let names = ["push", "pop", "PushView", "PopView"]
            var message =
                "unknown NavigationStackCompat method '\(call.method.name)'; expected push(_:withId:), pop(to:), "
                + "PushView(destination:destinationId:) or PopView(destination:)"
            message += DidYouMean.hint(for: call.method.name, among: names)
            throw InputError(offset: call.method.offset, message: message)
        }
    }

    /// Reads a `PopDestination`: `.previous`, `.root` or `.view(withId: "id")`.
    private static func popDestination(
        _ argument: CallSyntax.Argument, of call: CallSyntax, signature: String
    ) throws(InputError) -> ViewStackPopDestination {
        let (name, arguments) = try call.enumCase(argument.value, what: "a pop destination: \(signature)")
        switch name {
        case "previous": return .previous
        case "root": return .root
        case "view":
            guard let arguments, let part = try call.commaSeparated(arguments).first else {
                throw InputError(offset: argument.value.lowerBound, message: "expected .view(withId: \"id\")")
            }
            let text = call.text(part)
            guard text.hasPrefix("withId"), let colon = text.unicodeScalars.firstIndex(of: ":") else {
                throw InputError(offset: part.lowerBound, message: "expected .view(withId: \"id\")")
            }
            let skip = text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: colon) + 1
            let value = part.lowerBound + skip..<part.upperBound
            return .view(
                withId: try call.string(
                    CallSyntax.Argument(label: "withId", offset: value.lowerBound, value: value), what: "the view id"))
        default:
            throw InputError(
                offset: argument.value.lowerBound, message: "unknown pop destination '.\(name)'; expected \(signature)")
        }
    }
}
