import Foundation

/// An executable this package builds, found beside the test bundle that runs (or in `.build/debug`).
package enum BuiltProduct {
    /// The folders looked in, nearest first.
    package static var folders: [URL] {
        var folders: [URL] = []
        if let testBinary = CommandLine.arguments.first {
            folders.append(URL(fileURLWithPath: testBinary).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        folders.append(RepositoryFolders.root.appendingPathComponent(".build/debug"))
        return folders
    }

    /// The built executable `name`, if there is one.
    package static func executable(named name: String) -> URL? {
        folders.map { $0.appendingPathComponent(name) }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
