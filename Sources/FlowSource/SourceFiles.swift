import FlowModel
import Foundation

/// Finding the Swift files `flowgraph scan` reads under the paths it is given.
public enum SourceFiles {
    /// Folders never entered: build products and Xcode's derived data.
    public static let skippedFolders: Set<String> = [".build", "DerivedData", ".git", ".swiftpm"]

    /// A `.swift` file to read, and the folder it was found in (`nil` for a file given by name).
    public struct Found: Hashable, Sendable {
        /// The file, e.g. `App/Sources/Home.swift`.
        public var path: String
        /// The folder given that it was found in; the file must still lie inside it when opened.
        public var root: String?
    }

    /// An entry under a folder that is not read, and why — a `.swift` file scan leaves out, a plan a batch does
    /// not render; listed, never silent.
    public struct NotRead: Codable, Hashable, Sendable, CustomStringConvertible {
        /// The entry as found, e.g. `Samples/link.json` (a name that is not UTF-8 shows its bad bytes as `�`).
        public var path: String
        /// Why it is not read.
        public var reason: String
        /// Whether it is one that cannot be read (the command then fails), rather than one left out on purpose
        /// (a symbolic link leading outside the folder).
        public var isFailure: Bool

        /// An entry left out at `path` for `reason`.
        public init(path: String, reason: String, isFailure: Bool) {
            self.path = path
            self.reason = reason
            self.isFailure = isFailure
        }

        /// `PATH: REASON`.
        public var description: String { "\(path): \(reason)" }
    }

    /// The files to read and the entries left out.
    public struct Listing: Hashable, Sendable {
        /// The `.swift` files, each once, in the order found.
        public var files: [Found] = []
        /// The entries not read, with why.
        public var notRead: [NotRead] = []
    }

    /// The `.swift` files at `paths` (files as given, folders searched recursively, in name order), each once.
    ///
    /// A path that does not exist, or a file given by name that is not a `.swift` file, is an error. Under a
    /// folder, as in a batch, a symbolic link leading outside it is listed, not read; a `.swift` entry that is
    /// not a regular file (a FIFO would block), a broken link or link loop, a folder that cannot be listed and
    /// a path longer than `PATH_MAX` are listed as failures.
    public static func list(_ paths: [String]) throws(FlowGraphError) -> Listing {
        var listing = Listing()
        var seen: Set<String> = []
        let manager = FileManager.default
        for path in paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw FlowGraphError(file: path, message: "no such file or folder")
            }
            if !isFolder.boolValue {
                guard path.hasSuffix(".swift") else {
                    throw FlowGraphError(file: path, message: "not a Swift file; give .swift files or folders")
                }
                if seen.insert(path).inserted { listing.files.append(Found(path: path, root: nil)) }
                continue
            }
            list(folder: path, into: &listing, seen: &seen)
        }
        return listing
    }

    /// The `.swift` files at `paths`, for callers that read every file found (tests, benchmarks); an entry that
    /// cannot be read is an error.
    public static func swiftFiles(in paths: [String]) throws(FlowGraphError) -> [String] {
        let listing = try list(paths)
        try listing.refuseFailures()
        return listing.files.map(\.path)
    }

    /// The `.swift` files directly in the folder of the file `path` (not below it), other than `path` itself:
    /// the neighbours a function's types are often declared in; found files, under the same rules as `list`.
    public static func neighbours(of path: String) -> Listing {
        var folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        if folder.isEmpty { folder = "/" }
        var listing = Listing()
        var seen: Set<String> = []
        list(folder: folder, into: &listing, seen: &seen, recursive: false)
        let own = FileKind.realPath(path)
        listing.files.removeAll { FileKind.realPath($0.path) == own }
        return listing
    }

    private static func list(
        folder: String, into listing: inout Listing, seen: inout Set<String>, recursive: Bool = true
    ) {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        var walk = FolderWalk(folder)
        walk.enter = { _, name, _ in recursive && !skippedFolders.contains(name) }
        func isSwift(_ relative: String) -> Bool { relative.hasSuffix(".swift") }
        func note(_ relative: String, _ reason: String, failure: Bool) {
            listing.notRead.append(NotRead(path: prefix + relative, reason: reason, isFailure: failure))
        }
        walk.walk { event in
            switch event {
            case .folder: break
            case .file(let relative, let kind):
                guard isSwift(relative) else { return }
                guard kind == S_IFREG else {
                    note(relative, "not read: \(FileKind.describe(kind)), not a regular file", failure: true)
                    return
                }
                let path = prefix + relative
                if seen.insert(path).inserted { listing.files.append(Found(path: path, root: folder)) }
            case .outsideLink(let relative, let target, let kind):
                guard isSwift(relative) || kind == S_IFDIR else { return }
                note(relative, "not read: a symbolic link to \(target), outside \(folder)", failure: false)
            case .brokenLink(let relative, let reason):
                guard isSwift(relative) else { return }
                note(relative, "cannot be read: a symbolic link that leads nowhere (\(reason))", failure: true)
            case .unreadableFolder(let relative, let reason):
                listing.notRead.append(
                    NotRead(
                        path: relative.isEmpty ? folder : prefix + relative,
                        reason: "folder cannot be read: \(reason)", isFailure: true))
            case .invalidName(let shown, let isFolder):
                guard isFolder || isSwift(shown) else { return }
                note(
                    shown, (isFolder ? "folder not searched" : "not read") + ": its name is not valid UTF-8; rename it",
                    failure: true)
            case .tooLong(let relative):
                note(
                    relative,
                    "cannot be read: its path is longer than the system's limit of \(FolderWalk.pathMaximum) bytes",
                    failure: true)
            }
        }
    }
}

extension SourceFiles.Listing {
    /// Throws one error listing every entry that is source that cannot be read.
    public func refuseFailures() throws(FlowGraphError) {
        let failures = notRead.filter(\.isFailure)
        guard !failures.isEmpty else { return }
        throw FlowGraphError(diagnostics: failures.map { Diagnostic(file: $0.path, message: $0.reason) })
    }

    /// The entries left out on purpose, as warnings (`PATH: warning: REASON`).
    public var warnings: [Diagnostic] {
        notRead.filter { !$0.isFailure }.map { Diagnostic(file: $0.path, message: $0.reason, severity: .warning) }
    }
}
