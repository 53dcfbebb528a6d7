import FlowGraphTestSupport
import Foundation
import Testing

/// `flowgraph diff -o DIR` through the built binary: the map diff drawn on both sides from one layout, and the
/// timelines of a changed plan, on the shop app of ``DiffEndToEndTests`` in two git revisions.
@Suite struct DiffImagesEndToEndTests {
    /// A screen's drawn box: its classes and its centre on the page, in SVG pixels.
    struct Box {
        var classes: [String]
        var x: Double
        var y: Double
        var hasText: Bool
    }

    /// Every screen of a map drawing by its node name: the centre of its outline (polygon or rounded path),
    /// moved by the graph's `translate` as a browser places it. Graphviz writes a `<!-- name -->` comment
    /// before each node, edge and cluster, so the text between two comments is one element.
    static func screens(_ svg: URL) throws -> [String: Box] {
        let text = try String(contentsOf: svg, encoding: .utf8)
        let graph = try #require(text.range(of: #"translate\([^)]*\)"#, options: .regularExpression))
        let translate = numbers(String(text[graph]), after: "translate(")
        try #require(translate.count == 2, "\(text[graph])")
        var boxes: [String: Box] = [:]
        for chunk in text.components(separatedBy: "<!-- ").dropFirst() {
            guard let classRange = chunk.range(of: #"class="node [^"]*""#, options: .regularExpression),
                let titleStart = chunk.range(of: "<title>"), let titleEnd = chunk.range(of: "</title>")
            else { continue }
            let classes = chunk[classRange].dropFirst(7).dropLast().split(separator: " ").map(String.init)
            guard classes.contains("screen") else { continue }
            let name = String(chunk[titleStart.upperBound..<titleEnd.lowerBound])
            let hasText = chunk.contains("<text")
            guard let outline = chunk.range(of: #"\s(points|d)="[^"]*""#, options: .regularExpression) else {
                boxes[name] = Box(classes: classes, x: .nan, y: .nan, hasText: hasText)
                continue
            }
            let values = numbers(String(chunk[outline]), after: "=")
            let xs = stride(from: 0, to: values.count - 1, by: 2).map { values[$0] }
            let ys = stride(from: 1, to: values.count, by: 2).map { values[$0] }
            boxes[name] = Box(
                classes: classes, x: ((xs.min() ?? 0) + (xs.max() ?? 0)) / 2 + translate[0],
                y: ((ys.min() ?? 0) + (ys.max() ?? 0)) / 2 + translate[1], hasText: hasText)
        }
        return boxes
    }

    /// The numbers in `text` after `marker`.
    static func numbers(_ text: String, after marker: String) -> [Double] {
        let rest = marker.isEmpty ? Substring(text) : text.split(separator: marker, maxSplits: 1).last ?? ""
        var values: [Double] = []
        var current = ""
        for character in rest {
            if character.isNumber || character == "." || (character == "-" && current.isEmpty) {
                current.append(character)
            } else {
                if let value = Double(current) { values.append(value) }
                current = character == "-" ? "-" : ""
            }
        }
        if let value = Double(current) { values.append(value) }
        return values
    }

    @Test func unchangedScreensStayWhereTheBaseDrewThem() throws {
        let repository = try DiffEndToEndTests.makeRepository()
        defer { repository.remove() }
        let run = try BuiltBinary.run(["diff", "--git", "HEAD~1..HEAD", "App", "-o", "out"], in: repository.url)
        #expect(run.status == 0, "\(run.standardError)")
        let out = repository.url.appendingPathComponent("out")
        let base = try Self.screens(out.appendingPathComponent("map-diff-base.svg"))
        let head = try Self.screens(out.appendingPathComponent("map-diff.svg"))
        let unchanged = head.filter { !$0.value.classes.contains("added") && !$0.value.classes.contains("removed") }
        #expect(unchanged.count == 5, "\(unchanged)")
        var worst = 0.0
        for (name, box) in unchanged {
            let before = try #require(base[name], "\(name) is in the base drawing")
            let moved = ((before.x - box.x) * (before.x - box.x) + (before.y - box.y) * (before.y - box.y)).squareRoot()
            #expect(moved.isFinite)
            worst = max(worst, moved)
        }
        #expect(worst <= 2, "unchanged screens moved up to \(worst) px between the base and head drawings")

        // The screen the head adds is marked there and holds its place, undrawn, in the base.
        #expect(head.values.filter { $0.x.isFinite }.count == 6)
        let added = head.filter { $0.value.classes.contains("added") }
        #expect(added.keys.sorted() == ["c0.receipt"])
        #expect(base["c0.receipt"] == nil, "Graphviz draws nothing of an invisible node")
        let headSVG = try String(contentsOf: out.appendingPathComponent("map-diff.svg"), encoding: .utf8)
        let baseSVG = try String(contentsOf: out.appendingPathComponent("map-diff-base.svg"), encoding: .utf8)
        #expect(headSVG.contains("push&#45;edge removed") && headSVG.contains("sheet&#45;edge restyled"))
        #expect(headSVG.contains("stroke-dasharray"))
        // Both drawings lay out "push → sheet"; the base shows only "push", the head's words in the box's colour.
        #expect(headSVG.contains(">push</text>") && headSVG.contains("→ sheet</text>"))
        #expect(baseSVG.contains(">push</text>") && baseSVG.contains("→ sheet</text>"))
        let hidden = try #require(baseSVG.range(of: "→ sheet</text>"))
        let tag = baseSVG[..<hidden.lowerBound].suffix(200)
        #expect(tag.contains("fill=\"#f6f8fa\""), "hidden on its box, the light theme's layer fill: \(tag)")
        #expect(baseSVG.contains("● before: HEAD~1") && headSVG.contains("● after: HEAD"))
        for name in ["map-diff~dark.svg", "map-diff-base~dark.svg", "map-diff.png", "map-diff-base~dark.png"] {
            let data = try Data(contentsOf: out.appendingPathComponent(name))
            #expect(data.count > 1000, "\(name)")
        }
        #expect(
            try String(contentsOf: out.appendingPathComponent("map-diff~dark.svg"), encoding: .utf8).contains("#0d1117")
        )
    }

