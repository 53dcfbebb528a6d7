import FlowGraph
import FlowModel
import Foundation
import Graphviz

/// Where `flowgraph render` writes: the formats asked for and the base path their files are named from.
public struct OutputTarget: Hashable, Sendable {
    /// The formats, in the order given.
    public var formats: [RenderFormat]
    /// The path every file name starts with, without extension (`out/plan` → `out/plan.svg`); `nil` for stdout.
    public var base: String?
    /// Whether the outputs are rendered and thrown away (`-o /dev/null`, as `dot -o /dev/null` does), never
    /// written to `/dev/null.svg`.
    public var discards = false
    /// The extension `-o` spelled for Mermaid (`.mermaid`), if not the usual `.mmd`.
    public var mermaidExtension = RenderFormat.mermaid.fileExtension

    /// The file each format is written to, for base name `base` (``base`` with a theme's suffix).
    public func fileNames(base: String) -> [String] {
        formats.map { base + "." + fileExtension(of: $0) }
    }

    /// The file one output is written to, for base name `base`: its page number and extension added.
    public func fileName(of output: RenderedOutput, base: String) -> String {
        let name = output.fileName(base: base)
        guard output.format == .mermaid, mermaidExtension != output.format.fileExtension else { return name }
        return String(name.dropLast(output.format.fileExtension.count)) + mermaidExtension
    }

    /// The extension a format's file takes here.
    func fileExtension(of format: RenderFormat) -> String {
        format == .mermaid ? mermaidExtension : format.fileExtension
    }

    /// Creates a target.
    public init(formats: [RenderFormat], base: String?, discards: Bool = false) {
        self.formats = formats
        self.base = base
        self.discards = discards
    }

    /// The path that means "render, check, and write nothing".
    public static let discardPath = "/dev/null"

