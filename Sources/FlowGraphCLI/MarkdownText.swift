import Foundation

/// Names and messages made safe for the Markdown FlowGraph writes (pull-request comments, DocC pages): a file,
/// screen or plan name is the app's, and may hold anything a file system or Swift allows.
enum MarkdownText {
    /// Characters that start Markdown or HTML syntax inside a line, each escaped with a backslash (`#`, `-`
    /// and the like matter only at a line's start, where a name never is).
    private static let punctuation = Set("\\`*_[]<>|~&".map { $0 })

    /// Plain text for a Markdown line or table cell: every character that could start Markdown or HTML
    /// (`*`, `` ` ``, `<`, `|`, `#`, …) escaped with a backslash, line breaks and other control characters as
    /// spaces, so a name can neither end the line, open a heading, a link or an HTML tag, nor leave its cell.
    static func text(_ text: String) -> String {
        var result = ""
        for character in text {
            if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
                result.append(" ")
            } else {
                if punctuation.contains(character) { result.append("\\") }
                result.append(character)
            }
        }
        return result
    }

    /// Text as an inline code span for a table cell: fenced with one backtick more than the longest run of
    /// backticks it holds (so none ends it), padded when it starts or ends with one, `|` escaped (GitHub splits
    /// table cells before it reads code spans), control characters as spaces.
    static func code(_ text: String) -> String {
        let flat = String(
            text.map { character in
                character.unicodeScalars.contains { $0.properties.generalCategory == .control } ? " " : character
            })
        var longest = 0
        var run = 0
        for character in flat {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let padding = flat.hasPrefix("`") || flat.hasSuffix("`") ? " " : ""
        return fence + padding + flat.replacingOccurrences(of: "|", with: "\\|") + padding + fence
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
