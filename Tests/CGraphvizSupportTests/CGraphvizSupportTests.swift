import FlowGraphTestSupport
import Foundation
import Testing

/// The C helpers' own checks (Sources/CGraphvizSupportCheck): the sequential ID discipline, gvRenderData's
/// length shim, the unfiltered PNG device and its pixel loops, the text layout cache, the SVG renderer's number
/// formatter, and the zlib stream (raw deflate, header, Adler-32), run as a program of their own, since libgvc is
/// not thread-safe and the device's tables are process-wide: inside this process they would race the Swift tests
/// that render.
@Suite struct CGraphvizSupportTests {
    /// The built check program, beside this test bundle.
    static func checkProgram() throws -> URL {
        try #require(
            BuiltProduct.executable(named: "CGraphvizSupportCheck"),
            "build it: swift build --product CGraphvizSupportCheck (looked in \(BuiltProduct.folders))")
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
        #expect(last.hasPrefix("57 passed, 0 failed"), "\(text)")
    }
}
