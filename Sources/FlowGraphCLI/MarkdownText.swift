import FlowGraph
import Foundation

/// Names and messages made safe for the Markdown FlowGraph writes (pull-request comments, DocC pages): a file,
/// screen or plan name is the app's, and may hold anything a file system or Swift allows.
enum MarkdownText {
    /// Plain text for a Markdown line or table cell (the gallery's escaping): HTML's special characters as
    /// entities, every character that starts Markdown inside a line (`*`, `` ` ``, `[`, `|`, `#`, …) escaped with
    /// a backslash, line breaks and other control characters as spaces, so a name can neither end the line,
    /// open a heading, a link or an HTML tag, nor leave its cell.
    static func text(_ text: String) -> String {
        GalleryMarkup.markdown(text)
    }

    /// Text as an inline code span for a table cell: fenced with one backtick more than the longest run of
    /// backticks it holds, on one line, and `|` escaped (GitHub splits table cells before it reads code spans).
    static func code(_ text: String) -> String {
        GalleryMarkup.markdownCode(text).replacingOccurrences(of: "|", with: "\\|")
    }

    /// A place (`main:App/Shop/Cart.swift:12:5`) as code for a table cell that may break after each `/` and
    /// `:`: an HTML `<code>` whose text is escaped as ``text(_:)`` escapes it, with `<wbr>` at those points, so
    /// a long path wraps inside its column instead of pushing the table past the page (a code span never wraps).
    static func place(_ place: String) -> String {
        var parts: [String] = []
        var part = ""
        for character in place {
            part.append(character)
            if character == "/" || character == ":" {
                parts.append(part)
                part = ""
            }
        }
        parts.append(part)
        return "<code>" + parts.filter { !$0.isEmpty }.map(text).joined(separator: "<wbr>") + "</code>"
    }

    /// Text safe inside a Markdown table cell: `|` escaped, line breaks as spaces.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    /// Text safe inside a double-quoted HTML attribute: `&`, `<`, `>` and `"` as entities, line breaks as
    /// spaces.
    static func attribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\r", with: " ")
    }

    /// A relative file path as an HTML attribute's URL: each character a URL path may not hold
    /// percent-encoded (spaces, `#`, `?`, quotes), then made safe as an attribute.
    static func link(_ path: String) -> String {
        attribute(path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
    }
}
