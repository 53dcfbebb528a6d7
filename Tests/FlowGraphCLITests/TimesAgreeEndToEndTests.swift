import FlowModel
import Foundation
import Testing

/// One plan's times read the same in every output: the timeline (SVG), its text and Mermaid stories, the
/// player, the gallery, `steps` (text and JSON), `diff` (text and Markdown) and the DocC tables all take their
/// times from the one time model and write them with the one formatter (``PlanTransition/secondsText(_:)``).
@Suite struct TimesAgreeEndToEndTests {
    /// A nested deep link on iOS 16: two transitions of 1.3 s and 0.65 s, 1.95 s in all.
    static let sample = "deeplink-into-onboarding"

    /// Every time an output writes, `0 s`, `◷ 0.65 s`, `1.95 s`, with the text it was found in.
    static func times(in text: String) -> [String] {
        let pattern = #/(?:^|[^\w.])(\d+(?:\.\d+)? s)\b/#.anchorsMatchLineEndings()
        return text.matches(of: pattern).map { String($0.output.1) }
    }

    /// Expects every time in `text` to be spelt as the formatter spells it (no `1.30 s`, no `1.3000000000000003 s`)
    /// and returns them; fails when `text` holds none.
    static func checkedTimes(
        _ text: String, _ output: String, sourceLocation: SourceLocation = #_sourceLocation
    ) -> Set<String> {
        let found = times(in: text)
        #expect(!found.isEmpty, "\(output) writes no time", sourceLocation: sourceLocation)
        for time in found {
            let spelt = PlanTransition.secondsText(Double(time.dropLast(2)) ?? -1)
            #expect(
                time == spelt, "\(output) writes “\(time)”, the formatter “\(spelt)”", sourceLocation: sourceLocation)
        }
        return Set(found)
    }

    @Test func onePlansTimesReadTheSameInEveryOutput() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let samples = BuiltBinary.packageRoot.appendingPathComponent("Samples")
        let planText = try String(
            contentsOf: samples.appendingPathComponent(Self.sample + ".json"), encoding: .utf8)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("plans"), withIntermediateDirectories: true)
        try folder.write("plans/\(Self.sample).json", planText)
        // The base of the diff starts from one push: fewer steps, so diff prints both times.
        try folder.write(
            "base.json",
            planText.replacingOccurrences(
                of: #""start": [".push(Feed)", ".sheet(Settings, withNavigation: true)", ".push(Account)"]"#,
                with: #""start": [".push(Feed)"]"#))

        // What the model says: each transition's time, the running time of every step, the total.
        let run = try Plan.decode(bytes: Array(planText.utf8), file: Self.sample + ".json").play()
        let ruleSet = run.ruleSets[0]
        let perTransition = ruleSet.transitions.map { PlanTransition.secondsText($0.estimatedSeconds) }
        let total = PlanTransition.secondsText(ruleSet.estimatedSeconds)
        let running = Set(ruleSet.steps.map { PlanTransition.secondsText($0.runningTime) })
        #expect(perTransition == ["1.3 s", "0.65 s"] && total == "1.95 s")

        let render = try BuiltBinary.run(
            ["render", "plans", "-o", "out", "-T", "svg,txt,mermaid,html"], in: folder.url)
        #expect(render.status == 0, "\(render.standardError)")
        func output(_ name: String) throws -> String {
            try String(contentsOf: folder.url.appendingPathComponent("out/" + name), encoding: .utf8)
        }
        let svg = try output(Self.sample + ".svg").replacing(#/<[^>]*>/#, with: " ")
        let steps = try BuiltBinary.run(["steps", "plans/\(Self.sample).json"], in: folder.url)
        let json = try BuiltBinary.run(["steps", "plans/\(Self.sample).json", "--json"], in: folder.url)
        let diff = try BuiltBinary.run(["diff", "base.json", "plans/\(Self.sample).json"], in: folder.url)
        let markdown = try BuiltBinary.run(
            ["diff", "base.json", "plans/\(Self.sample).json", "-T", "md"], in: folder.url)
        let seconds = try #require(
            try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let jsonTimes = ((seconds["transitions"] as? [[String: Any]]) ?? []).map {
            PlanTransition.secondsText(($0["estimatedSeconds"] as? Double) ?? -1)
        }
        #expect(jsonTimes == perTransition, "steps --json")

        // The timeline and its stories: each moment's time and the total, spelt alike.
        let timelines = [
            ("SVG", svg), ("txt", try output(Self.sample + ".txt")), ("Mermaid", try output(Self.sample + ".mmd")),
        ]
        for (name, text) in timelines {
            let found = Self.checkedTimes(text, name)
            #expect(found.isSuperset(of: ["0 s", "0.65 s", "1.3 s", total]), "\(name): \(found.sorted())")
        }
        // The player: each frame's running time out of the total, as the model counts it.
        let player = try output(Self.sample + ".html")
        let frameTimes = player.matches(of: #/"time":"time ([^"]*) of ([^"]*)"/#)
        #expect(!frameTimes.isEmpty, "the player has no frame times")
        for frame in frameTimes {
            #expect(running.contains(String(frame.output.1)), "player frame at \(frame.output.1)")
            #expect(frame.output.2 == total, "player total \(frame.output.2)")
        }
        _ = Self.checkedTimes(String(player.matches(of: #/"time":"[^"]*"/#).map(\.output).joined()), "player")
        // The gallery: each transition's time and the total.
        let gallery = try output("README.md")
        #expect(Self.checkedTimes(gallery, "gallery") == Set(perTransition + [total]), "gallery")
        // steps: each transition's time in all.
        #expect(Self.checkedTimes(steps.standardOutput, "steps").isSuperset(of: perTransition))
        for time in perTransition { #expect(steps.standardOutput.contains("; \(time) in all"), "steps \(time)") }
        // diff: the head's total (the base's is written without its unit, `1.3 → 1.95 s`).
        #expect(Self.checkedTimes(diff.standardOutput, "diff") == [total], "\(diff.standardOutput)")
        #expect(diff.standardOutput.contains("1.3 → 1.95 s"), "\(diff.standardOutput)")
        #expect(Self.checkedTimes(markdown.standardOutput, "diff -T md") == ["1.3 s", total])
    }

    /// The DocC steps tables write each step's time as the timeline does: `0 s`, `0.65 s`, never `0.650 s`.
    @Test func doccTablesWriteTimesAsEveryOutput() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let app = BuiltBinary.packageRoot.appendingPathComponent("Samples/FlowStacksApp").path
        let catalog = folder.url.appendingPathComponent("App.docc")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        let docc = try BuiltBinary.run(["docc", app, "--catalog", catalog.path])
        #expect(docc.status == 0, "\(docc.standardError)")
        let pages = try FileManager.default.subpathsOfDirectory(atPath: catalog.path).filter { $0.hasSuffix(".md") }
        let rows = try pages.flatMap { page in
            try String(contentsOf: catalog.appendingPathComponent(page), encoding: .utf8)
                .split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| Step") }
        }
        // The second cell of every steps-table row is its time.
        let cells = rows.compactMap { $0.split(separator: "|").dropFirst().first }.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        #expect(cells.count >= 3, "DocC wrote \(cells.count) step rows")
        let found = Self.checkedTimes(cells.joined(separator: "\n"), "DocC")
        #expect(found.contains("0.65 s"), "\(found.sorted())")
        #expect(Set(cells) == found, "every When cell is a time: \(cells)")
    }
}
