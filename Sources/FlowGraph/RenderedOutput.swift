import Foundation

/// One file's worth of a rendered plan: its format, its page (for PNGs split into pages) and its bytes.
public struct RenderedOutput: Hashable, Sendable {
    /// The format of ``data``.
    public var format: RenderFormat
    /// The page number, from 1, when the output is one of several pages; `nil` for a single output.
    public var page: Int?
    /// The rendered bytes.
    public var data: Data

    /// Creates an output.
    public init(format: RenderFormat, page: Int? = nil, data: Data) {
        self.format = format
        self.page = page
        self.data = data
    }

    /// What goes between a base name and the extension: `""`, or `-2` for page 2.
    public var pageSuffix: String { page.map { "-\($0)" } ?? "" }

    /// The file name for this output from a base path without extension: `out/plan` → `out/plan-2.png`.
    public func fileName(base: String) -> String {
        base + pageSuffix + "." + format.fileExtension
    }
}
