import FlowModel
import Foundation

/// Refuses an output path that is one of the command's input files, before anything is written.
///
/// Files are compared by device and inode, so `p.json`, `./p.json`, a hard link or a symbolic link to it are
/// all the same input.
enum InputProtection {
    /// A file's device and inode number: the same for every path that reaches it.
    struct FileIdentity: Hashable {
        /// The device the file is on.
        var device: UInt64
        /// Its inode number on that device.
        var inode: UInt64
    }

    /// The identity of an existing file: its device and inode; `nil` if it does not exist.
    static func identity(of path: String) -> FileIdentity? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Throws an error naming the first of `outputs` that is one of `inputs` (plan files read by the command).
    static func refuseOverwriting(inputs: [String], outputs: [String]) throws(FlowGraphError) {
        var inputByIdentity: [FileIdentity: String] = [:]
        for input in inputs where input != "-" {
            if let identity = identity(of: input), inputByIdentity[identity] == nil {
                inputByIdentity[identity] = input
            }
        }
        guard !inputByIdentity.isEmpty else { return }
        for output in outputs {
            guard let identity = identity(of: output), let input = inputByIdentity[identity] else { continue }
            let same = input == output ? "the plan" : "the plan \(input)"
            throw FlowGraphError(
                file: output,
                message: "is \(same) being read; writing there would replace it. Nothing was written: "
                    + "choose another output (-o) or format (-T)")
        }
    }
}
