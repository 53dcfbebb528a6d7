import FlowModel
import Foundation
import Testing

@testable import FlowGraph

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Inputs fuzz-render (Fuzz/, Scripts/fuzz.sh) stopped on, kept so the fixes stay fixed.
@Suite struct RenderFuzzRegressionTests {
    /// An empty screen name made `<FONT …></FONT>`, which Graphviz's HTML grammar rejects: every render failed.
    ///
    /// fuzz-render found it with raw parts (title `Title <b>\N</b>`, then an empty screen); a plan file
    /// reaches it with typed routes or a FlowPath whose screen is the empty string.
    @Test func emptyScreenNamesRender() throws {
        let plans = [
            Plan(
                title: "Title <b>\\N</b>", root: Root(screen: ""), start: [.push(""), .sheet("", withNavigation: true)]),
            try Plan.decode(
                #"{"root": "Home", "start": [{"push":{"_0":""}}], "end": [{"cover":{"_0":"","withNavigation":true}}]}"#),
            try Plan.decode(#"{"start": [{"push":{}},"SS","\"\""]}"#),
        ]
        for plan in plans {
            let outputs = try PlanRenderer().render(plan, formats: [.svg, .png, .html, .txt, .mermaid])
            #expect(outputs.count == 5)
            let svg = try #require(outputs.first)
            #expect(throws: Never.self) { try XMLDocument(data: svg.data) }
        }
    }

    /// The first fuzz-render stop on a sample was the fuzzer's own Mermaid check (`\"` in a YAML title counted
    /// as a quote); the title must still be one well-formed YAML string with the quote kept.
    @Test func mermaidTitlesEscapeQuotesAndPercentSigns() throws {
        let plan = Plan(title: #"Say "hi" %%{init: {"theme": "dark"}}%% \ end"#, start: [.push("A")])
        let mermaid = String(
            decoding: try #require(try PlanRenderer().render(plan, formats: [.mermaid]).first).data, as: UTF8.self)
        let titleLine = try #require(mermaid.split(separator: "\n").first { $0.hasPrefix("title: ") })
        #expect(titleLine == #"title: "Say \"hi\" \x25\x25{init: {\"theme\": \"dark\"}}\x25\x25 \\ end""#)
        #expect(!mermaid.contains("%%{"))
    }
}
