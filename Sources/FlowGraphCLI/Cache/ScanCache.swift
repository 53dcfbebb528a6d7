import FlowModel
import FlowSource
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Scans kept on disk between runs, so that a `scan` or `docc` of files that have not changed reads its result
/// instead of parsing again.
///
/// An entry is found by the SHA-256 of every file's path and text, FlowGraph's version and the identity of the
/// code that made it (the size and time of the binary or test bundle), so a changed file, a moved one or a new
/// build never reads an old result. Only scans that succeed are kept. Entries are written to a file of their
/// own and renamed into place, so runs sharing the folder never read half an entry; one that cannot be read is
/// a miss. The folder holds at most ``sizeBound`` bytes: the entries read longest ago go first. A folder that
/// cannot be made, is not the user's own, or can be written by others is not used (the scan runs as without a
/// cache).
struct ScanCache: Sendable {
    /// The folder the entries are in.
    var folder: String
    /// The most bytes the entries may hold together.
    var sizeBound = 64 << 20

    /// The environment variable that names the folder.
    static let folderVariable = "FLOWGRAPH_CACHE_DIR"

    /// The folder scans are kept in: `FLOWGRAPH_CACHE_DIR`, else the platform's cache folder
    /// (`~/Library/Caches/flowgraph`, `$XDG_CACHE_HOME/flowgraph` or `~/.cache/flowgraph`).
    static func standardFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        if let given = environment[folderVariable], !given.isEmpty { return given }
        #if os(macOS)
            return environment["HOME"].map { $0 + "/Library/Caches/flowgraph" }
        #else
            if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") { return xdg + "/flowgraph" }
            return environment["HOME"].map { $0 + "/.cache/flowgraph" }
        #endif
    }

    /// The scan of `files`: the one kept for exactly these files, else `scan()`'s, kept for the next run.
    func scan(_ files: [(path: String, text: String)], scan: () throws(FlowGraphError) -> SourceScan)
        throws(FlowGraphError) -> SourceScan
    {
        guard let identity = Self.buildIdentity, usableFolder() else { return try scan() }
        let key = Self.key(of: files, build: identity)
        let entry = PathName.joined(folder, "scan-\(key).json")
        if let kept = read(entry, key: key) { return kept }
        let made = try scan()
        write(made, key: key, to: entry)
        return made
    }

    /// The SHA-256 of the files' paths and texts, with what identifies the code that scans them.
    static func key(of files: [(path: String, text: String)], build: String) -> String {
        var digest = SHA256()
        digest.update(field: "flowgraph scan cache 1")
        digest.update(field: FlowGraphCommand.version)
        digest.update(field: build)
        for file in files {
            digest.update(field: file.path)
            digest.update(field: file.text)
        }
        return digest.hexDigest()
    }

    /// The path, size and modification time of the binary (or test bundle) this code was loaded from: a new
    /// build is a new identity, even when the version is the same; `nil` (no cache) when it cannot be told.
    static let buildIdentity: String? = {
        #if os(Linux)
            // A test bundle is an executable of its own on Linux.
            let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? ""
        #else
            let path = Bundle(for: BuildMarker.self).executablePath ?? Bundle.main.executablePath ?? ""
        #endif
        var status = stat()
        guard !path.isEmpty, stat(path, &status) == 0 else { return nil }
        #if os(Linux)
            let time = status.st_mtim
        #else
            let time = status.st_mtimespec
        #endif
        return "\(path) \(status.st_size) \(time.tv_sec).\(time.tv_nsec)"
    }()

    /// A class of this module, to find the bundle its code was loaded from.
    private final class BuildMarker {}

    /// Whether the folder is there (made if not, with the folders above it: a new account has no `~/.cache`)
    /// and is the user's own, written by no one else.
    private func usableFolder() -> Bool {
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            guard errno == ENOENT else { return false }
            try? FileManager.default.createDirectory(
                atPath: (folder as NSString).deletingLastPathComponent, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            if mkdir(folder, 0o700) != 0, errno != EEXIST { return false }
        }
        var status = stat()
        guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, status.st_uid == geteuid() else {
            return false
        }
        return status.st_mode & 0o022 == 0
    }

    /// The scan an entry holds, if it is one for `key` that reads whole.
    private func read(_ entry: String, key: String) -> SourceScan? {
        // As a file found in a folder: a regular file, still inside the folder when opened (no link out).
        guard let data = try? InputFile.read(entry, limit: sizeBound, origin: .found(within: folder)),
            let kept = try? JSONDecoder().decode(Entry.self, from: Data(data)), kept.key == key,
            let scan = kept.scan
        else { return nil }
        // Read now: the last to be removed when the folder is over its bound.
        _ = utimes(entry, nil)
        return scan
    }

    /// Keeps `scan` as the entry for `key`, then removes the oldest entries while the folder is over its bound.
    /// A cache that cannot be written is no error: the next run scans again.
    private func write(_ scan: SourceScan, key: String, to entry: String) {
        guard let data = try? JSONEncoder().encode(Entry(key: key, scan: scan)), data.count <= sizeBound else {
            return
        }
        let temporary = PathName.joined(folder, ".scan-\(key)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, entry) != 0 {
            unlink(temporary)
            return
        }
        trim()
    }

    /// Removes the entries read longest ago while they hold more than ``sizeBound`` bytes; only files named as
    /// entries are touched.
    private func trim() {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return }
        var entries: [(path: String, size: Int, time: Date)] = []
        for name in names where name.hasPrefix("scan-") && name.hasSuffix(".json") {
            let path = PathName.joined(folder, name)
            guard let attributes = try? manager.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { continue }
            entries.append(
                (path, (attributes[.size] as? Int) ?? 0, (attributes[.modificationDate] as? Date) ?? .distantPast))
        }
        var total = entries.reduce(0) { $0 + $1.size }
        for entry in entries.sorted(by: { $0.time < $1.time }) where total > sizeBound {
            if unlink(entry.path) == 0 { total -= entry.size }
        }
    }

    /// An entry as it is kept: its key, the map, and each plan with its plan file's JSON as text.
    private struct Entry: Codable {
        struct Plan: Codable {
            var name: String
            var location: NavigationMap.Location
            var plan: String
            var isDeepLink: Bool
            var linkCase: String?
        }

        var key: String
        var map: NavigationMap
        var plans: [Plan]

        init(key: String, scan: SourceScan) {
            self.key = key
            map = scan.map
            plans = scan.plans.map {
                Plan(
                    name: $0.name, location: $0.location, plan: $0.plan.rendered(.compact), isDeepLink: $0.isDeepLink,
                    linkCase: $0.linkCase)
            }
        }

        /// The scan, if every plan's JSON reads back.
        var scan: SourceScan? {
            var scanned: [ScannedPlan] = []
            for plan in plans {
                guard let value = try? JSONValue.parse(plan.plan) else { return nil }
                scanned.append(
                    ScannedPlan(
                        name: plan.name, location: plan.location, plan: value, isDeepLink: plan.isDeepLink,
                        linkCase: plan.linkCase))
            }
            return SourceScan(map: map, plans: scanned)
        }
    }
}
