/// A Swift method call as written in a plan, e.g. `router("a").showScreen(.push, id: "x") { Profile }`.
///
/// Only the shape is read here: a chain of segments separated by `.`, each a name with an optional argument
/// list and an optional trailing closure. The last segment is the method, the others its receiver. Argument
/// values are kept as scalar ranges of the text and read by ``CallSyntax/Value`` helpers, so every error
/// points at the scalar it is about.
struct CallSyntax {
    /// One `name(arguments) { closure }` segment of the chain.
    struct Segment {
        /// The segment's name, e.g. `router` or `showScreen`.
        var name: String
        /// Where the name starts.
        var offset: Int
        /// The arguments, `nil` when the segment has no parentheses.
        var arguments: [Argument]?
        /// The trailing closure's body (between the braces), if any.
        var trailingClosure: Range<Int>?
        /// Where the trailing closure's `{` is.
        var trailingClosureOffset: Int?
    }

    /// One argument: an optional label and the value's text.
    struct Argument {
        /// The label before `:`, if any.
        var label: String?
        /// Where the argument (its label, or its value when unlabelled) starts.
        var offset: Int
        /// The value's range, trimmed of whitespace.
        var value: Range<Int>
    }

    /// The whole text, as scalars.
    let scalars: [Unicode.Scalar]
    /// The receiver segments, e.g. `router("a")`; empty for a bare call.
    var receiver: [Segment]
    /// The method segment.
    var method: Segment

    /// Reads a call; the text must hold nothing else.
    ///
    /// A leading `try`, `try?` or `try!` is allowed (as in `try router.tryShowNextScreen()`).
    init(_ text: String, example: String) throws(InputError) {
        var scanner = NotationScanner(text)
        scalars = scanner.scalars
        scanner.skipWhitespace()
        if scanner.consumeWord("try") {
            _ = scanner.consume("?") || scanner.consume("!")
            scanner.skipWhitespace()
        }
        var segments: [Segment] = []
        while true {
            scanner.skipWhitespace()
            let offset = scanner.index
            guard let name = scanner.identifier() else {
                throw scanner.error(
                    segments.isEmpty
                        ? "expected a call such as \(example)"
                        : "expected a method name after '.'")
            }
            var segment = Segment(name: name, offset: offset)
            scanner.skipWhitespace()
            if scanner.peek == "(" {
                segment.arguments = try scanner.argumentList()
                scanner.skipWhitespace()
            }
            if scanner.peek == "{" {
                segment.trailingClosureOffset = scanner.index
                segment.trailingClosure = try scanner.group()
                scanner.skipWhitespace()
            }
            segments.append(segment)
            if scanner.consume(".") { continue }
            break
        }
        guard scanner.isAtEnd else {
            throw scanner.error("unexpected text after the call: '\(scanner.excerpt(from: scanner.index))'")
        }
        method = segments.removeLast()
        receiver = segments
    }

