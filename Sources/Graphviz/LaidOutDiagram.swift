internal import CGraphviz
import Foundation

/// A diagram Graphviz has laid out, lent to the body of ``Diagram/withLayout(_:)``: measure it, render it to
/// several formats and again with its ids namespaced, all from the one layout.
///
/// It is valid only inside that body, which holds the process's Graphviz lock; the graph is freed when the
/// body returns, and any later use throws instead of touching freed memory.
public final class LaidOutDiagram {
    /// The diagram that was laid out.
    public let diagram: Diagram
    /// The drawing's size in points (1/72 inch), as the SVG and PDF outputs declare it: the graph's `pad`
    /// and any scaling by `size` included.
    public let size: (width: Double, height: Double)
    /// The resolution its PNG is rendered at: the graph's `dpi`, else 96.
    public let pngDPI: Double

    private let context: OpaquePointer
    private let graph: CGraphBuilder.GraphPointer
    private var capture: MessageCapture
    private var isValid = true
    /// The id namespace set on the graph by ``renderSVG(namespacingIDs:)``, if any.
    private var namespace: String?

    init(
        diagram: Diagram, context: OpaquePointer, graph: CGraphBuilder.GraphPointer, capture: MessageCapture
    ) {
        self.diagram = diagram
        self.context = context
        self.graph = graph
        self.capture = capture
        let geometry = LayoutGeometry(graph: graph)
        self.size = geometry.pointSize
        self.pngDPI = geometry.pngDPI
    }

    /// The size of its PNG in whole pixels (at ``pngDPI``).
    public var pngPixelSize: (width: Int, height: Int) {
        LayoutGeometry.pixelSize(size, dpi: pngDPI)
    }

    /// Every message Graphviz has given about this diagram so far (warnings of calls that succeeded included).
    public var warnings: [String] { capture.all }

    /// Renders the layout to each format (each once; DOT without this layout's bounding box).
    ///
    /// A PNG larger than ``Diagram/maximumPNGSide`` on a side is refused with `.imageTooLarge` before anything
    /// is rendered.
    public func render(to formats: [OutputFormat]) throws(GraphvizError) -> [OutputFormat: Data] {
        try checkValid()
        let wanted = Set(formats)
        if wanted.contains(.png) {
            let pixels = pngPixelSize
            let limit = Diagram.maximumPNGSide
            if pixels.width > limit || pixels.height > limit {
                throw GraphvizError(.imageTooLarge(width: pixels.width, height: pixels.height, limit: limit))
            }
        }
        var result: [OutputFormat: Data] = [:]
        for format in OutputFormat.allCases where wanted.contains(format) {
            if format == .dot {
                // Plain DOT for users to lay out again: no bounding box from this layout.
                CGraphBuilder.clearGraphAttribute("bb", of: graph)
            }
            result[format] = try Diagram.renderData(context, graph, format, &capture)
        }
        return result
    }

    /// The SVG of the diagram as ``Diagram/namespacingIDs(_:)`` with `prefix` would render it, from this layout
    /// (ids name objects in the drawing and take no part in laying it out). Later renders keep the namespace.
    public func renderSVG(namespacingIDs prefix: String) throws(GraphvizError) -> Data {
        try checkValid()
        if namespace == nil {
            CGraphBuilder.namespaceIDs(prefix, of: graph)
            namespace = prefix
        } else if namespace != prefix {
            throw GraphvizError(.graphvizReported, messages: ["the diagram's ids are already namespaced"])
        }
        return try Diagram.renderData(context, graph, .svg, &capture)
    }

    /// Renders with one of Graphviz's own devices, by name (`png:cairo`).
    func render(to format: OutputFormat, graphvizDevice device: String) throws(GraphvizError) -> Data {
        try checkValid()
        return try Diagram.renderData(context, graph, format, device: device, &capture)
    }

    /// Ends the loan: the graph is about to be freed.
    func invalidate() { isValid = false }

    private func checkValid() throws(GraphvizError) {
        guard isValid else {
            throw GraphvizError(
                .graphvizReported, messages: ["a laid-out diagram was used after its withLayout call returned"])
        }
    }
}

extension Diagram {
    /// Lays the diagram out once with `dot` and lends the layout to `body`, then frees it; everything runs
    /// under the process's Graphviz lock, so `body` must not lay out or render other diagrams (use
    /// ``withLayouts(_:_:)`` for several at once).
    ///
    /// With `formats`, the formats the layout will be rendered to: when cairo draws none of them (SVG, DOT, JSON),
    /// plain one-line texts are measured by shaping them alone instead of laying out a pango paragraph for each
    /// (`text_layout_cache.c`): the same sizes, about half the cost of measuring. Without, every text is laid out
    /// for cairo. Either way, any format can be rendered from the layout, with the same bytes.
    public func withLayout<Result>(
        drawing formats: [OutputFormat]? = nil, _ body: (LaidOutDiagram) throws(GraphvizError) -> Result
    ) throws(GraphvizError) -> Result {
        try Self.withLayouts([self], drawing: formats) { (layouts: [LaidOutDiagram]) throws(GraphvizError) in
            try body(layouts[0])
        }
    }

    /// Lays out each diagram once and lends all the layouts to `body` together (to measure several drawings
    /// of one thing and render the one chosen without laying it out again), then frees them; `formats` as for
    /// ``withLayout(drawing:_:)``.
    public static func withLayouts<Result>(
        _ diagrams: [Diagram], drawing formats: [OutputFormat]? = nil,
        _ body: ([LaidOutDiagram]) throws(GraphvizError) -> Result
    ) throws(GraphvizError) -> Result {
        let shapesText = formats.map { !$0.contains(where: \.isDrawnByCairo) } ?? false
        return try GraphvizContext.run(shapingText: shapesText) { context, capture throws(GraphvizError) in
            try layOut(diagrams[...], context: context, capture: &capture, done: [], body)
        }
    }

    /// Lays out the first of `diagrams`, then the rest inside it (each freed on the way out), and runs `body`
    /// with every layout.
    private static func layOut<Result>(
        _ diagrams: ArraySlice<Diagram>, context: OpaquePointer, capture: inout MessageCapture,
        done: [LaidOutDiagram], _ body: ([LaidOutDiagram]) throws(GraphvizError) -> Result
    ) throws(GraphvizError) -> Result {
        guard let given = diagrams.first else { return try body(done) }
        // What the user set with -G/-N/-E goes over the drawing's own attributes.
        let diagram = AttributeOverrides.current.applied(to: given)
        guard let graph = try CGraphBuilder.open(diagram) else {
            throw GraphvizError(.graphvizReported, messages: ["agopen failed"] + capture.take().messages)
        }
        defer { agclose(graph) }
        var builder = CGraphBuilder(graph: graph, diagram: diagram)
        try builder.build(diagram)
        let built = capture.take()
        if built.hadError { throw GraphvizError(.graphvizReported, messages: built.messages) }

        LayoutCount.record(diagram)
        guard gvLayout(context, graph, "dot") == 0 else {
            throw failure(.layoutFailed, capture.take().messages)
        }
        defer { gvFreeLayout(context, graph) }
        let laidOutMessages = capture.take()
        if laidOutMessages.hadError { throw failure(.graphvizReported, laidOutMessages.messages) }

        let laidOut = LaidOutDiagram(diagram: diagram, context: context, graph: graph, capture: capture)
        defer { laidOut.invalidate() }
        return try layOut(
            diagrams.dropFirst(), context: context, capture: &capture, done: done + [laidOut], body)
    }
}
