// swift-tools-version: 6.0

// libFuzzer targets for FlowGraph's parsers and renderer. Not part of the main package: build and run them
// with Scripts/fuzz.sh, which passes `-sanitize=fuzzer,address` (they do not link without it).
import PackageDescription

let fuzzTargets = [
    "fuzz-route-notation", "fuzz-action-notation", "fuzz-json", "fuzz-plan", "fuzz-route-import", "fuzz-render",
    "fuzz-deep-link", "fuzz-router-notation",
]

let package = Package(
    name: "FlowGraphFuzz",
    dependencies: [.package(name: "FlowGraph", path: "..")],
    targets: [
        .target(
            name: "FuzzSupport",
            dependencies: [
                .product(name: "FlowModel", package: "FlowGraph"),
                .product(name: "FlowGraph", package: "FlowGraph"),
            ]
        )
    ]
        + fuzzTargets.map { name in
            .executableTarget(
                name: name,
                dependencies: [
                    "FuzzSupport",
                    .product(name: "FlowModel", package: "FlowGraph"),
                    .product(name: "FlowGraph", package: "FlowGraph"),
                ]
            )
        },
    swiftLanguageModes: [.v6]
)
