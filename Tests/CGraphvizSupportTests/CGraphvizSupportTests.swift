import CGraphviz
import CGraphvizSupport
import Foundation
import Testing

/// The C helpers, called directly: the sequential ID discipline, gvRenderData's length shim, the unfiltered PNG
/// device and zlib's stream set-up. libgvc is not thread-safe, so the tests run one at a time.
@Suite("C helpers beside libgvc", .serialized)
struct CGraphvizSupportTests {
    /// Opens an ordered directed graph for `body` and closes it after.
    func withOrderedGraph<Result>(_ body: (UnsafeMutablePointer<Agraph_t>) throws -> Result) throws -> Result {
        let graph = try #require(
            "G".withCString { cgraphviz_open_ordered(UnsafeMutablePointer(mutating: $0), cgraphviz_directed()) })
        defer { agclose(graph) }
        return try body(graph)
    }

    func id(_ node: UnsafeMutablePointer<Agnode_t>) -> UInt64 { UInt64(node.pointee.base.tag.id) }

    func node(_ graph: UnsafeMutablePointer<Agraph_t>, _ name: String, create: Bool = true) -> UnsafeMutablePointer<
        Agnode_t
    >? {
        name.withCString { agnode(graph, UnsafeMutablePointer(mutating: $0), create ? 1 : 0) }
    }

    @Test("objects get IDs in creation order, and a name keeps its ID past many rehashes")
    func sequentialIDs() throws {
        try withOrderedGraph { graph in
            let names = (0..<5_000).map { "node-\(($0 * 7_919) % 5_000)" }
            let nodes = try names.map { try #require(node(graph, $0)) }
            let ids = nodes.map(id)
            #expect(ids.elementsEqual(ids.sorted()), "IDs follow creation order")
            #expect(Set(ids).count == names.count, "every name has its own ID")
            #expect(zip(ids, ids.dropFirst()).allSatisfy { $1 == $0 + 1 }, "no gaps between named objects")
            for (name, made) in zip(names, nodes) {
                #expect(node(graph, name, create: false) == made, "\(name) is found again after rehashing")
                #expect(String(cString: agnameof(made)) == name)
            }
            #expect(node(graph, "never-made", create: false) == nil)
        }
    }

    @Test("subgraphs come out in insertion order, not in the order malloc placed their names")
    func subgraphOrder() throws {
        try withOrderedGraph { graph in
            let names = (0..<300).map { "cluster_\($0)" }
            // Interned last to first, so cgraph's default discipline (ID = the interned name's address) would
            // list them last to first.
            for name in names.reversed() {
                _ = name.withCString { agstrdup(graph, UnsafeMutablePointer(mutating: $0)) }
            }
            for name in names {
                _ = try #require(name.withCString { agsubg(graph, UnsafeMutablePointer(mutating: $0), 1) })
            }
            var seen: [String] = []
            var subgraph = agfstsubg(graph)
            while let current = subgraph {
                seen.append(String(cString: agnameof(current)))
                subgraph = agnxtsubg(current)
            }
            #expect(seen.elementsEqual(names), "\(seen.prefix(5)) … in place of \(names.prefix(5)) …")
        }
    }

    @Test("anonymous edges take IDs from the same sequence as named nodes")
    func anonymousObjects() throws {
        try withOrderedGraph { graph in
            let a = try #require(node(graph, "a"))
            let b = try #require(node(graph, "b"))
            let edge = try #require(agedge(graph, a, b, nil, 1))
            let c = try #require(node(graph, "c"))
            #expect(UInt64(edge.pointee.base.tag.id) == id(b) + 1)
            #expect(id(c) == id(b) + 2)
        }
    }

    /// Lays out a one-node graph (`Home`) with dot and renders it through `cgraphviz_render_data` for `body`,
    /// which gets the rendered bytes and their length; frees both after.
    func renderHome(
        _ context: OpaquePointer, as format: String,
        _ body: (UnsafeMutablePointer<CChar>, Int) throws -> Void
    ) throws {
        try withOrderedGraph { graph in
            _ = try #require(node(graph, "Home"))
            #expect(gvLayout(context, graph, "dot") == 0)
            defer { gvFreeLayout(context, graph) }
            var buffer: UnsafeMutablePointer<CChar>?
            var length = 0
            #expect(cgraphviz_render_data(context, graph, format, &buffer, &length) == 0)
            let bytes = try #require(buffer)
            defer { gvFreeRenderData(bytes) }
            try body(bytes, length)
        }
    }

    @Test("gvRenderData's length, as size_t, is the length of the text it rendered")
    func renderDataLength() throws {
        let context = try #require(gvContext())
        defer { gvFreeContext(context) }
        try renderHome(context, as: "dot") { text, length in
            #expect(length == strlen(text))
            #expect(String(cString: text).contains("Home"))
        }
    }

    /// What the device's `format` function saw last: the pixel size it was handed.
    nonisolated(unsafe) static var formattedSize: (width: UInt32, height: UInt32)?

    @Test("the PNG device hands the cairo renderer's pixels to the format function, whose bytes are the output")
    func pngDevice() throws {
        let context = try #require(gvContext())
        defer { gvFreeContext(context) }
        let format: @convention(c) (UnsafeMutablePointer<GVJ_t>?) -> Void = { job in
            guard let job else { return }
            var width: UInt32 = 0
            var height: UInt32 = 0
            guard cgraphviz_job_pixels(job, &width, &height) != nil else { return }
            job.pointee.imagedata = nil
            CGraphvizSupportTests.formattedSize = (width, height)
            _ = "PIXELS".withCString { gvwrite(job, $0, 6) }
        }
        gvAddLibrary(context, cgraphviz_png_device_library(format))
        try renderHome(context, as: CGRAPHVIZ_PNG_DEVICE) { bytes, length in
            #expect(String(decoding: UnsafeRawBufferPointer(start: bytes, count: length), as: UTF8.self) == "PIXELS")
            let size = try #require(Self.formattedSize)
            #expect(size.width > 0 && size.height > 0)
        }
    }

    @Test("deflate set up for PNG round-trips through zlib's inflate")
    func deflateRoundTrip() throws {
        let input = Array(repeating: Array("FlowGraph ".utf8), count: 200).flatMap { $0 }
        var stream = z_stream()
        #expect(cgraphviz_deflate_init(&stream, 9) == Z_OK)
        var compressed = [UInt8](repeating: 0, count: 4_096)
        var source = input
        let produced = source.withUnsafeMutableBufferPointer { from in
            compressed.withUnsafeMutableBufferPointer { to in
                stream.next_in = from.baseAddress
                stream.avail_in = UInt32(from.count)
                stream.next_out = to.baseAddress
                stream.avail_out = UInt32(to.count)
                let status = deflate(&stream, Z_FINISH)
                return status == Z_STREAM_END ? to.count - Int(stream.avail_out) : -1
            }
        }
        deflateEnd(&stream)
        #expect(produced > 2 && produced < input.count / 10)
        #expect(compressed[0] & 0x0F == 8, "a zlib-wrapped deflate stream")
        var restored = [UInt8](repeating: 0, count: input.count)
        var restoredLength = UInt(restored.count)
        #expect(uncompress(&restored, &restoredLength, compressed, UInt(produced)) == Z_OK)
        #expect(restored == input)
    }
}
