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

    /// Throws an error naming the first output that is a plan file someone keeps there (`-o d/p --theme
    /// light,dark -T json` must not replace `d/p~dark.json`): an existing `.json` file that reads as a plan
    /// (``FlowModel/PlanFileRecognition``) is never FlowGraph's own output, which is Graphviz's JSON.
    static func refuseReplacingPlans(outputs: [String]) throws(FlowGraphError) {
        for output in outputs where output.hasSuffix(".json") {
            guard let data = FileManager.default.contents(atPath: output),
                PlanFileRecognition.isPlan(path: (output as NSString).lastPathComponent, bytes: Array(data))
            else { continue }
            throw FlowGraphError(
                file: output,
                message: "is a plan file; writing the JSON output there would replace it. Nothing was written: "
                    + "choose another output (-o) or move the plan")
        }
    }

    /// Throws an error naming two plans whose outputs would be one file (`p.json` in the dark theme and
    /// `p~dark.json` in the light one both make `p~dark.svg`), also on a disk that ignores case, before any is
    /// rendered. `outputs` pairs each output path with the plan it is rendered from.
    static func refuseCollidingOutputs(_ outputs: [(output: String, plan: String)]) throws(FlowGraphError) {
        var planByFolded: [String: (output: String, plan: String)] = [:]
        for entry in outputs {
            let folded = entry.output.lowercased()
            if let other = planByFolded[folded], other.plan != entry.plan {
                let same = other.output == entry.output ? "" : " (their names differ only in case)"
                throw FlowGraphError(
                    file: entry.output,
                    message: "would be written from both \(other.plan) and \(entry.plan)\(same), and one would be "
                        + "lost. Nothing was written: rename one of the plans (a name ending in a theme's suffix, "
                        + "such as ~dark, meets the other theme's file)")
            }
            planByFolded[folded] = entry
        }
    }
}
