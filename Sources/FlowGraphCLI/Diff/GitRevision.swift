import FlowModel
import Foundation

/// The plan and Swift files a git revision holds below some paths: the base (or head) of `flowgraph diff --git`.
/// Its `.json` files are copied into a private temporary folder (a plan is played from its file, next to its
/// project's `.flowgraph.json`); its Swift files are held in memory, at the paths they would have there, and
/// scanned from there.
///
/// The revision's own tree is read (`git ls-tree`, then `git cat-file --batch`), never what `git archive`'s
/// export rules leave: a `.gitattributes` cannot hide a file. A submodule is read at the commit the revision
/// records, from its checkout here, as the working tree's side reads its files; links are listed, not read.
struct GitRevision {
    /// The temporary folder (0700, a ``TemporaryFolder`` its caller made and removes) that holds ``root`` and the
    /// control files.
    let folder: URL
    /// Where the revision's `.json` files are, laid out as in the repository, with a folder for each folder
    /// that holds a Swift file (the files themselves are ``swiftFiles``).
    let root: String
    /// The revision as given, e.g. `main` or `HEAD~1`.
    let revision: String
    /// The Swift files, each at its path below ``root``, in the order a walk of ``root`` would find them.
    let swiftFiles: [HeldSource]
    /// Whether each of the paths holds at least one plan or Swift file at this revision.
    let holdsFiles: [Bool]
    /// What was listed and not read: links, and submodules that are not checked out here.
    let notRead: [Diagnostic]

    /// The test-only environment switch that raises SIGINT once a revision is copied, standing in for a Ctrl-C
    /// while its copy exists. Never set it outside tests.
    static let interruptEnvironmentKey = "FLOWGRAPH_TEST_INTERRUPT_DIFF"

