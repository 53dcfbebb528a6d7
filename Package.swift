// swift-tools-version: 6.0

import Foundation
import PackageDescription

/// The folder of the toolchain's own SwiftSyntax and SwiftParser (`usr/lib/swift/host`), found from the
/// toolchain building this package: the PackageDescription library this manifest runs with lives in that
/// toolchain's `usr/lib/swift/pm/ManifestAPI`. `nil` when the toolchain has no such modules, or when
/// FLOWGRAPH_SWIFTSYNTAX=off asks for the build without them; `flowgraph scan` then says it is unavailable.
func toolchainSwiftSyntaxFolder() -> String? {
    let environment = ProcessInfo.processInfo.environment
    if environment["FLOWGRAPH_SWIFTSYNTAX"] == "off" { return nil }
    var libFolders: [String] = []
    // Linux: the PackageDescription library mapped into this process.
    if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) {
        for line in maps.split(separator: "\n") where line.contains("libPackageDescription") {
            if let slash = line.firstIndex(of: "/") {
                let path = URL(fileURLWithPath: String(line[slash...]))
                // …/usr/lib/swift/pm/ManifestAPI/libPackageDescription.so → …/usr/lib
                libFolders.append(
                    path.deletingLastPathComponent().deletingLastPathComponent()
                        .deletingLastPathComponent().deletingLastPathComponent().path)
                break
            }
        }
    }
    // Xcode and other toolchains: the `swift` on PATH (or TOOLCHAINS' DEVELOPER_DIR), resolved.
    if let developer = environment["DEVELOPER_DIR"] {
        libFolders.append(developer + "/Toolchains/XcodeDefault.xctoolchain/usr/lib")
    }
    for folder in (environment["PATH"] ?? "").split(separator: ":") {
        let swift = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
        if FileManager.default.isExecutableFile(atPath: swift.path) {
            libFolders.append(
                swift.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
                    .appendingPathComponent("lib").path)
        }
    }
    for lib in libFolders {
        let host = lib + "/swift/host"
        if FileManager.default.fileExists(atPath: host + "/SwiftParser.swiftmodule"),
            FileManager.default.fileExists(atPath: host + "/SwiftSyntax.swiftmodule")
        {
            return host
        }
    }
    return nil
}

/// FlowSource's compiler and linker flags: the toolchain's SwiftSyntax folder, in this one target only.
let swiftSyntaxFolder = toolchainSwiftSyntaxFolder()
let flowSourceSwiftSettings: [SwiftSetting] = swiftSyntaxFolder.map { [.unsafeFlags(["-I", $0])] } ?? []
/// Targets that import FlowSource see SwiftSyntax's modules too (the search path only, no linking): in
/// debug builds SwiftPM compiles FlowSource with -enable-testing, and then its `internal import`s are loaded by
/// every module that imports it. None of these targets is in a library product.
let swiftSyntaxSearchPath: [SwiftSetting] = swiftSyntaxFolder.map { [.unsafeFlags(["-I", $0])] } ?? []
let flowSourceLinkerSettings: [LinkerSetting] =
    swiftSyntaxFolder.map {
        [
            .unsafeFlags(["-L", $0, "-Xlinker", "-rpath", "-Xlinker", $0]),
            .linkedLibrary("SwiftSyntax"), .linkedLibrary("SwiftParser"), .linkedLibrary("SwiftDiagnostics"),
            .linkedLibrary("SwiftParserDiagnostics"), .linkedLibrary("SwiftBasicFormat"),
        ]
    } ?? []

