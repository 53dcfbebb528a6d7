import FlowGraph
import Foundation
import Graphviz
import Testing

/// The snippets of the DocC article Sources/FlowGraph/FlowGraph.docc/GettingStarted.md, compiled and run as
/// written (only `print` replaced by collecting the lines), and the article checked to still hold them.
@Suite struct GettingStartedTests {
    @Test func theArticlesSnippetsCompileAndRun() throws {
        var printed: [String] = []
        func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

        let text = #"{"title": "Deep link", "root": "Home", "start": [".push(Feed)"], "end": [".sheet(Settings)"]}"#
        let plan = try Plan.decode(text, file: "deeplink.json")
        let run = try plan.play()
        for warning in run.diagnostics { print(warning) }  // FILE:LINE:COLUMN: KEY PATH: warning: …
        for step in run.ruleSets[0].steps {
            print(
                "transition \(step.transition + 1), step \(step.index): \(step.change.summary) → \(step.path.notation)")
        }

        let renderer = PlanRenderer(options: .init(theme: .dark))
        for output in try renderer.render(plan, formats: [.svg, .png, .html, .txt]) {
            print(output.fileName(base: "Docs/deeplink"), output.data.count)
        }

        let steps = calculateSteps(
            from: [.push("A"), .sheet("B", withNavigation: true), .push("C")], to: [.cover("D")],
            rules: PlatformRules(platform: .ios16))
        print(steps.map(\.notation))
        print(StepsReport.text(run))

        #expect(
            printed.contains { $0.hasPrefix("transition 1, step 2: present") && $0.hasSuffix("→ [.sheet(Settings)]") })
        #expect(printed.contains { $0.hasPrefix("Docs/deeplink.png ") })
        #expect(
            printed.contains(
                "[\"[.push(A), .sheet(B, withNavigation: true), .push(C)]\", \"[.push(A)]\", \"[]\", \"[.cover(D)]\"]"))

        // The article holds these snippets verbatim.
        let article = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent(
                    "Sources/FlowGraph/FlowGraph.docc/GettingStarted.md"),
            encoding: .utf8)
        for line in [
            "let run = try plan.play()",
            "for output in try renderer.render(plan, formats: [.svg, .png, .html, .txt]) {",
            "print(StepsReport.text(run))", "rules: PlatformRules(platform: .ios16))",
        ] {
            #expect(article.contains(line), "\(line)")
        }
    }
}
