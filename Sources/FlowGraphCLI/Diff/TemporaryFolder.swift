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
                let folders = TemporaryFolder.live.withLockIfAvailable { $0 } ?? []
                for folder in folders { try? FileManager.default.removeItem(atPath: folder) }
                signal(number, SIG_DFL)
                raise(number)
            }
        }
    }
}
