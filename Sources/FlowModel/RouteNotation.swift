/// Parses and prints routes in Swift literal notation: `.push(Profile)`, `.sheet(Settings, withNavigation: true)`.
///
/// A screen is any balanced Swift expression and is kept verbatim as its label, except that one
/// leading `.` of an enum case is dropped (`.profile(userID: "u1")` → `profile(userID: "u1")`) and a
/// plain string literal loses its quotes (`"Hello"` → `Hello`). Parentheses, brackets, braces and
/// string literals (with escapes and interpolations) must balance; a `)` or `,` inside them does not end
/// the screen. A list is comma-separated, with or without `[` `]`; the empty list is `[]` or empty text.
public enum RouteNotation {
    /// Parses one route, e.g. `.cover(Login, withNavigation: true)`.
    public static func parseRoute(_ text: String) throws(InputError) -> PlanRoute {
        var scanner = NotationScanner(text)
        let route = try scanner.route()
        scanner.skipWhitespace()
        guard scanner.isAtEnd else {
            throw scanner.error("unexpected text after the route: '\(scanner.excerpt(from: scanner.index))'")
        }
        return route
    }

    /// Parses a route list, e.g. `[.push(A), .sheet(B, withNavigation: true)]`, `.push(A), .push(B)`, `[]` or ``.
    public static func parseList(_ text: String) throws(InputError) -> [PlanRoute] {
        var scanner = NotationScanner(text)
        return try scanner.routeList()
    }

    /// The label a screen expression stands for: `.profile` → `profile`, `"Hello"` → `Hello`, `42` → `42`.
    public static func screenLabel(_ expression: String) throws(InputError) -> String {
        var scanner = NotationScanner(expression)
        let label = try scanner.screen(context: "the screen")
        guard scanner.isAtEnd else {
            throw scanner.error("unexpected '\(scanner.peek!)' in the screen; quote the screen as a string literal")
        }
        return label
    }

    /// The screen a view written in code stands for: `Profile` for `Profile()` (a view made with no
    /// arguments is its type's screen, so `{ _ in Profile() }` and `{ _ in Profile }` show the same screen,
    /// with the same default name); anything else (`Profile(id: 1)`) as it is.
    public static func viewScreen(_ label: String) -> String {
        guard label.hasSuffix("()"), let first = label.unicodeScalars.first, NotationScanner.isIdentifierStart(first)
        else { return label }
        let name = label.dropLast(2)
        guard name.unicodeScalars.allSatisfy({ NotationScanner.isIdentifierContinuation($0) || $0 == "." }) else {
            return label
        }
        return String(name)
    }

    /// The screen label as written in notation: verbatim when it reads back as itself, else a quoted string literal.
    public static func screenNotation(_ label: String) -> String {
        if isVerbatimScreen(label) { return label }
        return swiftStringLiteral(label)
    }

    private static func isVerbatimScreen(_ label: String) -> Bool {
        // Fast paths: identifiers and numbers read back as themselves, and so do views written as
        // `LoginScreen()` (an identifier and empty parentheses).
        // ASCII letters, digits, `_` and `-` by their bytes (what most labels are), no scalar properties asked.
        if let first = label.utf8.first, first != UInt8(ascii: "."), label.utf8.allSatisfy(isASCIIWordByte) {
            return true
        }
        let scalars = label.unicodeScalars
        func isWord(_ scalars: Substring.UnicodeScalarView) -> Bool {
            scalars.allSatisfy { NotationScanner.isIdentifierContinuation($0) || $0 == "-" }
        }
        if let first = scalars.first, first != "." {
            let whole = Substring(label).unicodeScalars
            if isWord(whole) { return true }
            if label.hasSuffix("()"), NotationScanner.isIdentifierStart(first), isWord(whole.dropLast(2)) {
                return true
            }
        }
        guard scalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }) else { return false }
        return (try? screenLabel(label)) == label
    }

    /// Whether `byte` is an ASCII letter, digit, `_` or `-`: what `isWord` accepts of ASCII.
    private static func isASCIIWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}

