import FlowModel
import Foundation

/// The paths of `flowgraph diff --git`, as the repository names them: each given path (relative to the current
/// folder or absolute, through any symbolic links) turned into a path below the repository's top folder.
struct RepositoryPaths {
    /// The repository's top folder, with its links resolved (as `git rev-parse --show-toplevel` gives it).
    let top: String
    /// Each path below ``top``, without a leading or trailing `/`; empty for the top itself.
    let paths: [String]
    /// The paths as the user gave them, for messages.
    let given: [String]

    /// Resolves `given` (none: the whole repository) inside the repository the current folder is in.
    init(_ given: [String]) throws(FlowGraphError) {
        top = try GitProcess.git(["rev-parse", "--show-toplevel"], failure: "not inside a git repository")
            .trimmingCharacters(in: .newlines)
        // No path is the whole repository, from wherever in it the command runs (as `git diff` has it).
        self.given = given.isEmpty ? [top] : given
        let here = Self.resolved(FileManager.default.currentDirectoryPath)
        var paths: [String] = []
        for path in self.given {
            let absolute = Self.resolved(path.hasPrefix("/") ? path : here + "/" + path)
            if absolute == top {
                paths.append("")
            } else if absolute.hasPrefix(top + "/") {
                paths.append(String(absolute.dropFirst(top.count + 1)))
            } else {
                throw FlowGraphError(
                    file: path,
                    message: "is outside the repository at \(top) (it leads to \(absolute)); give a path inside it")
            }
        }
        self.paths = paths
    }

    /// Where the repository path `path` (one of ``paths``) is in a tree laid out as the repository, at `root`:
    /// the working tree's top or a revision's copy.
    static func path(_ path: String, under root: String) -> String { path.isEmpty ? root : root + "/" + path }

    /// `path` absolute, with `.` and `..` taken away and the links of its longest existing part resolved
    /// (a path one side lacks need not exist in the working tree).
    static func resolved(_ path: String) -> String {
        var components: [String] = []
        for part in path.split(separator: "/", omittingEmptySubsequences: true) {
            switch part {
            case ".": continue
            case "..": if !components.isEmpty { components.removeLast() }
            default: components.append(String(part))
            }
        }
        var existing = components.count
        while existing > 0 {
            let prefix = "/" + components[..<existing].joined(separator: "/")
            if let real = realpath(prefix, nil) {
                defer { free(real) }
                let rest = components[existing...]
                let base = String(cString: real)
                return rest.isEmpty ? base : (base == "/" ? "" : base) + "/" + rest.joined(separator: "/")
            }
            existing -= 1
        }
        return "/" + components.joined(separator: "/")
    }
}
