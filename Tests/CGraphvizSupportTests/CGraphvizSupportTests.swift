import FlowGraphTestSupport
import Foundation
import Testing

/// The C helpers' own checks (Sources/CGraphvizSupportCheck): the sequential ID discipline, gvRenderData's
/// length shim, the unfiltered PNG device and zlib's stream set-up, run as a program of their own, since libgvc
/// is not thread-safe and the device's tables are process-wide: inside this process they would race the Swift
/// tests that render.
@Suite struct CGraphvizSupportTests {
    /// The built check program, beside this test bundle.
    static func checkProgram() throws -> URL {
        var folders: [URL] = []
        if let testBinary = CommandLine.arguments.first {
            folders.append(URL(fileURLWithPath: testBinary).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        folders.append(RepositoryFolders.root.appendingPathComponent(".build/debug"))
        let found = folders.map { $0.appendingPathComponent("CGraphvizSupportCheck") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(found, "build it: swift build --product CGraphvizSupportCheck (looked in \(folders))")
    }

    @Test func everyCheckOfTheCHelpersPasses() throws {
        let process = Process()
        process.executableURL = try Self.checkProgram()
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(!text.contains("FAILED"), "\(text)")
        let last = text.split(separator: "\n").last.map(String.init) ?? ""
        #expect(last.hasPrefix("19 passed, 0 failed"), "\(text)")
    }
}
