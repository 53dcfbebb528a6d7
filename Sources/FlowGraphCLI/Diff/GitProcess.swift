import FlowModel
import Foundation
import Synchronization

/// Runs `git` for `flowgraph diff --git`, reading its standard output and standard error at once: a program
/// that fills one pipe while the other is read to its end would wait forever.
enum GitProcess {
    /// Runs `git arguments` (standard input from `input` when given) and returns what it printed; a non-zero
    /// exit is an error at `option` naming `failure` and the first line git said.
    static func git(_ arguments: [String], input: URL? = nil, failure: String, naming option: String = "--git")
        throws(FlowGraphError) -> Data
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        if let input, let handle = try? FileHandle(forReadingFrom: input) {
            process.standardInput = handle
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        // Not `waitUntilExit()`: on Linux it notices the exit only on its run loop's next 50 ms turn, which
        // cost each of a diff's git runs about that much.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        do {
            try process.run()
        } catch {
            throw FlowGraphError(file: option, message: "\(failure): cannot run git (\(error.localizedDescription))")
        }
        let said = Mutex(Data())
        let errorReader = err.fileHandleForReading
        let drained = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let data = errorReader.readDataToEndOfFile()
            said.withLock { $0 = data }
            drained.signal()
        }
        let output = out.fileHandleForReading.readDataToEndOfFile()
        drained.wait()
        exited.wait()
        guard process.terminationStatus == 0 else {
            let text = said.withLock { String(decoding: $0, as: UTF8.self) }
            let reason = text.split(separator: "\n").first.map { ": " + $0 } ?? ""
            throw FlowGraphError(file: option, message: failure + reason)
        }
        return output
    }

    /// ``git(_:input:failure:)``'s output as text.
    static func git(_ arguments: [String], failure: String, naming option: String = "--git") throws(FlowGraphError)
        -> String
    {
        String(decoding: try git(arguments, input: nil, failure: failure, naming: option) as Data, as: UTF8.self)
    }
}
