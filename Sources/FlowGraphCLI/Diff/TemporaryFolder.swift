import FlowModel
import Foundation
import Synchronization

/// Private temporary folders (`$TMPDIR/flowgraph-diff-XXXXXX`, mode 0700) that are removed on every way out:
/// by their owner when done or failed, and on SIGINT or SIGTERM before the process exits.
enum TemporaryFolder {
    /// The folders made and not yet removed.
    private static let live = Mutex<[String]>([])

    /// Makes a new folder only this user can read.
    static func make() throws(FlowGraphError) -> URL {
        let template = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-diff-XXXXXX").path
        var bytes = Array(template.utf8CString)
        guard let made = mkdtemp(&bytes) else {
            throw FlowGraphError(
                file: template, message: "cannot make a temporary folder: \(String(cString: strerror(errno)))")
        }
        let path = String(cString: made)
        let first = live.withLock { folders in
            folders.append(path)
            return folders.count == 1
        }
        if first { installCleanup() }
        return URL(fileURLWithPath: path)
    }

    /// Removes `folder` and all it holds.
    static func remove(_ folder: URL) {
        try? FileManager.default.removeItem(at: folder)
        live.withLock { $0.removeAll { $0 == folder.path } }
    }

    /// On SIGINT or SIGTERM: remove every live folder, then die of the signal as the shell expects.
    private static func installCleanup() {
        for number in [SIGINT, SIGTERM] {
            signal(number) { number in
                // Another thread may hold the lock for a moment (a diff copies two revisions at once); the
                // thread interrupted may hold it too, so the wait is bounded.
                var folders: [String]?
                for _ in 0..<100_000 where folders == nil {
                    folders = TemporaryFolder.live.withLockIfAvailable { $0 }
                    if folders == nil { sched_yield() }
                }
                // A copy going on beside may make a folder inside while this one is removed: removing again
                // takes that too, and once the top is gone nothing can be made inside it (the copy never
                // makes the top again).
                for folder in folders ?? [] {
                    for _ in 0..<1_000 where access(folder, F_OK) == 0 {
                        try? FileManager.default.removeItem(atPath: folder)
                    }
                }
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }
}