    /// Copies the plan files below `paths` at `revision` into `folder` and reads its Swift files.
    ///
    /// The caller makes `folder` before and removes it after, so that every folder a diff copies into is known
    /// to the SIGINT cleanup before either copy starts (the two are made at once).
    init(_ revision: String, paths: RepositoryPaths, in folder: URL) throws(FlowGraphError) {
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw FlowGraphError(
                file: "--git", message: "'\(revision)' is not a revision; give one such as main or HEAD~1")
        }
        self.revision = revision
        let commit = try GitProcess.git(
            ["-C", paths.top, "rev-parse", "--verify", "--quiet", revision + "^{commit}"],
            failure: "no commit '\(revision)' in this repository"
        ).trimmingCharacters(in: .whitespacesAndNewlines)
        self.folder = folder
        root = folder.appendingPathComponent("tree").path
        (holdsFiles, notRead, swiftFiles) = try Self.copy(
            commit, named: revision, paths: paths, into: root, folder: folder)
        if getenv(Self.interruptEnvironmentKey).map({ String(cString: $0) == "1" }) == true { raise(SIGINT) }
    }

    /// Lists the tree of `commit` below `paths`, writes its `.json` blobs under `root` and reads its `.swift`
    /// blobs, and says which paths held any and what was not read.
    private static func copy(
        _ commit: String, named revision: String, paths: RepositoryPaths, into root: String, folder: URL
    ) throws(FlowGraphError) -> ([Bool], [Diagnostic], [HeldSource]) {
        var holds = [Bool](repeating: false, count: paths.paths.count)
        var notRead: [Diagnostic] = []
        let held = try copy(
            commit, named: revision, repository: paths.top, prefix: "", wanted: paths.paths, into: root,
            folder: folder
        ) { path in
            for (index, given) in paths.paths.enumerated() where isPath(path, below: given) {
                holds[index] = true
            }
        } notRead: {
            notRead.append($0)
        }
        return (holds, notRead, held.sorted { HeldSource.walkPrecedes($0.path, $1.path) })
    }

    /// Copies the `.json` blobs of `commit` in `repository` below the `wanted` paths (relative to
    /// `repository`; `""` is all of it) to `root/prefix` and returns its `.swift` blobs, and each wanted
    /// submodule's at the commit the tree records, from the submodule's checkout below `repository`.
    /// `found` is told each file's path below the top repository.
    private static func copy(
        _ commit: String, named revision: String, repository: String, prefix: String, wanted: [String],
        into root: String, folder: URL, found: (String) -> Void, notRead: (Diagnostic) -> Void
    ) throws(FlowGraphError) -> [HeldSource] {
        // The whole tree, filtered here: a path below a submodule is not in the superproject's tree.
        let listing = try GitProcess.git(
            ["-C", repository, "ls-tree", "-r", "-z", "--full-tree", commit], input: nil,
            failure: "cannot list \(prefix.isEmpty ? "the tree" : prefix) at \(revision)")
        var blobs: [(id: String, path: String)] = []
        var held: [HeldSource] = []
        for entry in listing.split(separator: 0) {
            // "<mode> <type> <id>\t<path>"
            guard let tab = entry.firstIndex(of: UInt8(ascii: "\t")) else { continue }
            let fields = entry[..<tab].split(separator: UInt8(ascii: " "))
            let path = String(decoding: entry[(tab + 1)...], as: UTF8.self)
            guard fields.count == 3 else { continue }
            let mode = String(decoding: fields[0], as: UTF8.self)
            let type = String(decoding: fields[1], as: UTF8.self)
            let id = String(decoding: fields[2], as: UTF8.self)
            let inside = wanted.compactMap { remainder(of: $0, inside: path) }
            guard
                (path.hasSuffix(".json") || path.hasSuffix(".swift"))
                    && wanted.contains(where: { isPath(path, below: $0) })
                    || type == "commit" && !inside.isEmpty
            else { continue }
            let components = path.split(separator: "/", omittingEmptySubsequences: false)
            guard !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }) else {
                notRead(warning("\(revision):\(prefix)\(path)", "a path with an empty, . or .. part"))
                continue
            }
            switch (type, mode) {
            case ("commit", _):
                held += try copySubmodule(
                    id, at: path, named: revision, repository: repository, prefix: prefix, wanted: inside,
                    into: root, folder: folder, found: found, notRead: notRead)
            case ("blob", "120000"):
                notRead(warning("\(revision):\(prefix)\(path)", "a symbolic link in the revision"))
            case ("blob", _):
                blobs.append((id, path))
                found(prefix + path)
            default: continue
            }
        }
        return held + (try write(blobs, of: revision, top: repository, into: root + "/" + prefix, folder: folder))
    }

    /// Copies the submodule at `path` as its commit `id`, from its checkout, or says it is not checked out.
    private static func copySubmodule(
        _ id: String, at path: String, named revision: String, repository: String, prefix: String,
        wanted: [String], into root: String, folder: URL, found: (String) -> Void,
        notRead: (Diagnostic) -> Void
    ) throws(FlowGraphError) -> [HeldSource] {
        let checkout = repository + "/" + path
        // The submodule's own repository (not a folder of the superproject), holding the recorded commit.
        let holdsCommit =
            (try? GitProcess.git(["-C", checkout, "cat-file", "-e", id + "^{commit}"], input: nil, failure: ""))
            != nil
        let isOwnTop =
            (try? GitProcess.git(["-C", checkout, "rev-parse", "--show-prefix"], input: nil, failure: ""))
            .map { $0.allSatisfy { $0 == UInt8(ascii: "\n") } } == true
        guard holdsCommit && isOwnTop else {
            notRead(
                warning(
                    "\(revision):\(prefix)\(path)",
                    "a submodule whose commit \(id.prefix(12)) is not checked out here "
                        + "(git submodule update --init), so its files are not compared"))
            return []
        }
        return try copy(
            id, named: revision, repository: checkout, prefix: prefix + path + "/", wanted: wanted, into: root,
            folder: folder, found: found, notRead: notRead)
    }

    /// Whether `path` is `folder` or below it (`""` holds every path), as git's literal pathspecs match.
    private static func isPath(_ path: String, below folder: String) -> Bool {
        folder.isEmpty || path == folder || path.hasPrefix(folder + "/")
    }

    /// What of the wanted path `given` lies inside the folder `path`: `""` for all of it, `nil` for none.
    private static func remainder(of given: String, inside path: String) -> String? {
        if isPath(path, below: given) { return "" }
        return given.hasPrefix(path + "/") ? String(given.dropFirst(path.count + 1)) : nil
    }

    /// Reads `blobs` (from the working tree of `top` where the file there is the blob, else with one
    /// `git cat-file --batch`), writes each `.json` one to its path under `root` and returns the `.swift` ones
    /// (their folders made, so that a walk of `root` finds every folder).
    private static func write(
        _ blobs: [(id: String, path: String)], of revision: String, top: String, into root: String, folder: URL
    ) throws(FlowGraphError) -> [HeldSource] {
        func fail(_ what: String) -> FlowGraphError {
            FlowGraphError(file: "--git", message: "cannot copy \(revision): \(what)")
        }
        if let code = makeFolders(root, below: folder.path) { throw fail(String(cString: strerror(code))) }
        guard !blobs.isEmpty else { return [] }
        var contents = blobs.map {
            WorkingTreeBlob.bytes(at: top + "/" + $0.path, id: $0.id, limit: InputFile.maximumSize)
        }
        try readFromGit(blobs, of: revision, into: &contents, top: top, folder: folder, fail: fail)
        var held: [HeldSource] = []
        // The folders made so far: most files share theirs.
        var made: Set<String> = []
        for (blob, bytes) in zip(blobs, contents) {
            let file = (root.hasSuffix("/") ? root : root + "/") + blob.path
            let parent = (file as NSString).deletingLastPathComponent
            if made.insert(parent).inserted, let code = makeFolders(parent, below: folder.path) {
                throw fail("\(blob.path): \(String(cString: strerror(code)))")
            }
            if blob.path.hasSuffix(".swift") {
                held.append(HeldSource(path: file, bytes: bytes ?? []))
            } else if let code = AtomicFiles.writeNewFile(file, Data(bytes ?? [])) {
                throw fail("\(blob.path): \(String(cString: strerror(code)))")
            }
        }
        return held
    }

    /// Fills each of `contents` that is `nil` with its blob's bytes, read with one `git cat-file --batch`.
    private static func readFromGit(
        _ blobs: [(id: String, path: String)], of revision: String, into contents: inout [[UInt8]?], top: String,
        folder: URL, fail: (String) -> FlowGraphError
    ) throws(FlowGraphError) {
        let wanted = contents.indices.filter { contents[$0] == nil }
        guard !wanted.isEmpty else { return }
        let request = folder.appendingPathComponent("objects")
        do {
            try Data(wanted.map { blobs[$0].id + "\n" }.joined().utf8).write(to: request)
        } catch {
            throw fail(error.localizedDescription)
        }
        let answer = try GitProcess.git(
            ["-C", top, "cat-file", "--batch"], input: request, failure: "cannot read \(revision)'s files")
        var offset = answer.startIndex
        for index in wanted {
            // "<id> blob <size>\n<bytes>\n"
            guard let newline = answer[offset...].firstIndex(of: UInt8(ascii: "\n")),
                let size = answer[offset..<newline].split(separator: UInt8(ascii: " ")).last
                    .flatMap({ Int(String(decoding: $0, as: UTF8.self)) }),
                newline + 1 + size <= answer.endIndex
            else { throw fail("git cat-file gave an unexpected answer for \(blobs[index].path)") }
            contents[index] = Array(answer[(newline + 1)..<(newline + 1 + size)])
            offset = min(newline + 2 + size, answer.endIndex)
        }
    }

    /// Makes `path` and the folders between it and `top` (which must exist: it is never made again, so a copy
    /// whose temporary folder an interrupt removed stops instead of leaving a new one behind); `errno` on
    /// failure.
    private static func makeFolders(_ path: String, below top: String) -> Int32? {
        guard path.hasPrefix(top + "/") else { return EINVAL }
        var current = top
        for part in path.dropFirst(top.count + 1).split(separator: "/") {
            current += "/" + part
            if mkdir(current, 0o700) != 0, errno != EEXIST { return errno }
        }
        return nil
    }

    private static func warning(_ file: String, _ why: String) -> Diagnostic {
        Diagnostic(file: file, message: "not read: \(why)", severity: .warning)
    }
}
