import Foundation
import Testing

/// The build without SwiftSyntax (a toolchain that lacks it): everything else builds and `flowgraph scan` says
/// it is unavailable and why. It builds the package a second time in its own folder (minutes), so it runs only
/// with FLOWGRAPH_TEST_BUILD_PATHS=1, or directly with `make check-without-swiftsyntax`.
@Suite struct ScanUnavailableBuildTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["FLOWGRAPH_TEST_BUILD_PATHS"] == "1"))
    func scanSaysItIsUnavailableInABuildWithoutSwiftSyntax() throws {
        let process = Process()
        process.executableURL = BuiltBinary.packageRoot.appendingPathComponent("Scripts/check-without-swiftsyntax.sh")
        process.currentDirectoryURL = BuiltBinary.packageRoot
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
        #expect(text.contains("ok: without SwiftSyntax"))
    }
}
