import Foundation

/// One plan sent to a batch worker: one line of JSON on its standard input.
struct WorkerJob: Codable, Sendable {
    /// The job's number in the batch, echoed in the reply.
    var id: Int
    /// The plan file.
    var plan: String
    /// The output path without extension (`Output/nested/deeplink`).
    var base: String
    /// The batch's output folder; outputs that would land outside it (through a symbolic link) are refused.
    var root: String
    /// Compare with the files on disk instead of writing them.
    var check: Bool
    /// The random token in the names of this job's temporary files (`.NAME.TOKEN.tmp`), so the batch can
    /// remove exactly them if the worker is killed; `nil`: a fresh one per write.
    var token: String? = nil
    /// For an app's source folder (drawn as its navigation map): its name below the batch's input folder
    /// (`FlowStacksApp`), which the map's file names start with; `nil` for a plan.
    var app: String? = nil
    /// The input folder the plan was found in: the file opened must be a regular file inside it (a plan
    /// swapped for a FIFO or for a link leading outside after the folder was listed is refused); `nil` for a
    /// plan file given by name.
    var inputFolder: String? = nil
}

/// What a worker says about one job: one line of JSON on its standard output.
struct WorkerReply: Codable, Sendable {
    /// What happened to one output file.
    enum Status: String, Codable, Sendable {
        /// Written (renamed into place).
        case written
        /// `--check`: the file on disk has the same bytes.
        case same
        /// `--check`: the file on disk differs.
        case stale
        /// `--check`: there is no such file.
        case missing
    }

    /// One output file.
    struct Output: Codable, Sendable {
        /// Its path.
        var path: String
        /// Its size in bytes.
        var bytes: Int
        /// Written, or how it compares with the file on disk.
        var status: Status
    }

    /// The job's number.
    var id: Int
    /// The files rendered (none when the plan failed).
    var outputs: [Output] = []
    /// The error lines (`FILE:LINE:COLUMN: …`) when the plan failed.
    var errors: [String]?
    /// The plan's warnings (`FILE:LINE:COLUMN: KEY PATH: warning: …`), and Graphviz's about its drawing.
    var warnings: [String]?
    /// The exit status the failure would have as a single `flowgraph render` (1, or 3 for missing plugins).
    var exitCode: Int32?
    /// The plan's title.
    var title: String?
    /// What the plan's change does, for the gallery.
    var summary: [String] = []
    /// Seconds spent reading, rendering and writing.
    var seconds: Double = 0
    /// The worker's peak resident memory so far, in bytes.
    var peakMemoryBytes: Int = 0
}

extension JSONEncoder {
    /// One-line JSON, keys sorted, for the worker protocol.
    static var workerProtocol: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
