import FlowGraphTestSupport
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `flowgraph render` run as a built binary: files written, their contents, errors and exit statuses.
@Suite struct RenderEndToEndTests {
    static let sheetPlan = """
        {"title": "Sheets", "root": "Home",
         "start": [".push(Feed)", ".sheet(Profile, withNavigation: true)", ".sheet(Settings)"],
         "end": [".push(Feed)", ".push(Post)"]}
        """

    func data(_ folder: PlanFolder, _ name: String) throws -> Data {
        try Data(contentsOf: folder.url.appendingPathComponent(name))
    }

    /// A text output with Graphviz's `&#45;` for `-` (in SVG ids and classes) read back as `-`.
    func text(_ folder: PlanFolder, _ name: String) throws -> String {
        String(decoding: try data(folder, name), as: UTF8.self).replacingOccurrences(of: "&#45;", with: "-")
    }

    /// Parses XML, failing the test when it is not well-formed.
    func expectWellFormedXML(_ data: Data, sourceLocation: SourceLocation = #_sourceLocation) {
        let parser = XMLParser(data: data)
        #expect(
            parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))",
            sourceLocation: sourceLocation)
    }

    @Test func helpListsOptionsAndExamples() throws {
        let help = try BuiltBinary.run(["render", "--help"])
        #expect(help.status == 0)
        try Golden.check(help.standardOutput, "render-help.txt")
        #expect(try BuiltBinary.run(["--help"]).standardOutput.contains("  render      Draw a plan"))
        let missing = try BuiltBinary.run(["render"])
        #expect(missing.status == 2)
        #expect(missing.standardError.hasPrefix("flowgraph render: missing PLAN.json"))
    }

    @Test func textAndMermaidComeFromTheSameRender() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = try folder.write("plan.json", Self.sheetPlan)
        let result = try BuiltBinary.run(["render", plan, "-o", "out/plan", "-T", "txt,mermaid"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let plain = try text(folder, "out/plan.txt")
        #expect(plain.hasPrefix("Sheets\n"))
        #expect(plain.contains("dismiss sheet Settings") && plain.contains("−\u{00A0}Settings"))
        #expect(plain.contains("+\u{00A0}Post") && plain.contains("AFTER · on screen: Post"))
        #expect(plain.split(separator: "\n").allSatisfy { $0.count <= 100 })
        let mermaid = try text(folder, "out/plan.mmd")
        #expect(mermaid.contains("flowchart"))
        #expect(mermaid.contains("Profile") && mermaid.contains("Post"))
        let fromStdout = try BuiltBinary.run(["render", plan, "-T", "mermaid", "-o", "-"], in: folder.url)
        #expect(fromStdout.standardOutput == mermaid)
    }

    @Test func urlIsResolvedByThePlansDeepLinkRules() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = try folder.write(
            "links.json",
            #"{"root": "Home", "deeplink": {"rules": [{"match": "app://n/{n:int}...", "actions": ["push({n})"]}]}}"#)
        let result = try BuiltBinary.run(
            ["render", plan, "--url", "app://n/41/42", "-o", "links.svg"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let svg = try text(folder, "links.svg")
        #expect(svg.contains(">41<") && svg.contains(">42<") && svg.contains(">push 42<"))
        // The title says which URL; the header which rule and what it captured, on one line, not the URL again.
        #expect(svg.contains(">Deep link app://n/41/42<"))
        #expect(svg.contains(">matched app://n/{n:int}... (deeplink.rules[0]) · captures n = 41, 42<"))
        #expect(!svg.contains("deep link app://n/41/42"))
        // A title that does not say the URL leaves it to the header.
        let titled = try folder.write(
            "titled.json",
            #"{"title": "Numbers", "root": "Home", "deeplink": {"rules": [{"match": "app://n/{n:int}...", "actions": ["push({n})"]}]}}"#
        )
        let titledRun = try BuiltBinary.run(
            ["render", titled, "--url", "app://n/41/42", "-o", "titled.svg"], in: folder.url)
        #expect(titledRun.status == 0, "\(titledRun.standardError)")
        #expect(
            try text(folder, "titled.svg").contains(
                ">deep link app://n/41/42 · matched app://n/{n:int}... (deeplink.rules[0]) · captures n = 41, 42<"))

        let unmatched = try BuiltBinary.run(["render", plan, "--url", "app://n/x", "-o", "bad.svg"], in: folder.url)
        #expect(unmatched.status == 1)
        #expect(unmatched.standardError.hasPrefix("--url:1:"))
        #expect(unmatched.standardError.contains("path component 'x'"))
        let missing = try BuiltBinary.run(["render", plan, "-o", "bad.svg"], in: folder.url)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("pass --url URL"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("bad.svg").path))
    }

    @Test func renderingTwiceGivesIdenticalSVGAndPNG() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = try folder.write("plan.json", Self.sheetPlan)
        for base in ["a", "b"] {
            let result = try BuiltBinary.run(["render", plan, "-o", base, "-T", "svg,png"], in: folder.url)
            #expect(result.status == 0, "\(result.standardError)")
            #expect(result.standardOutput == "" && result.standardError == "")
        }
        #expect(try data(folder, "a.svg") == data(folder, "b.svg"))
        #expect(try data(folder, "a.png") == data(folder, "b.png"))
        #expect(try data(folder, "a.png").prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
    }

    @Test func stackSVGIsWellFormedWithEveryLabelAndRouteClasses() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = try folder.write("plan.json", Self.sheetPlan)
        let result = try BuiltBinary.run(["render", plan, "-o", "stack.svg", "--kind", "stack"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let svg = try text(folder, "stack.svg")
        expectWellFormedXML(Data(svg.utf8))
        for label in ["Sheets", "Home", "Feed", "Profile", "Settings"] { #expect(svg.contains(">\(label)<")) }
        #expect(svg.contains("class=\"node route route-0 push\""))
        #expect(svg.contains("class=\"node route route-1 sheet\""))
        #expect(svg.contains("route route-2 sheet"))
        #expect(!svg.contains(">Post<"), "the start stack does not show the end")

        // --at end draws the routes after the change.
        let end = try BuiltBinary.run(
            ["render", plan, "-o", "end.svg", "--kind", "stack", "--at", "end"], in: folder.url)
        #expect(end.status == 0, "\(end.standardError)")
        let endSVG = try text(folder, "end.svg")
        expectWellFormedXML(Data(endSVG.utf8))
        #expect(endSVG.contains(">Post<") && endSVG.contains("after the change"))
        #expect(!endSVG.contains(">Settings<"))
        #expect(!endSVG.contains("step-0"))
    }

    /// FlowStacks' nine CalculateSteps test cases as plans (root with navigation).
    static let seedCases: [(name: String, platform: String, navigationStack: Bool, start: String, end: String)] = [
        ("pushOneAtATime", "ios17", false, "[]", "[.push(-2), .push(-3), .push(-4)]"),
        ("pushAllAtOnce", "ios17", true, "[]", "[.push(-2), .push(-3), .push(-4)]"),
        ("popAllAtOnce", "ios17", false, "[.push(2), .push(3), .push(4)]", "[]"),
        ("presentOneAtATime", "ios17", false, "[]", "[.sheet(-2), .cover(-3), .sheet(-4)]"),
        ("dismissOneAtATime", "ios16", false, "[.sheet(2), .cover(3), .sheet(4)]", "[]"),
        ("presentAndPush", "ios17", false, "[]", "[.push(-2), .push(-3), .sheet(-4), .sheet(-5)]"),
        (
            "commonAncestor", "ios17", false, "[.push(2), .push(3), .push(4)]",
            "[.push(-2), .push(-3), .sheet(-4), .sheet(-5)]"
        ),
        ("noPopInLayers", "ios16", false, "[.sheet(2), .push(3), .sheet(4), .push(5)]", "[.push(-2)]"),
        ("simultaneous", "ios17", false, "[.sheet(2), .push(3), .sheet(4), .push(5)]", "[]"),
    ]

    @Test(arguments: seedCases.indices)
    func timelineHasOneStepColumnPerStepOfStepsJSON(index: Int) throws {
        let seed = Self.seedCases[index]
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = try folder.write(
            "\(seed.name).json",
            """
            {"root": "Home", "platform": "\(seed.platform)", "navigationStack": \(seed.navigationStack),
             "start": "\(seed.start)", "end": "\(seed.end)"}
            """)
        let steps = try BuiltBinary.run(["steps", plan, "--json"], in: folder.url)
        #expect(steps.status == 0, "\(steps.standardError)")
        let decoded = try JSONSerialization.jsonObject(with: Data(steps.standardOutput.utf8)) as? [String: Any]
        let transitions = try #require(decoded?["transitions"] as? [[String: Any]])
        let count = try #require(transitions.first?["steps"] as? [Any]).count

        let result = try BuiltBinary.run(["render", plan, "-o", "t.svg"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let svg = try text(folder, "t.svg")
        expectWellFormedXML(Data(svg.utf8))
        // One moment per update: step 0 is applied with step 1, so it has no box of its own.
        let moments = svg.components(separatedBy: "class=\"node step moment step-").count - 1
        #expect(moments == max(1, count - 1), "\(seed.name): \(moments) moments, steps --json gives \(count) steps")
        for step in 1..<max(2, count) where count > 1 { #expect(svg.contains("id=\"t0-step-\(step)\"")) }
        #expect(!svg.contains("id=\"t0-step-0\"") || count == 1)
        #expect(!svg.contains("id=\"t0-step-\(count)\""))
    }

    @Test func severalFormatsFromOneBaseName() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = try folder.write("plan.json", Self.sheetPlan)
        let result = try BuiltBinary.run(
            ["render", plan, "-o", "out/diagram", "-T", "svg,png,pdf,dot,json,html", "--theme", "dark"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try text(folder, "out/diagram.svg").contains("<svg"))
        #expect(try data(folder, "out/diagram.png").prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        #expect(try text(folder, "out/diagram.pdf").hasPrefix("%PDF"))
        #expect(try text(folder, "out/diagram.dot").hasPrefix("digraph"))
        #expect(try JSONSerialization.jsonObject(with: data(folder, "out/diagram.json")) is [String: Any])
        #expect(try text(folder, "out/diagram.html").hasPrefix("<!DOCTYPE html>"))
        // The dark theme's background.
        #expect(try text(folder, "out/diagram.svg").contains("fill=\"#0d1117\""))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("out").path)
        #expect(
            names.sorted() == [
                "diagram.dot", "diagram.html", "diagram.json", "diagram.pdf", "diagram.png", "diagram.svg",
            ])

        // A folder: files named after the plan.
        let intoFolder = try BuiltBinary.run(["render", plan, "-o", "docs/", "-T", "svg,dot"], in: folder.url)
        #expect(intoFolder.status == 0, "\(intoFolder.standardError)")
        #expect(try text(folder, "docs/plan.svg").contains("<svg"))
        #expect(try text(folder, "docs/plan.dot").hasPrefix("digraph"))

        // Standard output takes one format.
        let stdout = try BuiltBinary.run(["render", plan, "-o", "-", "-T", "dot"], in: folder.url)
        #expect(stdout.status == 0)
        #expect(stdout.standardOutput.hasPrefix("digraph"))
    }

    @Test func usageErrorsExitTwoAndWriteNothing() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = try folder.write("plan.json", Self.sheetPlan)
        let cases: [([String], String)] = [
            (["-o", "x.svg", "-T", "png"], "make them agree"),
            (["-o", "x.svg", "-T", "svg,png"], "base name or a folder"),
            (["-o", "x.gif"], "does not write .gif files"),
            (["-o", "x"], "cannot tell the format"),
            (["-o", "x", "-T", "gif"], "unknown format 'gif'"),
            (["-o", "-", "-T", "svg,png"], "one format"),
            (["-o", "x.svg", "--kind", "tree"], "--kind must be stack or timeline"),
            (["-o", "x.svg", "--navigation-stack=maybe"], "--navigation-stack"),
            (["-o", "x.svg", "--platform", "ios12"], "unknown platform"),
        ]
        for (arguments, message) in cases {
            let result = try BuiltBinary.run(["render", plan] + arguments, in: folder.url)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(names == ["plan.json"])
    }

    @Test func badPlanExitsOneAndKeepsTheExistingOutput() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = try folder.write("plan.json", Self.sheetPlan)
        #expect(try BuiltBinary.run(["render", plan, "-o", "out", "-T", "svg,png"], in: folder.url).status == 0)
        let svg = try data(folder, "out.svg")
        let png = try data(folder, "out.png")

        try folder.write("plan.json", #"{"root": "Home", "start": [".push(A)"], "actions": ["pop()", "pop()"]}"#)
        let result = try BuiltBinary.run(["render", plan, "-o", "out", "-T", "svg,png"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("plan.json:1:63: actions[1]: pop()"), "\(result.standardError)")
        #expect(try data(folder, "out.svg") == svg)
        #expect(try data(folder, "out.png") == png)

        try folder.write("plan.json", #"{"root": "Home", "start": [".push(A"]}"#)
        let syntax = try BuiltBinary.run(["render", plan, "-o", "out", "-T", "svg,png"], in: folder.url)
        #expect(syntax.status == 1)
        #expect(syntax.standardError.hasPrefix("plan.json:1:"))
        #expect(try data(folder, "out.svg") == svg)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
        #expect(names.sorted() == ["out.png", "out.svg", "plan.json"], "no temporary files are left")
    }

    @Test func rulesSideBySideDrawOneRowEach() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let sample = BuiltBinary.packageRoot.appendingPathComponent("Samples/deeplink-two-sheets.json").path
        let listed = try BuiltBinary.run(["render", sample, "-o", "listed.svg"], in: folder.url)
        #expect(listed.status == 0, "\(listed.standardError)")
        let svg = try text(folder, "listed.svg")
        #expect(svg.contains("row-0") && svg.contains("row-1") && !svg.contains("row-2"))
        #expect(svg.contains(">iOS 16 · NavigationView<") && svg.contains(">iOS 17 · NavigationView<"))

        let plan = try folder.write("plan.json", Self.sheetPlan)
        let four = try BuiltBinary.run(
            ["render", plan, "-o", "four.svg", "--platform", "ios16,ios17", "--navigation-stack=both"],
            in: folder.url)
        #expect(four.status == 0, "\(four.standardError)")
        let fourSVG = try text(folder, "four.svg")
        for row in 0..<4 { #expect(fourSVG.contains("row-\(row)")) }
        // Four columns: each header's title may wrap; its tooltip says it whole.
        #expect(
            fourSVG.contains("xlink:title=\"iOS 16 · NavigationStack: ")
                && fourSVG.contains("xlink:title=\"iOS 17 · NavigationView: "))

        let one = try BuiltBinary.run(["render", sample, "-o", "one.svg", "--platform", "ios17"], in: folder.url)
        #expect(one.status == 0)
        #expect(!(try text(folder, "one.svg")).contains("row-1"))
    }

    @Test func stepsPrintsEveryRuleSetOfAComparedPlan() throws {
        let sample = BuiltBinary.packageRoot.appendingPathComponent("Samples/deeplink-two-sheets.json").path
        let json = try BuiltBinary.run(["steps", sample, "--json"])
        #expect(json.status == 0, "\(json.standardError)")
        let decoded = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let sets = try #require(decoded?["ruleSets"] as? [[String: Any]])
        #expect(sets.map { $0["platform"] as? String } == ["ios16", "ios17"])
        let counts = sets.map { (($0["transitions"] as? [[String: Any]])?.first?["steps"] as? [Any])?.count }
        #expect(counts == [5, 4])
        let first = try #require(decoded?["transitions"] as? [[String: Any]])
        #expect((first.first?["steps"] as? [Any])?.count == 5)

        let text = try BuiltBinary.run(["steps", sample])
        #expect(
            text.standardOutput.hasPrefix("Comparing 2 rule sets: iOS 16 · NavigationView; iOS 17 · NavigationView"))
        #expect(text.standardOutput.contains("== Rule set 2 of 2: iOS 17 · NavigationView =="))
        let single = try BuiltBinary.run(["steps", sample, "--platform", "ios16", "--json"])
        #expect(!single.standardOutput.contains("ruleSets"))
    }

    @Test func hostileScreenNamesAreDrawnVerbatimAndReadNothing() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let marker = "MARKER-\(UUID().uuidString)"
        try folder.write("secret.txt", marker)
        let secret = folder.url.appendingPathComponent("secret.txt").path
        // In JSON: the screen `\N <IMG SRC="…secret.txt"/> & "x"`.
        let hostile = #"\\N <IMG SRC=\"\#(secret)\"/> & \"x\""#
        let plan = try folder.write(
            "plan.json",
            #"{"title": "</script><script>alert(1)</script>", "root": "Home", "start": [".push(\#(hostile))"], "#
                + #""actions": ["presentSheet(\#(hostile))"]}"#)
        let result = try BuiltBinary.run(["render", plan, "-o", "out", "-T", "svg,png,dot,html"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let escaped = #"\N &lt;IMG SRC=&quot;\#(secret)&quot;/&gt; &amp; &quot;x&quot;"#
        for name in ["out.svg", "out.html"] {
            let output = try text(folder, name)
            #expect(output.contains(escaped), "\(name) draws the name verbatim")
            #expect(!output.contains("<IMG") && !output.contains("<img"), "\(name)")
            #expect(!output.contains(marker), "\(name) holds nothing from the file")
        }
        expectWellFormedXML(try data(folder, "out.svg"))
        #expect(!(try data(folder, "out.png")).contains(Data(marker.utf8)))
        let html = try text(folder, "out.html")
        #expect(!html.contains("<script>alert"), "the title is escaped")
        #expect(html.components(separatedBy: "<script").count - 1 == 2, "only FlowGraph's two script elements")
        // In the JSON data block, < is written as \u003c.
        let dataBlock = try #require(
            html.components(separatedBy: "id=\"frames\">").last?.components(separatedBy: "</script>").first)
        #expect(dataBlock.contains(#"\u003cIMG"#) && !dataBlock.contains("<"))
    }

    @Test func htmlPageIsSelfContained() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let sample = BuiltBinary.packageRoot.appendingPathComponent("Samples/onboarding-actions.json").path
        let result = try BuiltBinary.run(["render", sample, "-o", "page.html"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let html = try text(folder, "page.html")
        let lowered = html.lowercased()
        for pattern in [
            "src=\"http", "href=\"http", "src='http", "href='http", "url(http", "@import", "<link", "<iframe",
        ] {
            #expect(!lowered.contains(pattern), "\(pattern)")
        }
        #expect(!lowered.contains("<!doctype svg"))
        #expect(html.contains("id=\"play\"") && html.contains("id=\"prev\"") && html.contains("id=\"next\""))
        #expect(html.contains("\"ArrowRight\""))
        // One frame per moment (eight actions) and the stack before, and the timeline's step nodes to highlight.
        let frames = html.components(separatedBy: "\"step\":").count - 1
        #expect(frames == 9)
        // (Graphviz may write '-' in ids as &#45;.)
        #expect(html.replacingOccurrences(of: "&#45;", with: "-").contains("id=\"timeline_t7-step-1\""))
        #expect(html.contains("<p class=\"sub\">root Welcome · 9 frames</p>"), "the header counts the frames")
    }

    @Test func stackPageHasNoPlaybackControls() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let sample = BuiltBinary.packageRoot.appendingPathComponent("Samples/sheet-over-cover.json").path
        let result = try BuiltBinary.run(["render", sample, "-T", "html", "-o", "page.html"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let html = try text(folder, "page.html")
        // Nothing plays: the stack alone, shown, with no buttons, no counter and no script.
        #expect(html.contains("<div class=\"stack\" data-stack=\"0\">"))
        for control in ["<nav", "<button", "id=\"play\"", "id=\"position\"", "<script>"] {
            #expect(!html.contains(control), "\(control)")
        }
        #expect(html.contains("<p class=\"sub\">root Library</p>"), "no frame count where nothing plays")
        #expect(html.components(separatedBy: "<svg").count - 1 == 1)
    }

    @Test(.heavy) func tooLargePNGTimelinesAreSplitIntoPagesOrRefused() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = try folder.writeTooTallPlan()
        let refused = try BuiltBinary.run(["render", plan, "-o", "long.png", "--png-pages", "refuse"], in: folder.url)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("limited to 32767 px per side"))
        #expect(refused.standardError.contains("SVG or PDF"))

        let split = try BuiltBinary.run(["render", plan, "-o", "long", "-T", "png,svg"], in: folder.url)
        #expect(split.status == 0, "\(split.standardError)")
        #expect(split.standardError.contains("split into"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        let pages = names.filter { $0.hasPrefix("long-") && $0.hasSuffix(".png") }
        #expect(pages.count >= 2)
        #expect(!names.contains("long.png") && names.contains("long.svg"))
        var headers = 0
        for (index, page) in pages.enumerated() {
            let png = try data(folder, "long-\(index + 1).png")
            // PNG width and height are big-endian at bytes 16..<24.
            let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(width <= 32767 && height <= 32767, "\(page) is \(width)×\(height)")
            #expect(height > 1000)
            headers += 1
        }
        #expect(headers == pages.count)

        // A stack too tall for one PNG is refused: it cannot be split.
        let routes = (0..<1500).map { "\".push(S\($0))\"" }.joined(separator: ",")
        let tall = try folder.write("tall.json", #"{"root": "Home", "start": [\#(routes)]}"#)
        let stack = try BuiltBinary.run(["render", tall, "-o", "tall.png"], in: folder.url)
        #expect(stack.status == 1)
        #expect(stack.standardError.hasPrefix("tall.json: The stack diagram would be a "))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("tall.png").path))
    }
}
