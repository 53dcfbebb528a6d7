/// A file format Graphviz renders a laid-out diagram to.
public enum OutputFormat: String, CaseIterable, Sendable {
    /// Scalable vector graphics, for the web and docs.
    case svg
    /// A bitmap drawn by cairo, at 96 dpi unless the diagram sets `dpi` (encoded by our
    /// `png-unfiltered:cairo` device).
    case png
    /// A vector document via cairo (embeds a creation date, so not byte-stable).
    case pdf
    /// Plain DOT text with every attribute and no layout positions: feed it to `dot` yourself.
    case dot
    /// Graphviz's JSON description of the laid-out graph (positions included).
    case json

    /// The name Graphviz's `gvRenderData` knows this format by.
    var graphvizName: String {
        switch self {
        case .svg: "svg"
        case .png: PNGDevice.formatName
        case .pdf: "pdf"
        case .dot: "canon"
        case .json: "json"
        }
    }

    /// Whether cairo draws this format (from the pango layouts of the texts, which a layout for the other formats
    /// need not make whole: see ``Diagram/withLayout(drawing:_:)``).
    public var isDrawnByCairo: Bool { self == .png || self == .pdf }

    /// The usual file name extension for this format.
    public var fileExtension: String { rawValue }
}
