import Foundation

/// Text for the Markdown that `docc` pages and `diff -T md` reports write.
enum MarkdownText {
    /// Text safe inside a Markdown table cell: `|` escaped, line breaks as spaces.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }

    /// Text safe inside a double-quoted HTML attribute: `&`, `<`, `>` and `"` as entities, line breaks as
    /// spaces.
    static func attribute(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "\n", with: " ")
    }

    /// A relative file path as an HTML attribute's URL: each character a URL path may not hold
    /// percent-encoded (spaces, `#`, `?`, quotes), then made safe as an attribute.
    static func link(_ path: String) -> String {
        attribute(path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path)
    }
}
