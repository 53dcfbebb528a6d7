import FlowGraph
import FlowGraphTestSupport
import Foundation
import Graphviz
import Testing

/// The text and Mermaid drawings of samples, compared with the committed files in Output/text/.
///
/// `FLOWGRAPH_RECORD=1 swift test --filter TextOutputTests` rewrites those files after a deliberate change.
struct TextOutputTests {
    static let repository = RepositoryFolders.root
    static let samples = [
        "push-only", "sheet-over-cover", "invalid-push", "onboarding-actions", "numbers-go-random", "hostile-labels",
        "deeplink-two-sheets", "long-deep-link", "nested-flowstacks-uitest", "nested-children-stack",
        "deeplink-into-profile-child", "rule-sets-part-late",
    ]

    /// The plan's stack (no change) or timeline, as text and as Mermaid.
    static func drawings(of name: String) throws -> (text: String, mermaid: String) {
        if name == "hostile-labels" {
            let evil = #"a"b]c[d(e)f{g}h|i;j#k<b>l</b>m`n%%o\N&lt; end --> x 🚀 漢字"#
            let routes: [PlanRoute] = [
                .push(evil), .sheet("<IMG SRC=x onerror=alert(1)>"), .push("end"), .cover("`md`"),
            ]
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

    /// A stack holding child FlowStacks draws every screen the image draws: each child's layers inside the layer
    /// hosting it, the top mark on the screen on screen (in the child, not on the route hosting it).
    @Test func stackTextDrawsChildFlowStacksAsTheImageDoes() throws {
        let text = try PlanDiagram(plan: try Self.plan("nested-children-stack")).text(mermaid: false)
        let lines = text.components(separatedBy: "\n")
        #expect(lines[2].hasSuffix("· on screen: Number(1)"))
        let child = try #require(lines.firstIndex { $0.contains("┆ child FlowStack FlowPathChild · owns its routes") })
        let host = try #require(lines.firstIndex { $0.contains("▲ sheet  FlowPathChild  hosts FlowPathChild") })
        #expect(host < child)
        // The child's own root and routes, then the grandchild sharing its path, further in than the host.
        let inside = lines[child...].map { $0.trimmingCharacters(in: .whitespaces) }
        for screen in [
            "⌂ root   Home", "→ push   Number(7)", "▲ sheet  NoBindingChild  hosts NoBindingChild (shares path)",
        ] {
            #expect(inside.contains { $0.hasPrefix("│ " + screen) }, "child lacks \(screen)")
        }
        let hostIndent = lines[host].prefix { $0 == " " }.count
        let childRoot = try #require(lines[child...].first { $0.contains("⌂ root   Home") })
        #expect(childRoot.prefix { $0 == " " }.count > hostIndent)
        #expect(lines.filter { $0.contains("◀ top │") }.count == 1)
        #expect(lines.contains { $0.contains("→ push   Number(1)") && $0.contains("◀ top") })
        #expect(!lines[host].contains("◀ top"))
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

    @Test func textTellsTheStoryBeforeEachMomentAfter() throws {
        let start: [PlanRoute] = (1...6).flatMap { [.sheet("S\($0)", withNavigation: true), .push("P\($0)")] }
        let plan = Plan(root: Root(screen: "Home"), platform: .ios16, start: start, change: .end([.push("End")]))
        let text = try PlanDiagram(plan: plan).text(mermaid: false)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // 8 states: step 0 is applied with step 1, so 7 moments, one every 0.65 s after the first: 3.9 s in all.
        #expect(text.contains("iOS 16 · NavigationView · 7 updates · 3.9 s"))
        #expect(lines.filter { $0.hasPrefix("BEFORE · on screen: P6") }.count == 1)
        #expect(lines.filter { $0.hasPrefix("AFTER · on screen: End") }.count == 1)
        #expect(lines.contains("0 s · update 1"))
        #expect(lines.contains("◷ 0.65 s · update 2"))
        #expect(lines.contains("◷ 3.9 s · update 7 · end"))
        #expect(!text.contains("start"), "step 0 is not a moment of its own")
        // Each moment says what it does, the layer it changes, what it keeps below, and what is on screen.
        #expect(lines.contains("dismiss sheet S6 ☰"))
        #expect(lines.contains("  layer 6 · sheet ☰ dismissed: −\u{00A0}S6 › −\u{00A0}P6"))
        #expect(lines.contains("  ⋮ on Home › ⋮ 8 screens › sheet S5 ☰ › P5, unchanged"))
        #expect(lines.contains("  on screen: P5"))
        #expect(lines.contains("  root layer ☰: Home › +\u{00A0}End"))
        #expect(lines.filter { $0.hasPrefix("◷ ") || $0.hasPrefix("0 s") }.count == 7)
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
            #expect(output.contains("update Settings → Orders and present sheet Help"))
            #expect(output.contains("1 update · 0 s"))
        }
        let text = try drawing.text(mermaid: false)
        #expect(text.contains("  root layer ☰: Home › ~ Settings → Orders\n"))
        #expect(text.contains("  layer 1 · sheet: +\u{00A0}Help\n"))
        #expect(text.contains("  on screen: Help\n"))
        #expect(try drawing.text(mermaid: true).contains("on screen: <b>Help</b>"))
    }

    @Test func textAndMermaidNameTheDeepLinkItsRuleAndCaptures() throws {
        let drawing = PlanDiagram(plan: try Self.plan("numbers-deeplink-from-state"))
        let text = try drawing.text(mermaid: false)
        let mermaid = try drawing.text(mermaid: true)
        // In the SVG timeline's words: the URL, the rule that matched, the captures.
        let lines = [
            "deep link flowstacksapp://numbers/1/2/3", "matched flowstacksapp://numbers/{n:int}... (deeplink.rules[0])",
            "captures n = 1, 2, 3",
        ]
        #expect(text.contains(lines.joined(separator: "\n")))
        // Mermaid writes braces and brackets as entity codes.
        #expect(mermaid.contains(lines.map(MermaidText.encoded).joined(separator: "<br/>")))
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

    @Test func mermaidTimelineIsOneColumnOfMomentsAndStopsAtItsBudget() throws {
        let long = Plan(
            root: Root(screen: "Home"), platform: .ios16, start: [], change: .end((0..<20).map { .push("S\($0)") }))
        let mermaid = try PlanDiagram(plan: long).text(mermaid: true)
        // 21 states, 20 moments in one column, going down from the stack before to the stack after.
        #expect(mermaid.contains("  before[\"<b>BEFORE</b> · on screen: <b>Home</b><br/>Home ☰\"]\n"))
        #expect(mermaid.contains("  c0m0[\"<b>0 s</b> · update 1<br/>push S0<br/>on screen: <b>S0</b>\"]\n"))
        #expect(
            mermaid.contains("  c0m19[\"<b>◷ 12.35 s</b> · update 20 · end<br/>push S19<br/>on screen: <b>S19</b>\"]"))
        #expect(!mermaid.contains("c0m20[") && !mermaid.contains("  c1"))
        #expect(mermaid.contains("<b>AFTER</b> · 20 updates · 12.35 s · on screen: <b>S19</b>"))
        // The first moment is reached by a solid arrow, a delayed one by a dotted arrow, the after by a solid one.
        #expect(mermaid.contains("  before --> c0m0\n") && mermaid.contains("  c0m0 -.-> c0m1\n"))
        #expect(mermaid.contains("  c0m19 --> after\n"))
        // Mermaid's wrapping width and spacing are set for a column of an 880 px page.
        #expect(mermaid.contains("config:\n  flowchart:\n    wrappingWidth: 560\n"))

        let huge = Plan(
            root: Root(screen: "Home"), platform: .ios16, start: [],
            change: .states([(0..<100).map { .push("S\($0)") }, [], (0..<100).map { .push("S\($0)") }]))
        let run = try huge.play()
        let total = run.ruleSets[0].transitions.reduce(0) { $0 + max(1, $1.steps.count - 1) }
        let many = try PlanDiagram(run: run).text(mermaid: true)
        #expect(many.contains("more[\"… \(total - MermaidDiagram.maximumSteps) more moments not drawn"))
        let boxes = many.split(separator: "\n").filter { $0.prefixMatch(of: /\ \ c\d+m\d+\[/) != nil }
        #expect(boxes.count == MermaidDiagram.maximumSteps)
    }

    /// Rule sets that play six actions alike and part at the seventh: text and Mermaid tell the six once, across
    /// the width, and split into columns at `◆ first difference`, as the SVG timeline draws them.
    @Test func textAndMermaidTellWhatRuleSetsShareOnce() throws {
        let drawing = PlanDiagram(plan: try Self.plan("rule-sets-part-late"))
        let text = try drawing.text(mermaid: false)
        for action in ["1. push(Feed)", "6. presentSheet(Picker)"] {
            #expect(text.components(separatedBy: action).count == 2, "\(action) once")
        }
        let shared = try #require(text.range(of: "6. presentSheet(Picker)"))
        let columns = try #require(text.range(of: "iOS 16 · NavigationView"))
        #expect(shared.upperBound < columns.lowerBound)
        #expect(!text[..<columns.lowerBound].contains("│"), "the shared moments span the width")
        #expect(text.components(separatedBy: "◆ first").count == 3, "each column marks where they part")
        let mermaid = try drawing.text(mermaid: true)
        #expect(mermaid.components(separatedBy: "push#40;Feed#41;").count == 2)
        #expect(mermaid.contains("  s5 --> c0\n") && mermaid.contains("  s5 --> c1\n"))
        #expect(!mermaid.contains("c0m0[") && mermaid.contains("c0m6[") && mermaid.contains("c1m6["))
    }

    @Test func mermaidComparesRuleSetsSideBySideRowByRow() throws {
        // deeplink-two-sheets: iOS 16 dismisses one sheet per update (4 moments), iOS 17 both at once (3).
        let drawing = PlanDiagram(plan: try Self.plan("deeplink-two-sheets"))
        let mermaid = try drawing.text(mermaid: true)
        #expect(mermaid.contains("  c0[\"<b>iOS 16 · NavigationView</b><br/>4 updates · 1.95 s\"]"))
        #expect(mermaid.contains("  c1[\"<b>iOS 17 · NavigationView</b><br/>3 updates · 1.3 s\"]"))
        #expect(mermaid.contains("  before --> c0\n") && mermaid.contains("  before --> c1\n"))
        #expect(mermaid.contains("c0m3[") && !mermaid.contains("c0m4["))
        #expect(mermaid.contains("c1m2[") && !mermaid.contains("c1m3["))
        // Both first moments part: the note says how, each box marks it.
        #expect(mermaid.contains("in one update, iOS 16 in 2: 1 update, 0.65 s fewer"))
        #expect(mermaid.components(separatedBy: "◆ first difference").count == 3)
        // iOS 17's shorter column reaches the stack after by a longer link, so rows stay aligned.
        #expect(mermaid.contains("  c0m3 --> after\n") && mermaid.contains("  c1m2 ---> after\n"))
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
