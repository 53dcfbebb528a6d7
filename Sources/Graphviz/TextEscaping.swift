/// How user text is made safe before it reaches Graphviz.
///
/// Measured on Graphviz 2.42/2.43:
/// - `label`, `xlabel`, `headlabel`, `taillabel`: `\\` → `\`, other `\X` are escapes (`\N`, `\n`, `\l`…),
///   and HTML entities (`&amp;`, `&#60;`) are decoded. So `\` is doubled, `&` becomes `&amp;`, and a real
///   line break becomes the `\n` escape (a centred line break).
/// - `tooltip` and friends are unescaped twice (`\\\\` → `\`), entities decoded, real line breaks kept.
/// - `id` is unescaped once (`\\` → `\`, `\N` expands); SVG output keeps entity-like `&…;` unescaped.
/// - `class` is copied verbatim, but SVG output keeps entity-like `&…;` unescaped.
/// - Text and attribute values in HTML-like labels are XML-unescaped, then expand `\N`, `\G`… too. A text
///   item of just `]` or `]]` is a syntax error in Graphviz's HTML grammar (`a]`, `] ` and `&#93;` are
///   fine), so HTML styles write `]` as `&#93;`.
///
/// Drawn text (labels and HTML-like label text) also has every character that no font in use can draw
/// replaced by U+FFFD, so a missing glyph is a visible mark rather than an empty box (``FontSet``), and the
/// spaces SVG viewers would collapse written as no-break spaces (`keepingSpaces`).
///
/// Every string is also cleaned: NUL and other control characters (and U+FFFE/U+FFFF, which XML forbids)
/// are removed, so every SVG Graphviz writes is well-formed XML. Swift strings are always valid UTF-8;
/// bytes that were not were already replaced by U+FFFD when the `String` was made.
enum TextEscaping {
    /// Attributes drawn as text by Graphviz's label code.
    static let labelAttributes: Set<String> = ["label", "xlabel", "headlabel", "taillabel"]
    /// Attributes that become SVG/map tooltips.
    static let tooltipAttributes: Set<String> = [
        "tooltip", "labeltooltip", "headtooltip", "tailtooltip", "edgetooltip",
    ]

    /// Attributes that make Graphviz read local files or emit links; compared case-insensitively.
    static let refusedAttributes: Set<String> = [
        "image", "shapefile", "imagepath", "fontpath", "stylesheet",
        "url", "href", "target",
        "labelurl", "labelhref", "labeltarget",
        "headurl", "headhref", "headtarget",
        "tailurl", "tailhref", "tailtarget",
        "edgeurl", "edgehref", "edgetarget",
    ]

    /// HTML-like label attributes that link elsewhere or load files; compared case-insensitively.
    static let refusedHTMLAttributes: Set<String> = ["href", "url", "target", "src"]

    /// Whether `name` is one of ``refusedHTMLAttributes`` in any case. Only a name starting as one of them does
    /// (`h`, `u`, `t` or `s`, 3 to 6 bytes) is looked up, so the usual ones (`BGCOLOR`, `ALIGN`) cost no hashing.
    static func isRefusedHTMLAttribute(_ name: String) -> Bool {
        guard let first = name.utf8.first, (3...6).contains(name.utf8.count) else { return false }
        switch first | 0x20 {
        case UInt8(ascii: "h"), UInt8(ascii: "u"), UInt8(ascii: "t"), UInt8(ascii: "s"):
            return refusedHTMLAttributes.contains(asciiLowercased(name))
        default: return false
        }
    }

    /// Removes what no Graphviz string may hold: NUL, control characters other than line breaks
    /// (tabs become spaces), and the XML non-characters U+FFFE/U+FFFF. `\r\n` and `\r` become `\n`.
    static func clean(_ text: String) -> String {
        escape(text, .clean)
    }

    /// The value to hand cgraph for attribute `name` holding user text `value`.
    static func attributeValue(name: String, value: String) -> String {
        escape(value, style(ofAttribute: name))
    }

