/// Text for the Markdown that `docc` pages and `diff -T md` reports write.
enum MarkdownText {
    /// Text safe inside a Markdown table cell: `|` escaped, line breaks as spaces.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
