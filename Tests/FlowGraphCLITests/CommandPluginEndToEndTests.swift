import FlowGraphCLI
import FlowGraphTestSupport
import Foundation
import Testing

/// FlowGraph added to an app's own package **by URL**, as a user adds it: SwiftPM fetches it (through a mirror
/// to a git repository of this package's files as they are now, tagged with FlowGraph's version, and
/// swift-syntax through the mirror `make deps` set, if any), builds the app's code that imports the library,
/// and runs `swift package flowgraph …` through the plugin; the files appear where asked. SwiftPM refuses a
/// package fetched by URL whose targets use unsafe flags, so this fails if any target does.
@Suite(.serialized) struct CommandPluginEndToEndTests {
    static let flowGraphURL = "https://github.com/flowgraph/flowgraph.git"

    /// A git repository of this package's files as they are now (committed or not; ignored files left out),
    /// tagged with FlowGraph's version: what SwiftPM would fetch from ``flowGraphURL``.
    static func makeRelease(in folder: PlanFolder) throws -> URL {
        let release = folder.url.appendingPathComponent("flowgraph-release")
        let root = BuiltBinary.packageRoot
        let listed = try git(["ls-files", "-z", "--cached", "--others", "--exclude-standard"], in: root)
        let manager = FileManager.default
        for path in Set(listed.split(separator: "\0").map(String.init)).sorted() {
            let source = root.appendingPathComponent(path)
            guard let attributes = try? manager.attributesOfItem(atPath: source.path) else { continue }  // deleted
            let target = release.appendingPathComponent(path)
            try manager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            if attributes[.type] as? FileAttributeType == .typeSymbolicLink {
                try manager.createSymbolicLink(
                    atPath: target.path, withDestinationPath: manager.destinationOfSymbolicLink(atPath: source.path))
            } else {
                try manager.copyItem(at: source, to: target)
            }
        }
        _ = try git(["init", "-q"], in: release)
        _ = try git(["add", "-A"], in: release)
        _ = try git(
            ["-c", "user.name=FlowGraph", "-c", "user.email=test@flowgraph.invalid", "commit", "-qm", "release"],
            in: release)
        _ = try git(["tag", FlowGraphCommand.version], in: release)
        return release
    }

    /// Runs git in `directory`, failing the test with its output if it fails.
    static func git(_ arguments: [String], in directory: URL) throws -> String {
        let result = try BuiltBinary.runTool(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: directory)
        try #require(result.status == 0, "git \(arguments.joined(separator: " ")): \(result.output)")
        return result.output
    }

