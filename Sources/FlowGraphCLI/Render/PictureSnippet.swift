import Graphviz

/// The HTML a README pastes to show a light drawing, or its dark twin when the reader prefers dark.
///
/// GitHub, GitLab and DocC-less Markdown hosts honour `<picture>` with `prefers-color-scheme`; `--theme
/// light,dark` prints this after writing both files.
enum PictureSnippet {
    /// A `<picture>` for `light` and its `~dark` twin, with `alt` text, paths as given.
    static func html(light: String, alt: String) -> String {
        let dark = ThemeOption.darkFile(beside: light)
        return "<picture>\n  <source media=\"(prefers-color-scheme: dark)\" srcset=\"\(escaped(dark))\">\n"
            + "  <img src=\"\(escaped(light))\" alt=\"\(escaped(alt))\">\n</picture>"
    }

    /// Text safe in a double-quoted HTML attribute.
    private static func escaped(_ text: String) -> String {
        HTML.webEscaped(text)
    }
}
