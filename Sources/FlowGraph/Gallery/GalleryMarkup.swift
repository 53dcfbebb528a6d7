import Graphviz

/// Escaping for the gallery's HTML page and Markdown file, and for every other Markdown FlowGraph writes
/// (`diff -T md`, through the CLI's `MarkdownText`): user text never becomes markup or a link.
package enum GalleryMarkup {
    /// Text for HTML element content and quoted attribute values: `& < > " '` become entities.
    static func html(_ text: String) -> String {
        HTML.webEscaped(text)
    }

    /// Text for Markdown prose (headings, paragraphs, list items, link text), on one line.
    ///
    /// HTML's special characters become entities (so `<script>` shows as text on every code host), and the
    /// characters that start emphasis, code, links, images, tables or strike-through are backslash-escaped.
    /// (Every line FlowGraph writes starts with its own marker, so line-start syntax cannot arise.)
    package static func markdown(_ text: String) -> String {
        HTML.rewritingASCII(oneLine(text)) { byte in
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            // The characters that start Markdown syntax.
            case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "_"), UInt8(ascii: "["),
                UInt8(ascii: "]"), UInt8(ascii: "#"), UInt8(ascii: "!"), UInt8(ascii: "|"), UInt8(ascii: "~"),
                UInt8(ascii: "$"):
                "\\" + String(UnicodeScalar(byte))
            default: nil
            }
        }
    }

    /// A Markdown code span holding `text` verbatim (a backtick fence longer than any run inside it).
    package static func markdownCode(_ text: String) -> String {
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

    /// Whether `text`'s UTF-8 bytes hold a character ``oneLine(_:)`` rewrites: a control character (U+0000–U+001F,
    /// U+007F–U+009F, the general category Cc) or U+2028/U+2029, read from the bytes without decoding.
    private static func hasControlOrSeparator(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var previous: UInt8 = 0
            var beforePrevious: UInt8 = 0
            for byte in bytes {
                if byte < 0x20 || byte == 0x7F { return true }
                if previous == 0xC2, (0x80...0x9F).contains(byte) { return true }
                if beforePrevious == 0xE2, previous == 0x80, byte == 0xA8 || byte == 0xA9 { return true }
                beforePrevious = previous
                previous = byte
            }
            return false
        }
    }

    /// Line breaks and other control characters become spaces; NUL becomes U+FFFD.
    static func oneLine(_ text: String) -> String {
        guard hasControlOrSeparator(text) else { return text }
        return String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    if scalar == "\0" { return "\u{FFFD}" }
                    return scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}"
                        ? " " : scalar
                }))
    }
}