    /// How the value of attribute `name` is escaped.
    static func style(ofAttribute name: String) -> Style {
        // Every label attribute ends in `l` and every tooltip one in `p`: the others (`class`, `fillcolor`,
        // `penwidth`…) are told apart without hashing.
        switch name.utf8.last {
        case UInt8(ascii: "l"): if labelAttributes.contains(name) { return .label }
        case UInt8(ascii: "p"): if tooltipAttributes.contains(name) { return .tooltip }
        default: break
        }
        if name == "id" { return .identifier }
        if name == "class" { return .className }
        // Colours, styles, numbers…: Graphviz reads them as plain values; a line break means nothing there.
        return .plain
    }

    /// A `.text` label as an escString that draws exactly `text`, with its line breaks centred.
    static func escapeLabel(_ text: String) -> String {
        escape(text, .label)
    }

    /// Text for HTML-like label content or attribute values: XML-escaped, backslashes doubled.
    static func escapeHTML(_ text: String) -> String {
        escape(text, .html)
    }

    /// Whether `name` is a plain attribute name (ASCII letters, digits, `_` and `-`).
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                    true
                default: false
                }
            }
    }

    /// `name` with ASCII capitals in lower case (itself when it has none); other characters are kept.
    static func asciiLowercased(_ name: String) -> String {
        guard name.utf8.contains(where: { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else { return name }
        return String(
            decoding: name.utf8.map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 + 0x20 : $0 },
            as: UTF8.self)
    }

    /// Whether `id` can name a node, subgraph or graph: non-empty, no control characters.
    static func isValidIdentifier(_ id: String) -> Bool {
        !id.isEmpty
            && withBytes(id) { bytes in
                var index = 0
                while let special = firstSpecial(in: bytes, from: index, .clean) {
                    // Only a 0xEF that does not start U+FFFE/U+FFFF is kept by `clean`.
                    guard bytes[special] == 0xEF, !isNonCharacter(bytes, at: special) else { return false }
                    index = special + 1
                }
                return true
            }
    }

    /// How one kind of Graphviz string escapes text; every style also cleans it like `clean`.
    enum Style {
        /// Only cleaned.
        case clean
        /// An escString drawn as text: `\` doubled, `&` as `&amp;`, line breaks as the `\n` escape.
        case label
        /// Unescaped twice by Graphviz: `\` quadrupled, `&` as `&amp;`, line breaks as `\n`.
        case tooltip
        /// An `id`: `\` doubled, `&` as `&amp;`, line breaks as spaces.
        case identifier
        /// A `class`: `&` as `&amp;`, line breaks as spaces.
        case className
        /// Any other value: line breaks as spaces.
        case plain
        /// An HTML-like attribute value: XML-escaped (`]` too), `\` doubled, line breaks as spaces.
        case html
        /// HTML-like label text: like `html`, but line breaks become `<BR/>`.
        case htmlText

        /// Whether Graphviz draws the text as glyphs, so characters no font has become U+FFFD (``FontSet``).
        var isDrawn: Bool { self == .label || self == .htmlText }
    }

    /// `text` escaped in `style`; `text` itself, unchanged and uncopied, when there is nothing to escape.
    static func escape(_ text: String, _ style: Style) -> String {
        if style.isDrawn, isInvisible(text) { return "" }
        let text = style.isDrawn ? FontSet.drawable(keepingSpaces(text)) : text
        return withBytes(text) { bytes in
            guard let first = firstSpecial(in: bytes, from: 0, style) else { return text }
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16)
            output.append(contentsOf: bytes[0..<first])
            appendEscaped(bytes, from: first, style, to: &output)
            return String(decoding: output, as: UTF8.self)
        }
    }

    /// Whether `text` is not empty but made only of default-ignorable characters (U+200B, U+FEFF, U+2060…),
    /// which draw nothing: Pango then makes no layout for the text and prints `Pango-CRITICAL` for PNG and
    /// PDF, so drawn text of only such characters is left out (as empty text is).
    static func isInvisible(_ text: String) -> Bool {
        // Default-ignorable characters are all outside ASCII: any ASCII byte means the text is visible.
        guard let first = text.utf8.first, first >= 0x80 else { return false }
        return text.unicodeScalars.allSatisfy(\.properties.isDefaultIgnorableCodePoint)
    }

    /// Appends `text` escaped in `style` to the UTF-8 bytes of `output`.
    static func append(_ text: String, _ style: Style, to output: inout [UInt8]) {
        guard style.isDrawn else { return withBytes(text) { appendEscaped($0, from: 0, style, to: &output) } }
        // Most drawn text is ASCII: always visible, every character drawable, so only its spaces need keeping.
        if withBytes(text, { appendDrawnASCII($0, style, to: &output) }) { return }
        appendDrawn(text, style, to: &output)
    }

    /// Appends drawn text of any kind (`style.isDrawn`): nothing when it is invisible, else its spaces kept
    /// (``keepingSpaces(_:)``), characters no font has replaced (``FontSet/drawable(_:)``), and escaped.
    static func appendDrawn(_ text: String, _ style: Style, to output: inout [UInt8]) {
        if isInvisible(text) { return }
        withBytes(FontSet.drawable(keepingSpaces(text))) { appendEscaped($0, from: 0, style, to: &output) }
    }

    /// Appends ASCII `bytes` as `keepingSpaces` and then `appendEscaped` would, in one pass and without copying
    /// the text; returns `false`, having appended nothing, when `bytes` holds anything beyond ASCII.
    ///
    /// The text is escaped in the runs between the spaces `keepingSpaces` rewrites; a run never starts right
    /// after a `\r` (it starts after a space), so the `\r\n` check within a run sees what it would in the whole.
    private static func appendDrawnASCII(
        _ bytes: UnsafeBufferPointer<UInt8>, _ style: Style, to output: inout [UInt8]
    ) -> Bool {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return false }
        forEachRunBetweenKeptSpaces(bytes) { run, spaceFollows in
            appendEscaped(run, from: 0, style, to: &output)
            if spaceFollows { output.append(contentsOf: [0xC2, 0xA0]) }  // U+00A0
        }
        return true
    }

    /// `text` with the spaces SVG would drop written as no-break spaces (U+00A0): leading and trailing ones
    /// and every space after another; `text` itself when it has none.
    ///
    /// Graphviz writes each run of drawn text as one SVG `<text>` and places the next run where its measured
    /// width ends. SVG collapses white space by default, so a run that starts with a space (`" by the next step"`
    /// after a struck-through `"− removed"`) would be drawn without it, and run into its neighbour; a no-break
    /// space is kept, and measures the same.
    static func keepingSpaces(_ text: String) -> String {
        let bytes = text.utf8
        // A byte scan: `String.contains(_:)` with a string goes through Foundation's string search.
        guard bytes.first == 0x20 || bytes.last == 0x20 || hasDoubleSpace(bytes) else { return text }
        return withBytes(text) { bytes in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 8)
            forEachRunBetweenKeptSpaces(bytes) { run, spaceFollows in
                result.append(contentsOf: run)
                if spaceFollows { result += [0xC2, 0xA0] }  // U+00A0
            }
            return String(decoding: result, as: UTF8.self)
        }
    }

    /// Calls `body` with each run of `bytes` between the spaces ``keepingSpaces(_:)`` writes as no-break spaces
    /// (leading and trailing ones, and every space after another), in order, and whether such a space follows
    /// it (all but the last run); once with all of `bytes` when there is none.
    ///
    /// Byte by byte: a space is one byte, and no byte of another character is 0x20.
    private static func forEachRunBetweenKeptSpaces(
        _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>, _ spaceFollows: Bool) -> Void
    ) {
        var visibleEnd = bytes.count  // just past the last byte that is not a space
        while visibleEnd > 0 && bytes[visibleEnd - 1] == 0x20 { visibleEnd -= 1 }
        var runStart = 0
        var previousWasSpace = true  // a space at the start is kept as a no-break space too
        for index in 0..<bytes.count {
            let isSpace = bytes[index] == 0x20
            if isSpace && (previousWasSpace || index >= visibleEnd) {
                body(UnsafeBufferPointer(rebasing: bytes[runStart..<index]), true)
                runStart = index + 1
            }
            previousWasSpace = isSpace
        }
        body(UnsafeBufferPointer(rebasing: bytes[runStart...]), false)
    }

    /// Whether two spaces follow each other somewhere in `bytes`.
    private static func hasDoubleSpace(_ bytes: String.UTF8View) -> Bool {
        var previousWasSpace = false
        for byte in bytes {
            let isSpace = byte == 0x20
            if isSpace && previousWasSpace { return true }
            previousWasSpace = isSpace
        }
        return false
    }

    /// Calls `body` with the UTF-8 bytes of `text` (native strings are contiguous already: no copy).
    static func withBytes<R>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        var text = text
        return text.withUTF8(body)
    }

    /// Appends `bytes[start...]`, escaped in `style`, copying runs that need no escaping in one go.
    ///
    /// Only ASCII bytes and the three-byte encodings of U+FFFE/U+FFFF (which start with 0xEF) are ever
    /// rewritten or dropped, so every other byte — all of a non-ASCII scalar — is copied as is and the
    /// output stays valid UTF-8.
    private static func appendEscaped(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ style: Style, to output: inout [UInt8]
    ) {
        var index = start
        while index < bytes.count {
            guard let special = firstSpecial(in: bytes, from: index, style) else {
                output.append(contentsOf: bytes[index...])
                return
            }
            if special > index { output.append(contentsOf: bytes[index..<special]) }
            let byte = bytes[special]
            index = special + 1
            switch byte {
            case 0x0A:
                // `\r\n` is one line break, already written for the `\r`.
                if special == 0 || bytes[special - 1] != 0x0D { appendLineBreak(style, to: &output) }
            case 0x0D:
                appendLineBreak(style, to: &output)
            case 0x09:
                output.append(UInt8(ascii: " "))
            case 0x00...0x1F, 0x7F:
                continue
            case 0xEF:
                if isNonCharacter(bytes, at: special) {
                    index = special + 3
                } else {
                    output.append(byte)
                }
            case UInt8(ascii: "\\"):
                switch style {
                case .tooltip: output.append(contentsOf: repeatElement(UInt8(ascii: "\\"), count: 4))
                case .label, .identifier, .html, .htmlText: output.append(contentsOf: [0x5C, 0x5C])
                case .clean, .className, .plain: output.append(byte)
                }
            case UInt8(ascii: "&"):
                output.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"):
                output.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"):
                output.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""):
                output.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"):
                output.append(contentsOf: "&#39;".utf8)
            case UInt8(ascii: "]"):
                // Only the HTML styles stop at `]`: Graphviz's HTML grammar rejects a text of just `]` or `]]`.
                output.append(contentsOf: "&#93;".utf8)
            default:
                output.append(byte)
            }
        }
    }

    /// What a line break becomes in `style`.
    private static func appendLineBreak(_ style: Style, to output: inout [UInt8]) {
        switch style {
        case .clean: output.append(0x0A)
        case .label, .tooltip: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
        case .identifier, .className, .plain, .html: output.append(UInt8(ascii: " "))
        case .htmlText: output.append(contentsOf: "<BR/>".utf8)
        }
    }

    /// The index of the first byte at or after `start` that `style` rewrites or drops (or that may start
    /// U+FFFE/U+FFFF), if any.
    @inline(__always)
    private static func firstSpecial(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, _ style: Style) -> Int? {
        var index = start
        while index < bytes.count {
            if isSpecial(bytes[index], style) { return index }
            index += 1
        }
        return nil
    }

    /// Whether `style` may rewrite or drop `byte`: a control character, 0xEF, or a character it escapes.
    @inline(__always)
    private static func isSpecial(_ byte: UInt8, _ style: Style) -> Bool {
        if byte < 0x20 || byte == 0x7F || byte == 0xEF { return true }
        if byte >= 0x80 { return false }
        switch style {
        case .clean, .plain:
            return false
        case .className:
            return byte == UInt8(ascii: "&")
        case .label, .tooltip, .identifier:
            return byte == UInt8(ascii: "&") || byte == UInt8(ascii: "\\")
        case .html, .htmlText:
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"),
                UInt8(ascii: "\\"), UInt8(ascii: "]"):
                return true
            default:
                return false
            }
        }
    }

    /// Whether the bytes at `index` encode U+FFFE or U+FFFF (EF BF BE, EF BF BF).
    private static func isNonCharacter(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        index + 2 < bytes.count && bytes[index + 1] == 0xBF && (bytes[index + 2] == 0xBE || bytes[index + 2] == 0xBF)
    }
}
