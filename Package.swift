// swift-tools-version: 6.0

import PackageDescription

/// swift-syntax's products FlowSource reads Swift source with: the release that matches Swift 6.3's parser.
/// Offline, `make deps` points SwiftPM at a local copy of the same tag with a mirror (docs/development.md).
let swiftSyntax: [Target.Dependency] = ["SwiftSyntax", "SwiftParser", "SwiftDiagnostics", "SwiftParserDiagnostics"]
    .map { .product(name: $0, package: "swift-syntax") }

let package = Package(
    name: "FlowGraph",
    products: [
        .library(name: "FlowModel", targets: ["FlowModel"]),
        .library(name: "Graphviz", targets: ["Graphviz"]),
        .library(name: "FlowGraph", targets: ["FlowGraph"]),
        .library(name: "FlowGraphCompatibility", targets: ["FlowGraphCompatibility"]),
        .library(name: "FlowGraphTesting", targets: ["FlowGraphTesting"]),
        .executable(name: "flowgraph", targets: ["flowgraph"]),
        .plugin(name: "FlowGraphPlugin", targets: ["FlowGraphPlugin"]),
    ],
    dependencies: [.package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.2")],
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
        .target(name: "FlowSource", dependencies: ["FlowModel"] + swiftSyntax),
        .target(name: "FlowGraphCLI", dependencies: ["FlowModel", "Graphviz", "FlowGraph", "FlowSource"]),
        .executableTarget(name: "flowgraph", dependencies: ["FlowGraphCLI"]),
        // assertNavigation and assertSteps: an app's navigation checked against a baseline in its own tests.
        .target(name: "FlowGraphTesting", dependencies: ["FlowGraphCLI"]),
        // `swift package flowgraph …` in a package that depends on this one: runs the flowgraph executable.
        .plugin(
            name: "FlowGraphPlugin",
            capability: .command(
                intent: .custom(
                    verb: "flowgraph", description: "Draw navigation with flowgraph (render, scan, steps, check)")),
            // No permission declared: reading commands need none, and SwiftPM's
            // --allow-writing-to-package-directory opens the package to the ones that write.
            dependencies: ["flowgraph"]),
        .executableTarget(
            name: "FlowGraphBench",
            dependencies: ["FlowModel", "Graphviz", "FlowGraph", "FlowGraphCLI", "FlowSource"],
            path: "Sources/FlowGraphBench"
        ),
        // The names FlowStacks, SwiftUI and apps declare, imported beside FlowGraph by FlowGraphAPITests.
        .target(name: "CollidingNames", path: "Tests/CollidingNames"),
        .testTarget(name: "FlowGraphAPITests", dependencies: ["FlowGraph", "CollidingNames"]),
        .testTarget(name: "FlowModelTests", dependencies: ["FlowModel", "FlowGraphTestSupport"]),
        .testTarget(name: "CGraphvizSupportTests", dependencies: ["CGraphvizSupportCheck", "FlowGraphTestSupport"]),
        .testTarget(name: "GraphvizTests", dependencies: ["Graphviz", "FlowGraphTestSupport"]),
        .testTarget(
            name: "FlowGraphTests", dependencies: ["FlowGraph", "FlowModel", "Graphviz", "FlowGraphTestSupport"]),
        // In-process tests of the recogniser, one file per FlowSource file they test; a pass that reads syntax is
        // tested on syntax parsed here.
        .testTarget(
            name: "FlowSourceTests", dependencies: ["FlowSource", "FlowModel", "FlowGraphTestSupport"] + swiftSyntax),
        .testTarget(
            name: "FlowGraphTestingTests", dependencies: ["FlowGraphTesting", "FlowGraphTestSupport"],
            exclude: ["__Navigation__"]),
        .testTarget(
            name: "FlowGraphCLITests",
            dependencies: [
                "FlowGraphCLI", "FlowModel", "FlowSource", "FlowGraph", "Graphviz", "FlowGraphTestSupport",
                // Type-checked against by CompatibilityNamesTests.
                "FlowGraphCompatibility",
            ] + swiftSyntax,
            resources: [.copy("Golden")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
