extension HTML {
    /// The Graphviz HTML-like markup for this value (without the outer `<` `>`), every text escaped.
    ///
    /// The markup starts with a line break, which Graphviz's HTML parser drops: cgraph shares equal strings
    /// between HTML and plain attribute values, and no plain value we hand it contains a raw line break,
    /// so an HTML label can never be mistaken for plain text or the other way round.
    func graphvizMarkup() throws(GraphvizError) -> String {
        var output = try graphvizMarkupBytes()
        output.removeLast()  // the NUL terminator
        return String(decoding: output, as: UTF8.self)
    }

    /// The UTF-8 bytes of `graphvizMarkup()`, followed by a NUL terminator (the text never holds one).
    func graphvizMarkupBytes() throws(GraphvizError) -> [UInt8] {
        var output: [UInt8] = []
        try writeGraphvizMarkup(into: &output)
        return output
    }

    /// Replaces the contents of `output` with `graphvizMarkupBytes()`, reusing its storage.
    ///
    /// A builder reuses one buffer for every label: one growing allocation per label of a few kilobytes makes
    /// glibc's malloc consolidate all its small free blocks each time.
    func writeGraphvizMarkup(into output: inout [UInt8]) throws(GraphvizError) {
        output.removeAll(keepingCapacity: true)
        output.append(0x0A)
        try writeNonEmpty(to: &output)
        output.append(0)
    }

    /// Writes the markup, or a space when it is empty: Graphviz's HTML grammar rejects an empty label or
    /// element (`<FONT></FONT>`, `<B></B>`), which an empty screen name would otherwise make.
    fileprivate func writeNonEmpty(to output: inout [UInt8]) throws(GraphvizError) {
        let start = output.count
        try write(to: &output)
        if output.count == start { output.append(UInt8(ascii: " ")) }
    }

    fileprivate func write(to output: inout [UInt8]) throws(GraphvizError) {
        switch self {
        case .text(let text):
            // Cleaned and escaped in one pass; line breaks (`\n`, `\r\n`, `\r`) become `<BR/>`.
            TextEscaping.append(text, .htmlText, to: &output)
        case .lineBreak(let align):
            if let align {
                let value = align.lowercased()
                guard ["left", "right", "center"].contains(value) else {
                    throw GraphvizError(
                        .invalidHTML(reason: "line break alignment \"\(align)\" is not left, right or center"))
                }
                output.append(markup: "<BR ALIGN=\"")
                output.append(contentsOf: value.uppercased().utf8)
                output.append(markup: "\"/>")
            } else {
                output.append(markup: "<BR/>")
            }
        case .concat(let parts):
            for part in parts { try part.write(to: &output) }
        case .font(let attributes, let content):
            output.append(markup: "<FONT")
            try Self.writeAttributes(attributes, to: &output)
            output.append(UInt8(ascii: ">"))
            try content.writeNonEmpty(to: &output)
            output.append(markup: "</FONT>")
        case .bold(let content): try Self.wrap("B", content, &output)
        case .italic(let content): try Self.wrap("I", content, &output)
        case .underline(let content): try Self.wrap("U", content, &output)
        case .strikethrough(let content): try Self.wrap("S", content, &output)
        case .subscript(let content): try Self.wrap("SUB", content, &output)
        case .table(let table): try table.write(to: &output)
        }
    }

    private static func wrap(_ tag: StaticString, _ content: HTML, _ output: inout [UInt8]) throws(GraphvizError) {
        let name = UnsafeBufferPointer(start: tag.utf8Start, count: tag.utf8CodeUnitCount)
        output.append(UInt8(ascii: "<"))
        output.append(contentsOf: name)
        output.append(UInt8(ascii: ">"))
        try content.writeNonEmpty(to: &output)
        output.append(markup: "</")
        output.append(contentsOf: name)
        output.append(UInt8(ascii: ">"))
    }

    fileprivate static func writeAttributes(_ attributes: Attributes, to output: inout [UInt8]) throws(GraphvizError) {
        try attributes.forEachEntry { (name, value) throws(GraphvizError) in
            guard TextEscaping.isPlainName(name) else {
                throw GraphvizError(.invalidAttribute(name: name, reason: "HTML attribute names are letters and `-`"))
            }
            guard !TextEscaping.isRefusedHTMLAttribute(name) else {
                throw GraphvizError(.refusedAttribute(name: name))
            }
            output.append(UInt8(ascii: " "))
            appendUppercased(name, to: &output)
            output.append(markup: "=\"")
            TextEscaping.append(value, .html, to: &output)
            output.append(UInt8(ascii: "\""))
        }
    }

    /// Appends a plain (ASCII) name in capitals: copied in one go, then its lower-case letters raised in place.
    private static func appendUppercased(_ name: String, to output: inout [UInt8]) {
        let start = output.count
        TextEscaping.withBytes(name) { output.append(contentsOf: $0) }
        output.withUnsafeMutableBufferPointer { bytes in
            for index in start..<bytes.count
            where bytes[index] >= UInt8(ascii: "a") && bytes[index] <= UInt8(ascii: "z") {
                bytes[index] -= 0x20
            }
        }
    }
}

extension HTMLTable {
    fileprivate func write(to output: inout [UInt8]) throws(GraphvizError) {
        guard !rows.isEmpty else { throw GraphvizError(.invalidHTML(reason: "a table needs at least one row")) }
        output.append(markup: "<TABLE")
        try HTML.writeAttributes(attributes, to: &output)
        output.append(UInt8(ascii: ">"))
        for row in rows {
            guard !row.isEmpty else {
                throw GraphvizError(.invalidHTML(reason: "a table row needs at least one cell"))
            }
            output.append(markup: "<TR>")
            for cell in row {
                output.append(markup: "<TD")
                try HTML.writeAttributes(cell.attributes, to: &output)
                output.append(UInt8(ascii: ">"))
                try cell.content.write(to: &output)
                output.append(markup: "</TD>")
            }
            output.append(markup: "</TR>")
        }
        output.append(markup: "</TABLE>")
    }
}

extension [UInt8] {
    /// Appends the bytes of a markup literal.
    fileprivate mutating func append(markup: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: markup.utf8Start, count: markup.utf8CodeUnitCount))
    }
}
