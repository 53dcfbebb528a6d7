/// An HTML-like label, built as a value so every piece of text is escaped when rendered.
///
/// Only what Graphviz's HTML-like labels support is representable, and never `<IMG>`.
public indirect enum HTML: Hashable, Sendable {
    /// Text; `&`, `<`, `>`, `"` and `'` are escaped when rendered.
    case text(String)
    /// A line break (`<BR/>`), optionally aligned `left`, `right` or `center`.
    case lineBreak(align: String? = nil)
    /// A sequence of pieces.
    case concat([HTML])
    /// Text in a given font (`face`, `point-size`, `color` attributes).
    case font(Attributes, HTML)
    /// Bold text.
    case bold(HTML)
    /// Italic text.
    case italic(HTML)
    /// Underlined text.
    case underline(HTML)
    /// Struck-through text.
    case strikethrough(HTML)
    /// Subscript text.
    case `subscript`(HTML)
    /// A table.
    case table(HTMLTable)
}

/// An HTML-like `<TABLE>`.
public struct HTMLTable: Hashable, Sendable {
    /// Table attributes (`border`, `cellborder`, `cellspacing`, `cellpadding`, `bgcolor`, `color`, `style`, `port`, `tooltip`, `id`, `class`…).
    public var attributes: Attributes
    /// The rows, top to bottom.
    public var rows: [[HTMLCell]]

    /// Creates a table.
    public init(attributes: Attributes = [:], rows: [[HTMLCell]]) {
        self.attributes = attributes
        self.rows = rows
    }
}

/// An HTML-like `<TD>` cell.
public struct HTMLCell: Hashable, Sendable {
    /// Cell attributes (`bgcolor`, `port`, `colspan`, `align`, `sides`, `tooltip`, `id`, …).
    public var attributes: Attributes
    /// What the cell holds.
    public var content: HTML

    /// Creates a cell.
    public init(_ content: HTML, attributes: Attributes = [:]) {
        self.content = content
        self.attributes = attributes
    }
}
