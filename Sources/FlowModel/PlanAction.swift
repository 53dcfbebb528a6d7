/// A FlowNavigator operation in a plan, e.g. `push(Profile)` or `dismiss(count: 2)`.
///
/// Its ``notation`` mirrors the FlowNavigator call; ``apply(to:)`` performs it on a ``RouteStack``.
public enum PlanAction: Hashable, Sendable {
    /// `push(X)`: pushes a screen.
    case push(String)
    /// `presentSheet(X)` or `presentSheet(X, withNavigation: true)`: presents a sheet.
    case presentSheet(String, withNavigation: Bool)
    /// `presentCover(X)` or `presentCover(X, withNavigation: true)`: presents a full-screen cover.
    case presentCover(String, withNavigation: Bool)
    /// `goBack()` or `goBack(2)`: removes the top routes, whatever their style.
    case goBack(Int)
    /// `goBackTo(X)`: goes back to the last route showing a screen.
    case goBackToScreen(String)
    /// `goBackTo(index: 1)`: goes back until the route at an index is on top (-1 is the root).
    case goBackToIndex(Int)
    /// `goBackToRoot()`: removes every route.
    case goBackToRoot
    /// `pop()` or `pop(2)`: pops pushed routes.
    case pop(Int)
    /// `popTo(X)`: pops to the last route showing a screen.
    case popToScreen(String)
    /// `popTo(index: 0)`: pops until the route at an index is on top (-1 is the root).
    case popToIndex(Int)
    /// `popToRoot()`: pops every route; all must be pushes.
    case popToRoot
    /// `popToCurrentNavigationRoot()`: pops the pushes of the top presentation layer.
    case popToCurrentNavigationRoot
    /// `dismiss()` or `dismiss(count: 2)`: dismisses presentation layers.
    case dismiss(count: Int)
    /// `dismissAll()`: dismisses every presentation layer.
    case dismissAll

    /// The FlowNavigator method names, in the order people meet them.
    public static let names = [
        "push", "presentSheet", "presentCover", "goBack", "goBackTo", "goBackToRoot", "pop", "popTo", "popToRoot",
        "popToCurrentNavigationRoot", "dismiss", "dismissAll",
    ]

    /// The action in canonical notation, e.g. `presentSheet(Settings, withNavigation: true)` or `goBack()`.
    ///
    /// Default arguments (a count of 1, `withNavigation: false`) are left out.
    public var notation: String {
        switch self {
        case .push(let screen):
            return "push(\(PlanRoute.screenNotation(screen)))"
        case .presentSheet(let screen, let withNavigation):
            return "presentSheet(\(PlanRoute.screenNotation(screen))\(withNavigation ? ", withNavigation: true" : ""))"
        case .presentCover(let screen, let withNavigation):
            return "presentCover(\(PlanRoute.screenNotation(screen))\(withNavigation ? ", withNavigation: true" : ""))"
        case .goBack(let count):
            return count == 1 ? "goBack()" : "goBack(\(count))"
        case .goBackToScreen(let screen):
            return "goBackTo(\(PlanRoute.screenNotation(screen)))"
        case .goBackToIndex(let index):
            return "goBackTo(index: \(index))"
        case .goBackToRoot:
            return "goBackToRoot()"
        case .pop(let count):
            return count == 1 ? "pop()" : "pop(\(count))"
        case .popToScreen(let screen):
            return "popTo(\(PlanRoute.screenNotation(screen)))"
        case .popToIndex(let index):
            return "popTo(index: \(index))"
        case .popToRoot:
            return "popToRoot()"
        case .popToCurrentNavigationRoot:
            return "popToCurrentNavigationRoot()"
        case .dismiss(let count):
            return count == 1 ? "dismiss()" : "dismiss(count: \(count))"
        case .dismissAll:
            return "dismissAll()"
        }
    }

    /// Performs the action on a stack; on a ``NavigationError`` the stack is left unchanged.
    public func apply(to stack: inout RouteStack) throws(NavigationError) {
        switch self {
        case .push(let screen): try stack.push(screen)
        case .presentSheet(let screen, let withNavigation): stack.presentSheet(screen, withNavigation: withNavigation)
        case .presentCover(let screen, let withNavigation): stack.presentCover(screen, withNavigation: withNavigation)
        case .goBack(let count): try stack.goBack(count)
        case .goBackToScreen(let screen): try stack.goBackTo(screen)
        case .goBackToIndex(let index): try stack.goBackTo(index: index)
        case .goBackToRoot: stack.goBackToRoot()
        case .pop(let count): try stack.pop(count)
        case .popToScreen(let screen): try stack.popTo(screen)
        case .popToIndex(let index): try stack.popTo(index: index)
        case .popToRoot: try stack.popToRoot()
        case .popToCurrentNavigationRoot: stack.popToCurrentNavigationRoot()
        case .dismiss(let count): try stack.dismiss(count: count)
        case .dismissAll: stack.dismissAll()
        }
    }

