import FlowGraphTestSupport
import Foundation
import Testing

/// `swift package flowgraph …` in an app's own package that depends on FlowGraph by path: SwiftPM builds the
/// plugin and this package's `flowgraph` executable there, and the files appear where asked.
@Suite(.serialized) struct CommandPluginEndToEndTests {
    /// A package of its own in a temporary folder: one library target and a plan, depending on this package.
    static func makeAppPackage() throws -> PlanFolder {
        let folder = try PlanFolder()
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "ShopApp",
                dependencies: [.package(path: "\(BuiltBinary.packageRoot.path)")],
                targets: [.target(name: "ShopApp")]
            )

            """
        try folder.write("Package.swift", manifest)
        for sub in ["Sources/ShopApp", "Plans"] {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try folder.write("Sources/ShopApp/ShopApp.swift", "public struct ShopApp {}\n")
        try folder.write(
            "Plans/checkout.json",
            #"{"root": "Cart", "actions": ["push(Address)", "push(Payment)", "presentSheet(Receipt)"]}"#)
        try folder.write("Plans/broken.json", #"{"root": "Cart", "actions": ["pop()"]}"#)
        // The app's navigation code (FlowStacks' example app), outside any target: scan and docc read it.
        try FileManager.default.copyItem(
            at: RepositoryFolders.samples.appendingPathComponent("FlowStacksApp"),
            to: folder.url.appendingPathComponent("Navigation"))
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("Sources/ShopApp/ShopApp.docc"), withIntermediateDirectories: true)
        return folder
    }

    /// Runs `swift package ARGUMENTS` in the folder, with its temporary files (SwiftPM's lock files, the
    /// compilers' scratch folders) in the folder's `.tmp`, so that nothing is left outside it.
    static func swiftPackage(_ arguments: [String], in folder: PlanFolder) throws -> (status: Int32, output: String) {
        let temporary = folder.url.appendingPathComponent(".tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        return try BuiltBinary.runTool(
            URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package"] + arguments, in: folder.url,
            environment: ["TMPDIR": temporary.path])
    }

    @Test(.heavy) func renderAndStepsRunThroughThePlugin() throws {
        let app = try Self.makeAppPackage()
        defer { app.remove() }
        let render = try Self.swiftPackage(
            [
                "--allow-writing-to-package-directory", "flowgraph", "render", "Plans/checkout.json", "-o",
                "Docs/checkout.svg",
            ], in: app)
        #expect(render.status == 0, "\(render.output)")
        let svg = try String(contentsOf: app.url.appendingPathComponent("Docs/checkout.svg"), encoding: .utf8)
        #expect(svg.contains("<svg") && svg.contains("Payment") && svg.contains("Receipt"))

        let steps = try Self.swiftPackage(
            ["--allow-writing-to-package-directory", "flowgraph", "steps", "Plans/checkout.json", "--json"], in: app)
        #expect(steps.status == 0, "\(steps.output)")
        #expect(steps.output.contains(#""transitions""#) && steps.output.contains(".sheet(Receipt)"))

        let docc = try Self.swiftPackage(
            [
                "--allow-writing-to-package-directory", "flowgraph", "docc", "Navigation", "--catalog",
                "Sources/ShopApp/ShopApp.docc",
            ], in: app)
        #expect(docc.status == 0, "\(docc.output)")
        let generated = app.url.appendingPathComponent("Sources/ShopApp/ShopApp.docc/FlowGraph")
        #expect(FileManager.default.fileExists(atPath: generated.appendingPathComponent("NumberCoordinator.md").path))
        #expect(
            FileManager.default.fileExists(
                atPath: generated.appendingPathComponent("NumberCoordinator-navigation~dark@2x.png").path))

        let broken = try Self.swiftPackage(
            ["--allow-writing-to-package-directory", "flowgraph", "render", "Plans/broken.json", "-o", "broken.svg"],
            in: app)
        #expect(broken.status != 0)
        #expect(broken.output.contains("Plans/broken.json:1:"), "\(broken.output)")
        #expect(broken.output.contains("flowgraph render exited with status 1"))
        #expect(!FileManager.default.fileExists(atPath: app.url.appendingPathComponent("broken.svg").path))
    }
}