    /// The plain maps of the two revisions, drawn apart, are what the anchored drawings fix: their screens move.
    @Test func withoutTheUnionTheScreensMove() throws {
        let repository = try DiffEndToEndTests.makeRepository()
        defer { repository.remove() }
        var drawings: [[String: Box]] = []
        // The base commit, then back to the head (`-`: the branch checked out before).
        for revision in ["HEAD~1", "-"] {
            let checkout = try BuiltBinary.runTool(
                URL(fileURLWithPath: "/usr/bin/env"), ["git", "checkout", "-q", revision], in: repository.url)
            try #require(checkout.status == 0)
            let scan = try BuiltBinary.run(["scan", "App", "-o", "map\(drawings.count).svg"], in: repository.url)
            try #require(scan.status == 0, "\(scan.standardError)")
            drawings.append(try Self.screens(repository.url.appendingPathComponent("map\(drawings.count).svg")))
        }
        let moved = drawings[0].compactMap { name, box -> Double? in
            guard let after = drawings[1][name] else { return nil }
            return ((box.x - after.x) * (box.x - after.x) + (box.y - after.y) * (box.y - after.y)).squareRoot()
        }
        #expect(moved.count == 5 && (moved.max() ?? 0) > 2, "\(moved) \(drawings)")
    }

