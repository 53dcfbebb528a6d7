import FlowModel
import Foundation

/// Reads input files for commands, turning every failure into a located error.
public enum InputFile {
    /// The largest input file read by default, in bytes (``Limits/fileSize``).
    public static let maximumSize = Limits.default.fileSize

    /// The bytes of `path`, or of standard input for `-`; more than `limit` bytes is an error.
    ///
    /// At most `limit + 1` bytes are ever read, so a huge file, a pipe that never ends or a device such as
    /// `/dev/zero` fails at once instead of filling memory.
    public static func read(_ path: String, limit: Int = maximumSize) throws(FlowGraphError) -> [UInt8] {
        if path == "-" {
            return try read(FileHandle.standardInput, name: "-", limit: limit)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FlowGraphError(file: path, message: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw FlowGraphError(file: path, message: "is a directory; expected a plan file (.json)")
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > limit {
            throw tooLarge(path, size: "\(size) bytes", limit: limit)
        }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw FlowGraphError(file: path, message: "cannot be read (check its permissions)")
        }
        defer { try? handle.close() }
        return try read(handle, name: path, limit: limit)
    }

    private static func read(_ handle: FileHandle, name: String, limit: Int) throws(FlowGraphError) -> [UInt8] {
        var bytes: [UInt8] = []
        while bytes.count <= limit {
            let chunk: Data?
            do {
                chunk = try handle.read(upToCount: min(1 << 20, limit + 1 - bytes.count))
            } catch {
                throw FlowGraphError(file: name, message: "cannot be read: \(error.localizedDescription)")
            }
            guard let chunk, !chunk.isEmpty else { return bytes }
            bytes += chunk
        }
        throw tooLarge(name, size: "more than \(limit) bytes", limit: limit)
    }

    private static func tooLarge(_ path: String, size: String, limit: Int) -> FlowGraphError {
        let limits = Limits.default
        var raised = limits
        raised.fileSize = limit
        return FlowGraphError(
            file: path,
            message: "is \(size); input files are limited to \(limit) bytes " + raised.exceeded(.fileSize))
    }
}
