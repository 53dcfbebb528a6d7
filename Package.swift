// swift-tools-version: 6.0

import PackageDescription

let package = Package(
    name: "FlowGraph",
    products: [
        .library(name: "FlowModel", targets: ["FlowModel"]),
        .library(name: "Graphviz", targets: ["Graphviz"]),
        .library(name: "FlowGraph", targets: ["FlowGraph"]),
        .executable(name: "flowgraph", targets: ["flowgraph"]),
    ],
    targets: [
        .target(name: "FlowModel"),
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev", "zlib1g-dev", "libfontconfig-dev"]), .brew(["graphviz"])]
        ),
        .target(name: "Graphviz", dependencies: ["CGraphviz"]),
        .target(name: "FlowGraph", dependencies: ["FlowModel", "Graphviz"]),
        .target(name: "FlowGraphCLI", dependencies: ["FlowModel", "Graphviz", "FlowGraph"]),
        .executableTarget(name: "flowgraph", dependencies: ["FlowGraphCLI"]),
        .executableTarget(
            name: "FlowGraphBench",
            dependencies: ["FlowModel", "Graphviz", "FlowGraph", "FlowGraphCLI"],
            path: "Sources/FlowGraphBench"
        ),
        .testTarget(name: "FlowModelTests", dependencies: ["FlowModel"]),
        .testTarget(name: "GraphvizTests", dependencies: ["Graphviz"]),
        .testTarget(name: "FlowGraphTests", dependencies: ["FlowGraph", "FlowModel", "Graphviz"]),
        .testTarget(
            name: "FlowGraphCLITests",
            dependencies: ["FlowGraphCLI", "FlowModel"],
            resources: [.copy("Golden")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
