import Foundation

/// Folders of this repository that tests read from (never write to): found from this file's own path.
package enum RepositoryFolders {
    /// The repository's top folder.
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `Samples/`: the plans and apps a user can render.
    package static let samples = root.appendingPathComponent("Samples")
}
