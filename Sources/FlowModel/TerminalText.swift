/// Text quoted from user input made safe to print on one terminal line.
///
/// Error messages quote what the user wrote (unknown keys, screens, file names). Control characters (an
/// escape sequence could recolour, retitle or clear the terminal), line breaks, and bidirectional controls
/// (which could make a message read differently from what it says) are written as visible escapes:
/// `\n`, `\t`, `\u{1B}`, `\u{202E}`. Everything else, including emoji and right-to-left letters, is kept.
package enum TerminalText {
    /// `text` with every control, line break and bidi control written as an escape; see ``TerminalText``.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var output = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": output += "\\n".unicodeScalars
            case "\r": output += "\\r".unicodeScalars
            case "\t": output += "\\t".unicodeScalars
            default:
                if needsEscape(scalar) {
                    output += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}".unicodeScalars
                } else {
                    output.append(scalar)
                }
            }
        }
        return String(output)
    }

    /// `text` with every line escaped as by ``escaped(_:)`` but its line feeds kept: for printing text of
    /// several lines, such as a report, whose user-written parts must not drive the terminal.
    public static func escapedLines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 != "\n" && needsEscape($0) }) else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { escaped(String($0)) }
            .joined(separator: "\n")
    }

    /// Whether a scalar is a control character (C0, DEL, C1), a line or paragraph separator, or a bidi control.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x2028, 0x2029: true
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