    @Test func aChangedDeepLinkGetsItsTimelinesAndTheMarkdownShowsThem() throws {
        let repository = try DiffEndToEndTests.makeRepository()
        defer { repository.remove() }
        let run = try BuiltBinary.run(
            ["diff", "--git", "HEAD~1..HEAD", "App", "-T", "md", "--output", "review images"], in: repository.url)
        #expect(run.status == 0, "\(run.standardError)")
        let out = repository.url.appendingPathComponent("review images")
        // The deep link now ends one push deeper: one timeline of the head, its new update marked, the end the
        // base had said in its stack after.
        let svg = try String(
            contentsOf: out.appendingPathComponent("timeline-ShopCoordinator.openOrders.svg"), encoding: .utf8)
        #expect(svg.contains("order(1)"))
        #expect(svg.contains("~ changed: was 1 update, 0 s"), "\(svg)")
        #expect(svg.contains("before this change it ended at HomeView › orders"), "\(svg)")
        #expect(svg.contains("changes since HEAD~1: + new · − removed · ~ changed"), "\(svg)")
        #expect(!svg.contains("flowgraph-diff-"), "the temporary folder of the revision is not named")
        #expect(
            FileManager.default.fileExists(
                atPath: out.appendingPathComponent("timeline-ShopCoordinator.openOrders~dark.png").path))
        let drawn = try FileManager.default.contentsOfDirectory(atPath: out.path)
        #expect(!drawn.contains { $0.hasSuffix("-before.svg") || $0.hasSuffix("-after.svg") }, "\(drawn)")
        let markdown = run.standardOutput
        #expect(markdown.contains(#"srcset="review%20images/map-diff~dark.png""#), "\(markdown)")
        #expect(markdown.contains(#"src="review%20images/timeline-ShopCoordinator.openOrders.png""#))
        #expect(markdown.contains("ShopCoordinator.openOrders: the change, marked"), "\(markdown)")
        // Every image the Markdown names was written.
        let images = markdown.split(separator: "\"").filter { $0.hasPrefix("review%20images/") }
        for match in atLeastOne(images, "review%20images/ in the Markdown") {
            let name = String(match.dropFirst("review%20images/".count))
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(name).path), "\(name)")
        }
    }

    @Test func aPlanWhoseStepsChangeButNotItsEndsIsOneDrawingOfTwoColumns() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let base = #"{"root": "Home", "actions": ["push(A)", "push(B)"]}"#
        let head = #"{"root": "Home", "actions": ["push(A)", "presentSheet(C)", "dismiss()", "push(B)"]}"#
        try Data(base.utf8).write(to: folder.url.appendingPathComponent("base.json"))
        try Data(head.utf8).write(to: folder.url.appendingPathComponent("head.json"))
        let run = try BuiltBinary.run(["diff", "base.json", "head.json", "-o", "out"], in: folder.url)
        #expect(run.status == 0, "\(run.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.appendingPathComponent("out").path)
        #expect(
            names.sorted() == [
                "timeline-head.png", "timeline-head.svg", "timeline-head~dark.png", "timeline-head~dark.svg",
            ])
        let svg = try String(contentsOf: folder.url.appendingPathComponent("out/timeline-head.svg"), encoding: .utf8)
        #expect(svg.contains(">before<") && svg.contains(">after<"), "one column per side")
        #expect(svg.contains("presentSheet") || svg.contains("sheet C"))
    }

    @Test func nothingIsWrittenThroughALinkOrWhenNothingChanged() throws {
        let repository = try DiffEndToEndTests.makeRepository()
        defer { repository.remove() }
        let unchanged = try BuiltBinary.run(["diff", "--git", "HEAD", "App", "-o", "out"], in: repository.url)
        #expect(unchanged.status == 0 && unchanged.standardOutput == "no navigation changes\n")
        let written =
            (try? FileManager.default.contentsOfDirectory(atPath: repository.url.appendingPathComponent("out").path))
            ?? []
        #expect(written.filter { $0.hasPrefix("timeline-") }.isEmpty, "\(written)")
    }

    @Test func aRemovedStackAndARestyledCallInALargerAppKeepEveryOtherScreenInPlace() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let app = RepositoryFolders.samples.appendingPathComponent("FlowStacksApp")
        for side in ["base", "head"] {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(side), withIntermediateDirectories: true)
            for name in try FileManager.default.contentsOfDirectory(atPath: app.path) where name.hasSuffix(".swift") {
                try FileManager.default.copyItem(
                    at: app.appendingPathComponent(name), to: folder.url.appendingPathComponent("\(side)/\(name)"))
            }
        }
        // The head drops a whole coordinator and turns one push into a cover with navigation.
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("head/NoBindingView.swift"))
        let list = folder.url.appendingPathComponent("head/ArrayBindingView.swift")
        let source = try String(contentsOf: list, encoding: .utf8)
        let pushed = #"FlowLink("\(number)", value: Screen.number(number), style: .push)"#
        try #require(source.contains(pushed))
        try source.replacingOccurrences(
            of: pushed,
            with: #"FlowLink("\(number)", value: Screen.number(number), style: .cover(withNavigation: true))"#
        ).write(to: list, atomically: true, encoding: .utf8)

        let run = try BuiltBinary.run(["diff", "base", "head", "-o", "out"], in: folder.url)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("−1 stack · −8 screens"), "\(run.standardOutput)")
        let out = folder.url.appendingPathComponent("out")
        let base = try Self.screens(out.appendingPathComponent("map-diff-base.svg"))
        let head = try Self.screens(out.appendingPathComponent("map-diff.svg"))
        let removed = head.filter { $0.value.classes.contains("removed") }
        #expect(removed.count == 8, "\(removed.keys.sorted())")
        let unchanged = head.filter { !$0.value.classes.contains("removed") && !$0.value.classes.contains("added") }
        #expect(unchanged.count >= 15, "\(unchanged.keys.sorted())")
        for (name, box) in unchanged {
            let before = try #require(base[name])
            let moved = ((before.x - box.x) * (before.x - box.x) + (before.y - box.y) * (before.y - box.y)).squareRoot()
            #expect(moved <= 2, "\(name) moved \(moved) px")
        }
        let headSVG = try String(contentsOf: out.appendingPathComponent("map-diff.svg"), encoding: .utf8)
        #expect(headSVG.contains("→ cover</text>"), "the restyled call says so")
        #expect(headSVG.contains("cover&#45;edge restyled"))
        // The title counts the change as the text does: one per call site, not one per arrow drawn.
        let summary = run.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
        func counted(_ sign: String, _ noun: String) -> Int {
            summary.firstMatch(of: try! Regex("\(sign)([0-9]+) \(noun)s?( ·|$)"))
                .flatMap { Int($0.output[1].substring ?? "") } ?? 0
        }
        let screens = counted("−", "stack") + counted("−", "screen")
        let title =
            "+0 / −\(screens) screens or stacks · +\(counted("\\+", "call")) / −\(counted("−", "call")) / ~1 calls"
        #expect(headSVG.contains(title), "\(summary) | \(title)")
    }
}