    /// Works out the target from `-o` and `-T`.
    ///
    /// - `-o -` writes one format to standard output (`svg` unless `-T` names another).
    /// - `-o NAME.EXT` takes the format from the extension; `-T` may repeat it but not contradict it.
    /// - `-o NAME` (no known extension) with `-T a,b` writes `NAME.a`, `NAME.b`.
    /// - `-o FOLDER/` or an existing folder writes `FOLDER/<plan name>.<ext>` for each format.
    /// - no `-o` with one format in `-T` (or a plan read from standard input) writes it to standard output,
    ///   as `dot -Tsvg plan.gv` does; otherwise `<plan name>.<ext>` is written in the current folder.
    /// - `-o /dev/null` renders every format and writes nothing (as `dot` does), whatever `-T` asks for.
    /// - an extension FlowGraph does not write (`.SVG`, `.htm`, `.gv`, `.md`…) is an error listing those it does.
    ///
    /// `planName` is the plan file's name without its extension (`nil` for standard input); `defaultFormat`
    /// is the format when neither `-T` nor `-o` names one (a project's `.flowgraph.json` may set it).
    public static func resolve(
        output: String?, formats formatList: String?, planName: String?, defaultFormat: RenderFormat = .svg
    ) throws -> OutputTarget {
        var formats: [RenderFormat] = []
        if let formatList {
            for part in formatList.split(separator: ",", omittingEmptySubsequences: false) {
                let name = part.trimmingCharacters(in: .whitespaces)
                guard let format = RenderFormat(fileExtension: name) else {
                    throw usage(
                        "-T: unknown format '\(name)'; expected one or more of "
                            + RenderFormat.allCases.map(\.rawValue).joined(separator: ",") + " (e.g. -T svg,png)")
                }
                if !formats.contains(format) { formats.append(format) }
            }
        }
        if output == "-" || (output == nil && (formats.count == 1 || (planName == nil && formatList == nil))) {
            if formats.isEmpty { formats = [defaultFormat] }
            guard formats.count == 1 else {
                throw usage(
                    "-o - writes one format to standard output; give one format with -T, not \(formatList ?? "")")
            }
            return OutputTarget(formats: formats, base: nil)
        }
        func inFolder(_ folder: String) throws -> OutputTarget {
            guard let planName else {
                throw usage("a plan read from standard input has no name: give -o with a file name, e.g. -o plan.svg")
            }
            let separator = folder.hasSuffix("/") ? "" : "/"
            return OutputTarget(
                formats: formats.isEmpty ? [defaultFormat] : formats, base: folder + separator + planName)
        }
        guard let output else {
            return try inFolder(".")
        }
        guard !output.isEmpty else { throw usage("-o needs a file name, a folder, or - for standard output") }
        if output == discardPath {
            return OutputTarget(formats: formats.isEmpty ? [defaultFormat] : formats, base: output, discards: true)
        }
        var isDirectory: ObjCBool = false
        if output.hasSuffix("/")
            || (FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory)
                && isDirectory.boolValue)
        {
            return try inFolder(output)
        }
        let url = URL(fileURLWithPath: output)
        let fileExtension = url.pathExtension
        // `.mermaid` is Mermaid's other usual extension; the file keeps the one given.
        let named =
            RenderFormat.allCases.first { $0.fileExtension == fileExtension }
            ?? (fileExtension == Self.longMermaidExtension ? .mermaid : nil)
        if named == nil, !fileExtension.isEmpty, formats.isEmpty || looksLikeFormat(fileExtension) {
            throw usage(unwrittenExtension(fileExtension, output: output))
        }
        if let named {
            let base = String(output.dropLast(fileExtension.count + 1))
            if formats.isEmpty || formats == [named] {
                var target = OutputTarget(formats: [named], base: base)
                if named == .mermaid { target.mermaidExtension = fileExtension }
                return target
            }
            if formats.count == 1 {
                throw usage(
                    "-o \(output) is a .\(fileExtension) file but -T asks for \(formats[0].rawValue); make them agree")
            }
            throw usage(
                "with several formats (-T \(formatList ?? "")), -o is a base name or a folder, e.g. -o \(base) "
                    + "writes " + formats.map { "\(base).\($0.fileExtension)" }.joined(separator: ", "))
        }
        guard !formats.isEmpty else {
            throw usage(
                "cannot tell the format from '\(output)': end it in \(writtenExtensions), "
                    + "or give -T (e.g. -T svg,png to write \(output).svg and \(output).png)")
        }
        return OutputTarget(formats: formats, base: output)
    }

    /// The long spelling of Mermaid's extension, accepted in `-o NAME.mermaid`.
    static let longMermaidExtension = "mermaid"

    /// Every extension `render` writes, for messages: `.svg, .png, … or .mmd`.
    static var writtenExtensions: String {
        let all = RenderFormat.allCases.map { "." + $0.fileExtension } + ["." + longMermaidExtension]
        return all.dropLast().joined(separator: ", ") + " or " + all[all.count - 1]
    }

    /// Whether an extension names a drawing or text format, in any case or spelling (`SVG`, `htm`, `gv`,
    /// `mermaid`, `md`, `jpg`…), so `-o name.EXT` must not become `name.EXT.svg` behind the user's back.
    static func looksLikeFormat(_ fileExtension: String) -> Bool {
        let others = [
            "htm", "gv", "mermaid", "md", "markdown", "text", "jpg", "jpeg", "gif", "webp", "svgz", "ps", "eps",
        ]
        let lowered = fileExtension.lowercased()
        return RenderFormat(fileExtension: lowered) != nil || RenderFormat(rawValue: lowered) != nil
            || others.contains(lowered)
    }

    /// The error for `-o NAME.EXT` with an extension FlowGraph does not write, naming the nearest it does.
    static func unwrittenExtension(_ fileExtension: String, output: String) -> String {
        var message = "-o \(output): FlowGraph does not write .\(fileExtension) files; it writes \(writtenExtensions)"
        if let format = RenderFormat(fileExtension: fileExtension) ?? RenderFormat(rawValue: fileExtension.lowercased())
        {
            let base = String(output.dropLast(fileExtension.count + 1))
            message += " (did you mean -o \(base).\(format.fileExtension)?)"
        } else if ["md", "markdown"].contains(fileExtension.lowercased()) {
            message += " (Markdown hosts render .mmd Mermaid inline; .txt is plain text)"
        }
        return message
    }

    private static func usage(_ message: String) -> UsageError {
        UsageError(message)
    }
}

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
    ///
    /// On Linux the file is first written without a name (`O_TMPFILE` in its folder), then linked in as
    /// `path`: creating a named file holds its folder's lock while the file system finds a free inode, so
    /// workers writing into one folder would wait for each other there; this way they find their inodes
    /// side by side and only take the lock to link. A file system without `O_TMPFILE` gets the plain way.
    private static func writeNewFile(_ path: String, _ data: Data) -> Int32? {
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

/// Creating output folders, with the system's reason when it cannot be done.
enum OutputFolder {
    /// Creates `path` and any missing folders above it (`mkdir -p`); the error names the part that could not be
    /// made and why (`Not a directory`, `Permission denied`, `Read-only file system`…).
    static func create(_ path: String) throws(FlowGraphError) {
        if AtomicFiles.isFolder(path) { return }
        let absolute = path.hasPrefix("/") ? path : PathName.joined(FileManager.default.currentDirectoryPath, path)
        var built = ""
        for component in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            built += "/" + component
            if mkdir(built, 0o777) == 0 { continue }
            let code = errno
            if code == EEXIST, AtomicFiles.isFolder(built) { continue }
            let reason = code == EEXIST ? "\(built) is a file, not a folder" : String(cString: strerror(code))
            throw FlowGraphError(file: path, message: "cannot create the output folder: \(reason)")
        }
    }

    /// Refuses a folder no file can be written in (read-only, immutable, not ours), with one error before
    /// anything is rendered, instead of one per plan: it creates and removes a hidden probe file.
    static func checkWritable(_ path: String) throws(FlowGraphError) {
        let probe = PathName.joined(path, ".flowgraph-write-check-\(getpid())")
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            // A probe left by a process of the same number that was killed: the folder is writable.
            if code == EEXIST { return }
            throw FlowGraphError(
                file: path,
                message: "the output folder cannot be written: \(String(cString: strerror(code))). Nothing was "
                    + "rendered: make it writable or choose another -o")
        }
        close(descriptor)
        unlink(probe)
    }

    /// Holds an exclusive lock on a batch's output folder while it lives, so that two batches never
    /// write one gallery over the other's images: a second batch into the folder is refused while the first
    /// runs. The lock is `flock` on the folder itself; no file is left behind, and it ends with the process.
    final class Lock {
        private let descriptor: Int32

        /// Takes the lock on `path`, or throws when another process holds it.
        init(_ path: String) throws(FlowGraphError) {
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw FlowGraphError(
                    file: path, message: "cannot open the output folder: \(String(cString: strerror(errno)))")
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                close(descriptor)
                throw FlowGraphError(
                    file: path,
                    message: code == EWOULDBLOCK
                        ? "another flowgraph render is writing to this folder; wait for it to end, or give each "
                            + "batch its own -o"
                        : "cannot lock the output folder: \(String(cString: strerror(code)))")
            }
            self.descriptor = descriptor
        }

        deinit { close(descriptor) }
    }
}
