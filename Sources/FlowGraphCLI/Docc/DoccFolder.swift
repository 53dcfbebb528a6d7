import FlowModel
import Foundation

/// The folder of a DocC catalog that `flowgraph docc` owns: written whole, checked, never taken over.
struct DoccFolder {
    /// The catalog.
    let catalog: String

    /// `CATALOG/FlowGraph`.
    var path: String { (catalog.hasSuffix("/") ? catalog : catalog + "/") + DoccCatalog.folderName }

    /// The names of the files in the folder now (none when it does not exist).
    func existingNames() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
    }

    /// Refuses a folder that exists but was not made by `flowgraph docc`, and names elsewhere in the catalog
    /// that DocC would confuse with ours (it needs every resource name to be unique in a catalog).
    func checkOwnership(_ names: [String]) throws(FlowGraphError) {
        let manager = FileManager.default
        if manager.fileExists(atPath: path),
            !manager.fileExists(atPath: URL(fileURLWithPath: path).appendingPathComponent(DoccCatalog.markerName).path)
        {
            throw FlowGraphError(
                file: path,
                message: "exists and was not written by flowgraph docc (no \(DoccCatalog.markerName) in it); "
                    + "move it away so flowgraph docc can write its own folder there")
        }
        // Compared without case: a user's `COORD.md` is DocC's and macOS' `Coord.md`.
        let ours = Set(names.map { Self.resourceName($0).lowercased() })
        let enumerator = manager.enumerator(atPath: catalog)
        while let relative = enumerator?.nextObject() as? String {
            guard !relative.hasPrefix(DoccCatalog.folderName + "/"), relative != DoccCatalog.folderName else {
                continue
            }
            let name = URL(fileURLWithPath: relative).lastPathComponent
            if ours.contains(Self.resourceName(name).lowercased()), name.hasSuffix(".png") || name.hasSuffix(".md") {
                throw FlowGraphError(
                    file: URL(fileURLWithPath: catalog).appendingPathComponent(relative).path,
                    message:
                        "has the name of a file flowgraph docc writes; DocC needs names unique in a catalog: rename it")
            }
        }
    }

    /// The lines `--check` prints: files that differ, are missing, or are left from an earlier run.
    func differences(from files: [(name: String, data: Data)]) throws(FlowGraphError) -> [String] {
        try checkOwnership(files.map(\.name))
        var lines: [String] = []
        for (name, data) in files {
            let file = path + "/" + name
            guard let existing = FileManager.default.contents(atPath: file) else {
                lines.append("\(file): missing")
                continue
            }
            if existing != data { lines.append("\(file): stale") }
        }
        let made = Set(files.map(\.name))
        for name in existingNames() where !made.contains(name) {
            lines.append("\(path)/\(name): left from an earlier run")
        }
        return lines
    }

    /// Writes every file (atomically, as renders do), then removes the folder's files no longer made.
    func write(_ files: [(name: String, data: Data)]) throws(FlowGraphError) {
        try checkOwnership(files.map(\.name))
        let base = URL(fileURLWithPath: path)
        try AtomicFiles.write(files.map { (base.appendingPathComponent($0.name).path, $0.data) }, within: catalog)
        let made = Set(files.map(\.name))
        for name in existingNames() where !made.contains(name) {
            try? FileManager.default.removeItem(at: base.appendingPathComponent(name))
        }
    }

    /// A name as DocC identifies a resource: without extension, `~dark` or `@2x`.
    static func resourceName(_ name: String) -> String {
        var stem = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent
        for suffix in ["@2x", "@3x", "~dark"] where stem.hasSuffix(suffix) { stem.removeLast(suffix.count) }
        return stem
    }
}
