import Graphviz

/// The estimated width of an HTML-like label, in points, as Graphviz will lay it out (text per
/// ``Typography/estimatedWidth(_:size:bold:)``, tables with their borders, spacing and padding).
///
/// Timelines use it to decide where a line of steps wraps before anything is laid out.
enum LabelWidth {
    /// The width of `html` set at `size` points (the node's default font size).
    static func of(_ html: HTML, size: Int = Typography.body, bold: Bool = false) -> Double {
        var measure = Measure()
        measure.walk(html, size: size, bold: bold)
        return max(measure.widest, measure.line)
    }

    /// Text laid out line by line: the current line's width and the widest so far.
    private struct Measure {
        var line = 0.0
        var widest = 0.0

        mutating func walk(_ html: HTML, size: Int, bold: Bool) {
            switch html {
            case .text(let text):
                line += Typography.estimatedWidth(text, size: size, bold: bold)
            case .lineBreak:
                widest = max(widest, line)
                line = 0
            case .concat(let parts):
                for part in parts { walk(part, size: size, bold: bold) }
            case .font(let attributes, let content):
                walk(content, size: attributes["point-size"].flatMap { Int($0) } ?? size, bold: bold)
            case .bold(let content):
                walk(content, size: size, bold: true)
            case .italic(let content), .underline(let content), .strikethrough(let content),
                .subscript(let content):
                walk(content, size: size, bold: bold)
            case .table(let table):
                line += LabelWidth.of(table, size: size, bold: bold)
            }
        }
    }

    /// The width of a table: its widest row of cells, with borders, spacing and padding.
    static func of(_ table: HTMLTable, size: Int, bold: Bool) -> Double {
        func number(_ value: String?, _ fallback: Double) -> Double { value.flatMap(Double.init) ?? fallback }
        let border = number(table.attributes["border"], 1)
        let spacing = number(table.attributes["cellspacing"], 2)
        let padding = number(table.attributes["cellpadding"], 2)
        let cellBorder = number(table.attributes["cellborder"], border)
        var widest = 0.0
        for row in table.rows {
            var width = spacing
            for cell in row {
                var content = of(cell.content, size: size, bold: bold)
                content += 2 * number(cell.attributes["cellpadding"], padding)
                content += 2 * number(cell.attributes["border"], cellBorder)
                width += max(content, number(cell.attributes["width"], 0)) + spacing
            }
            widest = max(widest, width)
        }
        return widest + 2 * border
    }
}
