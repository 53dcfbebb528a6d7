/// Reads Swift-literal notation (routes, actions) scalar by scalar, keeping offsets for errors.
struct NotationScanner {
    let scalars: [Unicode.Scalar]
    var index = 0
    /// How deeply string interpolations are nested where the scanner is; bounded so hostile input cannot overflow the stack.
    var interpolationDepth = 0
    static let maximumInterpolationDepth = 32

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
    }

    init(_ scalars: ArraySlice<Unicode.Scalar>) {
        self.scalars = Array(scalars)
    }

    var isAtEnd: Bool { index >= scalars.count }
    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    func peek(at distance: Int) -> Unicode.Scalar? {
        index + distance < scalars.count ? scalars[index + distance] : nil
    }

    func text(_ range: Range<Int>) -> String {
        let slice = scalars[range]
        // Screen names and identifiers are mostly ASCII: their bytes are the scalars' values, written in one go
        // (a scalar view appends one scalar at a time).
        if slice.allSatisfy(\.isASCII) {
            return String(unsafeUninitializedCapacity: slice.count) { bytes in
                for (offset, scalar) in slice.enumerated() { bytes[offset] = UInt8(truncatingIfNeeded: scalar.value) }
                return slice.count
            }
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: slice)
        return String(view)
    }

    /// Up to `limit` scalars of the text from `start`, for quoting in messages.
    func excerpt(from start: Int, limit: Int = 40) -> String {
        let end = min(scalars.count, start + limit)
        let quoted = text(start..<end)
        return end < scalars.count ? quoted + "…" : quoted
    }

    func error(_ message: String, at offset: Int? = nil) -> InputError {
        InputError(offset: offset ?? index, message: message)
    }

    mutating func skipWhitespace() {
        while let scalar = peek, scalar.properties.isWhitespace {
            index += 1
        }
    }

    mutating func consume(_ scalar: Unicode.Scalar) -> Bool {
        guard peek == scalar else { return false }
        index += 1
        return true
    }

    /// Consumes `word` if it is next and not followed by an identifier character.
    mutating func consumeWord(_ word: String) -> Bool {
        let wordScalars = Array(word.unicodeScalars)
        guard index + wordScalars.count <= scalars.count,
            Array(scalars[index..<index + wordScalars.count]) == wordScalars
        else { return false }
        if let next = peek(at: wordScalars.count), Self.isIdentifierContinuation(next) { return false }
        index += wordScalars.count
        return true
    }

    mutating func expect(_ scalar: Unicode.Scalar, _ message: String) throws(InputError) {
        guard consume(scalar) else { throw error(message) }
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        // ASCII without Unicode's property tables (most labels, and every one printed in notation).
        if scalar.isASCII {
            return scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
        }
        return scalar.properties.isAlphabetic
    }

    static func isIdentifierContinuation(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return isIdentifierStart(scalar) || ("0"..."9").contains(scalar) }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Reads an identifier (letters, digits, `_`), or returns `nil` without moving.
    mutating func identifier() -> String? {
        guard let first = peek, Self.isIdentifierStart(first) else { return nil }
        let start = index
        while let scalar = peek, Self.isIdentifierContinuation(scalar) {
            index += 1
        }
        return text(start..<index)
    }

    /// Reads `true` or `false`.
    mutating func boolean(for label: String) throws(InputError) -> Bool {
        if consumeWord("true") { return true }
        if consumeWord("false") { return false }
        throw error("expected true or false after '\(label):'")
    }

    /// Reads an integer literal, optionally negative.
    mutating func integer(for what: String) throws(InputError) -> Int {
        let start = index
        _ = consume("-")
        while let scalar = peek, ("0"..."9").contains(scalar) || scalar == "_" {
            index += 1
        }
        let digits = text(start..<index).replacingUnderscores()
        guard digits != "-", !digits.isEmpty else {
            index = start
            throw error("expected a whole number for \(what)")
        }
        guard let value = Int(digits) else {
            throw error("\(what) \(digits) is too large", at: start)
        }
        if let next = peek, Self.isIdentifierContinuation(next) || next == "." {
            throw error("expected a whole number for \(what)", at: start)
        }
        return value
    }

    /// Scans a balanced expression up to (not including) a top-level `,` or `)` or the end of the text.
    ///
    /// Brackets, braces, parentheses and string literals (with escapes and interpolations) must be
    /// balanced; a `,` or `)` inside them does not end the expression.
    mutating func balancedExpression() throws(InputError) -> Range<Int> {
        let start = index
        var open: [(scalar: Unicode.Scalar, offset: Int)] = []
        while let scalar = peek {
            switch scalar {
            case "(", "[", "{":
                open.append((scalar, index))
                index += 1
            case ")", "]", "}":
                guard let opener = open.last else {
                    if scalar == ")" { return start..<index }
                    throw error("unexpected '\(scalar)' with no matching opening bracket")
                }
                let expected = Self.closer(of: opener.scalar)
                guard scalar == expected else {
                    throw error(
                        "unexpected '\(scalar)'; expected '\(expected)' to close the '\(opener.scalar)' before it")
                }
                open.removeLast()
                index += 1
            case ",":
                if open.isEmpty { return start..<index }
                index += 1
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
        if let opener = open.last {
            throw error(
                "'\(opener.scalar)' is never closed; expected '\(Self.closer(of: opener.scalar))'", at: opener.offset)
        }
        return start..<index
    }

    static func closer(of opener: Unicode.Scalar) -> Unicode.Scalar {
        switch opener {
        case "(": ")"
        case "[": "]"
        default: "}"
        }
    }

    /// Whether a raw string literal (`#"…"#`, any number of `#`) starts here.
    func isRawStringStart() -> Bool {
        var distance = 0
        while peek(at: distance) == "#" { distance += 1 }
        return peek(at: distance) == "\""
    }

    /// Scans a string literal (`"…"`, `"""…"""` or raw `#"…"#`) and returns its value when it is a plain literal.
    ///
    /// The value is `nil` for a literal whose value is not simply its text: one with an interpolation,
    /// or a multi-line literal (whose indentation rules are not applied here).
    mutating func stringLiteral() throws(InputError) -> String? {
        let start = index
        var hashes = 0
        while consume("#") { hashes += 1 }
        guard consume("\"") else { throw error("expected '\"'") }
        let multiLine = peek == "\"" && peek(at: 1) == "\""
        if multiLine { index += 2 }
        var value = String.UnicodeScalarView()
        var plain = !multiLine
        while true {
            guard let scalar = peek else {
                throw error("unterminated string literal; expected a closing '\"'", at: start)
            }
            if !multiLine, scalar == "\n" || scalar == "\r" {
                throw error("unterminated string literal; expected a closing '\"' before the line ends", at: start)
            }
            if scalar == "\"", closesString(multiLine: multiLine, hashes: hashes) {
                index += (multiLine ? 3 : 1) + hashes
                return plain ? String(value) : nil
            }
            if scalar == "\\", escapeFollows(hashes: hashes) {
                let escapeStart = index
                index += 1 + hashes
                guard let next = peek else {
                    throw error("unterminated string literal; expected a closing '\"'", at: start)
                }
                index += 1
                switch next {
                case "\\": value.append("\\")
                case "\"": value.append("\"")
                case "'": value.append("'")
                case "n": value.append("\n")
                case "r": value.append("\r")
                case "t": value.append("\t")
                case "0": value.append("\0")
                case "u":
                    value.append(try unicodeEscape(escapeStart: escapeStart))
                case "(":
                    plain = false
                    guard interpolationDepth < Self.maximumInterpolationDepth else {
                        throw error(
                            "string interpolations are nested more than \(Self.maximumInterpolationDepth) deep",
                            at: escapeStart)
                    }
                    interpolationDepth += 1
                    _ = try balancedExpression()
                    interpolationDepth -= 1
                    guard consume(")") else {
                        throw error("interpolation '\\(' is never closed; expected ')'", at: escapeStart)
                    }
                case "\n" where multiLine:
                    break
                default:
                    throw error(
                        "invalid escape '\\\(next)' in string literal; valid escapes are \\\\ \\\" \\' \\n \\r \\t \\0 \\u{…}",
                        at: escapeStart)
                }
                continue
            }
            value.append(scalar)
            index += 1
        }
    }

    private func closesString(multiLine: Bool, hashes: Int) -> Bool {
        let quotes = multiLine ? 3 : 1
        for distance in 0..<quotes where peek(at: distance) != "\"" { return false }
        for distance in 0..<hashes where peek(at: quotes + distance) != "#" { return false }
        return true
    }

    private func escapeFollows(hashes: Int) -> Bool {
        for distance in 0..<hashes where peek(at: 1 + distance) != "#" { return false }
        return true
    }

    private mutating func unicodeEscape(escapeStart: Int) throws(InputError) -> Unicode.Scalar {
        guard consume("{") else { throw error("expected '{' after '\\u', as in \\u{1F600}", at: escapeStart) }
        let digitsStart = index
        while let scalar = peek, scalar.properties.isASCIIHexDigit { index += 1 }
        let digits = text(digitsStart..<index)
        guard consume("}"), (1...8).contains(digits.unicodeScalars.count), let code = UInt32(digits, radix: 16),
            let scalar = Unicode.Scalar(code)
        else {
            throw error(
                "invalid unicode escape; expected \\u{…} with 1 to 8 hex digits of a valid scalar", at: escapeStart)
        }
        return scalar
    }
}

extension String {
    fileprivate func replacingUnderscores() -> String {
        String(String.UnicodeScalarView(unicodeScalars.filter { $0 != "_" }))
    }
}
