import Foundation
import Testing

/// The build without SwiftSyntax (a toolchain that lacks it): everything else builds and `flowgraph scan` says
/// it is unavailable and why. It builds the package a second time in its own folder (minutes), so it runs only
/// with FLOWGRAPH_TEST_BUILD_PATHS=1, or directly with `make check-without-swiftsyntax`.
@Suite struct ScanUnavailableBuildTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["FLOWGRAPH_TEST_BUILD_PATHS"] == "1"))
    func scanSaysItIsUnavailableInABuildWithoutSwiftSyntax() throws {
        let (status, text) = try BuiltBinary.runTool(
            BuiltBinary.packageRoot.appendingPathComponent("Scripts/check-without-swiftsyntax.sh"),
            in: BuiltBinary.packageRoot)
        #expect(status == 0, "\(text)")
        #expect(text.contains("ok: without SwiftSyntax"))
    }
}
