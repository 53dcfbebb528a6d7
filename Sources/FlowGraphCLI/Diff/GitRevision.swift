import FlowModel
import Foundation

/// The plan and Swift files a git revision holds below some paths, copied into a private temporary folder:
/// the base (or head) of `flowgraph diff --git`.
///
/// The revision's own tree is read (`git ls-tree`, then `git cat-file --batch`), never what `git archive`'s
/// export rules leave: a `.gitattributes` cannot hide a file. Links and submodules are listed, not read.
struct GitRevision {
    /// The temporary folder (0700) that holds ``root`` and the control files; remove it with ``remove()``.
    let folder: URL
    /// Where the revision's files are, laid out as in the repository.
    let root: String
    /// The revision as given, e.g. `main` or `HEAD~1`.
    let revision: String
    /// Whether each of the paths holds at least one plan or Swift file at this revision.
    let holdsFiles: [Bool]
    /// What was listed and not read: links and submodules.
    let notRead: [Diagnostic]

    /// Copies the plan and Swift files below `paths` at `revision`.
    init(_ revision: String, paths: RepositoryPaths) throws(FlowGraphError) {
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw FlowGraphError(
                file: "--git", message: "'\(revision)' is not a revision; give one such as main or HEAD~1")
        }
        self.revision = revision
        let commit = try GitProcess.git(
            ["-C", paths.top, "rev-parse", "--verify", "--quiet", revision + "^{commit}"],
            failure: "no commit '\(revision)' in this repository"
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        folder = try TemporaryFolder.make()
        root = folder.appendingPathComponent("tree").path
        do {
            (holdsFiles, notRead) = try Self.copy(commit, named: revision, paths: paths, into: root, folder: folder)
        } catch {
            TemporaryFolder.remove(folder)
            throw error
        }
    }

    /// Removes the copy.
    func remove() { TemporaryFolder.remove(folder) }

    /// Lists the tree of `commit` below `paths`, writes its `.json` and `.swift` blobs under `root`, and says
    /// which paths held any and what was not read.
    private static func copy(
        _ commit: String, named revision: String, paths: RepositoryPaths, into root: String, folder: URL
    ) throws(FlowGraphError) -> ([Bool], [Diagnostic]) {
        let specs = paths.paths.contains("") ? [] : ["--"] + paths.paths
        let listing = try GitProcess.git(
            ["-C", paths.top, "--literal-pathspecs", "ls-tree", "-r", "-z", "--full-tree", commit] + specs,
            input: nil, failure: "cannot list \(paths.given.joined(separator: ", ")) at \(revision)")
        var blobs: [(id: String, path: String)] = []
        var notRead: [Diagnostic] = []
        var holds = [Bool](repeating: false, count: paths.paths.count)
        for entry in listing.split(separator: 0) {
            // "<mode> <type> <id>\t<path>"
            guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let fields = entry[..<tab].split(separator: UInt8(ascii: " "))
            let path = String(decoding: entry[(tab + 1)...], as: UTF8.self)
            guard fields.count == 3 else { continue }
            let mode = String(decoding: fields[0], as: UTF8.self)
            let type = String(decoding: fields[1], as: UTF8.self)
            let components = path.split(separator: "/", omittingEmptySubsequences: false)
            guard path.hasSuffix(".json") || path.hasSuffix(".swift") || type == "commit" else { continue }
            guard !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
                notRead.append(warning("\(revision):\(path)", "a path with an empty, . or .. part"))
                continue
            }
            switch (type, mode) {
            case ("commit", _):
                notRead.append(
                    warning("\(revision):\(path)", "a submodule; run flowgraph diff inside it to compare its files"))
            case ("blob", "120000"):
                notRead.append(warning("\(revision):\(path)", "a symbolic link in the revision"))
            case ("blob", _):
                blobs.append((String(decoding: fields[2], as: UTF8.self), path))
                for (index, given) in paths.paths.enumerated()
                where given.isEmpty || path == given || path.hasPrefix(given + "/") {
                    holds[index] = true
                }
            default: continue
            }
        }
        try write(blobs, of: revision, top: paths.top, into: root, folder: folder)
        return (holds, notRead)
    }

    /// Reads `blobs` with one `git cat-file --batch` and writes each to its path under `root`.
    private static func write(
        _ blobs: [(id: String, path: String)], of revision: String, top: String, into root: String, folder: URL
    ) throws(FlowGraphError) {
        func fail(_ what: String) -> FlowGraphError {
            FlowGraphError(file: "--git", message: "cannot copy \(revision): \(what)")
        }
        do {
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        } catch {
            throw fail(error.localizedDescription)
        }
        guard !blobs.isEmpty else { return }
        let request = folder.appendingPathComponent("objects")
        do {
            try Data(blobs.map { $0.id + "\n" }.joined().utf8).write(to: request)
        } catch {
            throw fail(error.localizedDescription)
        }
        let contents = try GitProcess.git(
            ["-C", top, "cat-file", "--batch"], input: request, failure: "cannot read \(revision)'s files")
        var offset = contents.startIndex
        for blob in blobs {
            // "<id> blob <size>\n<bytes>\n"
            guard let newline = contents[offset...].firstIndex(of: UInt8(ascii: "\n")),
                let size = contents[offset..<newline].split(separator: UInt8(ascii: " ")).last
                    .flatMap({ Int(String(decoding: $0, as: UTF8.self)) }),
                newline + 1 + size <= contents.endIndex
            else { throw fail("git cat-file gave an unexpected answer for \(blob.path)") }
            let bytes = contents[(newline + 1)..<(newline + 1 + size)]
            offset = min(newline + 2 + size, contents.endIndex)
            let file = root + "/" + blob.path
            do {
                try FileManager.default.createDirectory(
                    atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                try Data(bytes).write(to: URL(fileURLWithPath: file))
            } catch {
                throw fail("\(blob.path): \(error.localizedDescription)")
            }
        }
    }

    private static func warning(_ file: String, _ why: String) -> Diagnostic {
        Diagnostic(file: file, message: "not read: \(why)", severity: .warning)
    }
}
