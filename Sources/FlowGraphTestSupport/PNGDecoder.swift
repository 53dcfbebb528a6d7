import CZlib

/// Reads an 8-bit RGB or RGBA PNG back into pixels, checking every chunk's CRC.
///
/// The shipped libraries never read PNGs; this test-support target (only test targets depend on it) exists
/// so the tests can check the Graphviz module's PNG encoder byte for byte against the pixels Graphviz's own
/// `png:cairo` device writes (which uses every row filter).
package struct PNGDecoder {
    /// A decoded image: `channels` bytes per pixel (3 = RGB, 4 = RGBA, straight alpha), rows top to bottom.
    package struct Image: Equatable {
        /// Pixels per row.
        package var width: Int
        /// Rows.
        package var height: Int
        /// Bytes per pixel: 3 (RGB) or 4 (RGBA).
        package var channels: Int
        /// The pixels, row by row.
        package var pixels: [UInt8]
        /// How many IDAT chunks held the compressed data.
        package var dataChunks: Int
    }

    /// Why a file could not be read.
    package struct Failure: Error, Equatable, CustomStringConvertible {
        /// What is wrong with the file.
        package var description: String
    }

    /// Decodes a whole PNG file.
    package static func decode(_ file: [UInt8]) throws(Failure) -> Image {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard file.starts(with: signature) else { throw Failure(description: "not a PNG file") }
        func bigEndian(_ offset: Int) -> Int {
            file[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        var offset = 8
        var header: ArraySlice<UInt8> = []
        var compressed: [UInt8] = []
        var dataChunks = 0
        var ended = false
        while offset < file.count {
            guard offset + 12 <= file.count else { throw Failure(description: "truncated chunk at \(offset)") }
            let length = bigEndian(offset)
            guard offset + 12 + length <= file.count else { throw Failure(description: "truncated chunk at \(offset)") }
            let typeAndData = file[offset + 4..<offset + 8 + length]
            let type = String(decoding: typeAndData.prefix(4), as: UTF8.self)
            let checksum = typeAndData.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
            guard checksum == bigEndian(offset + 8 + length) else { throw Failure(description: "bad CRC in \(type)") }
            let data = typeAndData.dropFirst(4)
            switch type {
            case "IHDR": header = data
            case "IDAT":
                compressed += data
                dataChunks += 1
            case "IEND": ended = true
            default: break
            }
            offset += 12 + length
        }
        guard ended, header.count == 13 else { throw Failure(description: "no IHDR or IEND chunk") }
        let fields = Array(header)
        let width = fields[0..<4].reduce(0) { $0 << 8 | Int($1) }
        let height = fields[4..<8].reduce(0) { $0 << 8 | Int($1) }
        guard fields[8] == 8, fields[10] == 0, fields[11] == 0, fields[12] == 0,
            let channels = [2: 3, 6: 4][fields[9]]
        else { throw Failure(description: "only 8-bit, non-interlaced RGB and RGBA are read") }

        let stride = width * channels
        var raw = [UInt8](repeating: 0, count: (stride + 1) * height)
        var rawCount = UInt(raw.count)
        let status = raw.withUnsafeMutableBufferPointer { output in
            compressed.withUnsafeBufferPointer { input in
                uncompress(output.baseAddress, &rawCount, input.baseAddress, UInt(input.count))
            }
        }
        guard status == Z_OK, rawCount == UInt(raw.count) else { throw Failure(description: "bad image data") }

        var pixels = [UInt8](repeating: 0, count: stride * height)
        for y in 0..<height {
            let filter = raw[y * (stride + 1)]
            let row = y * stride
            for x in 0..<stride {
                let value = raw[y * (stride + 1) + 1 + x]
                let left = x >= channels ? Int(pixels[row + x - channels]) : 0
                let up = y > 0 ? Int(pixels[row - stride + x]) : 0
                let upLeft = x >= channels && y > 0 ? Int(pixels[row - stride + x - channels]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4:
                    let estimate = left + up - upLeft
                    let (toLeft, toUp, toUpLeft) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                    predicted = toLeft <= toUp && toLeft <= toUpLeft ? left : toUp <= toUpLeft ? up : upLeft
                default: throw Failure(description: "unknown filter \(filter) on row \(y)")
                }
                pixels[row + x] = UInt8(truncatingIfNeeded: Int(value) + predicted)
            }
        }
        return Image(width: width, height: height, channels: channels, pixels: pixels, dataChunks: dataChunks)
    }
}
