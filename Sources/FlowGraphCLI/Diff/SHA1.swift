/// SHA-1 (FIPS 180-4) of a whole message: the object id git gives a blob (`"blob <size>\0" + bytes`), so that
/// `flowgraph diff --git` can tell a working-tree file that is exactly a revision's blob without asking git.
///
/// Not for security: it only decides where bytes that must equal a blob are read from.
enum SHA1 {
    /// The digest of `message` as 40 lowercase hexadecimal digits.
    static func hexDigest(_ message: [UInt8]) -> String {
        var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (
            0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0
        )
        let bits = UInt64(message.count) &* 8
        var tail = Array(message[(message.count / 64 * 64)...]) + [0x80]
        while tail.count % 64 != 56 { tail.append(0) }
        tail += (0..<8).reversed().map { UInt8(truncatingIfNeeded: bits >> (UInt64($0) * 8)) }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { words in
            message.withUnsafeBufferPointer { bytes in
                for start in stride(from: 0, to: message.count / 64 * 64, by: 64) {
                    compress(bytes, at: start, into: &state, words: words)
                }
            }
            tail.withUnsafeBufferPointer { bytes in
                for start in stride(from: 0, to: bytes.count, by: 64) {
                    compress(bytes, at: start, into: &state, words: words)
                }
            }
        }
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(40)
        for word in [state.0, state.1, state.2, state.3, state.4] {
            for shift in stride(from: 28, through: 0, by: -4) { text.append(digits[Int((word >> UInt32(shift)) & 15)]) }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Mixes the 64 bytes of `bytes` from `start` into `state`; `words` is scratch room for 80 words.
    private static func compress(
        _ bytes: UnsafeBufferPointer<UInt8>, at start: Int, into state: inout (UInt32, UInt32, UInt32, UInt32, UInt32),
        words: UnsafeMutableBufferPointer<UInt32>
    ) {
        for index in 0..<16 { words[index] = bytes.bigEndianWord(at: start + index * 4) }
        for index in 16..<80 {
            words[index] = (words[index - 3] ^ words[index - 8] ^ words[index - 14] ^ words[index - 16]).rotatedLeft(1)
        }
        var (a, b, c, d, e) = state
        for index in 0..<80 {
            let mixed: UInt32
            let constant: UInt32
            switch index {
            case 0..<20: (mixed, constant) = ((b & c) | (~b & d), 0x5A82_7999)
            case 20..<40: (mixed, constant) = (b ^ c ^ d, 0x6ED9_EBA1)
            case 40..<60: (mixed, constant) = ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
            default: (mixed, constant) = (b ^ c ^ d, 0xCA62_C1D6)
            }
            let next = a.rotatedLeft(5) &+ mixed &+ e &+ constant &+ words[index]
            (e, d, c, b, a) = (d, c, b.rotatedLeft(30), a, next)
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }
}

extension UInt32 {
    fileprivate func rotatedLeft(_ count: UInt32) -> UInt32 { (self << count) | (self >> (32 - count)) }
}
