import FlowGraphTestSupport
import Foundation
import Testing

@testable import Graphviz

@Suite("PNG device and encoder")
struct PNGTests {
    /// Decodes a PNG file; fails the test if it is not a well-formed one.
    private func decode(_ data: Data) throws -> PNGDecoder.Image {
        try PNGDecoder.decode(Array(data))
    }

    @Test("A PNG shows exactly the pixels Graphviz's own png:cairo device draws, in a file about as large")
    func sameAsCairo() throws {
        for diagram in [tableDiagram(), twoNodeDiagram()] {
            let ours = try diagram.render(to: .png)
            let cairos = try diagram.render(to: .png, graphvizDevice: "png:cairo")
            let (mine, theirs) = (try decode(ours), try decode(cairos))
            #expect(mine.channels == theirs.channels)
            #expect(mine.width == theirs.width && mine.height == theirs.height)
            #expect(mine.pixels == theirs.pixels, "\(diagram.name): the drawings differ")
            #expect(
                ours.count * 10 <= cairos.count * 11, "\(diagram.name): \(ours.count) bytes, cairo's \(cairos.count)")
        }
    }

    @Test("A transparent background gives RGBA with the same straight colours cairo writes")
    func transparentBackground() throws {
        var diagram = tableDiagram()
        diagram.attributes["bgcolor"] = "transparent"
        diagram.nodes[1].attributes["style"] = "filled"
        diagram.nodes[1].attributes["fillcolor"] = "#3366cc80"  // half transparent: colours divided by alpha
        let mine = try decode(try diagram.render(to: .png))
        let theirs = try decode(try diagram.render(to: .png, graphvizDevice: "png:cairo"))
        #expect(mine.channels == 4 && theirs.channels == 4)
        #expect(mine.pixels == theirs.pixels)
        #expect(stride(from: 3, to: mine.pixels.count, by: 4).contains { mine.pixels[$0] == 0 })
        #expect(stride(from: 3, to: mine.pixels.count, by: 4).contains { (1...254).contains(mine.pixels[$0]) })
    }

    @Test("Premultiplied pixels come out as straight RGBA, rounded as cairo rounds")
    func unpremultiplies() throws {
        // 0xAARRGGBB premultiplied: opaque red, nothing, half-transparent grey-blue, one-alpha white.
        let pixels: [UInt32] = [0xFFFF_0000, 0x0000_0000, 0x8020_4080, 0x0101_0101]
        let file = try pixels.withUnsafeBufferPointer {
            try PNGEncoder.encode(pixels: $0.baseAddress!, width: 2, height: 2)
        }
        let image = try PNGDecoder.decode(file)
        #expect(image.width == 2 && image.height == 2 && image.channels == 4)
        #expect(
            image.pixels == [
                255, 0, 0, 255, 0, 0, 0, 0,
                64, 128, 255, 128, 255, 255, 255, 1,
            ])
    }

    @Test("Opaque pixels are written as RGB")
    func opaqueIsRGB() throws {
        let pixels: [UInt32] = [0xFF12_3456, 0xFFAB_CDEF, 0xFF00_0000]
        let file = try pixels.withUnsafeBufferPointer {
            try PNGEncoder.encode(pixels: $0.baseAddress!, width: 3, height: 1)
        }
        let image = try PNGDecoder.decode(file)
        #expect(image.channels == 3)
        #expect(image.pixels == [0x12, 0x34, 0x56, 0xAB, 0xCD, 0xEF, 0, 0, 0])
    }

    @Test("Image data larger than one chunk is split over several IDAT chunks and decodes whole")
    func severalChunks() throws {
        var generator = SystemRandomNumberGenerator()
        let (width, height) = (301, 257)  // noise: compresses to far more than one 64 KiB chunk
        let pixels = (0..<width * height).map { _ in 0xFF00_0000 | UInt32.random(in: 0...0xFF_FFFF, using: &generator) }
        let file = try pixels.withUnsafeBufferPointer {
            try PNGEncoder.encode(pixels: $0.baseAddress!, width: width, height: height)
        }
        let image = try PNGDecoder.decode(file)
        #expect(image.dataChunks >= 3)
        let expected = pixels.flatMap { [UInt8($0 >> 16 & 0xFF), UInt8($0 >> 8 & 0xFF), UInt8($0 & 0xFF)] }
        #expect(image.pixels == expected)
    }

    @Test("An empty image is refused, not written")
    func emptyImage() throws {
        let pixels: [UInt32] = [0]
        #expect(throws: PNGEncoder.Failure.self) {
            try pixels.withUnsafeBufferPointer { try PNGEncoder.encode(pixels: $0.baseAddress!, width: 0, height: 1) }
        }
    }
}
