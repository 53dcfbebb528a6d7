// swift-tools-version: 6.0

// libFuzzer targets for FlowGraph's parsers, renderer and scanner. Not part of the main package: build and run them
// with Scripts/fuzz.sh, which passes `-sanitize=fuzzer,address` (they do not link without it).
import PackageDescription

let fuzzTargets = [
    "fuzz-route-notation", "fuzz-action-notation", "fuzz-json", "fuzz-plan", "fuzz-route-import", "fuzz-render",
    "fuzz-deep-link", "fuzz-router-notation",
]

/// swift-syntax's products, from the same package the main package pins (FlowSource is no product, so this package
/// builds its sources itself, `Sources/ScannerUnderFuzz` being a link to them).
let swiftSyntax: [Target.Dependency] = ["SwiftSyntax", "SwiftParser", "SwiftDiagnostics", "SwiftParserDiagnostics"]
    .map { .product(name: $0, package: "swift-syntax") }

let scannerTargets: [Target] = [
    .target(
        name: "ScannerUnderFuzz", dependencies: [.product(name: "FlowModel", package: "FlowGraph")] + swiftSyntax),
    .executableTarget(
        name: "fuzz-scan",
        dependencies: ["FuzzSupport", "ScannerUnderFuzz", .product(name: "FlowModel", package: "FlowGraph")]),
]

let package = Package(
    name: "FlowGraphFuzz",
    dependencies: [
        .package(name: "FlowGraph", path: ".."),
        .package(url: "https://github.com/swiftlang/swift-syntax.git", from: "603.0.2"),
    ],
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
        } + scannerTargets,
    swiftLanguageModes: [.v6]
)
