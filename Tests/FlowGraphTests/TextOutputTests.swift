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
            let transitions = [Transition(from: routes, to: [.push(evil)], rules: PlatformRules(platform: .ios16))]
            let title = #"Hostile "labels" --- %% ; # <script>"#
            return (
                TextDiagram.stack(title: title, root: Root(screen: "graph"), routes: routes)
                    + TextDiagram.timeline(title: title, root: Root(screen: "graph"), transitions: transitions),
                MermaidDiagram.timeline(title: title, root: Root(screen: "graph"), transitions: transitions)
            )
        }
        let path = repository.appendingPathComponent("Samples/\(name).json").path
        let plan = try Plan.decode(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path))), file: path)
        if plan.ruleSets.count > 1 {
            // Compared rule sets: a text block per rule set, one Mermaid chart with a subgraph per rule set.
            let drawing = PlanDiagram(plan: plan)
            return (try drawing.text(mermaid: false), try drawing.text(mermaid: true))
        }
        let transitions = try plan.transitions()
        if transitions.isEmpty {
            return (
                TextDiagram.stack(title: plan.title, root: plan.root, routes: plan.start),
                MermaidDiagram.stack(title: plan.title, root: plan.root, routes: plan.start)
            )
        }
        return (
            TextDiagram.timeline(title: plan.title, root: plan.root, transitions: transitions),
            MermaidDiagram.timeline(title: plan.title, root: plan.root, transitions: transitions)
        )
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

    @Test func longTimelinesContinueInBlocksWithOperationsAndDelays() {
        let rules = PlatformRules(platform: .ios16)
        let start: [Route] = (1...6).flatMap { [.sheet("S\($0)", withNavigation: true), .push("P\($0)")] }
        let transition = Transition(from: start, to: [.push("End")], rules: rules)
        let text = TextDiagram.timeline(title: nil, root: Root(screen: "Home"), transitions: [transition])
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(transition.steps.count == 8)
        #expect(lines.filter { $0.hasPrefix("… continued from step") }.count == 2)
        #expect(text.contains("step 2 ◷ +0.65 s"))
        #expect(text.contains("▶ dismiss .sheet(S6, "))
        #expect(text.contains("8 steps · steps 0 and 1 at once, then one every 0.65 s · ≈ 3.9 s in all"))
        #expect(text.contains("step 7 ◷ +0.65 s · end"))
        #expect(lines.contains { $0.contains(" ─▶ ") })
        for line in lines {
            #expect(MonospaceWidth.columns(line) <= 100, "too wide: \(line)")
        }
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

    @Test func mermaidTimelineUsesSubgraphsOrACompactFormForLongOnes() {
        let rules = PlatformRules(platform: .ios16)
        let short = Transition(from: [.sheet("A"), .sheet("B")], to: [.push("C")], rules: rules)
        let mermaid = MermaidDiagram.timeline(title: nil, root: Root(screen: "Home"), transitions: [short])
        #expect(mermaid.contains("    subgraph t0s0[\"step 0\"]"))
        #expect(mermaid.contains("    t0s1 -->|\"dismiss .sheet#40;A#41;<br/>◷ after 0.65 s\"| t0s2"))
        let long = Transition(
            from: [], to: (0..<200).map { .push("S\($0)") }, rules: PlatformRules(platform: .ios16))
        let compact = MermaidDiagram.timeline(title: nil, root: Root(screen: "Home"), transitions: [long])
        #expect(!compact.contains("subgraph t0s"))
        #expect(compact.contains("t0s149[\"step 149"))
        #expect(!compact.contains("t0s150["))
        let many = MermaidDiagram.timeline(
            title: nil, root: Root(screen: "Home"), transitions: [long, long])
        #expect(many.contains("more[\"… 252 more steps not drawn"))
    }

    @Test func mermaidComparesRuleSetsInOneChart() {
        let rows: [(label: String?, transitions: [Transition])] = [Platform.ios16, .ios17].map { platform in
            let rules = PlatformRules(platform: platform)
            return ("\(platform)", [Transition(from: [.sheet("A"), .sheet("B")], to: [.push("C")], rules: rules)])
        }
        let mermaid = MermaidDiagram.timeline(title: "Both", root: Root(screen: "Home"), rows: rows)
        #expect(mermaid.contains("  subgraph r0[\"ios16\"]\n    direction TB\n    r0summary["))
        #expect(mermaid.contains("  subgraph r1[\"ios17\"]"))
        #expect(mermaid.contains("  r0 ~~~ r1"))
        // iOS 16 dismisses one sheet per step (4 steps), iOS 17 both at once (3 steps).
        #expect(mermaid.contains("r0t0s3") && !mermaid.contains("r0t0s4"))
        #expect(mermaid.contains("r1t0s2") && !mermaid.contains("r1t0s3"))
        // Every node id is declared once.
        let declared = mermaid.split(separator: "\n").compactMap { line -> Substring? in
            let trimmed = line.drop { $0 == " " }
            guard let end = trimmed.firstIndex(where: { "[(".contains($0) }), !trimmed.hasPrefix("subgraph") else {
                return nil
            }
            return trimmed[..<end]
        }
        #expect(Set(declared).count == declared.count)
        // One row is exactly the single-timeline chart.
        #expect(
            MermaidDiagram.timeline(title: "One", root: Root(screen: "Home"), rows: [rows[0]])
                == MermaidDiagram.timeline(title: "One", root: Root(screen: "Home"), transitions: rows[0].transitions))
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
