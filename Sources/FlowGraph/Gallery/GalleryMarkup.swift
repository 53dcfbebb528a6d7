import Graphviz

/// Escaping for the gallery's HTML page and Markdown file: user text never becomes markup or a link.
enum GalleryMarkup {
    /// Text for HTML element content and quoted attribute values: `& < > " '` become entities.
    static func html(_ text: String) -> String {
        HTML.webEscaped(text)
    }

    /// Text for Markdown prose (headings, paragraphs, list items, link text), on one line.
    ///
    /// HTML's special characters become entities (so `<script>` shows as text on every code host), and the
    /// characters that start emphasis, code, links, images, tables or strike-through are backslash-escaped.
    /// (Every line FlowGraph writes starts with its own marker, so line-start syntax cannot arise.)
    static func markdown(_ text: String) -> String {
        var result = ""
        for scalar in oneLine(text).unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\\", "`", "*", "_", "[", "]", "#", "!", "|", "~", "$":
                result += "\\"
                result.unicodeScalars.append(scalar)
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A Markdown code span holding `text` verbatim (a backtick fence longer than any run inside it).
    static func markdownCode(_ text: String) -> String {
        let line = oneLine(text)
        var longest = 0
        var run = 0
        for character in line {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padded = line.hasPrefix("`") || line.hasSuffix("`") || line.isEmpty ? " \(line) " : line
        return fence + padded + fence
    }

    /// A relative path as a URL path: each component percent-encoded except letters, digits and `-._~`.
    static func url(_ relativePath: String) -> String {
        relativePath.split(separator: "/", omittingEmptySubsequences: false).map { component in
            var encoded = ""
            for byte in component.utf8 {
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                    UInt8(ascii: "~"):
                    encoded.unicodeScalars.append(Unicode.Scalar(byte))
                default:
                    let hex = Array("0123456789ABCDEF")
                    encoded += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
                }
            }
            return encoded
        }.joined(separator: "/")
    }

    /// Line breaks and other control characters become spaces; NUL becomes U+FFFD.
    static func oneLine(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    if scalar == "\0" { return "\u{FFFD}" }
                    return scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
                        ? " " : scalar
                }))
    }
}
