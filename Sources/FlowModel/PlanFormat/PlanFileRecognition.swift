/// Which JSON files of an app's repository are navigation plans: `flowgraph diff` reads folders where asset
/// catalogs, animations and other tools' JSON sit beside the plans, and only plans are compared.
///
/// A file is a plan when its name ends in `.flowgraph.json`, or when it lies outside Xcode's bundles
/// (``toolFolderSuffixes``) and its top level is an object with one of a plan's own keys (``definingKeys``:
/// `root`, `start`, `actions`, … — not `title` or `platform`, which other JSON has too). A file that is not
/// valid JSON is a plan when it names one of those keys in quotes, so that a half-edited plan still reports
/// that it fails instead of vanishing.
public enum PlanFileRecognition {
    /// The suffixes of folders whose JSON belongs to Xcode or another tool, never a plan: asset catalogs and
    /// their sets, projects and workspaces, Core Data models, localisation folders, bundles.
    public static let toolFolderSuffixes = [
        ".xcassets", ".xcodeproj", ".xcworkspace", ".xcdatamodeld", ".lproj", ".bundle", ".playground",
    ]

    /// The top-level keys that make a JSON object a plan: every plan key but the ones other JSON uses too
    /// (`title`, `platform`, `budget`), each library's own keys and `library`.
    public static var definingKeys: Set<String> {
        let generic: Set<String> = ["title", "platform", "budget"]
        let shared = PlanFileKeys.plan.names.filter { !generic.contains($0) }
        return Set(shared + ["library"] + NavigationLibraries.all.flatMap { $0.planKeys })
    }

    /// Whether the file at `path` (relative to the folder searched, `/`-separated) holding `bytes` is a plan.
    public static func isPlan(path: String, bytes: [UInt8]) -> Bool {
        let parts = path.split(separator: "/")
        if parts.last?.hasSuffix(".flowgraph.json") == true { return true }
        if parts.dropLast().contains(where: { part in toolFolderSuffixes.contains { part.hasSuffix($0) } }) {
            return false
        }
        let keys = definingKeys
        guard let json = try? JSONValue.parse(bytes: bytes) else {
            let text = String(decoding: bytes, as: UTF8.self)
            return keys.contains { text.contains("\"\($0)\"") }
        }
        guard case .object(let members) = json.kind else { return false }
        return members.contains { keys.contains($0.key) }
    }
}