/// A changed plan's timelines in `diff -o` are drawn as `render` draws a plan: within its layout budget, and a
/// PNG too tall for one image in pages, a figure each in the Markdown.
@Suite struct DiffTimelineBudgetEndToEndTests {
    /// `before/long.json` (479 sheets each presented and dismissed) and `after/long.json` (480).
    static func makeSides() throws -> PlanFolder {
        let folder = try PlanFolder()
        for (side, count) in [("before", 479), ("after", 480)] {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(side), withIntermediateDirectories: true)
            var actions: [String] = []
            for index in 0..<count { actions += ["\"presentSheet(Sheet\(index))\"", "\"dismiss()\""] }
            try folder.write(
                "\(side)/long.json",
                #"{"title": "Long", "root": "Home", "actions": [\#(actions.joined(separator: ","))]}"#)
        }
        return folder
    }

    @Test func aTimelineTooTallForOnePNGIsPagedAndEachPageIsAFigure() throws {
        let folder = try Self.makeSides()
        defer { folder.remove() }
        let run = try BuiltBinary.run(["diff", "before", "after", "-o", "review.md"], in: folder.url)
        #expect(run.status == 0, "\(run.standardError)")
        let drawn = try FileManager.default.contentsOfDirectory(
            atPath: folder.url.appendingPathComponent("review").path)
        let pages = drawn.filter { $0.hasPrefix("timeline-long-") && $0.hasSuffix(".png") && !$0.contains("~dark") }
        #expect(pages.count > 1, "\(drawn.sorted())")
        #expect(drawn.contains("timeline-long.svg"), "\(drawn.sorted())")
        let markdown = try String(contentsOf: folder.url.appendingPathComponent("review.md"), encoding: .utf8)
        #expect(markdown.contains("long.json: the change, marked (part 1 of \(pages.count))"), "\(markdown)")
        #expect(markdown.contains("review/timeline-long-2.png"), "\(markdown)")
    }

    @Test func aTimelineOverTheLayoutBudgetIsRefusedBeforeGraphvizAndNothingIsWritten() throws {
        let folder = try Self.makeSides()
        defer { folder.remove() }
        let run = try BuiltBinary.run(
            ["diff", "before", "after", "-o", "review", "--limit", "layout=1000"], in: folder.url)
        #expect(run.status == 4, "\(run.standardError)")
        #expect(run.standardError.contains("timeline-long.svg: cannot draw it:"), "\(run.standardError)")
        #expect(run.standardError.contains("--limit layout="), "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("review").path))
    }
}
