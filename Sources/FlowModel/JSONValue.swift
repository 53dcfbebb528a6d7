/// A JSON value that remembers where it was written, so errors can name a line and column.
///
/// Objects keep their members in file order. Numbers keep their literal text, so no precision is
/// lost before a caller decides what it needs. Parse with ``JSONValue/parse(_:)``; print with
/// ``JSONValue/rendered(_:)``.
public struct JSONValue: Hashable, Sendable {
    /// The kinds of JSON value.
    public enum Kind: Hashable, Sendable {
        /// `null`.
        case null
        /// `true` or `false`.
        case bool(Bool)
        /// A number, as its literal text (e.g. `-1.5e3`).
        case number(String)
        /// A string, unescaped.
        case string(String)
        /// An array.
        case array([JSONValue])
        /// An object, members in file order.
        case object([JSONMember])
    }

    /// The value.
    public var kind: Kind
    /// Where the value starts (for a string, its opening quote).
    public var position: SourcePosition
    /// For a string with escapes: the column of each unescaped scalar, then of the closing quote.
    var scalarColumns: [Int]

    /// Creates a value at a position (the start of the text by default, for values built in code).
    public init(_ kind: Kind, position: SourcePosition = .start) {
        self.kind = kind
        self.position = position
        self.scalarColumns = []
    }

    init(_ kind: Kind, position: SourcePosition, scalarColumns: [Int]) {
        self.kind = kind
        self.position = position
        self.scalarColumns = scalarColumns
    }

    /// A string value.
    public static func string(_ value: String) -> JSONValue { JSONValue(.string(value)) }
    /// A Boolean value.
    public static func bool(_ value: Bool) -> JSONValue { JSONValue(.bool(value)) }
    /// An array value.
    public static func array(_ values: [JSONValue]) -> JSONValue { JSONValue(.array(values)) }
    /// An object with members in the given order.
    public static func object(_ members: KeyValuePairs<String, JSONValue>) -> JSONValue {
        JSONValue(.object(members.map { JSONMember(key: $0.key, value: $0.value) }))
    }
    /// An integer value.
    public static func number(_ value: Int) -> JSONValue { JSONValue(.number(String(value))) }
    /// A number value in its shortest exact form (`0`, `1.95`); `null` if it is not finite.
    public static func number(_ value: Double) -> JSONValue {
        guard value.isFinite else { return JSONValue(.null) }
        if value == value.rounded(), abs(value) < 1e15 { return JSONValue(.number(String(Int(value)))) }
        return JSONValue(.number("\(value)"))
    }

    /// The position of the scalar at `offset` in a string value's unescaped text (its first scalar is offset 0).
    ///
    /// JSON strings stay on one line, so only the column changes; escapes such as `\n` or `\u00e9` are
    /// accounted for. For other values, the value's position.
    public func position(ofScalar offset: Int) -> SourcePosition {
        guard case .string = kind else { return position }
        if scalarColumns.isEmpty {
            return SourcePosition(line: position.line, column: position.column + 1 + max(0, offset))
        }
        let clamped = min(max(0, offset), scalarColumns.count - 1)
        return SourcePosition(line: position.line, column: scalarColumns[clamped])
    }

    /// The string, if this is a string.
    public var stringValue: String? {
        if case .string(let value) = kind { return value }
        return nil
    }

    /// The Boolean, if this is `true` or `false`.
    public var boolValue: Bool? {
        if case .bool(let value) = kind { return value }
        return nil
    }

    /// The number as a `Double`, if this is a number.
    public var doubleValue: Double? {
        if case .number(let literal) = kind { return Double(literal) }
        return nil
    }

    /// The number as an `Int`, if this is a number without a fraction that fits.
    public var intValue: Int? {
        if case .number(let literal) = kind {
            if let value = Int(literal) { return value }
            if let value = Double(literal), value == value.rounded(), abs(value) < 9e15 { return Int(value) }
        }
        return nil
    }

    /// The elements, if this is an array.
    public var arrayValue: [JSONValue]? {
        if case .array(let values) = kind { return values }
        return nil
    }

    /// The members in file order, if this is an object.
    public var objectValue: [JSONMember]? {
        if case .object(let members) = kind { return members }
        return nil
    }

    /// Whether this is `null`.
    public var isNull: Bool { kind == .null }

    /// The member named `key`, if this is an object that has one.
    public subscript(key: String) -> JSONValue? {
        objectValue?.first { $0.key == key }?.value
    }

    /// The kind of value with an article, for messages: `a string`, `an array`.
    public var kindDescription: String {
        switch kind {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A member of a JSON object: key, where the key was written, and value.
public struct JSONMember: Hashable, Sendable {
    /// The key, unescaped.
    public var key: String
    /// Where the key's opening quote is.
    public var keyPosition: SourcePosition
    /// The value.
    public var value: JSONValue

    /// Creates a member.
    public init(key: String, keyPosition: SourcePosition = .start, value: JSONValue) {
        self.key = key
        self.keyPosition = keyPosition
        self.value = value
    }
}

// MARK: - Rendering

extension JSONValue {
    /// How ``rendered(_:)`` lays out JSON.
    public enum Style: Hashable, Sendable {
        /// Two-space indentation; arrays holding only strings, numbers, Booleans and nulls stay on one line.
        case pretty
        /// No whitespace at all.
        case compact
    }

    /// The value as JSON text, members in their stored order; no trailing newline.
    public func rendered(_ style: Style = .pretty) -> String {
        var output = ""
        write(to: &output, style: style, indent: "")
        return output
    }

    private var isScalar: Bool {
        switch kind {
        case .array, .object: false
        default: true
        }
    }

    private func write(to output: inout String, style: Style, indent: String) {
        switch kind {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let literal): output += literal
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            if values.isEmpty {
                output += "[]"
            } else if style == .compact || values.allSatisfy(\.isScalar) {
                output += "["
                for (index, value) in values.enumerated() {
                    if index > 0 { output += style == .compact ? "," : ", " }
                    value.write(to: &output, style: style, indent: indent)
                }
                output += "]"
            } else {
                let inner = indent + "  "
                output += "[\n"
                for (index, value) in values.enumerated() {
                    output += inner
                    value.write(to: &output, style: style, indent: inner)
                    output += index == values.count - 1 ? "\n" : ",\n"
                }
                output += indent + "]"
            }
        case .object(let members):
            if members.isEmpty {
                output += "{}"
            } else if style == .compact {
                output += "{"
                for (index, member) in members.enumerated() {
                    if index > 0 { output += "," }
                    Self.writeString(member.key, to: &output)
                    output += ":"
                    member.value.write(to: &output, style: style, indent: indent)
                }
                output += "}"
            } else {
                let inner = indent + "  "
                output += "{\n"
                for (index, member) in members.enumerated() {
                    output += inner
                    Self.writeString(member.key, to: &output)
                    output += ": "
                    member.value.write(to: &output, style: style, indent: inner)
                    output += index == members.count - 1 ? "\n" : ",\n"
                }
                output += indent + "}"
            }
        }
    }

    private static func writeString(_ value: String, to output: inout String) {
        output += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                if TerminalText.needsEscape(scalar) {
                    let hex = String(scalar.value, radix: 16)
                    output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        output += "\""
    }
}
