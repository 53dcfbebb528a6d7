import Foundation
import Testing

@testable import FlowGraphCLI

/// The scan cache's key: SHA-256 as FIPS 180-4's examples give it, whatever pieces the bytes come in.
@Suite struct SHA256Tests {
    static func digest(_ bytes: [UInt8]) -> String {
        var digest = SHA256()
        digest.update(bytes)
        return digest.hexDigest()
    }

    @Test func matchesTheStandardsExamples() {
        #expect(Self.digest([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(Self.digest(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            Self.digest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            Self.digest(Array(repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func piecesOfAnySizeGiveTheDigestOfTheWhole() {
        let bytes = (0..<1_000).map { UInt8(truncatingIfNeeded: $0 &* 37) }
        let whole = Self.digest(bytes)
        for size in [1, 7, 55, 56, 63, 64, 65, 129] {
            var digest = SHA256()
            for start in stride(from: 0, to: bytes.count, by: size) {
                digest.update(Array(bytes[start..<min(start + size, bytes.count)]))
            }
            #expect(digest.hexDigest() == whole, "pieces of \(size)")
        }
    }

    @Test func fieldsAreToldApartWhereverTheyAreCut() {
        var first = SHA256()
        first.update(field: "ab")
        first.update(field: "c")
        var second = SHA256()
        second.update(field: "a")
        second.update(field: "bc")
        #expect(first.hexDigest() != second.hexDigest())
    }
}
