import FlowGraph
import FlowModel
import Foundation
import Graphviz

/// Writes a set of files all or nothing: each goes to a temporary file in its folder first, and only when
/// every one is written are they renamed into place. On any error the temporary files are removed and
/// existing files keep their old contents.
///
/// SIGINT, SIGTERM and SIGHUP are held back while a set is written: one that arrives meanwhile takes effect
/// when the whole set is in place (or, on an error, when the temporary files are gone), so an interrupted
/// command never leaves temporaries or a set that is half new, half old.
public enum AtomicFiles {
    /// The test-only environment switch that raises SIGINT between the first and second rename of a set,
    /// standing in for a Ctrl-C at the worst moment. Never set it outside tests.
    static let interruptEnvironmentKey = "FLOWGRAPH_TEST_INTERRUPT_COMMIT"

    /// The name of the temporary file for `path` with `token`: `.NAME.TOKEN.tmp` next to it.
    static func temporaryName(for path: String, token: String) -> String {
        ".\(PathName.lastComponent(of: path)).\(token).tmp"
    }

    /// A fresh random token for temporary names: 32 hexadecimal digits (128 bits from the system's
    /// generator), so no other file's name can match.
    static func freshToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return [generator.next(), generator.next()].map { (value: UInt64) in
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
    }

