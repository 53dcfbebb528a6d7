extension HTML {
    /// The Graphviz HTML-like markup for this value (without the outer `<` `>`), every text escaped.
    ///
    /// The markup starts with a line break, which Graphviz's HTML parser drops: cgraph shares equal strings
    /// between HTML and plain attribute values, and no plain value we hand it contains a raw line break,
    /// so an HTML label can never be mistaken for plain text or the other way round.
    func graphvizMarkup() throws(GraphvizError) -> String {
        var output = "\n"
        try writeNonEmpty(to: &output)
        return output
    }

    /// Writes the markup, or a space when it is empty: Graphviz's HTML grammar rejects an empty label or
    /// element (`<FONT></FONT>`, `<B></B>`), which an empty screen name would otherwise make.
    fileprivate func writeNonEmpty(to output: inout String) throws(GraphvizError) {
        var markup = ""
        try write(to: &markup)
        output += markup.isEmpty ? " " : markup
    }

    fileprivate func write(to output: inout String) throws(GraphvizError) {
        switch self {
        case .text(let text):
            let lines = TextEscaping.clean(text).split(separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated() {
                if index > 0 { output += "<BR/>" }
                output += TextEscaping.escapeHTML(String(line))
            }
        case .lineBreak(let align):
            if let align {
                let value = align.lowercased()
                guard ["left", "right", "center"].contains(value) else {
                    throw GraphvizError(
                        .invalidHTML(reason: "line break alignment \"\(align)\" is not left, right or center"))
                }
                output += "<BR ALIGN=\"\(value.uppercased())\"/>"
            } else {
                output += "<BR/>"
            }
        case .concat(let parts):
            for part in parts { try part.write(to: &output) }
        case .font(let attributes, let content):
            output += "<FONT"
            try Self.writeAttributes(attributes, to: &output)
            output += ">"
            try content.writeNonEmpty(to: &output)
            output += "</FONT>"
        case .bold(let content): try Self.wrap("B", content, &output)
        case .italic(let content): try Self.wrap("I", content, &output)
        case .underline(let content): try Self.wrap("U", content, &output)
        case .strikethrough(let content): try Self.wrap("S", content, &output)
        case .subscript(let content): try Self.wrap("SUB", content, &output)
        case .table(let table): try table.write(to: &output)
        }
    }

    private static func wrap(_ tag: String, _ content: HTML, _ output: inout String) throws(GraphvizError) {
        output += "<\(tag)>"
        try content.writeNonEmpty(to: &output)
        output += "</\(tag)>"
    }

    fileprivate static func writeAttributes(_ attributes: Attributes, to output: inout String) throws(GraphvizError) {
        for (name, value) in attributes.entries {
            guard TextEscaping.isPlainName(name) else {
                throw GraphvizError(.invalidAttribute(name: name, reason: "HTML attribute names are letters and `-`"))
            }
            guard !TextEscaping.refusedHTMLAttributes.contains(name.lowercased()) else {
                throw GraphvizError(.refusedAttribute(name: name))
            }
            output += " \(name.uppercased())=\"\(TextEscaping.escapeHTML(value))\""
        }
    }
}

extension HTMLTable {
    fileprivate func write(to output: inout String) throws(GraphvizError) {
        guard !rows.isEmpty else { throw GraphvizError(.invalidHTML(reason: "a table needs at least one row")) }
        output += "<TABLE"
        try HTML.writeAttributes(attributes, to: &output)
        output += ">"
        for row in rows {
            guard !row.isEmpty else {
                throw GraphvizError(.invalidHTML(reason: "a table row needs at least one cell"))
            }
            output += "<TR>"
            for cell in row {
                output += "<TD"
                try HTML.writeAttributes(cell.attributes, to: &output)
                output += ">"
                try cell.content.write(to: &output)
                output += "</TD>"
            }
            output += "</TR>"
        }
        output += "</TABLE>"
    }
}
