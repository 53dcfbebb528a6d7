import Foundation
import Testing

/// `flowgraph steps --swift` output compiles: every sample's file is type-checked by `swiftc` against a small
/// stand-in for FlowStacks' `Route` (same cases and convenience functions as FlowStacks' Route.swift).
@Suite struct SwiftStepsCompileTests {
    static let standIn = """
        /// FlowStacks' Route, as its source declares it (Sources/FlowStacks/Route.swift, RouteProtocol).
        enum Route<Screen>: Hashable where Screen: Hashable {
            case push(Screen)
            case sheet(Screen, withNavigation: Bool)
            case cover(Screen, withNavigation: Bool)
            static func sheet(_ screen: Screen) -> Route { .sheet(screen, withNavigation: false) }
            static func cover(_ screen: Screen) -> Route { .cover(screen, withNavigation: false) }
        }

        """

    static var swiftc: String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        let candidates = path.split(separator: ":").map { "\($0)/swiftc" } + ["/opt/swift/usr/bin/swiftc"]
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    @Test func everySamplesStepsCompileAgainstFlowStacksRoute() throws {
        let swiftc = try #require(Self.swiftc, "swiftc is not on PATH")
        let samples = try FileManager.default.contentsOfDirectory(
            atPath: BuiltBinary.packageRoot.appendingPathComponent("Samples").path
        ).filter { $0.hasSuffix(".json") }.sorted()
        var wrapped: [String] = []
        var firstFile: String?
        var kinds: Set<String> = []
        for (index, sample) in samples.enumerated() {
            let result = try BuiltBinary.run(["steps", "Samples/\(sample)", "--swift"], in: BuiltBinary.packageRoot)
            // Samples that show a mistake (an invalid push, broken nesting rules) have no steps to compile.
            guard result.status == 0 else { continue }
            let output = result.standardOutput
            for kind in ["Route<Int>", "Route<Screen>", "Route<String>"] where output.contains(kind) {
                kinds.insert(kind)
            }
            if firstFile == nil, output.contains("enum Screen") { firstFile = output }
            wrapped.append("/// \(sample)\nstruct Sample\(index) {\n\(output)}\n")
        }
        // Every FlowStacks sample gives steps; the sibling libraries' samples are refused (no Route arrays).
        let flowStacksSamples = samples.filter {
            !$0.hasPrefix("swiftfulrouting-") && !$0.hasPrefix("navigationstack-") && !$0.hasPrefix("swiftui-")
        }
        #expect(wrapped.count == flowStacksSamples.count, "only \(wrapped.count) samples gave steps")
        #expect(wrapped.count >= 20)
        #expect(kinds.isSuperset(of: ["Route<Int>", "Route<Screen>"]), "screen types used by the samples: \(kinds)")

        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("Route.swift", Self.standIn)
        // One file pasted as printed, at the top level, as a user pastes it into a test file.
        try folder.write("Pasted.swift", try #require(firstFile))
        try folder.write("Samples.swift", wrapped.joined(separator: "\n"))
        // The hard cases: strings, keywords, associated values, rule sets compared, a FlowPath-like mix.
        let tricky = try folder.write(
            "tricky.json",
            #"{"platform": ["ios16", "ios17"], "navigationStack": [false, true], "start": [".push(Home)", ".push(default)", ".sheet(profile(userID: \"u1\", age: 3), withNavigation: true)"], "actions": ["dismiss()", "push(URLView)", "push(profile(userID: \"u2\", age: 4))"]}"#
        )
        let mixed = try folder.write(
            "mixed.json", #"{"start": [".push(7)", ".push(Hello)", ".sheet(\"Hello world\")"], "end": [".push(7)"]}"#)
        var extra: [String] = []
        for (index, plan) in [tricky, mixed].enumerated() {
            let result = try BuiltBinary.run(["steps", plan, "--swift"], in: folder.url)
            #expect(result.status == 0, "\(result.standardError)")
            extra.append("struct Extra\(index) {\n\(result.standardOutput)}\n")
            if index == 0 {
                #expect(result.standardOutput.contains("case `default`"))
                #expect(result.standardOutput.contains("case profile(userID: String, age: Int)"))
                #expect(result.standardOutput.contains("case urlView"))
                #expect(result.standardOutput.contains("var expectedStepsIOS16NavigationStack1: [[Route<Screen>]] {"))
            } else {
                #expect(result.standardOutput.contains(#"var expectedSteps: [[Route<String>]] {"#))
                #expect(result.standardOutput.contains(#".sheet("Hello world")"#))
            }
        }
        try folder.write("Extra.swift", extra.joined(separator: "\n"))

        let (status, output) = try BuiltBinary.runTool(
            URL(fileURLWithPath: swiftc),
            ["-typecheck", "-swift-version", "6", "Route.swift", "Pasted.swift", "Samples.swift", "Extra.swift"],
            in: folder.url)
        #expect(status == 0, "swiftc -typecheck failed:\n\(output.prefix(4000))")
    }
}
