import Foundation
import Testing

/// A command plays its plan once, whatever it writes: counted through the built binary with the diagnostic
/// switch `FLOWGRAPH_PLAY_COUNT=1`, which prints `flowgraph: plans played: N` to standard error.
@Suite struct PlayOnceEndToEndTests {
    static let countOn = ["FLOWGRAPH_PLAY_COUNT": "1"]

    /// The plays the switch reported, or `nil` when it printed nothing.
    static func plays(_ standardError: String) -> Int? {
        let prefix = "flowgraph: plans played: "
        let lines = standardError.split(separator: "\n").filter { $0.hasPrefix(prefix) }
        guard lines.count == 1 else { return nil }
        return Int(lines[0].dropFirst(prefix.count))
    }

    /// One plan per library, nested coordinators and deep links among them.
    static let samples = [
        "nested-flowstacks-uitest.json", "deeplink-into-onboarding.json", "numbers-deeplink-rules.json",
        "swiftfulrouting-readme-environment.json", "navigation-stack-vs-view.json",
    ]

    @Test(arguments: samples)
    func renderingEveryFormatPlaysThePlanOnce(sample: String) throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = BuiltBinary.packageRoot.appendingPathComponent("Samples/\(sample)").path
        let render = try BuiltBinary.run(
            ["render", plan, "-o", "out", "-T", "svg,png,html,txt,mermaid,dot"], in: folder.url,
            environment: Self.countOn)
        #expect(render.status == 0, "\(render.standardError)")
        #expect(Self.plays(render.standardError) == 1, "\(render.standardError)")
        for name in ["out.svg", "out.png", "out.html", "out.txt", "out.mmd", "out.dot"] {
            #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(name).path), "\(name)")
        }

        let steps = try BuiltBinary.run(["steps", plan, "--json"], in: folder.url, environment: Self.countOn)
        #expect(steps.status == 0, "\(steps.standardError)")
        #expect(Self.plays(steps.standardError) == 1, "\(steps.standardError)")
    }

    @Test func aPNGPagedIntoSeveralFilesPlaysThePlanOnce() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = try folder.writeTooTallPlan()
        let render = try BuiltBinary.run(
            ["render", plan, "-o", "long", "-T", "png,svg,txt"], in: folder.url, environment: Self.countOn)
        #expect(render.status == 0, "\(render.standardError)")
        #expect(render.standardError.contains("split into"))
        let pages = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
            .filter { $0.hasPrefix("long-") && $0.hasSuffix(".png") }
        #expect(pages.count >= 2)
        #expect(Self.plays(render.standardError) == 1, "\(render.standardError)")
    }

    @Test func aDiffPlaysEachSidesPlansOnceAndCountsBothSides() throws {
        let app = BuiltBinary.packageRoot.appendingPathComponent("Samples/FlowStacksApp").path
        let scan = try BuiltBinary.run(["scan", app, "--json", "--no-cache"])
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(scan.standardOutput.utf8)) as? [String: Any])
        let plans = try #require(json["plans"] as? [Any])
        try #require(!plans.isEmpty)
        // The two sides are read at once, the head's on a thread of its own: its plays count too.
        let diff = try BuiltBinary.run(["diff", app, app], environment: Self.countOn)
        #expect(diff.status == 0, "\(diff.standardError)")
        #expect(Self.plays(diff.standardError) == 2 * plans.count, "\(diff.standardError)")
    }

    @Test func withoutTheSwitchNothingIsPrinted() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = BuiltBinary.packageRoot.appendingPathComponent("Samples/first-plan.json").path
        let render = try BuiltBinary.run(["render", plan, "-o", "out.svg"], in: folder.url)
        #expect(render.status == 0, "\(render.standardError)")
        #expect(!render.standardError.contains("plans played"))
        let other = try BuiltBinary.run(
            ["render", plan, "-o", "out.svg"], in: folder.url, environment: ["FLOWGRAPH_PLAY_COUNT": "yes"])
        #expect(!other.standardError.contains("plans played"))
    }
}
