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
        // Most text has nothing to escape: printable ASCII without a special character is itself.
        guard
            !text.utf8.allSatisfy({ byte in
                (0x20..<0x7F).contains(byte) && !Self.markdownSpecialBytes.contains(byte)
            })
        else { return text }
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

    /// The ASCII characters ``markdown(_:)`` rewrites.
    private static let markdownSpecialBytes = Set("&<>\\`*_[]#!|~$".utf8)

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
        guard !relativePath.utf8.allSatisfy({ isUnreserved($0) || $0 == UInt8(ascii: "/") }) else {
            return relativePath
        }
        return relativePath.split(separator: "/", omittingEmptySubsequences: false).map { component in
            var encoded = ""
            for byte in component.utf8 {
                if isUnreserved(byte) {
                    encoded.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    let hex = Array("0123456789ABCDEF")
                    encoded += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
                }
            }
            return encoded
        }.joined(separator: "/")
    }

    /// Whether a URL path keeps `byte` as it is: letters, digits and `-._~`.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    /// Line breaks and other control characters become spaces; NUL becomes U+FFFD.
    static func oneLine(_ text: String) -> String {
        // Printable ASCII has no control character: the text itself.
        guard !text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) else { return text }
        return String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    if scalar == "\0" { return "\u{FFFD}" }
                    return scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
                        ? " " : scalar
                }))
    }
}
