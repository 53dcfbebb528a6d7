import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Runs `flowgraph render` batches as a user would: the built binary, real files, real worker processes.
enum BatchRun {
    /// Starts `flowgraph` in `directory` with extra environment variables; its output goes to temporary files.
    static func start(_ arguments: [String], environment: [String: String] = [:], in directory: URL) throws
        -> (process: Process, output: URL, errors: URL)
    {
        let process = Process()
        process.executableURL = try BuiltBinary.executable()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let scratch = FileManager.default.temporaryDirectory
        let output = scratch.appendingPathComponent("flowgraph-stdout-\(UUID().uuidString)")
        let errors = scratch.appendingPathComponent("flowgraph-stderr-\(UUID().uuidString)")
        try Data().write(to: output)
        try Data().write(to: errors)
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, output, errors)
    }

    /// Waits until `file` exists (a hanging worker's `FLOWGRAPH_TEST_HANG_MARK`), failing after `seconds`.
    static func wait(for file: URL, seconds: Double = 30) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while !FileManager.default.fileExists(atPath: file.path) {
            try #require(Date() < deadline, "\(file.lastPathComponent) did not appear in \(seconds) s")
            usleep(10_000)
        }
    }

    /// Removes the files `start` captured a run's output and errors in (they are outside the test's folder).
    static func removeCaptures(_ output: URL, _ errors: URL) {
        try? FileManager.default.removeItem(at: output)
        try? FileManager.default.removeItem(at: errors)
    }

    /// Runs `flowgraph` to the end in `directory`.
    static func run(_ arguments: [String], environment: [String: String] = [:], in directory: URL) throws
        -> BuiltBinary.Result
    {
        let (process, output, errors) = try start(arguments, environment: environment, in: directory)
        process.waitUntilExit()
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: errors)
        }
        return BuiltBinary.Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }

    /// Every file under a folder (relative paths, hidden ones included), sorted.
    static func files(under folder: URL) -> [String] {
        let root = folder.standardizedFileURL.pathComponents.count
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        var result: [String] = []
        while let item = enumerator?.nextObject() as? URL {
            guard (try? item.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            result.append(item.standardizedFileURL.pathComponents.dropFirst(root).joined(separator: "/"))
        }
        return result.sorted()
    }

    /// Every file under a folder with its bytes and modification date, to show that nothing changed.
    static func snapshot(_ folder: URL) throws -> [String: (Data, Date)] {
        var result: [String: (Data, Date)] = [:]
        for name in files(under: folder) {
            let url = folder.appendingPathComponent(name)
            let date = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date
            result[name] = (try Data(contentsOf: url), date ?? .distantPast)
        }
        return result
    }

    /// The report written by `--report`, as JSON.
    static func report(_ url: URL) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// Whether the bytes are a whole PNG: the signature first and the IEND chunk last.
    static func isCompletePNG(_ data: Data) -> Bool {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        let end: [UInt8] = [0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        return data.count > 16 && Array(data.prefix(8)) == signature && Array(data.suffix(8)) == end
    }

    /// Whether the bytes are a whole SVG document: XML that parses and ends with `</svg>`.
    static func isCompleteSVG(_ data: Data) -> Bool {
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text.hasSuffix("</svg>") else { return false }
        return XMLParser(data: data).parse()
    }
}

/// A small plan with a title and two actions.
func smallPlan(title: String, screen: String = "A") throws -> String {
    let quoted = String(decoding: try JSONEncoder().encode(title), as: UTF8.self)
    return """
        {"title": \(quoted), "root": "Home", "start": [], "actions": ["push(\(screen))", "presentSheet(B)"]}
        """
}
