/// One change a SwiftUI plan makes: to the `NavigationStack`'s path, or to what is presented over it.
///
/// Path changes are written as the app writes them on its path (`path.append(.detail(1))`,
/// `path.removeLast(2)`, `path.removeAll()`); a presentation as the modifier it sets (`sheet(Settings())`
/// for the flag or item a `.sheet` is bound to, `fullScreenCover(Onboarding())`), and `dismiss()` for the
/// `DismissAction` of the screen on top. A receiver is allowed and ignored, so `router.path.append(…)` can be
/// pasted as it is.
public enum SwiftUICall: Hashable, Sendable {
    /// `path.append(value)`: pushes the value's destination.
    case append(String)
    /// `path.removeLast()` or `path.removeLast(k)`: pops `k` values.
    case removeLast(Int)
    /// `path.removeAll()` or `path = []`: back to the root.
    case removeAll
    /// `sheet(View())` or `fullScreenCover(View())`: presents the view over everything shown.
    case present(PlanRoute)
    /// `dismiss()`: the top screen's `DismissAction`.
    case dismiss

    /// The change in canonical notation.
    public var notation: String {
        switch self {
        case .append(let value): "path.append(\(PlanRoute.screenNotation(value)))"
        case .removeLast(1): "path.removeLast()"
        case .removeLast(let count): "path.removeLast(\(count))"
        case .removeAll: "path.removeAll()"
        case .present(let route):
            "\(route.style.isCover ? "fullScreenCover" : "sheet")(\(PlanRoute.screenNotation(route.screen)))"
        case .dismiss: "dismiss()"
        }
    }

    /// The calls a plan takes, for errors.
    static let signature =
        "path.append(.detail(1)), path.removeLast(), path.removeLast(2), path.removeAll(), path = [], "
        + "sheet(Settings()), fullScreenCover(Onboarding()) or dismiss()"

    /// Parses a change, e.g. `path.append(Route.detail(id: 3))`, `router.path.removeLast(2)`, `path = []`,
    /// `sheet(Settings())` or `dismiss()`.
    public init(notation: String) throws(InputError) {
        if let cleared = Self.clearedPath(notation) {
            self = cleared
            return
        }
        let call = try CallSyntax(notation, example: Self.signature)
        let name = call.method.name
        switch name {
        case "append":
            let found = try call.arguments(allowed: [""], signature: "path.append(value)")
            try call.requireNoClosure(signature: "path.append(value)")
            guard let value = found[""] else {
                throw InputError(offset: call.method.offset, message: "missing the value; expected path.append(value)")
            }
            let label = try call.scan(value.value) { (scanner: inout NotationScanner) throws(InputError) -> String in
                try scanner.screen(context: "append(…)")
            }
            self = .append(label)
        case "removeLast":
            let found = try call.arguments(allowed: [""], signature: "path.removeLast() or path.removeLast(2)")
            try call.requireNoClosure(signature: "path.removeLast(2)")
            let count = try found[""].map { (argument) throws(InputError) in
                try call.integer(argument, what: "the number of values to remove")
            }
            if let count, count < 0 {
                throw InputError(
                    offset: found[""]?.value.lowerBound ?? 0,
                    message: "removeLast(\(count)): SwiftUI's path crashes on a negative count")
            }
            self = .removeLast(count ?? 1)
        case "removeAll":
            _ = try call.arguments(allowed: [], ignored: ["keepingCapacity"], signature: "path.removeAll()")
            self = .removeAll
        case "sheet", "fullScreenCover", "popover":
            let found = try call.arguments(
                allowed: [""], ignored: ["onDismiss", "isPresented", "item", "attachmentAnchor", "arrowEdge"],
                signature: "\(name)(View())")
            let body: String
            if let value = found[""] {
                body = try call.scan(value.value) { (scanner: inout NotationScanner) throws(InputError) -> String in
                    try scanner.screen(context: "\(name)(…)")
                }
            } else if let closure = call.method.trailingClosure, let offset = call.method.trailingClosureOffset {
                body = try call.closureScreen(closure, at: offset)
            } else {
                throw InputError(offset: call.method.offset, message: "missing the view; expected \(name)(View())")
            }
            self = .present(name == "fullScreenCover" ? .cover(body) : .sheet(body))
        case "dismiss", "callAsFunction":
            _ = try call.arguments(allowed: [], signature: "dismiss()")
            self = .dismiss
        default:
            let names = ["append", "removeLast", "removeAll", "sheet", "fullScreenCover", "popover", "dismiss"]
            throw InputError(
                offset: call.method.offset,
                message: "unknown SwiftUI change '\(name)'; expected \(Self.signature)"
                    + DidYouMean.hint(for: name, among: names))
        }
    }

    /// `path = []` or `path = NavigationPath()` (any receiver), which empty the path.
    private static func clearedPath(_ notation: String) -> SwiftUICall? {
        let parts = notation.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let target = String(parts[0]).trimmingWhitespace()
        let value = String(parts[1]).trimmingWhitespace()
        guard target == "path" || target.hasSuffix(".path") else { return nil }
        return value == "[]" || value == "NavigationPath()" || value == ".init()" ? .removeAll : nil
    }
}
