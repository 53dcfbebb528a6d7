import FlowModel
import Foundation

/// Finding the Swift files `flowgraph scan` reads under the paths it is given.
public enum SourceFiles {
    /// Folders never entered: build products and Xcode's derived data.
    public static let skippedFolders: Set<String> = [".build", "DerivedData", ".git", ".swiftpm"]

    /// The `.swift` files at `paths` (files as given, folders searched recursively, in name order), each once.
    ///
    /// A path that does not exist, or a file given by name that is not a `.swift` file, is an error.
    public static func swiftFiles(in paths: [String]) throws(FlowGraphError) -> [String] {
        var result: [String] = []
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
                if seen.insert(path).inserted { result.append(path) }
                continue
            }
            for file in filesUnder(path) where seen.insert(file).inserted {
                result.append(file)
            }
        }
        return result
    }

    private static func filesUnder(_ folder: String) -> [String] {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return [] }
        var files: [String] = []
        for name in names.sorted() where !skippedFolders.contains(name) {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue {
                // Symbolic links to folders are not followed, so a link cycle cannot loop.
                let attributes = try? manager.attributesOfItem(atPath: path)
                if attributes?[.type] as? FileAttributeType == .typeSymbolicLink { continue }
                files += filesUnder(path)
            } else if name.hasSuffix(".swift") {
                files.append(path)
            }
        }
        return files
    }
}
