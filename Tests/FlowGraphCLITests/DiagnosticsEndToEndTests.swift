import Foundation
import Testing

/// The diagnostics contract: warnings on standard error as `FILE:LINE:COLUMN: KEY PATH: warning: …` for
/// `render`, `steps` and batch, in `steps --json`, `--strict`, and `flowgraph check`.
@Suite struct DiagnosticsEndToEndTests {
    /// A push without navigation in `start` (line 2) and another in `end` (line 3).
    static let warned = """
        {"root": {"screen": "Home", "withNavigation": false},
         "start": [".push(Feed)"],
         "end": [".sheet(Profile)", ".push(Edit)"]}
        """

    static let startWarning =
        "warned.json:2:12: start[0]: warning: .push(Feed): push without navigation: the root has no navigation "
        + "(use withNavigation: true)"
    static let endWarning =
        "warned.json:3:29: end[1]: warning: .push(Edit): push without navigation: .sheet(Profile) has no navigation "
        + "(use withNavigation: true)"

    @Test func renderPrintsWarningsInStartAndChangesAndStrictFails() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("warned.json", Self.warned)
        let result = try BuiltBinary.run(
            ["render", "warned.json", "-o", "out", "-T", "svg,png,html,txt"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.standardError.contains(Self.startWarning + "\n"), "\(result.standardError)")
        #expect(result.standardError.contains(Self.endWarning + "\n"), "\(result.standardError)")
        #expect(result.standardOutput == "")
        for name in ["out.svg", "out.png", "out.html", "out.txt"] {
            #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(name).path), "\(name)")
        }
        let strict = try BuiltBinary.run(["render", "warned.json", "-o", "strict.svg", "--strict"], in: folder.url)
        #expect(strict.status == 1)
        #expect(strict.standardError.contains(Self.startWarning))
        // The drawing is still written: a warning is not an error.
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("strict.svg").path))
    }

    @Test func stepsPrintsWarningsOnStandardErrorAndInJSON() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("warned.json", Self.warned)
        let text = try BuiltBinary.run(["steps", "warned.json"], in: folder.url)
        #expect(text.status == 0)
        #expect(text.standardError == Self.startWarning + "\n" + Self.endWarning + "\n")
        #expect(!text.standardOutput.contains("warning"))

        let json = try BuiltBinary.run(["steps", "warned.json", "--json"], in: folder.url)
        #expect(json.status == 0)
        let decoded = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let warnings = try #require(decoded["warnings"] as? [[String: Any]])
        #expect(warnings.count == 2)
        #expect(warnings[0]["file"] as? String == "warned.json")
        #expect(warnings[0]["line"] as? Int == 2 && warnings[0]["column"] as? Int == 12)
        #expect(warnings[0]["path"] as? String == "start[0]")
        #expect((warnings[1]["message"] as? String)?.hasPrefix(".push(Edit): push without navigation") == true)
        // "warnings" comes after "transitions".
        let transitions = try #require(json.standardOutput.range(of: "\"transitions\""))
        let warningsKey = try #require(json.standardOutput.range(of: "\"warnings\""))
        #expect(transitions.lowerBound < warningsKey.lowerBound)

        let strict = try BuiltBinary.run(["steps", "warned.json", "--json", "--strict"], in: folder.url)
        #expect(strict.status == 1)
        #expect(strict.standardOutput == json.standardOutput)
    }

    @Test func nestingWarningsInStartAreReported() throws {
        let sample = BuiltBinary.packageRoot.appendingPathComponent("Samples").path
        for command in [
            ["steps", "nested-rule-violations.json"],
            ["render", "nested-rule-violations.json", "-o", "-", "-T", "txt"],
        ] {
            let result = try BuiltBinary.run(command, in: URL(fileURLWithPath: sample))
            #expect(result.status == 0)
            #expect(
                result.standardError.contains(
                    "nested-rule-violations.json:11:20: start[0].child.routes[0]: warning: push without navigation"),
                "\(command): \(result.standardError)")
        }
    }

    @Test func batchPrintsEachPlansWarningsAndStrictFails() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("plans"), withIntermediateDirectories: true)
        try folder.write("plans/warned.json", Self.warned)
        try folder.write("plans/clean.json", #"{"start": [".push(A)"]}"#)
        let result = try BuiltBinary.run(["render", "plans", "-o", "out", "-T", "svg"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.standardError.contains("plans/warned.json:2:12: start[0]: warning: .push(Feed)"))
        #expect(result.standardError.contains("plans/warned.json:3:29: end[1]: warning: .push(Edit)"))
        let quiet = try BuiltBinary.run(["render", "plans", "-o", "out1", "-T", "svg", "--quiet"], in: folder.url)
        #expect(quiet.status == 0)
        #expect(quiet.standardError == "")
        // Under --strict a warning fails the run, so it is shown even with --quiet.
        let strict = try BuiltBinary.run(
            ["render", "plans", "-o", "out2", "-T", "svg", "--quiet", "--strict"], in: folder.url)
        #expect(strict.status == 1)
        #expect(strict.standardError.contains("plans/warned.json:2:12: start[0]: warning: .push(Feed)"))
    }

    @Test func checkValidatesSamplesAndReportsEveryProblemOfBrokenPlans() throws {
        let samples = try BuiltBinary.run(["check", "Samples"], in: BuiltBinary.packageRoot)
        #expect(samples.status == 0, "\(samples.standardError)")
        #expect(samples.standardOutput.hasPrefix("checked "))
        #expect(samples.standardOutput.contains(" 0 with errors"))
        #expect(samples.standardError.contains("Samples/invalid-push.json:4:33: start[1]: warning:"))
        let strict = try BuiltBinary.run(["check", "Samples", "--strict"], in: BuiltBinary.packageRoot)
        #expect(strict.status == 1)

        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("broken"), withIntermediateDirectories: true)
        try folder.write("broken/a-syntax.json", "{\"start\": [\".push(A)\"")
        try folder.write("broken/b-rejected.json", #"{"actions": ["goBack()"]}"#)
        try folder.write("broken/c-warned.json", Self.warned)
        try folder.write("broken/d-fine.json", #"{"end": [".sheet(A)"]}"#)
        let broken = try BuiltBinary.run(["check", "broken"], in: folder.url)
        #expect(broken.status == 1)
        #expect(broken.standardError.contains("broken/a-syntax.json:1:"))
        #expect(broken.standardError.contains("broken/b-rejected.json:1:15: actions[0]: goBack(): cannot go back"))
        #expect(broken.standardError.contains("broken/c-warned.json:2:12: start[0]: warning:"))
        #expect(!broken.standardError.contains("d-fine"))
        #expect(broken.standardOutput == "checked 4 plans: 2 valid, 2 with errors, 2 warnings in 1 plan\n")

        let usage = try BuiltBinary.run(["check"], in: folder.url)
        #expect(usage.status == 2)
    }
}