    /// A package of its own in a temporary folder: an executable that draws a plan with the FlowGraph library,
    /// a plan, and an app's navigation code to scan; FlowGraph by URL, with the mirrors that lead to it.
    static func makeAppPackage() throws -> PlanFolder {
        let folder = try PlanFolder()
        let release = try makeRelease(in: folder)
        let manifest = """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "ShopApp",
                dependencies: [.package(url: "\(flowGraphURL)", from: "\(FlowGraphCommand.version)")],
                targets: [
                    .executableTarget(name: "ShopApp", dependencies: [.product(name: "FlowGraph", package: "flowgraph")]),
                    .testTarget(
                        name: "ShopAppTests", dependencies: [.product(name: "FlowGraphTesting", package: "flowgraph")],
                        exclude: ["__Navigation__"]),
                ]
            )

            """
        try folder.write("Package.swift", manifest)
        for sub in ["Sources/ShopApp", "Plans", "Tests/ShopAppTests/__Navigation__"] {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        try folder.write(
            "Sources/ShopApp/main.swift",
            """
            import FlowGraph

            enum Screen: Hashable { case cart, address, receipt }
            let plan = Plan(root: Screen.cart, from: [], to: [.push(.address), .sheet(.receipt)])
            let run = try plan.play()
            print("steps:", run.transitions[0].steps.count, run.transitions[0].steps.last!.map(\\.notation))

            """)
        try folder.write(
            "Tests/ShopAppTests/NavigationTests.swift",
            """
            import FlowGraphTesting
            import Testing

            @Test func appNavigation() { assertNavigation(scanning: "Navigation") }
            @Test func checkoutSteps() { assertSteps(of: "Plans/checkout.json") }

            """)
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
        // This package's mirrors first (offline, `make deps` set swift-syntax's to a local copy), read as the
        // file they live in: `swift package config` here would wait for the lock the running `swift test` holds.
        let mirrors = ".swiftpm/configuration/mirrors.json"
        let ours = BuiltBinary.packageRoot.appendingPathComponent(mirrors)
        if FileManager.default.fileExists(atPath: ours.path) {
            let theirs = folder.url.appendingPathComponent(mirrors)
            try FileManager.default.createDirectory(
                at: theirs.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: ours, to: theirs)
        }
        let mirrored = try swiftPackage(
            ["config", "set-mirror", "--original", flowGraphURL, "--mirror", release.path], in: folder)
        try #require(mirrored.status == 0, "\(mirrored.output)")
        return folder
    }

    /// Runs `swift package ARGUMENTS` in the folder, with its temporary files (SwiftPM's lock files, the
    /// compilers' scratch folders) in the folder's `.tmp`, so that nothing is left outside it.
    static func swiftPackage(_ arguments: [String], in folder: PlanFolder) throws -> (status: Int32, output: String) {
        let temporary = folder.url.appendingPathComponent(".tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        // SwiftPM's cache of fetched repositories in the folder too, so that no other run's copy is read.
        let cache = folder.url.appendingPathComponent(".cache").path
        return try BuiltBinary.runTool(
            URL(fileURLWithPath: "/usr/bin/env"), ["swift", "package", "--cache-path", cache] + arguments,
            in: folder.url, environment: ["TMPDIR": temporary.path])
    }

    /// Runs `swift COMMAND ARGUMENTS` (build, run) in the folder, with its caches and temporary files there.
    static func swift(_ command: String, _ arguments: [String], in folder: PlanFolder) throws -> (
        status: Int32, output: String
    ) {
        let temporary = folder.url.appendingPathComponent(".tmp")
        let cache = folder.url.appendingPathComponent(".cache").path
        return try BuiltBinary.runTool(
            URL(fileURLWithPath: "/usr/bin/env"), ["swift", command, "--cache-path", cache] + arguments,
            in: folder.url, environment: ["TMPDIR": temporary.path])
    }

    @Test(.heavy) func aPackageAddsFlowGraphByURLRunsThePluginAndChecksItsNavigationInItsTests() throws {
        let app = try Self.makeAppPackage()
        defer { app.remove() }
        let run = try Self.swift("run", ["-q", "ShopApp"], in: app)
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains(#"steps: 3 [".push(address)", ".sheet(receipt)"]"#), "\(run.output)")
        let resolved = try String(contentsOf: app.url.appendingPathComponent("Package.resolved"), encoding: .utf8)
        #expect(resolved.contains(#""location" : "\#(Self.flowGraphURL)""#), "\(resolved)")
        #expect(resolved.contains(#""version" : "\#(FlowGraphCommand.version)""#), "\(resolved)")

        let render = try Self.swiftPackage(
            [
                "--allow-writing-to-package-directory", "flowgraph", "render", "Plans/checkout.json", "-o",
                "Docs/checkout.svg",
            ], in: app)
        #expect(render.status == 0, "\(render.output)")
        let svg = try String(contentsOf: app.url.appendingPathComponent("Docs/checkout.svg"), encoding: .utf8)
        #expect(svg.contains("<svg") && svg.contains("Payment") && svg.contains("Receipt"))

        // The commands that only read run without SwiftPM's write permission.
        let steps = try Self.swiftPackage(["flowgraph", "steps", "Plans/checkout.json", "--json"], in: app)
        #expect(steps.status == 0, "\(steps.output)")
        #expect(steps.output.contains(#""transitions""#) && steps.output.contains(".sheet(Receipt)"))
        let listed = try Self.swiftPackage(["flowgraph", "scan", "Navigation"], in: app)
        #expect(listed.status == 0, "\(listed.output)")
        #expect(listed.output.contains("NumberCoordinator"), "\(listed.output)")
        let plugins = try Self.swiftPackage(["plugin", "--list"], in: app)
        #expect(
            plugins.output.contains("‘flowgraph’ (plugin ‘FlowGraphPlugin’ in package ‘FlowGraph’)"),
            "\(plugins.output)")

        let scan = try Self.swiftPackage(
            ["--allow-writing-to-package-directory", "flowgraph", "scan", "Navigation", "-o", "Docs/map.svg"], in: app)
        #expect(scan.status == 0, "\(scan.output)")
        let map = try String(contentsOf: app.url.appendingPathComponent("Docs/map.svg"), encoding: .utf8)
        #expect(map.contains("<svg") && map.contains("NumberCoordinator"), "\(scan.output)")

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
        // One SwiftPM error that starts with the tool's own message, however the output is read (here as one
        // stream, as `2>&1` gives it).
        let message = try #require(broken.output.range(of: "error: Plans/broken.json:1:"), "\(broken.output)")
        let status = try #require(broken.output.range(of: "(flowgraph render exited with status 1)"))
        #expect(message.lowerBound < status.lowerBound, "\(broken.output)")
        #expect(broken.output.components(separatedBy: "Plans/broken.json:1:").count == 2, "\(broken.output)")
        #expect(!FileManager.default.fileExists(atPath: app.url.appendingPathComponent("broken.svg").path))

        // FlowGraphTesting in the app's own tests: the first run records the baselines and fails, the next
        // passes, and a plan whose steps change fails with the lines that changed.
        let first = try Self.swift("test", ["-q"], in: app)
        #expect(first.status != 0)
        #expect(
            first.output.contains(
                "recorded the baseline Tests/ShopAppTests/__Navigation__/NavigationTests/appNavigation.json"),
            "\(first.output)")
        let recorded = app.url.appendingPathComponent("Tests/ShopAppTests/__Navigation__/NavigationTests")
        #expect(FileManager.default.fileExists(atPath: recorded.appendingPathComponent("checkoutSteps.txt").path))
        let second = try Self.swift("test", ["-q"], in: app)
        #expect(second.status == 0, "\(second.output)")
        try app.write(
            "Plans/checkout.json",
            #"{"root": "Cart", "actions": ["push(Address)", "presentSheet(Receipt)"]}"#)
        let third = try Self.swift("test", ["-q"], in: app)
        #expect(third.status != 0)
        #expect(third.output.contains("the steps of Plans/checkout.json changed since"), "\(third.output)")
        #expect(third.output.contains("- "), "\(third.output)")
    }
}
