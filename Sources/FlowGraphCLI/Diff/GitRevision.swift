import FlowModel
import Foundation

/// Paths as a git revision holds them, read with `git` itself into a temporary folder: the base (or head) of
/// `flowgraph diff --git`.
struct GitRevision {
    /// The temporary folder the revision's files are in; remove it with ``remove()``.
    let folder: URL
    /// The repository's top folder.
    let top: String
    /// The revision as given, e.g. `main` or `HEAD~1`.
    let revision: String

    /// Copies `paths` (relative to the current folder, inside one repository) at `revision`.
    init(_ revision: String, paths: [String]) throws(FlowGraphError) {
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw FlowGraphError(
                file: "--git", message: "'\(revision)' is not a revision; give one such as main or HEAD~1")
        }
        self.revision = revision
        top = try Self.git(["rev-parse", "--show-toplevel"]).trimmingCharacters(in: .newlines)
        _ = try Self.git(
            ["rev-parse", "--verify", "--quiet", revision + "^{commit}"],
            failure: "no commit '\(revision)' in this repository")
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-diff-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw FlowGraphError(
                file: folder.path, message: "cannot make a temporary folder: \(error.localizedDescription)")
        }
        let prefix = try Self.git(["rev-parse", "--show-prefix"]).trimmingCharacters(in: .newlines)
        let archive = folder.appendingPathComponent("revision.tar")
        _ = try Self.git(
            ["archive", "--format=tar", "-o", archive.path, revision, "--"] + paths.map { prefix + Self.clean($0) },
            failure: "cannot read \(paths.joined(separator: ", ")) at \(revision)")
        try Self.run(
            "/usr/bin/env", ["tar", "-xf", archive.path, "-C", folder.path], failure: "cannot unpack \(revision)")
        try? FileManager.default.removeItem(at: archive)
        self.prefix = prefix
    }

    /// The current folder's path below the repository's top, with a trailing `/` (empty at the top).
    let prefix: String

    /// Where `path` (relative to the current folder) is in the copy.
    func copy(of path: String) -> String {
        folder.appendingPathComponent(prefix + Self.clean(path)).path
    }

    /// Removes the copy.
    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// `path` without a leading `./`, `.` for the current folder as the empty path.
    private static func clean(_ path: String) -> String {
        var path = path
        while path.hasPrefix("./") { path.removeFirst(2) }
        return path == "." ? "" : path
    }

    /// Runs git and returns what it printed.
    private static func git(_ arguments: [String], failure: String? = nil) throws(FlowGraphError) -> String {
        try run("/usr/bin/env", ["git"] + arguments, failure: failure ?? "git \(arguments.first ?? "") failed")
    }

    /// Runs a program, returning its standard output; a non-zero exit is an error naming `failure` and what
    /// the program said.
    @discardableResult
    private static func run(_ executable: String, _ arguments: [String], failure: String) throws(FlowGraphError)
        -> String
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw FlowGraphError(file: "--git", message: "\(failure): cannot run \(arguments.first ?? executable)")
        }
        let output = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let said = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let reason = said.split(separator: "\n").first.map { ": " + $0 } ?? ""
            throw FlowGraphError(file: "--git", message: failure + reason)
        }
        return output
    }
}
