import FlowGraphTestSupport
import Foundation
import Testing

@testable import FlowGraphCLI

/// `flowgraph diff --git` reads a revision's file from the working tree only when the file there is exactly
/// the revision's blob: the object id it computes is git's own, and anything else falls back to git.
@Suite struct WorkingTreeBlobTests {
    @Test func sha1GivesTheStandardsDigests() {
        #expect(SHA1.hexDigest([]) == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
        #expect(SHA1.hexDigest(Array("abc".utf8)) == "a9993e364706816aba3e25717850c26c9cd0d89d")
        #expect(
            SHA1.hexDigest(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "84983e441c3bd26ebaae4aa1f95129e5e54670f1")
        #expect(
            SHA1.hexDigest([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "34aa973cd4c4daa4f61eeb2bdbad27316534016f")
    }

    /// Sizes on each side of SHA's 64-byte blocks and of the 55 bytes that leave room for the length.
    static let sizes = [0, 1, 40, 47, 48, 55, 56, 63, 64, 65, 119, 120, 128, 1_000, 70_001]

    @Test(arguments: ["sha1", "sha256"])
    func blobIDsAreTheOnesGitGives(format: String) throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let git = try #require(try Self.git(["init", "-q", "--object-format=\(format)", "."], in: folder.url))
        #expect(git.isEmpty)
        var random = SeededRandom(seed: 41)
        var contents: [[UInt8]] = []
        for (index, size) in Self.sizes.enumerated() {
            let bytes = (0..<size).map { _ in UInt8(random.next(256)) }
            try Data(bytes).write(to: folder.url.appendingPathComponent("f\(index)"))
            contents.append(bytes)
        }
        let ids = try #require(try Self.git(["hash-object"] + Self.sizes.indices.map { "f\($0)" }, in: folder.url))
            .split(separator: "\n").map(String.init)
        try #require(ids.count == contents.count)
        for (bytes, id) in zip(contents, ids) {
            #expect(WorkingTreeBlob.objectID(ofBlob: bytes, length: id.count) == id, "\(bytes.count) bytes")
        }
    }

    @Test func aFileIsReadOnlyWhenItIsTheBlobAndAnOrdinaryFile() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let text = Array("struct Cart {}\n".utf8)
        let file = folder.url.appendingPathComponent("Cart.swift")
        try Data(text).write(to: file)
        let id = try #require(try Self.git(["hash-object", "Cart.swift"], in: folder.url)).trimmingCharacters(
            in: .newlines)
        #expect(WorkingTreeBlob.bytes(at: file.path, id: id, limit: 1 << 20) == text)
        // Too large to read, or edited since: the blob is git's to give.
        #expect(WorkingTreeBlob.bytes(at: file.path, id: id, limit: text.count - 1) == nil)
        try Data("struct Cart { }\n".utf8).write(to: file)
        #expect(WorkingTreeBlob.bytes(at: file.path, id: id, limit: 1 << 20) == nil)
        // A FIFO is not waited on; a folder, a missing file and an id of no known length are not read.
        let fifo = folder.url.appendingPathComponent("Pipe.swift")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        #expect(WorkingTreeBlob.bytes(at: fifo.path, id: id, limit: 1 << 20) == nil)
        #expect(WorkingTreeBlob.bytes(at: folder.url.path, id: id, limit: 1 << 20) == nil)
        #expect(WorkingTreeBlob.bytes(at: folder.url.appendingPathComponent("No.swift").path, id: id, limit: 99) == nil)
        try Data(text).write(to: file)
        #expect(WorkingTreeBlob.bytes(at: file.path, id: String(id.prefix(39)), limit: 1 << 20) == nil)
    }

    /// What `git arguments` printed in `folder`, or `nil` when it failed.
    static func git(_ arguments: [String], in folder: URL) throws -> String? {
        let run = try BuiltBinary.runTool(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: folder)
        return run.status == 0 ? run.output : nil
    }
}
