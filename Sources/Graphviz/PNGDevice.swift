internal import CGraphviz
internal import CGraphvizSupport

/// An unfiltered PNG output device for Graphviz: cairo draws, ``PNGEncoder`` writes the file (every row
/// unfiltered, zlib level 3).
///
/// Registered once in the process-wide context (``GraphvizContext``) as `png-unfiltered:cairo`. Graphviz's
/// cairo renderer draws into an image surface and, because this device has an engine, leaves the pixels in
/// the job instead of writing a PNG itself; the engine's `format` function, below, encodes them and passes
/// the bytes to `gvwrite`, which appends them to `gvRenderData`'s buffer. The drawing is pixel for pixel the
/// one Graphviz's `png:cairo` device makes (tested); only the file is written faster.
enum PNGDevice {
    /// The format name `gvRenderData` knows the device by.
    static let formatName = CGRAPHVIZ_PNG_DEVICE

    /// Adds the device to a context; call once per context, under the Graphviz lock.
    static func register(in context: OpaquePointer) {
        gvAddLibrary(context, cgraphviz_png_device_library(format))
    }

    /// Why the last PNG could not be encoded, if it could not; read and reset under the Graphviz lock.
    nonisolated(unsafe) static var lastFailure: String?

    /// The device's `format` function: encodes the job's pixels once and writes them to the job's output.
    ///
    /// Graphviz calls it at the end of each page, before the renderer has handed over the pixels, and again
    /// at the end of the graph: it encodes whenever pixels are there, takes them once, and clears the job's
    /// pointer to them (cairo still owns them). A render that never hands them over writes nothing, which
    /// ``Diagram/render(to:)`` reports as an error.
    private static let format: @convention(c) (UnsafeMutablePointer<GVJ_t>?) -> Void = { job in
        guard let job else { return }
        var width: UInt32 = 0
        var height: UInt32 = 0
        guard let pixels = cgraphviz_job_pixels(job, &width, &height) else { return }
        job.pointee.imagedata = nil
        do throws(PNGEncoder.Failure) {
            let file = try PNGEncoder.encode(pixels: pixels, width: Int(width), height: Int(height))
            let written = file.withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { gvwrite(job, $0.baseAddress, $0.count) }
            }
            if written != file.count { lastFailure = "Graphviz took \(written) of the PNG's \(file.count) bytes" }
        } catch {
            lastFailure = error.message
        }
    }
}
