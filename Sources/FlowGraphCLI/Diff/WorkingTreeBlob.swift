/// A revision's blob read from the working tree when the file there is that blob byte for byte: most files of
/// both sides of `flowgraph diff --git` are, and reading them is far cheaper than having `git cat-file`
/// inflate each loose object.
///
/// The file's bytes are used only when their object id (SHA-1, or SHA-256 in a repository of that object
/// format) is the blob's, so what is read equals what git would give whatever the working tree holds: a file
/// edited since, converted by a `.gitattributes` filter, or replaced by a link all fall back to git.
enum WorkingTreeBlob {
    /// The bytes of the file at `path` when they are the blob `id`; `nil` when they are not, when it is not a
    /// regular file (a FIFO is never waited on) or when it holds more than `limit` bytes.
    static func bytes(at path: String, id: String, limit: Int) -> [UInt8]? {
        guard id.utf8.count == 40 || id.utf8.count == 64,
            let bytes = try? InputFile.read(path, limit: limit, origin: .found(within: nil))
        else { return nil }
        return objectID(ofBlob: bytes, length: id.utf8.count) == id ? bytes : nil
    }

    /// The id git gives a blob of `bytes` in a repository whose ids are `length` hexadecimal digits long.
    static func objectID(ofBlob bytes: [UInt8], length: Int) -> String {
        let header = Array("blob \(bytes.count)\u{0}".utf8)
        guard length == 64 else { return SHA1.hexDigest(header + bytes) }
        var digest = SHA256()
        digest.update(header)
        digest.update(bytes)
        return digest.hexDigest()
    }
}
