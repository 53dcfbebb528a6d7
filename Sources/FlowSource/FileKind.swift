import Foundation

/// What kind of file a path is, and where it really leads: the checks every file FlowGraph finds (rather
/// than is given) goes through before it is read.
public enum FileKind {
    /// A file type from `st_mode & S_IFMT` in words: `a FIFO (named pipe)`, `a socket`….
    public static func describe(_ kind: mode_t) -> String {
        switch kind {
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFDIR: return "a folder"
        case S_IFLNK: return "a symbolic link"
        case S_IFREG: return "a regular file"
        default: return "a special file"
        }
    }

    /// `path` with every symbolic link resolved, absolute; `nil` if it does not exist (a broken link, a loop).
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The path the open file `descriptor` was reached by, links resolved (`/proc/self/fd` on Linux,
    /// `F_GETPATH` on Darwin); `nil` where the platform cannot tell.
    public static func resolvedPath(of descriptor: Int32) -> String? {
        #if canImport(Darwin)
            var buffer = [CChar](repeating: 0, count: Int(MAXPATHLEN) + 1)
            guard fcntl(descriptor, F_GETPATH, &buffer) != -1 else { return nil }
            return String(cString: buffer)
        #else
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink("/proc/self/fd/\(descriptor)", &buffer, buffer.count - 1)
            guard count > 0 else { return nil }
            return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
    }

    /// Whether the resolved path `path` is the resolved folder `root` or lies below it.
    public static func isInside(_ path: String, _ root: String) -> Bool {
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
    }
}
