import FlowModel
import Graphviz

/// Fonts and sizes shared by every FlowGraph drawing.
enum Typography {
    /// Text is laid out with DejaVu Sans, which FlowGraph registers itself (Graphviz's `FontSet.standard`); SVG
    /// viewers without it fall back to Arial or Helvetica, whose glyphs are never wider, so text still fits.
    static let family = "DejaVu Sans,Arial,Helvetica,sans-serif"
    /// Diagram titles.
    static let title = 20
    /// Screen names.
    static let body = 14
    /// Layer headers, step headers.
    static let heading = 12
    /// Tags, captions, edge labels.
    static let small = 11
    /// Legend and notes.
    static let tiny = 11
}

extension HTML {
    /// Text with an optional size, colour and emphasis.
    static func styled(
        _ text: String, size: Int? = nil, color: String? = nil, bold: Bool = false, italic: Bool = false,
        strikethrough: Bool = false
    ) -> HTML {
        var html = HTML.text(text)
        if strikethrough { html = .strikethrough(html) }
        if italic { html = .italic(html) }
        if bold { html = .bold(html) }
        var attributes = Attributes()
        if let size { attributes["point-size"] = String(size) }
        if let color { attributes["color"] = color }
        return attributes.isEmpty ? html : .font(attributes, html)
    }

    /// Pieces separated by line breaks, every line aligned the same way.
    static func lines(_ pieces: [HTML], align: String? = nil) -> HTML {
        var parts: [HTML] = []
        for (index, piece) in pieces.enumerated() {
            if index > 0 { parts.append(.lineBreak(align: align)) }
            parts.append(piece)
        }
        if align != nil, !pieces.isEmpty { parts.append(.lineBreak(align: align)) }
        return parts.count == 1 ? parts[0] : .concat(parts)
    }
}

/// Splits text into lines of at most `width` characters at spaces; words longer than a line stay whole.
func wrapped(_ text: String, width: Int) -> [String] {
    guard text.count > width else { return [text] }
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
        if current.isEmpty {
            current = String(word)
        } else if current.count + 1 + word.count <= width {
            current += " " + word
        } else {
            lines.append(current)
            current = String(word)
        }
    }
    lines.append(current)
    return lines
}

/// Splits text into lines no wider than `points` set at `size`: at spaces, and inside a word longer than a line
/// (after `(`, `,` or `:` when it can), so nothing is cut.
func wrappedToWidth(_ text: String, points: Double, size: Int, bold: Bool = false) -> [String] {
    func width(_ piece: String) -> Double { Typography.estimatedWidth(piece, size: size, bold: bold) }
    /// `piece`'s width from its ems when they are known (the same number), else measured.
    func width(_ piece: String, ems: Double?) -> Double {
        ems.map { Typography.width(ems: $0, size: size, bold: bold) } ?? width(piece)
    }
    let textEms = Typography.ems(of: text, after: nil)
    guard width(text, ems: textEms) > points else { return [text] }
    var lines: [String] = []
    var current = ""
    func breakLong(_ word: String) -> [String] {
        var pieces: [String] = []
        var piece = ""
        var lastBreak: String.Index?
        for character in word {
            if width(piece + String(character)) > points, !piece.isEmpty {
                if let lastBreak, lastBreak > piece.startIndex {
                    pieces.append(String(piece[..<lastBreak]))
                    piece = String(piece[lastBreak...])
                } else {
                    pieces.append(piece)
                    piece = ""
                }
                lastBreak = nil
            }
            piece.append(character)
            if "(,:".contains(character) { lastBreak = piece.endIndex }
        }
        if !piece.isEmpty { pieces.append(piece) }
        return pieces
    }
    // The ems of `current` while every character of it stands alone: a candidate's width then goes on from them
    // (as exactly as measuring it whole) instead of measuring the line again for every word.
    var currentEms: Double? = 0
    for word in Typography.words(of: text, standingAlone: textEms != nil) {
        let candidate = current.isEmpty ? word : current + " " + word
        let candidateEms = currentEms.flatMap { Typography.ems(of: word, after: current.isEmpty ? nil : $0) }
        if width(candidate, ems: candidateEms) <= points {
            current = candidate
            currentEms = candidateEms
            continue
        }
        if !current.isEmpty { lines.append(current) }
        let wordEms = Typography.ems(of: word, after: nil)
        if width(word, ems: wordEms) <= points {
            current = word
            currentEms = wordEms
        } else {
            let pieces = breakLong(word)
            lines += pieces.dropLast()
            current = pieces.last ?? ""
            currentEms = Typography.ems(of: current, after: nil)
        }
    }
    if !current.isEmpty { lines.append(current) }
    return lines
}

/// A reason split where a reader pauses: after its first `: ` and before its first ` (`.
///
/// `push without navigation: the root has no navigation (use withNavigation: true)` becomes three lines.
func clauses(_ text: String) -> [String] {
    var parts: [String] = []
    var rest = Substring(text)
    if let colon = rest.firstRange(of: ": ") {
        parts.append(String(rest[..<colon.lowerBound]) + ":")
        rest = rest[colon.upperBound...]
    }
    if let parenthesis = rest.firstRange(of: " (") {
        parts.append(String(rest[..<parenthesis.lowerBound]))
        rest = rest[rest.index(after: parenthesis.lowerBound)...]
    }
    parts.append(String(rest))
    return parts.filter { !$0.isEmpty }
}

