/// Turns a screen's Codable JSON into the label FlowGraph draws and compares, written like Swift.
///
/// Swift's synthesized `Codable` writes an enum case as an object with one key, the case name, holding
/// its associated values (`_0`, `_1`… for unlabeled ones), and a struct as an object of its stored
/// properties. The label reads the way the value is written in code:
///
/// | JSON | label |
/// |---|---|
/// | `7`, `1.5` | `7`, `1.5` (as written) |
/// | `"Hello"` | `Hello` at the top level, `"Hello"` inside a value |
/// | `{"settings":{}}` | `settings` |
/// | `{"number":{"_0":7}}` | `number(7)` |
/// | `{"pair":{"_0":1,"_1":"x"}}` | `pair(1, "x")` |
/// | `{"profile":{"userID":"u1"}}` | `profile(userID: "u1")` |
/// | `{"x":1,"y":2}` | `(x: 1, y: 2)` |
/// | `{"a b":1}` (keys that are not identifiers) | `["a b": 1]` |
/// | `[1,2]`, `null`, `true` | `[1, 2]`, `nil`, `true` |
///
/// An object with a single member holding an object reads as an enum case, since JSON cannot tell it
/// from a struct with one struct-typed property; either way the label shows every value.
public enum ScreenLabel {
    /// The label of a screen encoded as `json`: a top-level string is its text, anything else a Swift expression.
    public static func label(for json: JSONValue) -> String {
        if let text = json.stringValue { return text }
        var output = ""
        write(json, to: &output)
        return output
    }

    /// The label of a struct or class named `typeName` encoded as `json`: `Number(value: 99)`.
    ///
    /// A keyed value lists its properties as labeled arguments; a value encoded as one single value
    /// (a custom `Codable` conformance) becomes the one unlabeled argument: `UserID("u1")`.
    public static func label(forStruct typeName: String, _ json: JSONValue) -> String {
        var output = typeName + "("
        if let members = json.objectValue {
            writeArguments(members, to: &output)
        } else {
            write(json, to: &output)
        }
        return output + ")"
    }

    /// The value as a Swift expression: strings quoted, enum cases as `case(arguments)`.
    public static func expression(_ json: JSONValue) -> String {
        var output = ""
        write(json, to: &output)
        return output
    }

    private static func write(_ json: JSONValue, to output: inout String) {
        switch json.kind {
        case .null: output += "nil"
        case .bool(let value): output += value ? "true" : "false"
        case .number(let literal): output += literal
        case .string(let text): output += swiftStringLiteral(text)
        case .array(let values):
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += ", " }
                write(value, to: &output)
            }
            output += "]"
        case .object(let members):
            if members.count == 1, let payload = members[0].value.objectValue, isIdentifier(members[0].key),
                payload.allSatisfy({ isIdentifier($0.key) })
            {
                output += members[0].key
                if !payload.isEmpty {
                    output += "("
                    writeArguments(payload, to: &output)
                    output += ")"
                }
            } else if members.allSatisfy({ isIdentifier($0.key) }) {
                output += "("
                writeArguments(members, to: &output)
                output += ")"
            } else {
                output += "["
                for (index, member) in members.enumerated() {
                    if index > 0 { output += ", " }
                    output += swiftStringLiteral(member.key)
                    output += ": "
                    write(member.value, to: &output)
                }
                output += "]"
            }
        }
    }

    /// `_0`, `_1`… become positional arguments; other keys are labels.
    private static func writeArguments(_ members: [JSONMember], to output: inout String) {
        for (index, member) in members.enumerated() {
            if index > 0 { output += ", " }
            if !isPositional(member.key) {
                output += member.key + ": "
            }
            write(member.value, to: &output)
        }
    }

    private static func isPositional(_ key: String) -> Bool {
        key.count > 1 && key.first == "_" && key.dropFirst().allSatisfy(\.isASCII)
            && key.dropFirst().allSatisfy(\.isNumber)
    }

    static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.unicodeScalars.first, NotationScanner.isIdentifierStart(first) else { return false }
        return key.unicodeScalars.allSatisfy(NotationScanner.isIdentifierContinuation)
    }
}
