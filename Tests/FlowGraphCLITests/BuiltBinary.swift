import FlowGraphTestSupport
import Foundation
import Testing

/// Runs the built `flowgraph` executable, as a user would.
enum BuiltBinary {
    /// What one run printed and returned.
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The package's root folder, from this file's place in Tests/FlowGraphCLITests.
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The `flowgraph` executable in the build products folder that holds this test bundle.
    static func executable() throws -> URL {
        guard let found = BuiltProduct.executable(named: "flowgraph") else {
            throw BinaryNotBuilt(searched: BuiltProduct.folders.map(\.path))
        }
        return found
    }

    struct BinaryNotBuilt: Error, CustomStringConvertible {
        var searched: [String]
        var description: String {
            "the flowgraph executable is not built; run `swift build --product flowgraph` (looked in "
                + searched.joined(separator: ", ") + ")"
        }
    }

    /// Runs another program (a script, `swiftc`) in `directory`, waiting for it to end; its standard output and
    /// error come back together, in the order it wrote them. `environment` adds to the test process's variables.
    static func runTool(
        _ executable: URL, _ arguments: [String] = [], in directory: URL, environment: [String: String] = [:]
    ) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }

    /// Runs `flowgraph` with SIGINT at its default, as from a terminal (a test runner may ignore or block it,
    /// and a child inherits that), in `directory`, waiting for it to end: for the tests whose test-only
    /// `environment` switch raises SIGINT at a chosen moment. Its output is discarded; it returns how it ended.
    static func runInterruptible(_ arguments: [String], in directory: URL, environment: [String: String]) throws
        -> (reason: Process.TerminationReason, status: Int32)
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments =
            [
                "-c",
                "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
                    + "signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT]); os.execv(sys.argv[1], sys.argv[1:])",
                try executable().path,
            ] + arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return (process.terminationReason, process.terminationStatus)
    }

    /// Runs `flowgraph` with arguments (and optional standard input) in `directory`, waiting for it to end;
    /// `environment` adds to (or replaces) the test process's variables.
    static func run(
        _ arguments: [String], input: String? = nil, in directory: URL? = nil, environment: [String: String] = [:]
    ) throws -> Result {
        let process = Process()
        process.executableURL = try executable()
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        if let directory { process.currentDirectoryURL = directory }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowgraph-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outURL = scratch.appendingPathComponent("out")
        let errURL = scratch.appendingPathComponent("err")
        try Data().write(to: outURL)
        try Data().write(to: errURL)
        let out = try FileHandle(forWritingTo: outURL)
        let err = try FileHandle(forWritingTo: errURL)
        process.standardOutput = out
        process.standardError = err
        let inputPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        try process.run()
        if let input {
            inputPipe.fileHandleForWriting.write(Data(input.utf8))
            try inputPipe.fileHandleForWriting.close()
        }
        process.waitUntilExit()
        try out.close()
        try err.close()
        return Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: outURL), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
    }
}

/// Golden files under Tests/FlowGraphCLITests/Golden; `FLOWGRAPH_RECORD=1 swift test` re-records them.
enum Golden {
    static let folder = BuiltBinary.packageRoot.appendingPathComponent("Tests/FlowGraphCLITests/Golden")

    static var isRecording: Bool { ProcessInfo.processInfo.environment["FLOWGRAPH_RECORD"] == "1" }

    /// Expects `actual` to equal the golden file `name`, or records it when recording.
    static func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = folder.appendingPathComponent(name)
        if isRecording {
            try Data(actual.utf8).write(to: url)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record(
                "missing golden file \(name); run FLOWGRAPH_RECORD=1 swift test to record it",
                sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "stdout differs from Golden/\(name)", sourceLocation: sourceLocation)
    }
}

/// A temporary folder with plan files written for one test.
struct PlanFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-plans-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// Writes a file and returns its name (relative to the folder).
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        try Data(text.utf8).write(to: url.appendingPathComponent(name))
        return name
    }

    /// Writes `long.json`: 480 sheets each presented and dismissed, a timeline too tall for one PNG (cairo's
    /// 32,767 px), and returns its name.
    func writeTooTallPlan() throws -> String {
        var actions: [String] = []
        for index in 0..<480 { actions += ["\"presentSheet(Sheet\(index))\"", "\"dismiss()\""] }
        return try write(
            "long.json", #"{"title": "Long", "root": "Home", "actions": [\#(actions.joined(separator: ","))]}"#)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}
