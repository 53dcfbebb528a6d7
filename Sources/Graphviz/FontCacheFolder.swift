import Foundation

/// A folder of numbered symbolic links to one font set's files, which fontconfig can register from its cache.
///
/// Registering a font file makes fontconfig read every glyph's coverage: 4–5 ms for the standard set, in
/// every process that renders (each batch worker, each `flowgraph render`). A folder is registered from the
/// cache fontconfig keeps for it, in a fraction of a millisecond, as long as the folder has not changed. So
/// each set gets a folder of its own, `ROOT/fonts-KEY`, holding `00-DejaVuSans.ttf → /usr/share/…` and so
/// on: fontconfig lists a folder's files by name, so the numbers keep the set's fallback order. `KEY` is a
/// hash of each file's path, size, modification time and inode, so a font that is updated gets a new
/// folder (and a fresh scan) instead of a stale cache. fontconfig's cache files go to `ROOT/fontconfig`.
///
/// The folder is made under a temporary name and renamed into place, so a process never sees it half made;
/// one that exists is used only if every link in it is the expected one.
enum FontCacheFolder {
    /// The folder under `root` for `paths` (in fallback order), made if needed; `nil` if it cannot be made
    /// or one with its name holds anything else.
    static func prepare(in root: String, for paths: [String]) -> String? {
        guard let key = key(for: paths) else { return nil }
        let folder = root + "/fonts-" + key
        let links = paths.enumerated().map { index, path in
            (name: linkName(index, path), target: path)
        }
        if holds(folder, exactly: links) { return folder }
        guard makeFolder(root) else { return nil }
        let staging = folder + ".tmp-\(getpid())"
        removeStaging(staging)
        guard mkdir(staging, 0o755) == 0 else { return nil }
        for link in links where symlink(link.target, staging + "/" + link.name) != 0 {
            removeStaging(staging)
            return nil
        }
        // Another process may have put the same folder in place first: theirs is as good.
        if rename(staging, folder) != 0 { removeStaging(staging) }
        return holds(folder, exactly: links) ? folder : nil
    }

    /// The link's name for the file at `index`: `07-NotoSansTamil-Regular.ttf`.
    static func linkName(_ index: Int, _ path: String) -> String {
        (index < 10 ? "0" : "") + "\(index)-" + (path.split(separator: "/").last.map(String.init) ?? path)
    }

    /// 16 hexadecimal digits from each file's path, size, modification time and inode; `nil` if one is
    /// missing.
    static func key(for paths: [String]) -> String? {
        var hash: UInt64 = 14_695_981_039_346_656_037
        func mix(_ text: String) {
            for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
        }
        for path in paths {
            var status = stat()
            guard stat(path, &status) == 0 else { return nil }
            #if os(Linux)
                let modified = status.st_mtim
            #else
                let modified = status.st_mtimespec
            #endif
            mix("\(path)\0\(status.st_size)\0\(modified.tv_sec).\(modified.tv_nsec)\0\(status.st_ino)\0")
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Whether `folder` holds exactly `links`: each a symbolic link to its target, and nothing else.
    private static func holds(_ folder: String, exactly links: [(name: String, target: String)]) -> Bool {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder),
            Set(names) == Set(links.map(\.name))
        else { return false }
        return links.allSatisfy { link in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + link.name)) == link.target
        }
    }

    /// Makes `folder` and the folders above it that are missing; whether it is a folder now.
    private static func makeFolder(_ folder: String) -> Bool {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var status = stat()
        return stat(folder, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Removes a staging folder this process made (its links, then itself).
    private static func removeStaging(_ folder: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            unlink(folder + "/" + name)
        }
        rmdir(folder)
    }
}