let package = Package(
    name: "FlowGraph",
    products: [
        .library(name: "FlowModel", targets: ["FlowModel"]),
        .library(name: "Graphviz", targets: ["Graphviz"]),
        .library(name: "FlowGraph", targets: ["FlowGraph"]),
        .library(name: "FlowGraphCompatibility", targets: ["FlowGraphCompatibility"]),
        .executable(name: "flowgraph", targets: ["flowgraph"]),
        .plugin(name: "FlowGraphPlugin", targets: ["FlowGraphPlugin"]),
    ],
    targets: [
        .target(name: "FlowModel"),
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev", "zlib1g-dev", "libfontconfig-dev"]), .brew(["graphviz"])]
        ),
        // Our own C helpers beside libgvc's API (an ID discipline, a PNG device, version shims).
        .target(name: "CGraphvizSupport", dependencies: ["CGraphviz"], linkerSettings: [.linkedLibrary("z")]),
        // Its checks, as a C program of their own (CGraphvizSupportTests runs it): libgvc is not thread-safe.
        .executableTarget(name: "CGraphvizSupportCheck", dependencies: ["CGraphvizSupport"]),
        .target(name: "Graphviz", dependencies: ["CGraphviz", "CGraphvizSupport"]),
        // Test support: only test targets depend on these; no product contains them.
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .target(name: "FlowGraphTestSupport", dependencies: ["CZlib"]),
        .target(name: "FlowGraph", dependencies: ["FlowModel", "Graphviz"]),
        // FlowGraph 0.1.0’s names, deprecated, for one release.
        .target(name: "FlowGraphCompatibility", dependencies: ["FlowGraph", "Graphviz"]),
        .target(
            name: "FlowSource", dependencies: ["FlowModel"], swiftSettings: flowSourceSwiftSettings,
            linkerSettings: flowSourceLinkerSettings),
        .target(
            name: "FlowGraphCLI", dependencies: ["FlowModel", "Graphviz", "FlowGraph", "FlowSource"],
            swiftSettings: swiftSyntaxSearchPath),
        .executableTarget(name: "flowgraph", dependencies: ["FlowGraphCLI"], swiftSettings: swiftSyntaxSearchPath),
        // `swift package flowgraph …` in a package that depends on this one: runs the flowgraph executable.
        .plugin(
            name: "FlowGraphPlugin",
            capability: .command(
                intent: .custom(
                    verb: "flowgraph", description: "Draw navigation with flowgraph (render, scan, steps, check)"),
                permissions: [
                    .writeToPackageDirectory(reason: "flowgraph writes the diagrams you ask for into your package")
                ]),
            dependencies: ["flowgraph"]),
        .executableTarget(
            name: "FlowGraphBench",
            dependencies: ["FlowModel", "Graphviz", "FlowGraph", "FlowGraphCLI", "FlowSource"],
            path: "Sources/FlowGraphBench",
            swiftSettings: swiftSyntaxSearchPath
        ),
        // The names FlowStacks, SwiftUI and apps declare, imported beside FlowGraph by FlowGraphAPITests.
        .target(name: "CollidingNames", path: "Tests/CollidingNames"),
        .testTarget(name: "FlowGraphAPITests", dependencies: ["FlowGraph", "CollidingNames"]),
        .testTarget(name: "FlowModelTests", dependencies: ["FlowModel", "FlowGraphTestSupport"]),
        .testTarget(name: "CGraphvizSupportTests", dependencies: ["CGraphvizSupportCheck", "FlowGraphTestSupport"]),
        .testTarget(name: "GraphvizTests", dependencies: ["Graphviz", "FlowGraphTestSupport"]),
        .testTarget(
            name: "FlowGraphTests", dependencies: ["FlowGraph", "FlowModel", "Graphviz", "FlowGraphTestSupport"]),
        // In-process tests of the recogniser, one file per FlowSource file they test.
        .testTarget(
            name: "FlowSourceTests", dependencies: ["FlowSource", "FlowModel", "FlowGraphTestSupport"],
            swiftSettings: swiftSyntaxSearchPath),
        .testTarget(
            name: "FlowGraphCLITests",
            dependencies: [
                "FlowGraphCLI", "FlowModel", "FlowSource", "FlowGraph", "Graphviz", "FlowGraphTestSupport",
                // Type-checked against by CompatibilityNamesTests.
                "FlowGraphCompatibility",
            ],
            resources: [.copy("Golden")],
            swiftSettings: swiftSyntaxSearchPath
        ),
    ],
    swiftLanguageModes: [.v6]
)
