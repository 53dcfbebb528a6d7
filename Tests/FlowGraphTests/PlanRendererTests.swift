import Foundation
import Graphviz
import Testing

@testable import FlowGraph

/// The library API behind `flowgraph render`: which drawing a plan gets, rule rows, PNG pages, HTML.
@Suite struct PlanRendererTests {
    func plan(_ json: String) throws -> Plan { try Plan.decode(json, file: "p.json") }

    @Test func libraryPlansRenderInTheirLibrarysWords() throws {
        let swiftful = try plan(
            #"""
            {"library": "swiftfulrouting", "root": "Home",
             "actions": ["router.showScreen(.fullScreenCover, id: \"login\") { _ in LoginView() }",
                         "router.dismissLastEnvironment()"]}
            """#)
        #expect(PlanDiagram.automaticKind(for: swiftful) == .timeline)
        let svg = String(decoding: try PlanRenderer().render(swiftful, formats: [.svg])[0].data, as: UTF8.self)
        #expect(svg.contains("SwiftfulRouting"))
        #expect(svg.contains("fullScreenCover"))
        // Two steps each, one update each: one moment per transition.
        #expect(svg.components(separatedBy: "class=\"node step moment ").count - 1 == 2)

        let views = try plan(
            #"{"library": "navigationstack", "root": "HomeScreen", "start": ["push(Detail(), withId: \"d\")"]}"#)
        #expect(PlanDiagram.automaticKind(for: views) == .stack)
        let stack = String(decoding: try PlanRenderer().render(views, formats: [.svg])[0].data, as: UTF8.self)
        #expect(stack.contains("NavigationStackView"))
        #expect(stack.contains("Detail()"))
    }

    @Test func automaticKindFollowsTheChange() throws {
        #expect(PlanDiagram.automaticKind(for: try plan(#"{"start": [".push(A)"]}"#)) == .stack)
        #expect(PlanDiagram.automaticKind(for: try plan(#"{"end": [".push(A)"]}"#)) == .timeline)
        #expect(PlanDiagram.automaticKind(for: try plan(#"{"actions": []}"#)) == .stack)
        #expect(PlanDiagram.automaticKind(for: try plan(#"{"actions": ["push(A)"]}"#)) == .timeline)
        #expect(PlanDiagram.automaticKind(for: try plan(#"{"states": [[], [".push(A)"]]}"#)) == .timeline)
    }

    @Test func platformListsDecodeAndMakeOneRowEach() throws {
        let compared = try plan(
            #"{"platform": ["ios16", "ios17"], "navigationStack": [false, true], "start": [".sheet(A)"], "end": []}"#)
        #expect(compared.platforms == [.ios16, .ios17])
        #expect(compared.navigationStacks == [false, true])
        #expect(compared.platform == .ios16 && compared.navigationStack == false)
        #expect(
            compared.ruleSets.map(\.summary) == [
                "iOS 16 · NavigationView", "iOS 16 · NavigationStack", "iOS 17 · NavigationView",
                "iOS 17 · NavigationStack",
            ])
        let rows = try PlanDiagram(plan: compared).rows()
        #expect(rows.map(\.label) == compared.ruleSets.map(\.summary))
        #expect(rows.allSatisfy { $0.transitions.count == 1 })

        let platformsOnly = try PlanDiagram(plan: plan(#"{"platform": ["ios17", "ios16"], "end": []}"#)).rows()
        #expect(platformsOnly.map(\.label) == ["iOS 17", "iOS 16"])
        let single = try PlanDiagram(plan: plan(#"{"platform": "ios16", "end": []}"#)).rows()
        #expect(single.map(\.label) == [nil])
    }

    @Test func badPlatformListsAreLocated() throws {
        #expect(throws: FlowGraphError.self) { try plan(#"{"platform": []}"#) }
        do throws(FlowGraphError) {
            _ = try Plan.decode(
                #"{"platform": ["ios16", "ios15", "ios16"], "navigationStack": [true, "no"]}"#, file: "p.json")
            Issue.record("expected an error")
        } catch {
            #expect(
                error.diagnostics.map(\.description) == [
                    "p.json:1:24: platform[1]: unknown platform 'ios15'; expected \"ios16\" (one dismissal per step) or \"ios17\" (several in one)",
                    "p.json:1:33: platform[2]: repeats an earlier platform; list each once",
                    "p.json:1:69: navigationStack[1]: expected true or false, not a string",
                ])
        }
    }

    @Test func stackAtEndShowsTheFinalRoutes() throws {
        let changing = try plan(#"{"root": "Home", "start": [".push(A)"], "actions": ["push(B)", "presentSheet(C)"]}"#)
        let start = try PlanDiagram(plan: changing, kind: .stack).diagram()
        let end = try PlanDiagram(plan: changing, kind: .stack, at: .end).diagram()
        #expect(start.allNodes.filter { $0.id.hasPrefix("route-") }.count == 1)
        #expect(end.allNodes.filter { $0.id.hasPrefix("route-") }.count == 3)
    }

    @Test func invalidActionsAreReportedAsPlanErrors() throws {
        let bad = try plan(#"{"root": "Home", "actions": ["pop()"]}"#)
        #expect {
            _ = try PlanRenderer().render(bad, formats: [.svg])
        } throws: { error in
            guard case .plan(let planError) = error as? RenderError else { return false }
            return planError.description.hasPrefix("p.json:1:31: actions[0]: pop()")
        }
    }

    func longPlan(_ count: Int) throws -> Plan {
        let actions = (0..<count).map { "\"presentSheet(S\($0))\", \"dismiss()\"" }.joined(separator: ", ")
        return try plan(#"{"title": "Long", "root": "Home", "actions": [\#(actions)]}"#)
    }

    @Test func tooLargePNGsBecomePagesThatFit() throws {
        let limit = 1_500
        let renderer = PlanRenderer(options: .init(maximumPNGSide: limit))
        let outputs = try renderer.render(longPlan(30), formats: [.svg, .png])
        #expect(outputs.first?.format == .svg && outputs.first?.page == nil)
        let pages = outputs.filter { $0.format == .png }
        #expect(pages.count >= 2)
        #expect(pages.map(\.page) == pages.indices.map { $0 + 1 })
        #expect(pages[1].fileName(base: "out/plan") == "out/plan-2.png")
        for page in pages {
            let width = page.data[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let height = page.data[20..<24].reduce(0) { $0 << 8 | Int($1) }
            #expect(width <= limit && height <= limit, "page \(page.page ?? 0): \(width)×\(height)")
        }
        // Pages keep the plan's transition numbers and say which page they are.
        let drawing = renderer.planDiagram(try longPlan(6))
        let page = drawing.timelinePage(rows: try drawing.rows(), range: 4..<8, page: 2, of: 3, total: 12)
        let svg = String(decoding: try page.render(to: .svg), as: UTF8.self)
        #expect(svg.contains("page 2 of 3 (transitions 5–8 of 12)"))
        #expect(svg.contains("5. presentSheet(S2)") && !svg.contains("1. presentSheet(S0)"))
    }

    @Test func tooLargePNGsAreRefusedWhenAsked() throws {
        let renderer = PlanRenderer(options: .init(pngPaging: .refuse, maximumPNGSide: 1_500))
        #expect {
            _ = try renderer.render(longPlan(30), formats: [.png])
        } throws: { error in
            guard case .pngTooLarge(_, let height, let limit, _) = error as? RenderError else { return false }
            return height > limit && "\(error)".contains("render it as SVG or PDF")
        }
        // A single transition that does not fit cannot be split.
        let tiny = PlanRenderer(options: .init(maximumPNGSide: 200))
        #expect(throws: RenderError.self) { try tiny.render(longPlan(2), formats: [.png]) }
    }

    @Test func htmlEscapesTextAndKeepsDataOutOfScriptContext() throws {
        #expect(StepAnimation.escape(#"<a href="x">&'"#) == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;")
        let hostile = try plan(
            #"{"title": "</script><b>", "root": "Home", "actions": ["push(\"</script><img src=x>\")"]}"#)
        let page = try #require(try PlanRenderer().render(hostile, formats: [.html]).first)
        let html = String(decoding: page.data, as: UTF8.self)
        #expect(html.contains("<title>&lt;/script&gt;&lt;b&gt;</title>"))
        // The frames' stacks are HTML of our own (bold layer names); outside them, no tag the plan wrote.
        let ownMarkup = try Regex(#"<div class="frame-stack".*?</table></div></div>"#)
        let outsideStacks = html.replacing(ownMarkup, with: "")
        #expect(outsideStacks.count < html.count && !html.contains("<img") && !outsideStacks.contains("<b>"))
        #expect(html.components(separatedBy: "</script>").count - 1 == 2)
        #expect(html.contains(#"\u003c/script\u003e\u003cimg src=x\u003e"#))
    }

    @Test func renderingIsDeterministic() throws {
        let sample = try plan(
            #"{"platform": ["ios16", "ios17"], "start": [".push(A)", ".push(B)"], "end": [".push(C)"]}"#)
        let formats: [RenderFormat] = [.svg, .png, .dot, .json, .html]
        #expect(try PlanRenderer().render(sample, formats: formats) == PlanRenderer().render(sample, formats: formats))
    }

    @Test func htmlWithNestedLayersIsDeterministic() throws {
        let sample = try plan(
            #"{"platform": ["ios16", "ios17"], "start": [".sheet(A)", ".sheet(B)"], "end": [".push(C)"]}"#)
        let first = try PlanRenderer().render(sample, formats: [.html])
        for _ in 0..<3 { #expect(try PlanRenderer().render(sample, formats: [.html]) == first) }
    }

    /// The README's example, with a temporary folder for `Docs`.
    @Test func readmeExampleWritesEveryOutput() throws {
        let docs = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: docs, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: docs) }
        let url = docs.appendingPathComponent("deeplink.json")
        try Data(#"{"root": "Home", "start": [".sheet(A)"], "end": [".push(B)"]}"#.utf8).write(to: url)

        let plan = try Plan.decode(bytes: Array(try Data(contentsOf: url)), file: url.path)
        let renderer = PlanRenderer(options: .init(theme: .dark, platforms: [.ios16, .ios17]))
        for output in try renderer.render(plan, formats: [.svg, .png, .html]) {
            try output.data.write(to: URL(fileURLWithPath: output.fileName(base: docs.path + "/deeplink")))
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).sorted()
        #expect(names == ["deeplink.html", "deeplink.json", "deeplink.png", "deeplink.svg"])
    }
}
