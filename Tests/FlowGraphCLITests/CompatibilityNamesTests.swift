import Foundation
import Testing

/// The names of FlowGraph 0.1.0 (FlowStacks', SwiftUI's and apps' own names too): gone from `import
/// FlowGraph`, and kept for one release by `import FlowGraphCompatibility` with a warning naming each new name.
/// A client file is type-checked by `swiftc` against the modules this build made.
@Suite struct CompatibilityNamesTests {
    /// Code written against the old names.
    static let oldCode = """
        let route: Route = .sheet("Payment", withNavigation: true)
        let style: RouteStyle = route.style
        let stack = FlowStack(root: Root(), routes: [route])
        let transition: Transition? = nil
        let action: Action = .dismiss(count: 1)
        print(stack.routes.map(\\.notation), style, transition as Any, action)
        """

    /// The old names and the new ones the warnings must name.
    static let renamed = [
        ("Route", "PlanRoute"), ("RouteStyle", "PlanRouteStyle"), ("FlowStack", "RouteStack"),
        ("Transition", "PlanTransition"), ("Action", "PlanAction"),
    ]

    @Test func oldNamesBuildThroughTheCompatibilityModuleWithAWarningEach() throws {
        let result = try typecheck("import FlowGraphCompatibility\n" + Self.oldCode)
        #expect(result.status == 0, "\(result.output)")
        for (old, new) in Self.renamed {
            #expect(result.output.contains("warning: '\(old)' is deprecated: renamed to '\(new)'"), "\(old)")
        }
    }

    @Test func flowGraphItselfNoLongerHasThem() throws {
        let result = try typecheck("import FlowGraph\n" + Self.oldCode)
        #expect(result.status != 0)
        for (old, _) in Self.renamed {
            #expect(
                result.output.contains("cannot find type '\(old)' in scope")
                    || result.output.contains("cannot find '\(old)' in scope"), "\(old): \(result.output)")
        }
    }

    /// `swiftc -typecheck` of one client file against the built modules and the package's C module maps.
    private func typecheck(_ source: String) throws -> (status: Int32, output: String) {
        let swiftc = try #require(SwiftStepsCompileTests.swiftc, "swiftc is not on PATH")
        let build = try #require(Self.buildFolder, "no Modules folder beside the test binary")
        let root = BuiltBinary.packageRoot
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("compat-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("Client.swift")
        try Data(source.utf8).write(to: file)
        return try BuiltBinary.runTool(
            URL(fileURLWithPath: swiftc),
            [
                "-typecheck", "-I", build.appendingPathComponent("Modules").path,
                "-Xcc", "-fmodule-map-file=" + root.appendingPathComponent("Sources/CGraphviz/module.modulemap").path,
                "-Xcc",
                "-fmodule-map-file=" + build.appendingPathComponent("CGraphvizSupport.build/module.modulemap").path,
                "-I", root.appendingPathComponent("Sources/CGraphvizSupport/include").path, file.path,
            ], in: folder)
    }

    /// The build folder of this test run (`.build/debug`): the one holding the test binary and `Modules`.
    static var buildFolder: URL? {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        for _ in 0..<5 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Modules").path) { return folder }
            folder = folder.deletingLastPathComponent()
        }
        let fallback = BuiltBinary.packageRoot.appendingPathComponent(".build/debug")
        return FileManager.default.fileExists(atPath: fallback.appendingPathComponent("Modules").path) ? fallback : nil
    }
}
