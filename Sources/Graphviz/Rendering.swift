internal import CGraphviz
internal import CGraphvizSupport
import Foundation

extension Diagram {
    /// The largest PNG side cairo can write, in pixels; larger drawings are refused, not shrunk.
    public static let maximumPNGSide = 32_767

    /// Lays the diagram out once with `dot` and renders it to one format.
    public func render(to format: OutputFormat) throws(GraphvizError) -> Data {
        let rendered = try render(to: [format])
        guard let data = rendered[format] else { throw GraphvizError(.renderFailed(format: format)) }
        return data
    }

    /// Lays the diagram out once with `dot` and renders it to several formats from that one layout.
    public func render(to formats: [OutputFormat]) throws(GraphvizError) -> [OutputFormat: Data] {
        try renderReportingWarnings(to: formats).outputs
    }

    /// Renders like `render(to:)`, also returning Graphviz's warnings (unknown colours, shapes, fonts…).
    ///
    /// Warnings do not stop a render; use them to check diagrams you generate, e.g. in tests.
    public func renderReportingWarnings(
        to formats: [OutputFormat]
    ) throws(GraphvizError) -> (outputs: [OutputFormat: Data], warnings: [String]) {
        try withLayout(drawing: formats) { laidOut throws(GraphvizError) in
            let outputs = try laidOut.render(to: formats)
            return (outputs, laidOut.warnings)
        }
    }

    /// The size of the laid-out drawing in points (1/72 inch), as the SVG and PDF outputs declare it.
    ///
    /// It includes the graph's `pad` and any scaling by `size`. Multiply by dpi / 72 for pixels; PNGs are
    /// rendered at 96 dpi unless the graph sets `dpi`, and may not exceed `maximumPNGSide` per side. To measure
    /// a diagram and also render it, use ``withLayout(_:)``: this lays it out only to measure.
    public func layoutSize() throws(GraphvizError) -> (width: Double, height: Double) {
        try withLayout(drawing: []) { laidOut throws(GraphvizError) in laidOut.size }
    }

    /// Lays the diagram out and renders it with one of Graphviz's own devices, by name (`png:cairo`), so the
    /// tests can compare the unfiltered PNG device (``PNGDevice``) with Graphviz's.
    func render(to format: OutputFormat, graphvizDevice device: String) throws(GraphvizError) -> Data {
        try withLayout { laidOut throws(GraphvizError) in try laidOut.render(to: format, graphvizDevice: device) }
    }

    /// Renders the laid-out graph to one format with `gvRenderData` (through the shim, which fits both of its
    /// signatures), freeing Graphviz's buffer.
    static func renderData(
        _ context: OpaquePointer, _ graph: CGraphBuilder.GraphPointer, _ format: OutputFormat,
        device: String? = nil, _ capture: inout MessageCapture
    ) throws(GraphvizError) -> Data {
        var buffer: UnsafeMutablePointer<CChar>?
        var length = 0
        PNGDevice.lastFailure = nil
        let status = cgraphviz_render_data(context, graph, device ?? format.graphvizName, &buffer, &length)
        defer { if let buffer { gvFreeRenderData(buffer) } }
        let rendered = capture.take()
        var deviceFailure = PNGDevice.lastFailure.map { ["cannot write the PNG: \($0)"] } ?? []
        if device == nil, format == .png, deviceFailure.isEmpty, length == 0, status == 0, !rendered.hadError {
            deviceFailure = ["cannot write the PNG: Graphviz's cairo renderer handed over no pixels"]
        }
        guard status == 0, let buffer, !rendered.hadError, deviceFailure.isEmpty else {
            throw failure(.renderFailed(format: format), rendered.messages + deviceFailure)
        }
        return Data(bytes: buffer, count: Int(length))
    }

    /// An error of `kind`, or `.pluginsMissing` when Graphviz's messages say its plugins are not registered,
    /// or `.rendererMissing` when layout worked but the plugin drawing the format is not there.
    static func failure(_ kind: GraphvizError.Kind, _ messages: [String]) -> GraphvizError {
        let unregistered = messages.contains { message in
            message.contains("not recognized") && (message.contains("Layout type") || message.contains("Format"))
        }
        let noRenderer = messages.contains { $0.contains("renderer for") && $0.contains("is unavailable") }
        if case .renderFailed(let format) = kind, format == .png || format == .pdf, unregistered || noRenderer {
            return GraphvizError(.rendererMissing(format: format), messages: messages)
        }
        return GraphvizError(unregistered ? .pluginsMissing : kind, messages: messages)
    }
}
