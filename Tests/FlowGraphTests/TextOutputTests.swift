import FlowGraph
import Foundation
import Testing

/// The text and Mermaid drawings of samples, compared with the committed files in Output/text/.
///
/// `FLOWGRAPH_RECORD=1 swift test --filter TextOutputTests` rewrites those files after a deliberate change.
struct TextOutputTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let samples = [
        "push-only", "sheet-over-cover", "invalid-push", "onboarding-actions", "numbers-go-random", "hostile-labels",
        "deeplink-two-sheets",
    ]

    /// The plan's stack (no change) or timeline, as text and as Mermaid.
    static func drawings(of name: String) throws -> (text: String, mermaid: String) {
        if name == "hostile-labels" {
            let evil = #"a"b]c[d(e)f{g}h|i;j#k<b>l</b>m`n%%o\N&lt; end --> x 🚀 漢字"#
            let routes: [Route] = [.push(evil), .sheet("<IMG SRC=x onerror=alert(1)>"), .push("end"), .cover("`md`")]
            let title = #"Hostile "labels" --- %% ; # <script>"#
            let plan = Plan(
                title: title, root: Root(screen: "graph"), platform: .ios16, start: routes, change: .end([.push(evil)]))
            let drawing = PlanDiagram(plan: plan)
            return (
                TextDiagram.stack(title: title, root: Root(screen: "graph"), routes: routes)
                    + (try drawing.text(mermaid: false)),
                try drawing.text(mermaid: true)
            )
        }
        let drawing = PlanDiagram(plan: try plan(name))
        return (try drawing.text(mermaid: false), try drawing.text(mermaid: true))
    }

    /// A sample plan, decoded.
    static func plan(_ name: String) throws -> Plan {
        let path = repository.appendingPathComponent("Samples/\(name).json").path
        return try Plan.decode(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
    }

    @Test(arguments: samples)
    func samplesMatchOutputText(name: String) throws {
        let (text, mermaid) = try Self.drawings(of: name)
        let folder = Self.repository.appendingPathComponent("Output/text")
        for (content, fileExtension) in [(text, "txt"), (mermaid, "mmd")] {
            let file = folder.appendingPathComponent("\(name).\(fileExtension)")
            if ProcessInfo.processInfo.environment["FLOWGRAPH_RECORD"] == "1" {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data(content.utf8).write(to: file)
            }
            let expected = try String(contentsOf: file, encoding: .utf8)
            #expect(content == expected, "Output/text/\(name).\(fileExtension) is out of date")
        }
        for line in text.split(separator: "\n") {
            #expect(MonospaceWidth.columns(String(line)) <= 100, "too wide: \(line)")
        }
    }

    @Test func stackShowsKindsLayersNavigationTopAndProblems() {
        let text = TextDiagram.stack(
            title: "T", root: Root(screen: "Home", withNavigation: false),
            routes: [.push("Feed"), .sheet("Profile", withNavigation: true), .push("Edit"), .cover("Login")])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("┌─ root layer · no navigation") })
        #expect(lines.contains { $0.hasPrefix("  ╭─ layer 1 · sheet · ☰ navigation") })
        #expect(lines.contains { $0.hasPrefix("    ╔═ layer 2 · full-screen cover · no navigation") })
        #expect(lines.contains { $0.contains("│ ✗ push   Feed") })
        #expect(lines.contains { $0.contains("↳ push without navigation: the root") })
        #expect(lines.contains { $0.contains("║ ■ cover  Login") && $0.contains("◀ top ║") })
        #expect(lines.filter { $0.contains("◀ top ║") }.count == 1)
        #expect(lines.contains { $0.contains("│ → push   Edit") })
        #expect(text.contains("\nlegend: ⌂ root · → push · ▲ sheet (╭╮ box) · ■ full-screen cover (╔╗ box)"))
    }

    @Test func longAndHostileLabelsStayInsideTheBoxes() {
        let long = String(repeating: "VeryLongScreenName", count: 12)
        let hostile = "Evil\n\u{1B}[31mred\u{202E}txet <IMG SRC=x> \\N 🚀🚀 漢字"
        let text = TextDiagram.stack(title: hostile, root: Root(screen: long), routes: [.push(hostile), .sheet(long)])
        #expect(!text.contains("\u{1B}") && !text.contains("\u{202E}"))
        #expect(text.contains("Evil\\n\\u{1B}[31mred\\u{202E}txet <IMG SRC=x> \\N 🚀🚀 漢字"))
        let lines = text.split(separator: "\n").map(String.init)
        for line in lines {
            #expect(MonospaceWidth.columns(line) <= 100, "too wide: \(line)")
        }
        let boxLines = lines.filter { $0.hasPrefix("│") || $0.hasPrefix("┌") || $0.hasPrefix("└") }
        #expect(Set(boxLines.map(MonospaceWidth.columns)).count == 1, "the root box's lines all have one width")
        #expect(text.contains("…"))
    }

    @Test func longTimelinesContinueInBlocksWithRunningTimeRemovalsAndUpdates() throws {
        let start: [Route] = (1...6).flatMap { [.sheet("S\($0)", withNavigation: true), .push("P\($0)")] }
        let plan = Plan(root: Root(screen: "Home"), platform: .ios16, start: start, change: .end([.push("End")]))
        let text = try PlanDiagram(plan: plan).text(mermaid: false)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // 8 states: the start and 7 updates; one every 0.65 s after the first, so 3.90 s in all.
        #expect(text.contains("1 transition · 7 updates · 3.90 s in all"))
        #expect(text.contains("8 steps · 7 updates · steps 0 and 1 at once, then one every 0.65 s · 3.90"))
        #expect(lines.filter { $0.hasPrefix("… continued from ") }.count == 2)
        #expect(text.contains("0 s · start "))
        #expect(text.contains("0.65 s · update 2 ◷"))
        #expect(text.contains("3.90 s · update 7 · end ◷"))
        // The removal is said in the step that removes, what is on screen after each step.
        #expect(text.contains("− → P6, ▲ S6 ☰"))
        #expect(text.contains("on screen: P5"))
        #expect(text.contains("+ → End"))
        #expect(text.contains("on screen: End"))
        #expect(lines.contains { $0.contains(" ─▶ ") })
        for line in lines {
            #expect(MonospaceWidth.columns(line) <= 100, "too wide: \(line)")
        }
    }

    @Test func textAndMermaidSayUpdatesOldToNew() throws {
        // Step 0 keeps the push but shows Orders instead of Settings, then the sheet is presented.
        let plan = Plan(
            root: Root(screen: "Home"), start: [.push("Settings")], change: .end([.push("Orders"), .sheet("Help")]))
        let drawing = PlanDiagram(plan: plan)
        for output in [try drawing.text(mermaid: false), try drawing.text(mermaid: true)] {
            #expect(output.contains("0 s · update 1"))
            #expect(output.contains("~ Settings → Orders"))
            #expect(output.contains("+ ▲ Help"))
            #expect(output.contains("on screen: Help"))
            #expect(output.contains("1 update"))
        }
    }

    @Test func textAndMermaidNameTheDeepLinkItsRuleAndCaptures() throws {
        let drawing = PlanDiagram(plan: try Self.plan("numbers-deeplink-from-state"))
        let text = try drawing.text(mermaid: false)
        let mermaid = try drawing.text(mermaid: true)
        let line = "deep link flowstacksapp://numbers/1/2/3 · rule flowstacksapp://numbers/{n:int}... · n = 1, 2, 3"
        #expect(text.contains(line))
        // Mermaid wraps it at 26 characters and writes braces as entity codes.
        let decoded = mermaid.replacingOccurrences(of: "#123;", with: "{").replacingOccurrences(of: "#125;", with: "}")
            .replacingOccurrences(of: "<br/>\u{00A0}\u{00A0}", with: "").replacingOccurrences(of: " ", with: "")
        #expect(decoded.contains(line.replacingOccurrences(of: " ", with: "")))
    }

    @Test func mermaidEscapesEveryHostileCharacter() {
        let hostile = #"a"b]c[d(e)f{g}h|i;j#k<b>l</b>m`n%%o\p&lt;q end"#
        let mermaid = MermaidDiagram.stack(
            title: #"Title "x" --- \ y"#, root: Root(screen: hostile), routes: [.push(hostile), .sheet("end")])
        let rootLine = mermaid.split(separator: "\n").first { $0.contains("root([") }.map(String.init) ?? ""
        #expect(
            rootLine
                == #"    root(["⌂ root#58; a#quot;b#93;c#91;d#40;e#41;f#123;g#125;h#124;i#59;j#35;k#lt;b#gt;l#lt;/b#gt;m#96;n#37;#37;o#92;p#amp;lt#59;q end"])"#
                || rootLine.contains(
                    "a#quot;b#93;c#91;d#40;e#41;f#123;g#125;h#124;i#59;j#35;k#lt;b#gt;l#lt;/b#gt;m#96;n#37;#37;o#92;p#amp;lt#59;q end"
                ))
        #expect(mermaid.hasPrefix("---\ntitle: \"Title \\\"x\\\" --- \\\\ y\"\n---\nflowchart TB\n"))
        // Outside the front matter, no quote is left unbalanced on any line.
        for line in mermaid.split(separator: "\n").dropFirst(3) {
            #expect(line.filter { $0 == "\"" }.count % 2 == 0, "\(line)")
        }
    }

    /// Mermaid source with the label lines ``MermaidDiagram`` wraps joined again.
    static func unwrapped(_ mermaid: String) -> String {
        mermaid.replacingOccurrences(of: "<br/>\u{00A0}\u{00A0}", with: " ")
    }

    @Test func mermaidTimelineWrapsIntoColumnsAndStopsAtItsStepBudget() throws {
        let long = Plan(
            root: Root(screen: "Home"), platform: .ios16, start: [], change: .end((0..<20).map { .push("S\($0)") }))
        let mermaid = Self.unwrapped(try PlanDiagram(plan: long).text(mermaid: true))
        // 21 states, 20 updates: three columns of 7, the second and third continuing the first, on one line.
        #expect(mermaid.contains("1 transition · 20 updates · 12.35 s in all"))
        #expect(mermaid.contains("  c0[\"Transition 1 of 1<br/>20 updates · 12.35 s\"]"))
        #expect(mermaid.contains("  c1[\"Transition 1 of 1 #40;continued#41;<br/>from 3.90 s · update 7\"]"))
        #expect(
            mermaid.contains(
                "  c2s6[\"12.35 s · update 20 · end<br/>+ → S19<br/>on screen: S19<br/>┈ root layer ☰ ┈<br/>→ S19 +<br/>→ S18<br/>"
            ))
        #expect(!mermaid.contains("c2s7[") && !mermaid.contains("c0s7["))
        #expect(mermaid.contains("  summary ~~~ c0\n  summary ~~~ c1\n  summary ~~~ c2\n"))
        // Delayed steps are reached by dotted arrows, the first update by a solid one.
        #expect(mermaid.contains("  c0s0 --> c0s1\n") && mermaid.contains("  c0s1 -.-> c0s2\n"))
        // Unchanged screens below the change are folded, except at the start and the end.
        #expect(
            mermaid.contains(
                "  c0s3[\"1.30 s · update 3<br/>+ → S2<br/>on screen: S2<br/>┈ root layer ☰ ┈<br/>→ S2 +<br/>→ S1<br/>→ S0<br/>⌂ Home\"]"
            ))

        let huge = Plan(
            root: Root(screen: "Home"), platform: .ios16, start: [],
            change: .states([(0..<100).map { .push("S\($0)") }, [], (0..<100).map { .push("S\($0)") }]))
        let run = try huge.play()
        let total = run.ruleSets[0].steps.count
        let many = Self.unwrapped(try PlanDiagram(run: run).text(mermaid: true))
        #expect(many.contains("more[\"… \(total - MermaidDiagram.maximumSteps) more steps not drawn"))
        let stepBoxes = many.split(separator: "\n").filter { $0.prefixMatch(of: /\ \ c\d+s\d+\[/) != nil }
        #expect(stepBoxes.count == MermaidDiagram.maximumSteps)
    }

    @Test func mermaidComparesRuleSetsSideBySideWithTheirOwnCounts() throws {
        // deeplink-two-sheets: iOS 16 dismisses one sheet per update (5 states, 4 updates), iOS 17 both at once.
        let drawing = PlanDiagram(plan: try Self.plan("deeplink-two-sheets"))
        let mermaid = Self.unwrapped(try drawing.text(mermaid: true))
        #expect(mermaid.contains("iOS 16: 1 transition · 4 updates · 1.95 s in all"))
        #expect(mermaid.contains("iOS 17: 1 transition · 3 updates · 1.30 s in all"))
        #expect(mermaid.contains("  c0[\"iOS 16 · Transition 1 of 1<br/>4 updates · 1.95 s\"]"))
        #expect(mermaid.contains("  c1[\"iOS 17 · Transition 1 of 1<br/>3 updates · 1.30 s\"]"))
        #expect(mermaid.contains("  summary ~~~ c0\n  summary ~~~ c1\n"))
        #expect(mermaid.contains("c0s4[") && !mermaid.contains("c0s5["))
        #expect(mermaid.contains("c1s3[") && !mermaid.contains("c1s4["))
        // Every node id is declared once.
        let declared = mermaid.split(separator: "\n").compactMap { line -> Substring? in
            let trimmed = line.drop { $0 == " " }
            guard let end = trimmed.firstIndex(where: { "[(".contains($0) }) else { return nil }
            return trimmed[..<end]
        }
        #expect(Set(declared).count == declared.count)
    }
}

/// Counts columns the way the text drawings do (emoji and CJK two columns), for the width checks above.
enum MonospaceWidth {
    static func columns(_ text: String) -> Int {
        text.reduce(0) { total, character in
            let scalars = character.unicodeScalars
            if scalars.contains(where: { $0.properties.isEmojiPresentation }) { return total + 2 }
            if let first = scalars.first, (0x4E00...0x9FFF).contains(first.value) { return total + 2 }
            if let first = scalars.first, first.properties.generalCategory == .nonspacingMark { return total }
            return total + 1
        }
    }
}
