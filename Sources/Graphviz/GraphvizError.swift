/// Why a diagram could not be laid out or rendered, with Graphviz's own messages when it gave any.
public struct GraphvizError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong.
    public enum Kind: Hashable, Sendable {
        /// Graphviz has no registered plugins (no `config6a`), so neither `dot` nor the formats exist.
        case pluginsMissing
        /// The plugin that draws this format (cairo, in Graphviz's pango plugin, for PNG and PDF) is not
        /// registered, though layout works.
        case rendererMissing(format: OutputFormat)
        /// `gvLayout` failed.
        case layoutFailed
        /// `gvRenderData` failed for a format.
        case renderFailed(format: OutputFormat)
        /// Graphviz reported an error while the graph was built or laid out (see `messages`).
        case graphvizReported
        /// An edge names a node id that is not in the diagram.
        case unknownNode(id: String)
        /// A node, subgraph or graph name is empty or contains control characters.
        case invalidIdentifier(String)
        /// An attribute name is not a plain identifier, or an attribute value cannot be used.
        case invalidAttribute(name: String, reason: String)
        /// An attribute that reads local files or links elsewhere (`image`, `URL`, …); refused.
        case refusedAttribute(name: String)
        /// An HTML-like label that Graphviz cannot draw (e.g. an empty table row).
        case invalidHTML(reason: String)
        /// The PNG would be larger than cairo allows per side; Graphviz would shrink it unreadably.
        case imageTooLarge(width: Int, height: Int, limit: Int)
        /// Font files a ``FontSet`` requires were found in none of its directories.
        case fontsMissing(files: [String], searched: [String], hint: String)
        /// fontconfig could not read a font file (or could not make a configuration at all).
        case fontsUnusable(file: String?)
        /// ``FontSet/use(_:)`` was called with another set after text was measured with the first.
        case fontsAlreadyInUse
    }

    /// What went wrong.
    public var kind: Kind
    /// Graphviz's own messages (warnings and errors) from the failing call, one per line.
    public var messages: [String]

    /// Creates an error of a kind, with Graphviz's messages if any.
    public init(_ kind: Kind, messages: [String] = []) {
        self.kind = kind
        self.messages = messages
    }

    /// Whether Graphviz or the fonts are not installed as they must be (a broken installation, not a bad
    /// diagram): no plugins, no cairo renderer, missing or unreadable fonts.
    public var isInstallationProblem: Bool {
        switch kind {
        case .pluginsMissing, .rendererMissing, .fontsMissing, .fontsUnusable: true
        default: false
        }
    }

    /// One paragraph saying what went wrong and what to do.
    public var description: String {
        var text: String
        switch kind {
        case .pluginsMissing:
            text =
                "Graphviz has no layout or output plugins registered (its plugin configuration `config6a` is "
                + "missing). Run `dot -c` as root (e.g. `sudo dot -c`) once to register them."
        case .rendererMissing(let format):
            text =
                "Graphviz cannot draw \(format.rawValue) here: its cairo renderer (the pango plugin, "
                + "libgvplugin_pango.so, in Debian's libgvc6) is not registered. SVG, DOT and JSON still work; "
                + "for \(format.rawValue), install libgvc6 and run `dot -c` as root."
        case .layoutFailed:
            text = "Graphviz could not lay out the diagram with `dot`."
        case .renderFailed(let format):
            text = "Graphviz could not render the diagram as \(format.rawValue)."
        case .graphvizReported:
            text = "Graphviz reported an error for this diagram."
        case .unknownNode(let id):
            text = "An edge refers to node \"\(id)\", which is not in the diagram; add the node or fix the edge."
        case .invalidIdentifier(let id):
            text =
                "\"\(Self.printable(id))\" cannot be used as a name: names must be non-empty and free of control characters."
        case .invalidAttribute(let name, let reason):
            text = "Attribute \"\(Self.printable(name))\": \(reason)."
        case .refusedAttribute(let name):
            text =
                "Attribute \"\(name)\" is refused: it makes Graphviz read local files or link elsewhere. "
                + "Remove it from the diagram."
        case .invalidHTML(let reason):
            text = "HTML-like label cannot be drawn: \(reason)."
        case .imageTooLarge(let width, let height, let limit):
            text =
                "The PNG would be \(width)×\(height) px, but PNG output is limited to \(limit) px per side "
                + "(Graphviz would shrink it until unreadable). Render SVG or PDF instead, or split the diagram."
        case .fontsMissing(let files, let searched, let hint):
            text =
                "The fonts diagrams are laid out with are not installed: \(files.joined(separator: ", ")) "
                + "(looked in \(searched.joined(separator: ", "))). \(hint)"
        case .fontsUnusable(let file):
            text =
                file.map { "fontconfig could not read the font file \($0); reinstall it." }
                ?? "fontconfig could not make a font configuration."
        case .fontsAlreadyInUse:
            text = "Fonts cannot change once text has been measured: choose them before the first render."
        }
        if !messages.isEmpty {
            text += " Graphviz said: " + messages.joined(separator: " / ")
        }
        return text
    }

    private static func printable(_ text: String) -> String {
        String(
            text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) }
        )
    }
}