    /// Writes `files` (path → bytes); creates missing folders only once everything rendered.
    ///
    /// With `root`, every file must land inside that folder once symbolic links are resolved: a folder
    /// below it that links elsewhere is refused rather than written through. The temporary files are named
    /// `.NAME.TOKEN.tmp` with a fresh random `token` unless one is given (a batch gives each plan its own,
    /// so it can remove exactly that plan's temporaries if its worker is killed).
    public static func write(
        _ files: [(path: String, data: Data)], within root: String? = nil, token: String? = nil
    ) throws(FlowGraphError) {
        let token = token ?? freshToken()
        var temporaries: [(temporary: String, path: String)] = []
        var renamed = 0
        var held = sigset_t()
        var previous = sigset_t()
        sigemptyset(&held)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&held, signal) }
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer {
            for entry in temporaries.dropFirst(renamed) { unlink(entry.temporary) }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        for (path, data) in files {
            // Plain string paths and plain system calls: Foundation's URL and FileManager would stat each path
            // again (is it a folder?) and ask for the current folder, per file of every plan of a batch.
            let folder = folderPath(of: path)
            if isFolder(path) {
                throw FlowGraphError(file: path, message: "is a folder; cannot write the output there")
            }
            if let root {
                try checkInside(folder, root: root, file: path)
            } else {
                try OutputFolder.create(folder)
            }
            let temporary = PathName.joined(folder, temporaryName(for: path, token: token))
            if let code = writeNewFile(temporary, data) {
                let hint =
                    code == EFBIG
                    ? " (a file-size limit, ulimit -f?)"
                    : [EACCES, EPERM, EROFS].contains(code) ? " (is the folder writable?)" : ""
                throw FlowGraphError(
                    file: path, message: "cannot be written: \(String(cString: strerror(code)))\(hint)")
            }
            temporaries.append((temporary, path))
        }
        let interruptForTest = getenv(interruptEnvironmentKey).map { String(cString: $0) == "1" } ?? false
        for entry in temporaries {
            guard rename(entry.temporary, entry.path) == 0 else {
                let code = errno
                throw FlowGraphError(
                    file: entry.path, message: "cannot be replaced: \(String(cString: strerror(code)))")
            }
            renamed += 1
            if interruptForTest, renamed == 1 { raise(SIGINT) }
        }
    }

    /// The folder a file is written in: `a/b` for `a/b/c.svg`, `.` for `c.svg`, `/` for `/c.svg`.
    static func folderPath(of path: String) -> String {
        let folder = PathName.folder(of: path)
        return folder.isEmpty ? "." : folder
    }

    /// Whether `path` is a folder (following symbolic links, as opening it would).
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Creates `folder` (and the output folder `root`, the user's choice) unless a symbolic link below `root`
    /// would lead the file elsewhere: the deepest folder that exists is checked before any below it is
    /// created, so nothing is created through a link either. A file straight in `root` needs no check.
    private static func checkInside(_ folder: String, root: String, file path: String) throws(FlowGraphError) {
        try OutputFolder.create(root)
        if trimmedFolder(folder) == trimmedFolder(root) { return }
        var existing = folder
        while !pathExists(existing), existing != "/", existing != "." {
            existing = folderPath(of: existing)
        }
        guard isInside(existing, root) else {
            throw FlowGraphError(
                file: path,
                message: "would be written outside the output folder \(root) (a symbolic link leads "
                    + "elsewhere); remove the link or choose another output folder")
        }
        try OutputFolder.create(folder)
    }

    /// `folder` without trailing slashes and a leading `./`, to tell a file written straight in the output
    /// folder.
    private static func trimmedFolder(_ folder: String) -> Substring {
        var trimmed = Substring(folder)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        while trimmed.hasPrefix("./"), trimmed.count > 2 { trimmed = trimmed.dropFirst(2) }
        return trimmed
    }

    /// Whether anything exists at `path`, following symbolic links.
    private static func pathExists(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0
    }

    /// Creates `path` (which must not exist) with `data`; returns `errno` on failure, leaving no file behind.
    /// Nothing is synced to the disk (`Data.write(to:)` syncs each file: 2,000 syncs were most of a `diff
    /// --git`'s time when it copied revisions that way).
    ///
    /// On Linux the file is first written without a name (`O_TMPFILE` in its folder), then linked in as
    /// `path`: creating a named file holds its folder's lock while the file system finds a free inode, so
    /// workers writing into one folder would wait for each other there; this way they find their inodes
    /// side by side and only take the lock to link. A file system without `O_TMPFILE` gets the plain way.
    static func writeNewFile(_ path: String, _ data: Data) -> Int32? {
        #if os(Linux)
            if let result = writeUnnamedThenLink(path, data) { return result == 0 ? nil : result }
        #endif
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard descriptor >= 0 else { return errno }
        var failure = data.writeAll(to: descriptor)
        if close(descriptor) != 0 && failure == nil { failure = errno }
        if failure != nil { unlink(path) }
        return failure
    }

    #if os(Linux)
        /// `open(2)`'s `O_TMPFILE`, which Glibc's module does not import: `__O_TMPFILE | O_DIRECTORY`.
        private static let unnamedFileFlag: Int32 = 0o20_000_000 | O_DIRECTORY

        /// Writes `data` into an unnamed file in `path`'s folder and links it in as `path`; 0 when done,
        /// `errno` when that failed (nothing is left behind), `nil` when the file system cannot make unnamed
        /// files (the caller creates the file by name instead).
        private static func writeUnnamedThenLink(_ path: String, _ data: Data) -> Int32? {
            let descriptor = open(folderPath(of: path), unnamedFileFlag | O_WRONLY | O_CLOEXEC, 0o666)
            guard descriptor >= 0 else {
                return [EOPNOTSUPP, EISDIR, EINVAL, ENOENT].contains(errno) ? nil : errno
            }
            defer { close(descriptor) }
            if let failure = data.writeAll(to: descriptor) { return failure }
            // The descriptor's /proc entry names the file; following it links the file itself (as
            // AT_EMPTY_PATH would, which needs a capability).
            guard linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, path, AT_SYMLINK_FOLLOW) == 0 else {
                let code = errno
                // No /proc, or a file system that will not link it: write it by name instead.
                return [ENOENT, EXDEV, EPERM, EOPNOTSUPP].contains(code) && !pathExists(path) ? nil : code
            }
            return 0
        }
    #endif

    /// Whether `folder`, with symbolic links resolved, is `root` or lies below it.
    static func isInside(_ folder: String, _ root: String) -> Bool {
        let resolved = URL(fileURLWithPath: folder).resolvingSymlinksInPath().standardizedFileURL.pathComponents
        let base = URL(fileURLWithPath: root).resolvingSymlinksInPath().standardizedFileURL.pathComponents
        return resolved.count >= base.count && Array(resolved.prefix(base.count)) == base
    }
}

extension Data {
    /// Writes every byte to a file descriptor, retrying after interruptions; returns `errno` on failure.
    func writeAll(to descriptor: Int32) -> Int32? {
        withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }
}
