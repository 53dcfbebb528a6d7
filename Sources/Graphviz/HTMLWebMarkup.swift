/// An HTML-like label as a web page's HTML: the same table, fonts and text, for a page that shows it without
/// Graphviz laying it out.
///
/// Graphviz's sizes are points; `pixelsPerPoint` turns them into CSS pixels (4/3 shows them as Graphviz's
/// SVG does at 100 %). Text keeps its spaces (`white-space: pre`) and breaks only at `<BR/>`, as in Graphviz.
extension HTML {
    /// The label as web HTML, every text escaped.
    public func webMarkup(pixelsPerPoint: Double) -> String {
        var output = ""
        write(into: &output, scale: pixelsPerPoint)
        return output
    }

    fileprivate func write(into output: inout String, scale: Double) {
        switch self {
        case .text(let text): output += HTML.webEscaped(HTML.withoutControls(text))
        case .lineBreak: output += "<br>"
        case .concat(let parts): parts.forEach { $0.write(into: &output, scale: scale) }
        case .font(let attributes, let content):
            var style: [String] = []
            if let size = attributes["point-size"].flatMap(Double.init) {
                style.append("font-size: \(HTML.pixels(size, scale))")
            }
            if let color = attributes["color"] { style.append("color: \(HTML.webEscaped(color))") }
            if let face = attributes["face"] { style.append("font-family: \(HTML.webEscaped(face))") }
            output += "<span style=\"\(style.joined(separator: "; "))\">"
            content.write(into: &output, scale: scale)
            output += "</span>"
        case .bold(let content): Self.wrap("b", content, &output, scale)
        case .italic(let content): Self.wrap("i", content, &output, scale)
        case .underline(let content): Self.wrap("u", content, &output, scale)
        case .strikethrough(let content): Self.wrap("s", content, &output, scale)
        case .subscript(let content): Self.wrap("sub", content, &output, scale)
        case .table(let table): output += table.webMarkup(pixelsPerPoint: scale)
        }
    }

    private static func wrap(_ tag: String, _ content: HTML, _ output: inout String, _ scale: Double) {
        output += "<\(tag)>"
        content.write(into: &output, scale: scale)
        output += "</\(tag)>"
    }

    /// `points` in CSS pixels, to two decimals.
    fileprivate static func pixels(_ points: Double, _ scale: Double) -> String {
        let value = (points * scale * 100).rounded() / 100
        return (value == value.rounded() ? String(Int(value)) : String(value)) + "px"
    }

    /// `text` without the control characters Graphviz drops from labels (C0 but tab and line feed, and DEL),
    /// so a terminal escape in a screen's name never reaches the page.
    static func withoutControls(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isDropped) else { return text }
        var kept = String.UnicodeScalarView()
        for scalar in text.unicodeScalars where !isDropped(scalar) { kept.append(scalar) }
        return String(kept)
    }

    private static func isDropped(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value < 0x20 && scalar != "\t" && scalar != "\n") || scalar.value == 0x7F
    }

    /// `text` for web HTML element content and quoted attribute values: `& < > " '` become entities and NUL
    /// becomes U+FFFD, so no text ever becomes markup.
    public static func webEscaped(_ text: String) -> String {
        rewritingASCII(text) { byte in
            switch byte {
            case UInt8(ascii: "&"): "&amp;"
            case UInt8(ascii: "<"): "&lt;"
            case UInt8(ascii: ">"): "&gt;"
            case UInt8(ascii: "\""): "&quot;"
            case UInt8(ascii: "'"): "&#39;"
            case 0: "\u{FFFD}"
            default: nil
            }
        }
    }

    /// `text` with each ASCII byte `replacement` gives a text for replaced by it, byte by byte: ASCII bytes never
    /// occur inside another character's UTF-8. Text with none to replace (most text) is returned as it is.
    public static func rewritingASCII(_ text: String, _ replacement: (UInt8) -> String?) -> String {
        let rewritten = TextEscaping.withBytes(text) { bytes -> String? in
            guard let first = bytes.firstIndex(where: { $0 < 0x80 && replacement($0) != nil }) else { return nil }
            var rewritten: [UInt8] = []
            rewritten.reserveCapacity(bytes.count + 16)
            rewritten += bytes[..<first]
            for byte in bytes[first...] {
                if byte < 0x80, let replaced = replacement(byte) {
                    rewritten += replaced.utf8
                } else {
                    rewritten.append(byte)
                }
            }
            return String(decoding: rewritten, as: UTF8.self)
        }
        return rewritten ?? text
    }
}

extension HTMLTable {
    /// The table as a web `<table>` in a box: its border, colour, fill, rounding and cell padding as CSS, each cell's
    /// fill, alignment and span; `id`, `class` and `tooltip` (as `title`) kept.
    public func webMarkup(pixelsPerPoint scale: Double) -> String {
        let border = attributes["border"].flatMap(Double.init) ?? 1
        let padding = attributes["cellpadding"].flatMap(Double.init) ?? 2
        let spacing = attributes["cellspacing"].flatMap(Double.init) ?? 2
        // The border, fill and rounding on a box around the table, which clips the cells' fills to the corners.
        var box = [
            "display: inline-block", "overflow: hidden",
            "border: \(HTML.pixels(border, scale)) solid \(HTML.webEscaped(attributes["color"] ?? "black"))",
        ]
        if let fill = attributes["bgcolor"] { box.append("background: \(HTML.webEscaped(fill))") }
        if attributes["style"]?.contains("rounded") == true { box.append("border-radius: \(HTML.pixels(6, scale))") }
        let table = ["border-collapse: separate", "border-spacing: \(HTML.pixels(spacing, scale))"]
        var output = "<div" + Self.identity(attributes) + " style=\"\(box.joined(separator: "; "))\">"
        output += "<table style=\"\(table.joined(separator: "; "))\">"
        for row in rows {
            output += "<tr>"
            for cell in row {
                var cellStyle = ["padding: \(HTML.pixels(padding, scale))", "white-space: pre"]
                cellStyle.append("text-align: \(HTML.webEscaped(cell.attributes["align"] ?? "center"))")
                if let fill = cell.attributes["bgcolor"] { cellStyle.append("background: \(HTML.webEscaped(fill))") }
                output += "<td"
                if let span = cell.attributes["colspan"].flatMap(Int.init) { output += " colspan=\"\(span)\"" }
                output += Self.identity(cell.attributes) + " style=\"\(cellStyle.joined(separator: "; "))\">"
                cell.content.write(into: &output, scale: scale)
                output += "</td>"
            }
            output += "</tr>"
        }
        return output + "</table></div>"
    }

    /// ` id="…" class="…" title="…"` for the attributes given.
    private static func identity(_ attributes: Attributes) -> String {
        var output = ""
        for (name, web) in [("id", "id"), ("class", "class"), ("tooltip", "title")] {
            if let value = attributes[name] {
                output += " \(web)=\"\(HTML.webEscaped(HTML.withoutControls(value)))\""
            }
        }
        return output
    }
}
