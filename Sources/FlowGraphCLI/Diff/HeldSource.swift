/// A Swift file of a git revision held in memory: `flowgraph diff --git` scans a revision's Swift files from
/// here rather than writing each to a temporary folder and reading it back (creating 2,000 files was most of
/// a diff's time).
struct HeldSource {
    /// Where the file would be in the revision's folder (``GitRevision/root`` and its path in the tree).
    var path: String
    /// Its bytes at the revision.
    var bytes: [UInt8]

    /// Whether `path` comes before `other` in the order ``FlowSource/FolderWalk`` finds files: folder by
    /// folder, each folder's names in byte order (`App/a.swift` before `App.swift`, as a plain comparison of
    /// the paths would not have it).
    static func walkPrecedes(_ path: String, _ other: String) -> Bool {
        path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .lexicographicallyPrecedes(
                other.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            ) { $0.lexicographicallyPrecedes($1) }
    }
}