    /// The stack after the action; throws if FlowStacks would reject it.
    public func applied(to stack: RouteStack) throws(NavigationError) -> RouteStack {
        var result = stack
        try apply(to: &result)
        return result
    }

    /// Parses an action in notation, e.g. `presentSheet(.settings, withNavigation: true)` or `goBackTo(index: 1)`.
    ///
    /// A leading `.` is accepted; screens follow the rules of ``RouteNotation``.
    public init(notation text: String) throws(InputError) {
        var scanner = NotationScanner(text)
        self = try scanner.action()
    }
}

extension PlanAction: CustomStringConvertible {
    /// The action in canonical notation.
    public var description: String { notation }
}

extension NotationScanner {
    /// Reads one action and requires the end of the text after it.
    mutating func action() throws(InputError) -> PlanAction {
        skipWhitespace()
        let start = index
        _ = consume(".")
        var nameStart = index
        var name = identifier() ?? ""
        // The receiver users write in code is accepted and ignored: navigator.push(…), routes.goBack(),
        // self.path.push(…), viewModel.routes.popToRoot().
        while !name.isEmpty, !PlanAction.names.contains(name) {
            let mark = index
            guard consume("."), let next = identifier() else {
                index = mark
                break
            }
            nameStart = mark + 1
            name = next
        }
        guard PlanAction.names.contains(name) else {
            var message =
                "unknown action '\(excerpt(from: start).trimmingWhitespace())'; expected one of "
                + PlanAction.names.joined(separator: ", ")
            message += DidYouMean.hint(for: name, among: PlanAction.names)
            if isAtEnd && name.isEmpty && start == scalars.count {
                message = "missing action; expected one of " + PlanAction.names.joined(separator: ", ")
            }
            throw error(message, at: nameStart)
        }
        skipWhitespace()
        try expect("(", "expected '(' after \(name); write \(Self.example(for: name))")
        skipWhitespace()
        let action: PlanAction
        switch name {
        case "push":
            action = .push(try screen(context: "push(…)"))
        case "presentSheet", "presentCover":
            let screen = try screen(context: "\(name)(…)")
            let withNavigation = try optionalLabeledBoolean("withNavigation", for: name)
            action =
                name == "presentSheet"
                ? .presentSheet(screen, withNavigation: withNavigation)
                : .presentCover(screen, withNavigation: withNavigation)
        case "goBack", "pop":
            let count = peek == ")" ? 1 : try integer(for: "the number of screens")
            action = name == "goBack" ? .goBack(count) : .pop(count)
        case "goBackTo", "popTo":
            let labelStart = index
            if consumeWord("index") {
                skipWhitespace()
                if consume(":") {
                    skipWhitespace()
                    let target = try integer(for: "the index")
                    action = name == "goBackTo" ? .goBackToIndex(target) : .popToIndex(target)
                    break
                }
                index = labelStart
            }
            let screen = try screen(context: "\(name)(…)")
            action = name == "goBackTo" ? .goBackToScreen(screen) : .popToScreen(screen)
        case "dismiss":
            if peek == ")" {
                action = .dismiss(count: 1)
            } else if consumeWord("count") {
                skipWhitespace()
                try expect(":", "expected ':' after count, as in dismiss(count: 2)")
                skipWhitespace()
                action = .dismiss(count: try integer(for: "the number of presentation layers"))
            } else {
                throw error("dismiss takes a 'count:' label, as in dismiss(count: 2)")
            }
        default:
            guard peek == ")" else { throw error("\(name) takes no arguments; write \(name)()") }
            action =
                switch name {
                case "goBackToRoot": .goBackToRoot
                case "popToRoot": .popToRoot
                case "popToCurrentNavigationRoot": .popToCurrentNavigationRoot
                default: .dismissAll
                }
        }
        skipWhitespace()
        let closingMessage = isAtEnd ? "expected ')' to close \(name)(" : "expected ')' after the arguments of \(name)"
        try expect(")", closingMessage)
        skipWhitespace()
        guard isAtEnd else { throw error("unexpected text after the action: '\(excerpt(from: index))'") }
        return action
    }

    private mutating func optionalLabeledBoolean(_ label: String, for name: String) throws(InputError) -> Bool {
        skipWhitespace()
        guard consume(",") else { return false }
        skipWhitespace()
        let labelStart = index
        guard identifier() == label else {
            throw error(
                "unexpected argument; \(name) takes only \(label): true or false after the screen", at: labelStart)
        }
        skipWhitespace()
        try expect(":", "expected ':' after \(label)")
        skipWhitespace()
        return try boolean(for: label)
    }

    static func example(for name: String) -> String {
        switch name {
        case "push": "push(Profile)"
        case "presentSheet", "presentCover": "\(name)(Settings, withNavigation: true)"
        case "goBack", "pop": "\(name)() or \(name)(2)"
        case "goBackTo", "popTo": "\(name)(Profile) or \(name)(index: 1)"
        case "dismiss": "dismiss() or dismiss(count: 2)"
        default: "\(name)()"
        }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
