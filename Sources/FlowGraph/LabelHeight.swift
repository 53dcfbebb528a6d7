import Graphviz

/// The estimated height of an HTML-like label, in points, as Graphviz will lay it out: each line as tall as its
/// largest font (DejaVu's line spacing, 1.17 × its size), tables with their borders, spacing and padding.
///
/// Timelines use it to give the boxes of one row one height, so their tops line up.
enum LabelHeight {
    /// DejaVu Sans' line spacing over its size.
    static let lineSpacing = 1.17

    /// The height of `html` set at `size` points (the node's default font size).
    static func of(_ html: HTML, size: Int = Typography.body) -> Double {
        var measure = Measure()
        measure.walk(html, size: size)
        return measure.total + measure.line
    }

    /// Text laid out line by line: the current line's height and the lines above it.
    private struct Measure {
        var line = 0.0
        var total = 0.0

        mutating func walk(_ html: HTML, size: Int) {
            switch html {
            case .text(let text):
                if !text.isEmpty { line = max(line, Double(size) * LabelHeight.lineSpacing) }
            case .lineBreak:
                total += line
                line = 0
            case .concat(let parts):
                for part in parts { walk(part, size: size) }
            case .font(let attributes, let content):
                walk(content, size: attributes["point-size"].flatMap { Int($0) } ?? size)
            case .bold(let content), .italic(let content), .underline(let content), .strikethrough(let content),
                .subscript(let content):
                walk(content, size: size)
            case .table(let table):
                line = max(line, LabelHeight.of(table, size: size))
            }
        }
    }

    /// The height of a table: its rows' tallest cells, with borders, spacing and padding.
    static func of(_ table: HTMLTable, size: Int) -> Double {
        func number(_ value: String?, _ fallback: Double) -> Double { value.flatMap(Double.init) ?? fallback }
        let border = number(table.attributes["border"], 1)
        let spacing = number(table.attributes["cellspacing"], 2)
        let padding = number(table.attributes["cellpadding"], 2)
        let cellBorder = number(table.attributes["cellborder"], border)
        var height = spacing
        for row in table.rows {
            let tallest =
                row.map { cell in
                    of(cell.content, size: size) + 2 * number(cell.attributes["cellpadding"], padding)
                        + 2 * number(cell.attributes["border"], cellBorder)
                }.max() ?? 0
            height += tallest + spacing
        }
        return height + 2 * border
    }
}
