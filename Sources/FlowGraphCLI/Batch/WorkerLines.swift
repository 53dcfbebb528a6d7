import FlowModel
import Foundation

/// The batch protocol's lines, written and read byte by byte (``WorkerLineWriter``, ``WorkerLineReader``)
/// rather than by Foundation's `JSONEncoder`/`JSONDecoder`, which cost more per plan than the few keys they
/// carry (a job and a reply per plan, in the parent and in the worker). One line of compact JSON each, keys
/// sorted and named as `Codable` names them; an absent optional is left out.
extension WorkerJob {
    /// The job as one line of JSON, without its newline.
    var line: Data {
        var writer = WorkerLineWriter()
        writer.open("{")
        if let app {
            writer.key("app")
            writer.string(app)
        }
        writer.key("base")
        writer.string(base)
        writer.key("check")
        writer.bool(check)
        writer.key("id")
        writer.int(id)
        if let inputFolder {
            writer.key("inputFolder")
            writer.string(inputFolder)
        }
        writer.key("plan")
        writer.string(plan)
        writer.key("root")
        writer.string(root)
        if let token {
            writer.key("token")
            writer.string(token)
        }
        writer.close("}")
        return Data(writer.bytes)
    }

    /// The job in a line ``line`` wrote; `nil` when it is not one.
    init?(line: some Collection<UInt8>) {
        guard let fields = WorkerLineFields(line), let id = fields.int("id"), let plan = fields.string("plan"),
            let base = fields.string("base"), let root = fields.string("root"), let check = fields.bool("check")
        else { return nil }
        self.init(id: id, plan: plan, base: base, root: root, check: check)
        token = fields.string("token")
        app = fields.string("app")
        inputFolder = fields.string("inputFolder")
    }
}

extension WorkerReply {
    /// The reply as one line of JSON, without its newline.
    var line: Data {
        var writer = WorkerLineWriter()
        writer.open("{")
        if let errors {
            writer.key("errors")
            writer.strings(errors)
        }
        if let exitCode {
            writer.key("exitCode")
            writer.int(Int(exitCode))
        }
        writer.key("id")
        writer.int(id)
        writer.key("outputs")
        writer.open("[")
        for output in outputs {
            writer.open("{")
            writer.key("bytes")
            writer.int(output.bytes)
            writer.key("path")
            writer.string(output.path)
            writer.key("status")
            writer.string(output.status.rawValue)
            writer.close("}")
        }
        writer.close("]")
        writer.key("peakMemoryBytes")
        writer.int(peakMemoryBytes)
        writer.key("seconds")
        writer.double(seconds)
        writer.key("summary")
        writer.strings(summary)
        if let title {
            writer.key("title")
            writer.string(title)
        }
        if let warnings {
            writer.key("warnings")
            writer.strings(warnings)
        }
        writer.close("}")
        return Data(writer.bytes)
    }

    /// The reply in a line ``line`` wrote; `nil` when it is not one.
    init?(line: some Collection<UInt8>) {
        guard let fields = WorkerLineFields(line), let id = fields.int("id"), let outputs = fields.array("outputs")
        else { return nil }
        self.init(id: id)
        for value in outputs {
            guard case .object(let members) = value else { return nil }
            let output = WorkerLineFields(members: members)
            guard let path = output.string("path"), let bytes = output.int("bytes"),
                let status = output.string("status").flatMap(Status.init(rawValue:))
            else { return nil }
            self.outputs.append(Output(path: path, bytes: bytes, status: status))
        }
        errors = fields.strings("errors")
        warnings = fields.strings("warnings")
        exitCode = fields.int("exitCode").map(Int32.init(truncatingIfNeeded:))
        title = fields.string("title")
        summary = fields.strings("summary") ?? []
        seconds = fields.double("seconds") ?? 0
        peakMemoryBytes = fields.int("peakMemoryBytes") ?? 0
    }
}

/// The members of one protocol line's object, by key.
struct WorkerLineFields {
    private var members: [String: WorkerLineValue] = [:]

    /// The object in `line`; `nil` when it is not JSON or not an object.
    init?(_ line: some Collection<UInt8>) {
        var reader = WorkerLineReader(bytes: Array(line))
        guard case .object(let members) = reader.document() else { return nil }
        self.init(members: members)
    }

    /// An object's members.
    init(members: [(String, WorkerLineValue)]) {
        for (key, value) in members { self.members[key] = value }
    }

    func string(_ key: String) -> String? {
        if case .string(let value) = members[key] { return value }
        return nil
    }

    func int(_ key: String) -> Int? {
        if case .number(let literal) = members[key] { return Int(literal) }
        return nil
    }

    func double(_ key: String) -> Double? {
        if case .number(let literal) = members[key] { return Double(literal) }
        return nil
    }

    func bool(_ key: String) -> Bool? {
        if case .bool(let value) = members[key] { return value }
        return nil
    }

    func array(_ key: String) -> [WorkerLineValue]? {
        if case .array(let values) = members[key] { return values }
        return nil
    }

    /// An array of strings; `nil` when absent or when any element is not a string.
    func strings(_ key: String) -> [String]? {
        guard let values = array(key) else { return nil }
        var strings: [String] = []
        for value in values {
            guard case .string(let string) = value else { return nil }
            strings.append(string)
        }
        return strings
    }
}