extension PlanRoute {
    /// Parses a route in notation, e.g. `.sheet(Settings, withNavigation: true)`; see ``RouteNotation``.
    public init(notation: String) throws(InputError) {
        self = try RouteNotation.parseRoute(notation)
    }

    /// The screen label as written in notation: verbatim when it reads back as itself, else quoted.
    public static func screenNotation(_ label: String) -> String {
        RouteNotation.screenNotation(label)
    }
}

extension NotationScanner {
    /// Reads a screen expression up to a top-level `,` or `)` and returns its label.
    mutating func screen(context: String) throws(InputError) -> String {
        skipWhitespace()
        let start = index
        let range = try balancedExpression()
        var end = range.upperBound
        while end > start, scalars[end - 1].properties.isWhitespace { end -= 1 }
        guard end > start else { throw error("missing screen in \(context)", at: start) }
        let first = scalars[start]
        if first == "\"" || first == "#" {
            var literal = NotationScanner(scalars[start..<end])
            if let value = try? literal.stringLiteral(), literal.isAtEnd { return value }
        }
        if first == ".", end - start > 1, Self.isIdentifierStart(scalars[start + 1]) || scalars[start + 1] == "`" {
            return text(start + 1..<end)
        }
        return text(start..<end)
    }

    /// Reads one route: `.push(X)`, `.sheet(X)`, `.sheet(X, withNavigation: true)`, `.cover(…)`; the `.` is optional.
    mutating func route() throws(InputError) -> PlanRoute {
        skipWhitespace()
        let start = index
        _ = consume(".")
        guard let kind = identifier() else {
            throw error("expected a route such as .push(Profile), .sheet(Settings) or .cover(Login)")
        }
        guard ["push", "sheet", "cover"].contains(kind) else {
            throw error("unknown route style '\(kind)'; expected push, sheet or cover", at: start)
        }
        skipWhitespace()
        try expect("(", "expected '(' after .\(kind), as in .\(kind)(Profile)")
        let screen = try screen(context: ".\(kind)(…)")
        var withNavigation = false
        skipWhitespace()
        if consume(",") {
            skipWhitespace()
            let labelStart = index
            guard identifier() == "withNavigation" else {
                throw error(
                    "unexpected argument '\(excerpt(from: labelStart, limit: 20))'; "
                        + "only .sheet and .cover take a second argument, withNavigation: true or false",
                    at: labelStart)
            }
            guard kind != "push" else {
                throw error(".push has no withNavigation; only .sheet and .cover do", at: labelStart)
            }
            skipWhitespace()
            try expect(":", "expected ':' after withNavigation")
            skipWhitespace()
            withNavigation = try boolean(for: "withNavigation")
            skipWhitespace()
        }
        try expect(")", "expected ')' to close .\(kind)(")
        switch kind {
        case "push": return .push(screen)
        case "sheet": return .sheet(screen, withNavigation: withNavigation)
        default: return .cover(screen, withNavigation: withNavigation)
        }
    }

    /// Reads a whole route list and requires the end of the text after it.
    mutating func routeList() throws(InputError) -> [PlanRoute] {
        skipWhitespace()
        if isAtEnd { return [] }
        let bracketed = consume("[")
        var routes: [PlanRoute] = []
        skipWhitespace()
        if !(bracketed && consume("]")) {
            while true {
                routes.append(try route())
                skipWhitespace()
                if consume(",") {
                    skipWhitespace()
                    if bracketed ? consume("]") : isAtEnd { break }
                    continue
                }
                if bracketed {
                    let message = isAtEnd ? "expected ']' to close the route list" : "expected ',' or ']' after a route"
                    try expect("]", message)
                } else if !isAtEnd {
                    throw error("expected ',' between routes")
                }
                break
            }
        }
        skipWhitespace()
        guard isAtEnd else { throw error("unexpected text after the route list: '\(excerpt(from: index))'") }
        return routes
    }
}
