import FlowModel
import Foundation
import Graphviz
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

    /// fuzz-render (raw parts: two empty pushes, then a sheet whose name is a broken plan file with `"`, `{`,
    /// `]`, `()` and newlines): Graphviz's HTML grammar rejected the timeline's first edge label.
    @Test func screenNamesFullOfPunctuationRender() throws {
        let input = [UInt8](
            Data(
                base64Encoded:
                    "ewogICJ0aXRsZSI6ICJPbmJvYXJkaW5nLCBvbmUgbmF2aWdhdG9yIGNhbGwgYXQgYSB0aW1lIiwKICAicm9vdCI6IHsic2NyZWVuIjogIldlbGNvbWUiLCAid2l0aE5hdmlnYXRpb24iOiB0cnVlfSwKICAiewogICJ0aXRsZSI6ICJkaXNtaXNzQWxsKCkgb3ZlciB0aHJlZSBsYXllcnMgb24gaU9TIDE2OiBvbmUgZGlzbWlzc2FsIHBwbGF0Zm9ybSI6ICJpb3MxNiIsCiAgInN0YXJ0IjogW10sCiAgImFjdGlvbnMiOiBbCiAgICAicHVzaChTaWduVXApIjwKICAgICJwdXNoKC52ZXJpZnlFbWFpZXIgdXBkYXRlIiwKICAicm9vdCI6IHsic2NyZWVuIjpsKGFkbHJlc3M6IFwiYUBiLmNvXCIpKSIsCiAgICAicHJlc2VudFNoZWV0KFRlcm1zLCB3aXRoTmF2aWdhdGlvbjogdHJ1ZSkiLAogICAgInB1c2goUHJpdmFjeVBvbGljeSkiLAogICAgImRpc21pc3soKSIsCiAgICAicHJlc2VudENvdmVyKFBlcm1pc3MJAAAAKSIsCiAgICAiZGlzbWlzc0FsbCgpIiwKICAgICJnbyAiSG9tZSIsICJ3aXRoTmF2aWdhdGlvbiI6IHRydWV9LAogICJwbGF0Zm9ybSI6ICJpb3MxNiJCLAogICJzdGFydCI6IFsKICAgICIucHVzaChGZWVkKSIsCiAgIF0gIi5zaGVldChQcm9mYWNrVG9Sb290KClpbGUsIHdpdGhOYXZpZ2F0aW8iCiAgXW4KfQo6IHQ="
            )!)
        let parts = input.split(separator: 0, omittingEmptySubsequences: false)
        let sheet = String(decoding: parts[3].dropFirst(), as: UTF8.self)
        let plan = Plan(
            title: String(decoding: parts[0], as: UTF8.self), root: Root(screen: ""), start: [.push("")],
            change: .end([.push(""), .sheet(sheet)]))
        let outputs = try PlanRenderer().render(plan, formats: [.svg, .png, .dot, .json])
        #expect(outputs.count == 4)
        #expect(throws: Never.self) { try XMLDocument(data: try #require(outputs.first).data) }
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
