import FlowModel
import FlowSource
import Foundation

/// Reads input files for commands, turning every failure into a located error.
public enum InputFile {
    /// The largest input file read by default, in bytes (``Limits/fileSize``).
    public static let maximumSize = Limits.default.fileSize

    /// How a file came to be read, which decides what it may be.
    public enum Origin: Hashable, Sendable {
        /// Named by the user: any file that can be read, a pipe (`<(cat plan.json)`) or device included.
        case named
        /// Found by FlowGraph (in a folder it lists, as a project's `.flowgraph.json`, or re-read by `--watch`):
        /// only a regular file, so a FIFO cannot block the command; with `root`, one that, once opened and its
        /// symbolic links resolved, lies inside that folder, so a file swapped for a link leading elsewhere
        /// after the folder was listed is refused rather than read.
        case found(within: String?)
    }

    /// The bytes of `path`, or of standard input for `-`; more than `limit` bytes is an error.
    ///
    /// At most `limit + 1` bytes are ever read, so a huge file, a pipe that never ends or a device such as
    /// `/dev/zero` fails at once instead of filling memory. A file of `origin` ``Origin/found(within:)`` is
    /// checked on the opened descriptor itself (regular, inside its folder) before any byte is read.
    ///
    /// `fixedLimit` names what a limit that no `--limit` raises bounds (`a .flowgraph.json`), for the message.
    public static func read(
        _ path: String, limit: Int = maximumSize, origin: Origin = .named, fixedLimit: String? = nil
    ) throws(FlowGraphError) -> [UInt8] {
        if path == "-" {
            return try read(FileHandle.standardInput, name: "-", limit: limit, fixedLimit: fixedLimit)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FlowGraphError(file: path, message: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw FlowGraphError(file: path, message: "is a directory; expected a plan file (.json)")
        }
        let handle: FileHandle
        if case .found(let root) = origin {
            handle = try openFound(path, within: root)
        } else {
            guard let named = FileHandle(forReadingAtPath: path) else {
                throw FlowGraphError(file: path, message: "cannot be read (check its permissions)")
            }
            handle = named
        }
        defer { try? handle.close() }
        var status = stat()
        var size: Int?
        if fstat(handle.fileDescriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
            guard Int(status.st_size) <= limit else {
                throw tooLarge(path, size: "\(status.st_size) bytes", limit: limit, fixedLimit: fixedLimit)
            }
            size = Int(status.st_size)
        }
        return try read(handle, name: path, limit: limit, fixedLimit: fixedLimit, expecting: size)
    }

    /// Opens a found file without blocking (a FIFO's `open` waits for a writer) and checks the descriptor:
    /// a regular file, inside `root` when one is given.
    private static func openFound(_ path: String, within root: String?) throws(FlowGraphError) -> FileHandle {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else {
            throw FlowGraphError(file: path, message: "cannot be read: \(String(cString: strerror(errno)))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw FlowGraphError(file: path, message: "cannot be read: \(String(cString: strerror(errno)))")
        }
        let kind = status.st_mode & S_IFMT
        guard kind == S_IFREG else {
            throw FlowGraphError(file: path, message: "not read: \(FileKind.describe(kind)), not a regular file")
        }
        if let root, let opened = FileKind.resolvedPath(of: descriptor), let base = FileKind.realPath(root),
            !FileKind.isInside(opened, base)
        {
            throw FlowGraphError(
                file: path,
                message: "not read: it now leads to \(opened), outside \(root) (a symbolic link put in its place?)")
        }
        // Reading a regular file never blocks; clear the flag all the same.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return handle
    }

    /// Reads to the end; `expecting` is the size a regular file had, which sizes the reads (it may still grow).
    private static func read(
        _ handle: FileHandle, name: String, limit: Int, fixedLimit: String?, expecting size: Int? = nil
    ) throws(FlowGraphError) -> [UInt8] {
        // Plain read(2) into one growing buffer: FileHandle's reads stat the file again for every chunk.
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: size.map { min(1 << 16, max(4096, $0 + 1)) } ?? 1 << 16)
        while bytes.count <= limit {
            let wanted = min(chunk.count, limit + 1 - bytes.count)
            let count = chunk.withUnsafeMutableBytes { Glibc.read(handle.fileDescriptor, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FlowGraphError(file: name, message: "cannot be read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { return bytes }
            bytes += chunk[..<count]
        }
        throw tooLarge(name, size: "more than \(limit) bytes", limit: limit, fixedLimit: fixedLimit)
    }

    /// The error for an input file of `size` over `limit` bytes, saying how to raise the limit.
    static func tooLarge(_ path: String, size: String, limit: Int, fixedLimit: String?) -> FlowGraphError {
        if let fixedLimit {
            return FlowGraphError(file: path, message: "is \(size); \(fixedLimit) is limited to \(limit) bytes")
        }
        let limits = Limits.default
        var raised = limits
        raised.fileSize = limit
        return FlowGraphError(
            file: path,
            message: "is \(size); input files are limited to \(limit) bytes " + raised.exceeded(.fileSize))
    }
}
