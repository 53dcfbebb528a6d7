internal import CGraphviz
internal import CGraphvizSupport

/// Encodes cairo's premultiplied ARGB32 pixels as a PNG file.
///
/// Graphviz's own PNG device spends most of a render in cairo's PNG writer: libpng tries all five row
/// filters on every row and zlib compresses at level 6. Diagrams are large flat areas with anti-aliased
/// text, which compress best unfiltered, so every row is written with filter 0 (none) and zlib's
/// level 3 (``compressionLevel``): about four times faster, and files about the size cairo writes. As
/// cairo does, a drawing with no transparent pixel is written as RGB, otherwise as RGBA with the alpha
/// divided back out. zlib compresses a raw deflate stream and the encoder writes the zlib wrapper around it
/// (the header, and an Adler-32 summed 16 bytes a step): the same bytes as zlib's own wrapper, for less work.
enum PNGEncoder {
    /// zlib's compression level (0…9).
    static let compressionLevel: Int32 = 3
    /// Bytes of compressed data per IDAT chunk.
    static let chunkSize = 65_536

    /// Why encoding failed.
    struct Failure: Error, Equatable {
        /// What went wrong.
        var message: String
    }

    /// The PNG file for `width` × `height` pixels, each a native-endian `UInt32` `0xAARRGGBB` with colour
    /// premultiplied by alpha, `width` pixels per row.
    static func encode(pixels: UnsafePointer<UInt32>, width: Int, height: Int) throws(Failure) -> [UInt8] {
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else {
            throw Failure(message: "a PNG cannot be \(width) × \(height) pixels")
        }
        let opaque = cgraphviz_pixels_opaque(pixels, width * height) != 0
        let channels = opaque ? 3 : 4

        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        // Bit depth 8; colour type 2 (RGB) or 6 (RGBA); deflate; adaptive filtering; not interlaced.
        header += [8, opaque ? 2 : 6, 0, 0, 0]
        file.appendChunk("IHDR", header)

        var stream = z_stream()
        guard cgraphviz_deflate_init_raw(&stream, compressionLevel) == Z_OK else {
            throw Failure(message: "zlib could not start compressing")
        }
        defer { deflateEnd(&stream) }

        var row = [UInt8](repeating: 0, count: 1 + width * channels)  // filter byte 0, then the pixels
        // The zlib stream, cut into IDAT chunks of `chunkSize` bytes: its header, the raw deflate stream, the
        // Adler-32 of every row's bytes.
        var compressed = [UInt8](repeating: 0, count: chunkSize)
        var filled = 0
        var checksum: UInt32 = 1
        append(bigEndian: UInt16(cgraphviz_zlib_header(compressionLevel)), to: &compressed, &filled, into: &file)
        for y in 0..<height {
            let line = pixels + y * width
            row.withUnsafeMutableBufferPointer { row in
                if opaque {
                    cgraphviz_png_rgb_row(line, width, row.baseAddress! + 1)
                } else {
                    writeRGBA(line, width, into: row.baseAddress! + 1)
                }
                checksum = cgraphviz_adler32(checksum, row.baseAddress, row.count)
            }
            try deflate(row, &stream, &compressed, &filled, finish: y == height - 1, into: &file)
        }
        append(bigEndian: UInt16(checksum >> 16), to: &compressed, &filled, into: &file)
        append(bigEndian: UInt16(checksum & 0xFFFF), to: &compressed, &filled, into: &file)
        if filled > 0 { file.appendChunk("IDAT", compressed[0..<filled]) }
        file.appendChunk("IEND", [])
        return file
    }

    /// Appends two bytes of the zlib stream to `buffer` (`filled` bytes used), appending it to `file` as an
    /// IDAT chunk whenever it is full.
    private static func append(
        bigEndian value: UInt16, to buffer: inout [UInt8], _ filled: inout Int, into file: inout [UInt8]
    ) {
        for byte in [UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)] {
            buffer[filled] = byte
            filled += 1
            if filled == buffer.count {
                file.appendChunk("IDAT", buffer[0..<filled])
                filled = 0
            }
        }
    }

    /// Compresses `input` into `buffer` (`filled` bytes used), appending each full buffer to `file` as an
    /// IDAT chunk; with `finish`, ends the deflate stream (the rest stays in `buffer`).
    private static func deflate(
        _ input: [UInt8], _ stream: inout z_stream, _ buffer: inout [UInt8], _ filled: inout Int, finish: Bool,
        into file: inout [UInt8]
    ) throws(Failure) {
        let status: Int32 = input.withUnsafeBufferPointer { input in
            stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.avail_in = UInt32(input.count)
            defer { stream.next_in = nil }
            while true {
                let status = buffer.withUnsafeMutableBufferPointer { output in
                    stream.next_out = output.baseAddress! + filled
                    stream.avail_out = UInt32(output.count - filled)
                    defer { filled = output.count - Int(stream.avail_out) }
                    return CGraphviz.deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
                }
                guard status == Z_OK || status == Z_STREAM_END || status == Z_BUF_ERROR else { return status }
                let full = filled == buffer.count
                if finish && status == Z_BUF_ERROR && !full { return status }  // no progress possible
                if full {
                    file.appendChunk("IDAT", buffer[0..<filled])
                    filled = 0
                }
                // zlib took all the input when it left output space unused; finishing ends at Z_STREAM_END.
                if status == Z_STREAM_END || (!finish && !full) { return Z_OK }
            }
        }
        guard status == Z_OK else { throw Failure(message: "zlib failed while compressing (status \(status))") }
    }

    /// Writes one row as RGBA, dividing premultiplied colour by alpha (rounded, as cairo's PNG writer does).
    private static func writeRGBA(_ line: UnsafePointer<UInt32>, _ width: Int, into out: UnsafeMutablePointer<UInt8>) {
        var out = out
        for x in 0..<width {
            let pixel = line[x]
            let alpha = pixel >> 24
            switch alpha {
            case 0:
                out[0] = 0
                out[1] = 0
                out[2] = 0
            case 0xFF:
                out[0] = UInt8(truncatingIfNeeded: pixel >> 16)
                out[1] = UInt8(truncatingIfNeeded: pixel >> 8)
                out[2] = UInt8(truncatingIfNeeded: pixel)
            default:
                func straight(_ channel: UInt32) -> UInt8 {
                    UInt8(truncatingIfNeeded: ((channel & 0xFF) * 255 + alpha / 2) / alpha)
                }
                out[0] = straight(pixel >> 16)
                out[1] = straight(pixel >> 8)
                out[2] = straight(pixel)
            }
            out[3] = UInt8(truncatingIfNeeded: alpha)
            out += 4
        }
    }
}

extension [UInt8] {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) })
    }

    /// Appends a PNG chunk: length, type, data and the CRC-32 of type and data.
    fileprivate mutating func appendChunk(_ type: String, _ data: some Collection<UInt8>) {
        appendBigEndian(UInt32(data.count))
        let start = count
        append(contentsOf: type.utf8)
        append(contentsOf: data)
        let checksum = self[start...].withUnsafeBufferPointer { bytes in
            crc32(0, bytes.baseAddress, UInt32(bytes.count))
        }
        appendBigEndian(UInt32(truncatingIfNeeded: checksum))
    }
}
