/// Measuring, cutting and cleaning text for monospace output (terminals, PR comments, code blocks).
///
/// Widths are in terminal columns: East Asian wide characters and emoji take two, combining marks and
/// zero-width characters none. User text is cleaned first, so control characters, bidirectional
/// overrides and escape sequences can neither move the cursor nor break a box.
enum MonospaceText {
    /// User text made safe for one line: controls, line breaks and bidi controls written as `\n`, `\u{1B}`….
    static func clean(_ text: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                let value = scalar.value
                let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
                let isBidiControl =
                    (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) || value == 0x200E
                    || value == 0x200F || value == 0x061C
                let isSeparator = value == 0x2028 || value == 0x2029
                if isControl || isBidiControl || isSeparator {
                    output += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
                } else {
                    output.unicodeScalars.append(scalar)
                }
            }
        }
        return output
    }

    /// The columns a character takes in a monospace font.
    static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: { $0.properties.isEmojiPresentation })
            || (scalars.count > 1 && scalars.contains { $0.value == 0xFE0F } && first.properties.isEmoji)
        {
            return 2
        }
        if first.properties.generalCategory == .nonspacingMark || first.properties.generalCategory == .enclosingMark
            || first.properties.generalCategory == .format
        {
            return 0
        }
        return isWide(first.value) ? 2 : 1
    }

    /// East Asian Wide and Fullwidth ranges (the common ones).
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
            0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// The columns a string takes.
    static func width(_ text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// Whether text takes more than `limit` columns, reading no further than the limit (labels can be huge).
    static func isWider(_ text: some StringProtocol, than limit: Int) -> Bool {
        var used = 0
        for character in text {
            used += width(of: character)
            if used > limit { return true }
        }
        return false
    }

    /// Text cut to at most `limit` columns, ending in `…` when cut.
    static func truncated(_ text: String, to limit: Int) -> String {
        guard isWider(text, than: limit) else { return text }
        guard limit > 0 else { return "" }
        var output = ""
        var used = 0
        for character in text {
            let next = width(of: character)
            if used + next > limit - 1 { break }
            output.append(character)
            used += next
        }
        return output + "…"
    }

    /// Text split into lines of at most `width` columns, at spaces where possible, at most `maximumLines`
    /// lines; the last ends in `…` if text was left over.
    static func wrapped(_ text: String, width limit: Int, maximumLines: Int = .max) -> [String] {
        guard isWider(text, than: limit), limit > 1 else { return [text] }
        var lines: [String] = []
        var rest = Substring(text)
        while !rest.isEmpty {
            if lines.count == maximumLines - 1 || !isWider(rest, than: limit) {
                lines.append(truncated(String(rest), to: limit))
                break
            }
            // The longest prefix that fits, ending at a space when there is one.
            var end = rest.startIndex
            var used = 0
            var lastSpace: Substring.Index?
            while end < rest.endIndex {
                let next = width(of: rest[end])
                if used + next > limit { break }
                if rest[end] == " " { lastSpace = end }
                used += next
                end = rest.index(after: end)
            }
            if end == rest.startIndex { end = rest.index(after: end) }
            let cut = lastSpace.map { $0 > rest.startIndex ? $0 : end } ?? end
            lines.append(String(rest[..<cut]))
            rest = rest[cut...]
            while rest.first == " " { rest = rest.dropFirst() }
        }
        return lines
    }

    /// Text padded with spaces to `columns` (text that is wider is returned unchanged).
    static func padded(_ text: String, to columns: Int) -> String {
        let missing = columns - width(text)
        return missing > 0 ? text + String(repeating: " ", count: missing) : text
    }
}