/// Text cut to at most `limit` characters, ending in `…` when cut.
func truncated(_ text: String, limit: Int) -> String {
    text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
}

extension Typography {
    /// The estimated width in points of `text` set in DejaVu Sans at `size` points, never much narrower than
    /// Graphviz measures it: per character classes of DejaVu's advance widths, bold about 6 % wider.
    static func estimatedWidth(_ text: String, size: Int, bold: Bool = false) -> Double {
        width(
            ems: asciiEms(text) ?? scalarEms(text) ?? text.reduce(0.0) { $0 + emWidth(of: $1) }, size: size, bold: bold)
    }

    /// `text` split at every space, empty words kept, as `text.split(separator: " ")` splits it by characters.
    ///
    /// When every character stands alone (`standingAlone`: ASCII, or code points ``scalarEms(_:from:)`` takes,
    /// as ``ems(of:after:)`` tells), no space joins a neighbour into one character, so the split is made at the
    /// space bytes instead, without breaking the text into characters.
    static func words(of text: String, standingAlone: Bool) -> [String] {
        guard standingAlone else {
            return text.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
        }
        return text.utf8.split(separator: UInt8(ascii: " "), omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
    }

    /// The width in points of `ems` at `size`, as ``estimatedWidth(_:size:bold:)`` gives it.
    static func width(ems: Double, size: Int, bold: Bool) -> Double {
        ems * Double(size) * (bold ? 1.06 : 1)
    }

    /// The ems ``estimatedWidth(_:size:bold:)`` sums for `line + " " + word` given `lineEms`, the ems of `line`
    /// (`nil`: the line is empty, and the sum is `word`'s alone); `nil` unless every character of `word` stands
    /// alone. The sum goes on from `lineEms`: the same additions, in the same order, as measuring the whole.
    static func ems(of word: String, after lineEms: Double?) -> Double? {
        scalarEms(word, from: lineEms.map { $0 + asciiEmTable[Int(UInt8(ascii: " "))] } ?? 0)
    }

    /// The ems of ASCII text from a table, a byte a character (`\r\n`, one character, counted once): the same
    /// sum, in the same order, as character by character; `nil` when the text is not all ASCII.
    private static func asciiEms(_ text: String) -> Double? {
        var text = text
        return text.withUTF8 { bytes -> Double? in
            var ems = 0.0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                guard byte < 0x80 else { return nil }
                ems += asciiEmTable[Int(byte)]
                index += byte == 13 && index + 1 < bytes.count && bytes[index + 1] == 10 ? 2 : 1
            }
            return ems
        }
    }

    /// The ems of text whose every code point is a character of its own, a code point at a time (`\r\n`
    /// counted once): the same sum, in the same order, as character by character; `nil` when a code point may
    /// join its neighbour into one character (see ``standsAlone(_:)``).
    private static func scalarEms(_ text: String, from start: Double = 0) -> Double? {
        var ems = start
        var afterReturn = false
        for scalar in text.unicodeScalars {
            let value = scalar.value
            defer { afterReturn = value == 0x0D }
            if value < 0x80 {
                if !(afterReturn && value == 0x0A) { ems += asciiEmTable[Int(value)] }
                continue
            }
            guard standsAlone(value) else { return nil }
            ems += value == 0x212A ? 0.7 : 0.95
        }
        return ems
    }

    /// Whether a code point beyond ASCII is always a character of its own, whatever is around it: Latin
    /// letters and signs, general punctuation, super- and subscripts, currency signs, and the symbol blocks from
    /// letterlike symbols to arrows, shapes and dingbats (`›`, `·`, `⋮`, `☰`, `◷`, `◆`); none combines, joins
    /// or extends (the combining marks, joiners, variation selectors, Hangul jamo and regional indicators lie
    /// elsewhere).
    private static func standsAlone(_ value: UInt32) -> Bool {
        switch value {
        case 0xA0...0x2FF, 0x2010...0x2027, 0x2030...0x205F, 0x2070...0x20C0, 0x2100...0x2BFF: return true
        default: return false
        }
    }

    /// Each ASCII character's width in ems, as ``classEms(_:)`` gives it.
    private static let asciiEmTable: [Double] = (0..<128).map { classEms(Character(Unicode.Scalar(UInt8($0)))) }

    /// The width of one character in ems, as ``classEms(_:)`` gives it but without comparing strings for a
    /// character of one code point: ASCII from a table, any other 0.95 but for the two that Swift holds
    /// canonically equal to ASCII ones (U+212A KELVIN SIGN is `K`, U+037E GREEK QUESTION MARK is `;`).
    static func emWidth(of character: Character) -> Double {
        let scalars = character.unicodeScalars
        guard let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex else {
            return classEms(character)
        }
        switch first.value {
        case 0..<0x80: return asciiEmTable[Int(first.value)]
        case 0x212A: return 0.7
        case 0x037E: return 0.34
        default: return 0.95
        }
    }

    /// The width of one character in ems, per class of DejaVu Sans's advance widths.
    static func classEms(_ character: Character) -> Double {
        switch character {
        case "i", "l", "j", "I", ".", ",", ":", ";", "'", "|", "!", "(", ")", "[", "]", " ", "f", "t", "r":
            return 0.34
        case "m", "w", "M", "W", "@", "%":
            return 0.9
        case "A"..."Z":
            return 0.7
        case "0"..."9":
            return 0.64
        case "a"..."z":
            return 0.6
        default:
            return character.isASCII ? 0.7 : 0.95
        }
    }
}
