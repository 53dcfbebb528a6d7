import FlowModel
import FlowSource
import Foundation

/// One side of `flowgraph diff`: the plans it holds, each played once, and the navigation map of its Swift
/// source, read from a plan file, a folder of plans and Swift files, or Swift files.
struct DiffSide {
    /// A plan's play, or why it could not be played.
    enum Outcome {
        /// The plan played.
        case played(PlanRun)
        /// The plan could not be read or played: the first error line.
        case failed(String)
    }

    /// The plans, by their path below the side's folder (or file name), and the scanned ones by
    /// `Type.function`.
    var plans: [(name: String, outcome: Outcome)] = []
    /// The map of the side's Swift source, `nil` when it has none.
    var map: NavigationMap?
    /// What reading the side's source warned of (links not followed, entries skipped).
    var warnings: [Diagnostic] = []
    /// What names the side in locations, e.g. `main` for `main:App/Cart.swift:12`; `nil` for the working tree.
    var label: String?

    /// Reads a side from `paths`, each a plan file, a `.swift` file or a folder; plans are named by their path
    /// below the folder given (prefixed with `names[i]/` when given), all Swift files scanned together. The
    /// trees of texts `parses` holds are not parsed again (the other side's), and those parsed here are kept
    /// in it. With `held` (a git revision's), the Swift files are those of `held` at or below each path, not
    /// the disk's.
    init(
        paths: [String], names: [String?]? = nil, limits: Limits, parses: ParseMemo? = nil,
        held: [HeldSource]? = nil
    ) throws(FlowGraphError) {
        var planFiles: [(name: String, path: String, folder: String?)] = []
        var swiftFiles: [String] = []
        var heldGroups: [[HeldSource]] = []
        var heldByName: [HeldSource] = []
        for (index, path) in paths.enumerated() {
            if let file = held?.first(where: { $0.path == path }) {
                heldByName.append(file)
                continue
            }
            let prefix = (names?[index]).map { "\($0)/" } ?? ""
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw FlowGraphError(file: path, message: "no such file or folder")
            }
            if isFolder.boolValue {
                let found = Self.files(below: path, warnings: &warnings)
                for relative in found where relative.hasSuffix(".json") {
                    let file = (path as NSString).appendingPathComponent(relative)
                    // Asset catalogs, animations and other tools' JSON are not plans (an unreadable file is
                    // left to the play, which says why).
                    if let data = FileManager.default.contents(atPath: file),
                        !PlanFileRecognition.isPlan(path: relative, bytes: Array(data))
                    {
                        continue
                    }
                    planFiles.append((prefix + relative, file, path))
                }
                // The folder itself is scanned, so scan's own listing rules apply (links leading outside
                // are listed, not read; build folders are skipped).
                if let held {
                    let group = Self.scanned(held, below: path)
                    if !group.isEmpty { heldGroups.append(group) }
                } else if found.contains(where: { $0.hasSuffix(".swift") }) {
                    swiftFiles.append(path)
                }
            } else if path.hasSuffix(".swift") {
                swiftFiles.append(path)
            } else {
                planFiles.append((prefix + (path as NSString).lastPathComponent, path, nil))
            }
        }
        for file in planFiles {
            plans.append((file.name, Self.play(file: file.path, within: file.folder, limits: limits)))
        }
        if held != nil {
            // Files given by name are one more app, after the folders, as scan takes them.
            if !heldByName.isEmpty { heldGroups.append(heldByName) }
            guard !heldGroups.isEmpty else { return }
            add(try ScanCommand.scanHeld(heldGroups, limits: limits, reuse: ScanReuse(parses: parses)), limits: limits)
            return
        }
        guard !swiftFiles.isEmpty else { return }
        // The scan lists the Swift files it does not read as the walk above did: each is said once.
        var scanWarnings: [Diagnostic] = []
        let scan = try ScanCommand.scanSources(
            swiftFiles, limits: limits, warnings: &scanWarnings, reuse: ScanReuse(parses: parses))
        let warned = Set(warnings.compactMap(\.file))
        warnings += scanWarnings.filter { $0.file.map { !warned.contains($0) } ?? true }
        add(scan, limits: limits)
    }

    /// A side of the map and plans of one scan, each plan played.
    init(scan: SourceScan, limits: Limits) {
        add(scan, limits: limits)
    }

    /// Takes the scan's map as the side's and plays each of its plans.
    private mutating func add(_ scan: SourceScan, limits: Limits) {
        map = scan.map
        for scanned in scan.plans {
            var name = scanned.name
            let outcome: Outcome
            do {
                let run = try PlanJob.run(PlanRequest(limits: limits, rules: RuleChoice()), source: .scanned(scanned))
                    .run
                // A handler played with its first rule's example URL says which.
                if let url = run.plan.deepLink?.resolution?.url, scanned.plan["deeplink"]?["url"] == nil {
                    name += " (\(url))"
                }
                outcome = .played(run)
            } catch {
                outcome = .failed(String(describing: error))
            }
            plans.append((name, outcome))
        }
    }

    /// Each plan's outcome by the bytes of its name, the first of equal names kept: keyed by bytes because a
    /// Swift string equals its canonically equivalent twin (an NFC and an NFD `é.json` are two files), and
    /// looked up once per plan so that pairing two sides stays linear in their plans.
    static func outcomesByName(_ plans: [(name: String, outcome: Outcome)]) -> [[UInt8]: Outcome] {
        var outcomes: [[UInt8]: Outcome] = [:]
        for (name, outcome) in plans where outcomes[Array(name.utf8)] == nil {
            outcomes[Array(name.utf8)] = outcome
        }
        return outcomes
    }

    /// The side with `prefix` at the start of every file it names replaced by `replacement`: the base of a
    /// `--git` diff is read from a temporary folder but names its files as the repository does.
    func relabelled(_ prefix: String, as replacement: String) -> DiffSide {
        var side = self
        side.warnings = warnings.map { $0.relabelled(prefix, as: replacement) }
        side.plans = plans.map { name, outcome in
            switch outcome {
            case .failed(let message):
                return (name, .failed(message.replacingOccurrences(of: prefix, with: replacement)))
            case .played(var run):
                // A scanned plan's title says where it was scanned from, drawn in the timelines.
                run.plan.title = run.plan.title?.replacingOccurrences(of: prefix, with: replacement)
                return (name, .played(run))
            }
        }
        side.map = map?.relabelled(prefix, as: replacement)
        return side
    }

    /// Loads and plays one plan file as `render` and `check` do (``PlanSource``: its project's default platform
    /// applied); a file found in `folder` must still be a regular file inside it when it is opened.
    static func play(file: String, within folder: String?, limits: Limits) -> Outcome {
        do {
            let origin: InputFile.Origin = folder.map { .found(within: $0) } ?? .named
            let request = PlanRequest(limits: limits, rules: RuleChoice())
            return .played(try PlanJob.run(request, source: .file(file, origin: origin)).run)
        } catch {
            return .failed(String(describing: error).split(separator: "\n").first.map(String.init) ?? "\(error)")
        }
    }

    /// The files of `held` below `folder` that scan's listing would read there: none inside a build folder
    /// (``FlowSource/SourceFiles/skippedFolders``).
    static func scanned(_ held: [HeldSource], below folder: String) -> [HeldSource] {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        return held.filter { file in
            guard file.path.hasPrefix(prefix) else { return false }
            let folders = file.path.dropFirst(prefix.count).split(separator: "/").dropLast()
            return !folders.contains { SourceFiles.skippedFolders.contains(String($0)) }
        }
    }

    /// Plan and Swift files below a folder, relative to it, sorted, found by the same walk as batches and
    /// scans: hidden names, `.build`, `DerivedData` and DocC catalogs are skipped, and a link leading
    /// outside the folder, a broken link or an unreadable folder is a warning, never read.
    static func files(below folder: String, warnings: inout [Diagnostic]) -> [String] {
        var walk = FolderWalk(folder)
        walk.include = { name in name.first != UInt8(ascii: ".") }
        walk.enter = { _, name, _ in name != "DerivedData" && !name.hasSuffix(".docc") }
        var result: [String] = []
        var notRead: [Diagnostic] = []
        func warn(_ relative: String, _ why: String) {
            notRead.append(
                Diagnostic(
                    file: (folder as NSString).appendingPathComponent(relative), message: "not read: \(why)",
                    severity: .warning))
        }
        walk.walk { event in
            switch event {
            case .file(let relative, let kind):
                if kind == S_IFREG, relative.hasSuffix(".json") || relative.hasSuffix(".swift") {
                    result.append(relative)
                }
            case .outsideLink(let relative, let target, _):
                if relative.hasSuffix(".json") || relative.hasSuffix(".swift") {
                    warn(relative, "a symbolic link leading outside \(folder) (to \(target))")
                }
            case .brokenLink(let relative, let reason): warn(relative, reason)
            case .unreadableFolder(let relative, let reason): warn(relative, reason)
            case .invalidName(let shown, _): warn(shown, "its name is not UTF-8")
            case .tooLong(let relative): warn(relative, "the path is longer than the system's limit")
            case .folder: break
            }
        }
        warnings += notRead
        return result.sorted()
    }
}

