// swift-tools-version: 6.0

// libFuzzer targets for FlowGraph's parsers, renderer and scanner. Not part of the main package: build and run them
// with Scripts/fuzz.sh, which passes `-sanitize=fuzzer,address` (they do not link without it).
import Foundation
import PackageDescription

let fuzzTargets = [
    "fuzz-route-notation", "fuzz-action-notation", "fuzz-json", "fuzz-plan", "fuzz-route-import", "fuzz-render",
    "fuzz-deep-link", "fuzz-router-notation",
]

/// The toolchain's SwiftSyntax and SwiftParser (`usr/lib/swift/host`) beside the `swift` on PATH, for the
/// scanner's target (the main package finds them the same way; FlowSource is no product, so this package
/// builds its sources, `Sources/ScannerUnderFuzz` being a link to them).
func swiftSyntaxHost() -> String? {
    for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
        let swift = URL(fileURLWithPath: String(folder)).appendingPathComponent("swift")
        guard FileManager.default.isExecutableFile(atPath: swift.path) else { continue }
        let host = swift.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("lib/swift/host").path
        if FileManager.default.fileExists(atPath: host + "/SwiftParser.swiftmodule") { return host }
    }
    return nil
}

let scannerTargets: [Target] =
    swiftSyntaxHost().map { host in
        [
            .target(
                name: "ScannerUnderFuzz", dependencies: [.product(name: "FlowModel", package: "FlowGraph")],
                swiftSettings: [.unsafeFlags(["-I", host])],
                linkerSettings: [
                    .unsafeFlags(["-L", host, "-Xlinker", "-rpath", "-Xlinker", host]),
                    .linkedLibrary("SwiftSyntax"), .linkedLibrary("SwiftParser"), .linkedLibrary("SwiftDiagnostics"),
                    .linkedLibrary("SwiftParserDiagnostics"), .linkedLibrary("SwiftBasicFormat"),
                ]),
            .executableTarget(
                name: "fuzz-scan",
                dependencies: ["FuzzSupport", "ScannerUnderFuzz", .product(name: "FlowModel", package: "FlowGraph")],
                swiftSettings: [.unsafeFlags(["-I", host])]),
        ]
    } ?? []

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
        } + scannerTargets,
    swiftLanguageModes: [.v6]
)
