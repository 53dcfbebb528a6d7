import FlowGraphTestSupport
import Foundation
import Testing

/// The options every command shares work alike on each: `-q`, `--strict` and `-T`; later iOS versions are
/// accepted with a note; Mermaid's `.mermaid` extension is written as given.
@Suite struct CommandConventionsEndToEndTests {
    /// A plan whose pop of a sheet FlowStacks tolerates with a warning.
    static let warned = """
        {"root": "Home", "start": [".sheet(A)", ".push(B)"], "end": [".sheet(A)", ".push(B)", ".push(C)"]}
        """

    @Test func laterIOSVersionsPlayByIOS17sRulesAndSaySo() throws {
        let plan = RepositoryFolders.samples.appendingPathComponent("deeplink-two-sheets.json").path
        let ios17 = try BuiltBinary.run(["steps", plan, "--platform", "ios17", "-T", "json"])
        let ios18 = try BuiltBinary.run(["steps", plan, "--platform", "ios18", "-T", "json"])
        #expect(ios18.status == 0)
        #expect(ios18.standardOutput == ios17.standardOutput)
        #expect(ios18.standardError.contains("--platform: note: ios18 plays by ios17's rules"))
        let ios15 = try BuiltBinary.run(["steps", plan, "--platform", "iOS 15", "--json"])
        let ios16 = try BuiltBinary.run(["steps", plan, "--platform", "ios16", "--json"])
        #expect(ios15.standardOutput == ios16.standardOutput)
        #expect(ios15.standardError.contains("iOS 15 plays by ios16's rules"))
        // -q drops the note; a name that is no iOS version is refused.
        #expect(try BuiltBinary.run(["steps", plan, "--platform", "ios18", "-q"]).standardError.isEmpty)
        let bad = try BuiltBinary.run(["steps", plan, "--platform", "android14"])
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("unknown platform 'android14'"))
    }

    @Test func mermaidIsWrittenUnderEitherUsualExtension() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("plan.json", Self.warned)
        #expect(try BuiltBinary.run(["render", "plan.json", "-o", "chart.mermaid", "-q"], in: folder.url).status == 0)
        #expect(try BuiltBinary.run(["render", "plan.json", "-o", "chart.mmd", "-q"], in: folder.url).status == 0)
        let long = try String(contentsOf: folder.url.appendingPathComponent("chart.mermaid"), encoding: .utf8)
        let short = try String(contentsOf: folder.url.appendingPathComponent("chart.mmd"), encoding: .utf8)
        #expect(long.hasPrefix("flowchart") || long.contains("\nflowchart"))
        #expect(long == short)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(files == ["chart.mermaid", "chart.mmd", "plan.json"])
    }

    @Test func stepsTakesTheFormatAsDashTAndRefusesTwoThatDisagree() throws {
        let plan = RepositoryFolders.samples.appendingPathComponent("push-only.json").path
        #expect(
            try BuiltBinary.run(["steps", plan, "-T", "json"]).standardOutput
                == BuiltBinary.run(["steps", plan, "--json"]).standardOutput)
        #expect(
            try BuiltBinary.run(["steps", plan, "--format=swift"]).standardOutput
                == BuiltBinary.run(["steps", plan, "--swift"]).standardOutput)
        let both = try BuiltBinary.run(["steps", plan, "--json", "-T", "swift"])
        #expect(both.status == 2)
        #expect(both.standardError.contains("not both"))
    }

    @Test func checkScanDoccAndDiffTakeQuietAndStrict() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("warned.json", Self.warned)
        let check = try BuiltBinary.run(["check", "warned.json"], in: folder.url)
        #expect(check.status == 0)
        #expect(check.standardError.contains("warning:"))
        let quiet = try BuiltBinary.run(["check", "warned.json", "-q"], in: folder.url)
        #expect(quiet.status == 0)
        #expect(quiet.standardError.isEmpty)
        #expect(quiet.standardOutput == check.standardOutput)
        // --strict shows the warnings it fails on, even with -q.
        let strict = try BuiltBinary.run(["check", "warned.json", "-q", "--strict"], in: folder.url)
        #expect(strict.status == 1)
        #expect(strict.standardError.contains("warning:"))

        let app = RepositoryFolders.samples.appendingPathComponent("FlowStacksApp").path
        let scan = try BuiltBinary.run(["scan", app])
        #expect(scan.status == 0)
        #expect(scan.standardError.contains("warning:"), "the sample app has problems scan points out")
        #expect(try BuiltBinary.run(["scan", app, "-q"]).standardError.isEmpty)
        let strictScan = try BuiltBinary.run(["scan", app, "--strict", "-q"])
        #expect(strictScan.status == 1)
        #expect(strictScan.standardError == scan.standardError)

        let base = try folder.write("base.json", Self.warned)
        let diff = try BuiltBinary.run(["diff", base, base, "--strict", "-q"], in: folder.url)
        #expect(diff.status == 0)
        #expect(diff.standardOutput.contains("no navigation changes"))
    }

    @Test func scanWritesTheMapInTheFormatsDashTNames() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let app = RepositoryFolders.samples.appendingPathComponent("FlowStacksApp").path
        let several = try BuiltBinary.run(["scan", app, "-o", "map", "-T", "svg,png", "-q"], in: folder.url)
        #expect(several.status == 0, "\(several.standardError)")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted() == ["map.png", "map.svg"])
        let one = try BuiltBinary.run(["scan", app, "-o", "one.svg", "-q"], in: folder.url)
        #expect(
            try Data(contentsOf: folder.url.appendingPathComponent("one.svg"))
                == Data(contentsOf: folder.url.appendingPathComponent("map.svg")))
        #expect(one.status == 0)
        let disagree = try BuiltBinary.run(["scan", app, "-o", "map.svg", "-T", "png"], in: folder.url)
        #expect(disagree.status == 2)
        #expect(disagree.standardError.contains("-o map.svg names one format but -T asks for png"))
        let noOutput = try BuiltBinary.run(["scan", app, "-T", "svg"], in: folder.url)
        #expect(noOutput.status == 2)
        #expect(noOutput.standardError.contains("give -o FILE"))
    }
}
