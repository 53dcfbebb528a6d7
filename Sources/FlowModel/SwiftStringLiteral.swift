/// Writes text as a Swift string literal: `"a \"b\"\n"`, with control characters as `\u{…}` escapes.
///
/// Used wherever FlowGraph prints a screen, id or label that must read back as the same text (canonical
/// notation, `steps --swift`, library notations and their error messages).
public func swiftStringLiteral(_ text: String) -> String {
    var output = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": output += "\\\\"
        case "\"": output += "\\\""
        case "\n": output += "\\n"
        case "\r": output += "\\r"
        case "\t": output += "\\t"
        case "\0": output += "\\0"
        default:
            if scalar.value < 0x20 || scalar.value == 0x7F {
                output += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                output.unicodeScalars.append(scalar)
            }
        }
    }
    return output + "\""
}