    /// The text of a range.
    func text(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[range])
        return String(view)
    }

    /// A scanner over just `range`, whose errors are shifted back to offsets in the whole text.
    func scan<T>(
        _ range: Range<Int>, _ body: (inout NotationScanner) throws(InputError) -> T
    ) throws(InputError) -> T {
        var scanner = NotationScanner(scalars[range])
        do throws(InputError) {
            let value = try body(&scanner)
            scanner.skipWhitespace()
            guard scanner.isAtEnd else {
                throw scanner.error("unexpected text '\(scanner.excerpt(from: scanner.index))'")
            }
            return value
        } catch {
            throw InputError(offset: error.offset + range.lowerBound, message: error.message)
        }
    }

    /// The arguments of the method, checked against the labels it accepts.
    ///
    /// `allowed` lists the labels in order (`""` for an unlabelled argument). Unknown or repeated labels are
    /// errors naming what the method takes; labels listed in `ignored` (such as `animates`) are accepted and
    /// skipped, so code can be pasted as it is.
    func arguments(
        allowed: [String], ignored: [String] = [], signature: String
    ) throws(InputError) -> [String: Argument] {
        var found: [String: Argument] = [:]
        for argument in method.arguments ?? [] {
            let label = argument.label ?? ""
            if ignored.contains(label) { continue }
            guard allowed.contains(label) else {
                let what = argument.label.map { "argument '\($0):'" } ?? "unlabelled argument"
                throw InputError(
                    offset: argument.offset, message: "\(method.name) takes no \(what); expected \(signature)")
            }
            guard found[label] == nil else {
                throw InputError(
                    offset: argument.offset, message: "argument '\(label.isEmpty ? "_" : label)' is given twice")
            }
            found[label] = argument
        }
        return found
    }

    /// Requires that the method has no trailing closure.
    func requireNoClosure(signature: String) throws(InputError) {
        if let offset = method.trailingClosureOffset {
            throw InputError(offset: offset, message: "\(method.name) takes no closure; expected \(signature)")
        }
    }

    // MARK: Values

    /// A string literal argument, e.g. `"profile"`.
    func string(_ argument: Argument, what: String) throws(InputError) -> String {
        try scan(argument.value) { (scanner: inout NotationScanner) throws(InputError) -> String in
            scanner.skipWhitespace()
            guard scanner.peek == "\"" || scanner.peek == "#" else {
                throw scanner.error("expected \(what) as a string literal such as \"profile\"")
            }
            guard let value = try scanner.stringLiteral() else {
                throw scanner.error("\(what) must be a plain string literal, without interpolation", at: 0)
            }
            return value
        }
    }

    /// An array of string literals, e.g. `["a", "b"]`.
    func strings(_ argument: Argument, what: String) throws(InputError) -> [String] {
        let elements = try arrayElements(argument.value, what: what)
        var values: [String] = []
        for element in elements {
            values.append(try string(Argument(label: nil, offset: element.lowerBound, value: element), what: what))
        }
        return values
    }

    /// A whole number argument.
    func integer(_ argument: Argument, what: String) throws(InputError) -> Int {
        try scan(argument.value) { (scanner: inout NotationScanner) throws(InputError) -> Int in
            try scanner.integer(for: what)
        }
    }

    /// An enum case such as `.push` or `.insertAfter(id: "x")`: its name and the range of its arguments' text.
    func enumCase(_ range: Range<Int>, what: String) throws(InputError) -> (name: String, arguments: Range<Int>?) {
        try scan(range) { (scanner: inout NotationScanner) throws(InputError) -> (String, Range<Int>?) in
            scanner.skipWhitespace()
            guard scanner.consume("."), let name = scanner.identifier() else {
                throw scanner.error("expected \(what)")
            }
            scanner.skipWhitespace()
            guard scanner.peek == "(" else { return (name, nil) }
            let inner = try scanner.group()
            return (name, inner.lowerBound + range.lowerBound..<inner.upperBound + range.lowerBound)
        }
    }

    /// The top-level comma-separated elements of an array literal `[a, b]`, each trimmed.
    func arrayElements(_ range: Range<Int>, what: String) throws(InputError) -> [Range<Int>] {
        let inner = try scan(range) { (scanner: inout NotationScanner) throws(InputError) -> Range<Int> in
            scanner.skipWhitespace()
            guard scanner.peek == "[" else { throw scanner.error("expected an array of \(what) in [ ]") }
            return try scanner.group()
        }
        let shifted = inner.lowerBound + range.lowerBound..<inner.upperBound + range.lowerBound
        return try commaSeparated(shifted)
    }

    /// Splits a range at its top-level commas; each part trimmed; a trailing comma is allowed.
    func commaSeparated(_ range: Range<Int>) throws(InputError) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var scanner = NotationScanner(scalars[range])
        do throws(InputError) {
            while true {
                scanner.skipWhitespace()
                if scanner.isAtEnd { break }
                let part = try scanner.balancedExpression()
                var end = part.upperBound
                while end > part.lowerBound, scanner.scalars[end - 1].properties.isWhitespace { end -= 1 }
                guard end > part.lowerBound else { throw scanner.error("expected a value before ','") }
                parts.append(part.lowerBound + range.lowerBound..<end + range.lowerBound)
                if !scanner.consume(",") {
                    guard scanner.isAtEnd else { throw scanner.error("unexpected ')'") }
                    break
                }
            }
        } catch {
            throw InputError(offset: error.offset + range.lowerBound, message: error.message)
        }
        return parts
    }

    /// The screen a closure shows: its body without a `router in` parameter, whitespace collapsed.
    ///
    /// `{ _ in ProfileView() }` and `{ router in ProfileView(router: router) }` show `ProfileView()` and
    /// `ProfileView(router: router)`; a body that is a plain string literal stands for its text, and a leading
    /// `.` of an enum case is dropped, as in route notation.
    func closureScreen(_ body: Range<Int>, at offset: Int) throws(InputError) -> String {
        var start = body.lowerBound
        // Skip a closure parameter: `_ in` or `name in`.
        var probe = NotationScanner(scalars[body])
        probe.skipWhitespace()
        if probe.consume("_") || probe.identifier() != nil {
            probe.skipWhitespace()
            if probe.consumeWord("in") { start = body.lowerBound + probe.index }
        }
        let words = text(start..<body.upperBound).split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        let collapsed = words.joined(separator: " ")
        guard !collapsed.isEmpty else {
            throw InputError(
                offset: offset, message: "the closure shows no screen; write the view, as in { _ in Profile() }")
        }
        return try RouteNotation.screenLabel(collapsed)
    }
}