extension NavigationMap {
    /// The map with `prefix` at the start of every file it names replaced by `replacement`, and anywhere in a
    /// problem's message (`… at FILE:LINE builds it`).
    func relabelled(_ prefix: String, as replacement: String) -> NavigationMap {
        func place(_ location: Location) -> Location {
            var moved = location
            if location.file.hasPrefix(prefix) { moved.file = replacement + location.file.dropFirst(prefix.count) }
            return moved
        }
        var map = self
        map.coordinators = coordinators.map {
            var c = $0; c.location = place(c.location); return c
        }
        map.screens = screens.map {
            var s = $0; s.location = place(s.location); return s
        }
        map.edges = edges.map {
            var e = $0; e.location = place(e.location); return e
        }
        map.entries = entries.map {
            var e = $0; e.location = place(e.location); return e
        }
        map.problems = problems.map {
            Problem(
                location: place($0.location), message: $0.message.replacingOccurrences(of: prefix, with: replacement))
        }
        return map
    }
}

extension Diagnostic {
    /// The diagnostic with `prefix` replaced by `replacement` at the start of its file and anywhere in its
    /// message: a `--git` side read from a temporary copy names files as `REV:App/Cart.swift`.
    func relabelled(_ prefix: String, as replacement: String) -> Diagnostic {
        var moved = self
        if let file, file.hasPrefix(prefix) { moved.file = replacement + file.dropFirst(prefix.count) }
        moved.message = message.replacingOccurrences(of: prefix, with: replacement)
        return moved
    }
}

extension FlowGraphError {
    /// The error with every diagnostic ``Diagnostic/relabelled(_:as:)``.
    func relabelled(_ prefix: String, as replacement: String) -> FlowGraphError {
        FlowGraphError(diagnostics: diagnostics.map { $0.relabelled(prefix, as: replacement) })
    }
}
