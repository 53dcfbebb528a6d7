import Graphviz

/// A file format a plan renders to: Graphviz's formats and a self-contained animated HTML page.
public enum RenderFormat: String, CaseIterable, Codable, Sendable {
    /// Scalable vector graphics.
    case svg
    /// A bitmap (cairo), at most `Diagram/maximumPNGSide` pixels per side; long timelines become pages.
    case png
    /// A vector document (embeds a creation date, so not byte-stable).
    case pdf
    /// Plain DOT text, for laying out again with `dot`.
    case dot
    /// Graphviz's JSON description of the laid-out graph.
    case json
    /// A self-contained HTML page that plays the steps one after another (no network, no external scripts).
    case html
    /// Plain text with box-drawing characters, at most 100 columns, for terminals and pull-request comments.
    case txt
    /// A Mermaid flowchart, which code hosts render inline in Markdown.
    case mermaid

    /// Graphviz's format for this one; `nil` for HTML, which FlowGraph writes itself.
    public var graphvizFormat: OutputFormat? {
        switch self {
        case .svg: .svg
        case .png: .png
        case .pdf: .pdf
        case .dot: .dot
        case .json: .json
        case .html, .txt, .mermaid: nil
        }
    }

    /// The usual file name extension, e.g. `svg` (`mmd` for Mermaid).
    public var fileExtension: String { self == .mermaid ? "mmd" : rawValue }

    /// The format a file name extension stands for (`svg`, `PNG`, `htm`…), if any.
    public init?(fileExtension: String) {
        let lowered = fileExtension.lowercased()
        if lowered == "htm" {
            self = .html
        } else if lowered == "gv" {
            self = .dot
        } else if lowered == "mmd" {
            self = .mermaid
        } else if let format = RenderFormat(rawValue: lowered) {
            self = format
        } else {
            return nil
        }
    }
}