extension NotationScanner {
    /// Reads a bracketed group starting at `(`, `[` or `{` and returns the range inside the brackets.
    ///
    /// Nested brackets and string literals must balance.
    mutating func group() throws(InputError) -> Range<Int> {
        guard let first = peek, ["(", "[", "{"].contains(first) else { throw error("expected '(', '[' or '{'") }
        var open: [(scalar: Unicode.Scalar, offset: Int)] = [(first, index)]
        index += 1
        let innerStart = index
        while let scalar = peek {
            switch scalar {
            case "(", "[", "{":
                open.append((scalar, index))
                index += 1
            case ")", "]", "}":
                let expected = Self.closer(of: open[open.count - 1].scalar)
                guard scalar == expected else {
                    throw error(
                        "unexpected '\(scalar)'; expected '\(expected)' to close the '\(open[open.count - 1].scalar)' before it"
                    )
                }
                open.removeLast()
                index += 1
                if open.isEmpty { return innerStart..<index - 1 }
            case "\"", "#":
                if scalar == "#", !isRawStringStart() {
                    index += 1
                } else {
                    _ = try stringLiteral()
                }
            default:
                index += 1
            }
        }
        let opener = open[open.count - 1]
        throw error(
            "'\(opener.scalar)' is never closed; expected '\(Self.closer(of: opener.scalar))'", at: opener.offset)
    }

    /// Reads `( … )` as call arguments, each with an optional `label:`.
    mutating func argumentList() throws(InputError) -> [CallSyntax.Argument] {
        let inner = try group()
        var arguments: [CallSyntax.Argument] = []
        var scanner = self
        scanner.index = inner.lowerBound
        while scanner.index < inner.upperBound {
            scanner.skipWhitespace()
            if scanner.index >= inner.upperBound { break }
            let offset = scanner.index
            var label: String?
            if let name = scanner.identifier() {
                scanner.skipWhitespace()
                if scanner.peek == ":" {
                    scanner.index += 1
                    label = name
                } else {
                    scanner.index = offset
                }
            } else if scanner.peek == "_" {
                scanner.index = offset
            }
            scanner.skipWhitespace()
            let valueStart = scanner.index
            _ = try scanner.balancedExpression()
            var end = min(scanner.index, inner.upperBound)
            while end > valueStart, scanner.scalars[end - 1].properties.isWhitespace { end -= 1 }
            guard end > valueStart else {
                throw scanner.error(label.map { "missing value after '\($0):'" } ?? "missing argument", at: offset)
            }
            arguments.append(CallSyntax.Argument(label: label, offset: offset, value: valueStart..<end))
            if scanner.index < inner.upperBound, scanner.consume(",") { continue }
            break
        }
        return arguments
    }
}
