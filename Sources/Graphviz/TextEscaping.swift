/// How user text is made safe before it reaches Graphviz.
///
/// Measured on Graphviz 2.42/2.43:
/// - `label`, `xlabel`, `headlabel`, `taillabel`: `\\` → `\`, other `\X` are escapes (`\N`, `\n`, `\l`…),
///   and HTML entities (`&amp;`, `&#60;`) are decoded. So `\` is doubled, `&` becomes `&amp;`, and a real
///   line break becomes the `\n` escape (a centred line break).
/// - `tooltip` and friends are unescaped twice (`\\\\` → `\`), entities decoded, real line breaks kept.
/// - `id` is unescaped once (`\\` → `\`, `\N` expands); SVG output keeps entity-like `&…;` unescaped.
/// - `class` is copied verbatim, but SVG output keeps entity-like `&…;` unescaped.
/// - Text and attribute values in HTML-like labels are XML-unescaped, then expand `\N`, `\G`… too.
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

    /// Removes what no Graphviz string may hold: NUL, control characters other than line breaks
    /// (tabs become spaces), and the XML non-characters U+FFFE/U+FFFF. `\r\n` and `\r` become `\n`.
    static func clean(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar.value {
            case 0x0A:
                if !previousWasCR { result.append("\n") }
            case 0x0D:
                result.append("\n")
            case 0x09:
                result.append(" ")
            case 0x00...0x1F, 0x7F, 0xFFFE, 0xFFFF:
                continue
            default:
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// The value to hand cgraph for attribute `name` holding user text `value`.
    static func attributeValue(name: String, value: String) -> String {
        let text = clean(value)
        if labelAttributes.contains(name) {
            return escapeLabel(text)
        }
        if tooltipAttributes.contains(name) {
            return replacing(text) { scalar in
                switch scalar {
                case "\\": "\\\\\\\\"
                case "&": "&amp;"
                case "\n": "\\n"
                default: nil
                }
            }
        }
        if name == "id" {
            return replacing(text) { scalar in
                switch scalar {
                case "\\": "\\\\"
                case "&": "&amp;"
                case "\n": " "
                default: nil
                }
            }
        }
        if name == "class" {
            return replacing(text) { scalar in
                switch scalar {
                case "&": "&amp;"
                case "\n": " "
                default: nil
                }
            }
        }
        // Colours, styles, numbers…: Graphviz reads them as plain values; a line break means nothing there.
        return replacing(text) { $0 == "\n" ? " " : nil }
    }

    /// A `.text` label as an escString that draws exactly `text`, with its line breaks centred.
    static func escapeLabel(_ text: String) -> String {
        replacing(clean(text)) { scalar in
            switch scalar {
            case "\\": "\\\\"
            case "&": "&amp;"
            case "\n": "\\n"
            default: nil
            }
        }
    }

    /// Text for HTML-like label content or attribute values: XML-escaped, backslashes doubled.
    static func escapeHTML(_ text: String) -> String {
        replacing(clean(text)) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            case "\\": "\\\\"
            case "\n": " "
            default: nil
            }
        }
    }

    /// Whether `name` is a plain attribute name (ASCII letters, digits, `_` and `-`).
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty
            && name.unicodeScalars.allSatisfy { scalar in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_"
                        || scalar == "-")
            }
    }

    /// Whether `id` can name a node, subgraph or graph: non-empty, no control characters.
    static func isValidIdentifier(_ id: String) -> Bool {
        !id.isEmpty && clean(id) == id && !id.contains("\n")
    }

    private static func replacing(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) {
                result += replaced
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
