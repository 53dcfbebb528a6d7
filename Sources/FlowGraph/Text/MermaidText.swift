/// Escaping of user text for Mermaid flowcharts.
///
/// Every label is written as a quoted string, `"…"`, in which only Mermaid's entity codes carry special
/// characters: `"` becomes `#quot;`, `#` `#35;`, `<` `#lt;`, `>` `#gt;`, `&` `#amp;` and brackets, braces,
/// parentheses, `|`, `;`, `%`, the backquote and `\` their numeric codes, so no label can close its
/// string, start a comment (`%%`), a link (`|`), a Markdown string (a backquote) or HTML. Control characters
/// are written as `\u{…}` text first.
public enum MermaidText {
    /// `text` as a quoted Mermaid label, entity-encoded; see the type's documentation.
    public static func quoted(_ text: String) -> String {
        "\"" + encoded(text) + "\""
    }

    /// Several lines as one quoted label, joined with `<br/>` (each line entity-encoded).
    public static func quoted(lines: [String]) -> String {
        "\"" + lines.map(encoded).joined(separator: "<br/>") + "\""
    }

    /// The entity-encoded text, without quotes.
    public static func encoded(_ text: String) -> String {
        var output = ""
        for scalar in MonospaceText.clean(text).unicodeScalars {
            switch scalar {
            case "\"": output += "#quot;"
            case "#": output += "#35;"
            case "<": output += "#lt;"
            case ">": output += "#gt;"
            case "&": output += "#amp;"
            case "[", "]", "(", ")", "{", "}", "|", ";", "%", "`", "\\":
                output += "#\(scalar.value);"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// A title for Mermaid's front matter: a YAML double-quoted string.
    ///
    /// Mermaid decodes no entity codes in titles and its sanitizer drops `<script>…` and what follows, so
    /// `<` and `>` become the look-alikes `‹` and `›` to keep the text. `%` is written as the YAML escape
    /// `\x25`, so no title can hold the `%%{…}%%` of a Mermaid directive.
    static func yamlQuoted(_ text: String) -> String {
        var output = "\""
        for scalar in MonospaceText.clean(text).unicodeScalars {
            switch scalar {
            case "\\": output += "\\\\"
            case "\"": output += "\\\""
            case "%": output += "\\x25"
            case "<": output += "‹"
            case ">": output += "›"
            default: output.unicodeScalars.append(scalar)
            }
        }
        return output + "\""
    }
}
