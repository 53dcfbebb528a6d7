extension JSONValue {
    /// The deepest nesting of arrays and objects ``parse(_:)`` accepts.
    public static let maximumDepth = 512

    /// Parses JSON text (RFC 8259), keeping the line and column of every value.
    ///
    /// A leading byte-order mark is skipped. Duplicate keys in one object, comments, trailing commas,
    /// invalid UTF-8 and nesting deeper than ``maximumDepth`` are errors.
    public static func parse(_ text: String) throws(InputError) -> JSONValue {
        try parse(bytes: Array(text.utf8))
    }

    /// Parses JSON from UTF-8 bytes, keeping the line and column of every value.
    public static func parse(bytes: [UInt8]) throws(InputError) -> JSONValue {
        var parser = JSONParser(bytes: bytes)
        return try parser.document()
    }
}

/// A recursive-descent JSON reader over UTF-8 bytes that counts lines and columns (in Unicode scalars).
struct JSONParser {
    let bytes: [UInt8]
    var index = 0
    var line = 1
    var column = 1
    var depth = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    var position: SourcePosition { SourcePosition(line: line, column: column) }
    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    func error(_ message: String, at position: SourcePosition? = nil) -> InputError {
        InputError(position: position ?? self.position, message: message)
    }

    mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    mutating func skipWhitespace() throws(InputError) {
        while let byte = peek {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                advance()
            case UInt8(ascii: "/")
            where index + 1 < bytes.count
                && (bytes[index + 1] == UInt8(ascii: "/") || bytes[index + 1] == UInt8(ascii: "*")):
                throw error("comments are not allowed in JSON")
            default:
                return
            }
        }
    }

    mutating func document() throws(InputError) -> JSONValue {
        try skipWhitespace()
        guard peek != nil else { throw error("the file is empty; expected a JSON object") }
        let value = try value()
        try skipWhitespace()
        guard peek == nil else { throw error("unexpected \(describeNext()) after the JSON value") }
        return value
    }

    /// The next character in words, for messages.
    func describeNext() -> String {
        guard let byte = peek else { return "end of file" }
        if byte < 0x80 {
            if byte < 0x20 || byte == 0x7F { return "control character U+\(String(byte, radix: 16, uppercase: true))" }
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        var probe = self
        if let scalar = try? probe.utf8Scalar() { return "'\(Character(scalar))'" }
        return "invalid UTF-8"
    }

    mutating func value() throws(InputError) -> JSONValue {
        let start = position
        guard let byte = peek else { throw error("unexpected end of file; expected a value") }
        switch byte {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""):
            let (string, columns) = try string()
            return JSONValue(.string(string), position: start, scalarColumns: columns)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONValue(.number(try number()), position: start)
        case UInt8(ascii: "t"):
            try literal("true")
            return JSONValue(.bool(true), position: start)
        case UInt8(ascii: "f"):
            try literal("false")
            return JSONValue(.bool(false), position: start)
        case UInt8(ascii: "n"):
            try literal("null")
            return JSONValue(.null, position: start)
        case UInt8(ascii: "'"):
            throw error("strings in JSON use double quotes, not single quotes")
        default:
            throw error(
                "unexpected \(describeNext()); expected a value (object, array, string, number, true, false or null)")
        }
    }

    mutating func literal(_ word: String) throws(InputError) {
        let start = position
        for expected in word.utf8 {
            guard peek == expected else {
                throw error("invalid literal; expected '\(word)' (strings need double quotes)", at: start)
            }
            advance()
        }
        if let next = peek, next >= 0x80 || (next | 0x20) >= UInt8(ascii: "a") && (next | 0x20) <= UInt8(ascii: "z") {
            throw error("invalid literal; expected '\(word)' (strings need double quotes)", at: start)
        }
    }

    mutating func enter() throws(InputError) {
        depth += 1
        guard depth <= JSONValue.maximumDepth else {
            throw error("arrays and objects are nested more than \(JSONValue.maximumDepth) deep")
        }
    }

    mutating func object() throws(InputError) -> JSONValue {
        let start = position
        try enter()
        advance()  // {
        var members: [JSONMember] = []
        var seen: [String: SourcePosition] = [:]
        try skipWhitespace()
        if peek == UInt8(ascii: "}") {
            advance()
            depth -= 1
            return JSONValue(.object([]), position: start)
        }
        while true {
            try skipWhitespace()
            guard peek == UInt8(ascii: "\"") else {
                if peek == UInt8(ascii: "}") { throw error("trailing comma before '}'; remove the last ','") }
                throw error("unexpected \(describeNext()); expected a key in double quotes")
            }
            let keyPosition = position
            let (key, _) = try string()
            if let first = seen[key] {
                throw error(
                    "duplicate key '\(key)' (first at line \(first.line), column \(first.column))", at: keyPosition)
            }
            seen[key] = keyPosition
            try skipWhitespace()
            guard peek == UInt8(ascii: ":") else {
                throw error("unexpected \(describeNext()); expected ':' after the key")
            }
            advance()
            try skipWhitespace()
            let value = try value()
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            try skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                advance()
            case UInt8(ascii: "}"):
                advance()
                depth -= 1
                return JSONValue(.object(members), position: start)
            case nil:
                throw error(
                    "unexpected end of file; the object at line \(start.line), column \(start.column) is not closed")
            default:
                throw error("unexpected \(describeNext()); expected ',' or '}' after an object member")
            }
        }
    }

    mutating func array() throws(InputError) -> JSONValue {
        let start = position
        try enter()
        advance()  // [
        var values: [JSONValue] = []
        try skipWhitespace()
        if peek == UInt8(ascii: "]") {
            advance()
            depth -= 1
            return JSONValue(.array([]), position: start)
        }
        while true {
            try skipWhitespace()
            if peek == UInt8(ascii: "]") { throw error("trailing comma before ']'; remove the last ','") }
            values.append(try value())
            try skipWhitespace()
            switch peek {
            case UInt8(ascii: ","):
                advance()
            case UInt8(ascii: "]"):
                advance()
                depth -= 1
                return JSONValue(.array(values), position: start)
            case nil:
                throw error(
                    "unexpected end of file; the array at line \(start.line), column \(start.column) is not closed")
            default:
                throw error("unexpected \(describeNext()); expected ',' or ']' after an array element")
            }
        }
    }

    mutating func number() throws(InputError) -> String {
        let start = index
        let startPosition = position
        func digits(_ parser: inout JSONParser) -> Int {
            var count = 0
            while let byte = parser.peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                parser.advance()
                count += 1
            }
            return count
        }
        if peek == UInt8(ascii: "-") { advance() }
        let integerStart = index
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw error("invalid number; expected a digit", at: startPosition) }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            throw error("invalid number; leading zeros are not allowed", at: startPosition)
        }
        if peek == UInt8(ascii: ".") {
            advance()
            guard digits(&self) > 0 else { throw error("invalid number; expected a digit after '.'") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            advance()
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { advance() }
            guard digits(&self) > 0 else { throw error("invalid number; expected a digit in the exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// Reads a string; returns its value and, if it had escapes, the column of each scalar then of the closing quote.
    mutating func string() throws(InputError) -> (String, [Int]) {
        let start = position
        advance()  // "
        var scalars = String.UnicodeScalarView()
        var columns: [Int] = []
        var hasEscapes = false
        while true {
            guard let byte = peek else {
                throw error("unterminated string; expected a closing '\"'", at: start)
            }
            let scalarColumn = column
            switch byte {
            case UInt8(ascii: "\""):
                advance()
                if hasEscapes { columns.append(scalarColumn) }
                return (String(scalars), hasEscapes ? columns : [])
            case UInt8(ascii: "\\"):
                if !hasEscapes {
                    hasEscapes = true
                    columns = (0..<scalars.count).map { start.column + 1 + $0 }
                }
                let scalar = try escape()
                scalars.append(scalar)
                columns.append(scalarColumn)
            case 0..<0x20:
                if byte == UInt8(ascii: "\n") {
                    throw error("unterminated string; a string cannot span lines (write \\n)", at: start)
                }
                throw error("control character U+\(String(byte, radix: 16, uppercase: true)) in a string; escape it")
            default:
                let scalar = byte < 0x80 ? Unicode.Scalar(byte) : try utf8Scalar()
                if byte < 0x80 { advance() }
                scalars.append(scalar)
                if hasEscapes { columns.append(scalarColumn) }
            }
        }
    }

    private mutating func escape() throws(InputError) -> Unicode.Scalar {
        let escapePosition = position
        advance()  // backslash
        guard let byte = peek else { throw error("unterminated string; expected a closing '\"'") }
        advance()
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let high = try hex4(escapePosition)
            if (0xD800..<0xDC00).contains(high) {
                guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                    throw error(
                        "lone UTF-16 surrogate \\u\(String(high, radix: 16)); a high surrogate needs a low one",
                        at: escapePosition)
                }
                advance()
                advance()
                let low = try hex4(escapePosition)
                guard (0xDC00..<0xE000).contains(low) else {
                    throw error("invalid UTF-16 surrogate pair in \\u escape", at: escapePosition)
                }
                return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
            }
            guard let scalar = Unicode.Scalar(high) else {
                throw error("lone UTF-16 surrogate \\u\(String(high, radix: 16)) in a string", at: escapePosition)
            }
            return scalar
        default:
            throw error(
                "invalid escape '\\\(Character(Unicode.Scalar(byte)))'; JSON allows \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX",
                at: escapePosition)
        }
    }

    private mutating func hex4(_ escapePosition: SourcePosition) throws(InputError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek, let digit = Self.hexValue(byte) else {
                throw error("invalid \\u escape; expected 4 hex digits", at: escapePosition)
            }
            value = value * 16 + digit
            advance()
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Decodes one multi-byte UTF-8 scalar at the current index and moves past it; rejects invalid UTF-8.
    mutating func utf8Scalar() throws(InputError) -> Unicode.Scalar {
        let lead = bytes[index]
        let length: Int
        var value: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            value = UInt32(lead & 0x07)
        default:
            throw error("invalid UTF-8 byte 0x\(String(lead, radix: 16, uppercase: true)); save the file as UTF-8")
        }
        guard index + length <= bytes.count else { throw error("invalid UTF-8: truncated character") }
        for offset in 1..<length {
            let byte = bytes[index + offset]
            guard byte & 0xC0 == 0x80 else { throw error("invalid UTF-8: truncated character; save the file as UTF-8") }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x10000
        guard value >= minimum, let scalar = Unicode.Scalar(value) else {
            throw error("invalid UTF-8: overlong or surrogate encoding; save the file as UTF-8")
        }
        for _ in 0..<length { advance() }
        return scalar
    }
}
