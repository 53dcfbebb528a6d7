import FlowGraph
import FlowModel
import Foundation
import Graphviz

/// Creating output folders, with the system's reason when it cannot be done.
enum OutputFolder {
    /// Creates `path` and any missing folders above it (`mkdir -p`); the error names the part that could not be
    /// made and why (`Not a directory`, `Permission denied`, `Read-only file system`…).
    static func create(_ path: String) throws(FlowGraphError) {
        if AtomicFiles.isFolder(path) { return }
        let absolute = path.hasPrefix("/") ? path : PathName.joined(FileManager.default.currentDirectoryPath, path)
        var built = ""
        for component in absolute.split(separator: "/", omittingEmptySubsequences: true) {
            built += "/" + component
            if mkdir(built, 0o777) == 0 { continue }
            let code = errno
            if code == EEXIST, AtomicFiles.isFolder(built) { continue }
            let reason = code == EEXIST ? "\(built) is a file, not a folder" : String(cString: strerror(code))
            throw FlowGraphError(file: path, message: "cannot create the output folder: \(reason)")
        }
    }

    /// Refuses a folder no file can be written in (read-only, immutable, not ours), with one error before
    /// anything is rendered, instead of one per plan: it creates and removes a hidden probe file.
    static func checkWritable(_ path: String) throws(FlowGraphError) {
        let probe = PathName.joined(path, ".flowgraph-write-check-\(getpid())")
        let descriptor = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            // A probe left by a process of the same number that was killed: the folder is writable.
            if code == EEXIST { return }
            throw FlowGraphError(
                file: path,
                message: "the output folder cannot be written: \(String(cString: strerror(code))). Nothing was "
                    + "rendered: make it writable or choose another -o")
        }
        close(descriptor)
        unlink(probe)
    }

    /// Holds an exclusive lock on a batch's output folder while it lives, so that two batches never
    /// write one gallery over the other's images: a second batch into the folder is refused while the first
    /// runs. The lock is `flock` on the folder itself; no file is left behind, and it ends with the process.
    final class Lock {
        private let descriptor: Int32

        /// Takes the lock on `path`, or throws when another process holds it.
        init(_ path: String) throws(FlowGraphError) {
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
            guard descriptor >= 0 else {
                throw FlowGraphError(
                    file: path, message: "cannot open the output folder: \(String(cString: strerror(errno)))")
            }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                let code = errno
                close(descriptor)
                throw FlowGraphError(
                    file: path,
                    message: code == EWOULDBLOCK
                        ? "another flowgraph render is writing to this folder; wait for it to end, or give each "
                            + "batch its own -o"
                        : "cannot lock the output folder: \(String(cString: strerror(code)))")
            }
            self.descriptor = descriptor
        }

        deinit { close(descriptor) }
    }
}
