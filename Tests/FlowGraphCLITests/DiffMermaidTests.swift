import FlowGraphTestSupport
import Foundation
import Testing

@testable import FlowGraphCLI

/// The map's change as Mermaid: in the Markdown report as a fenced block GitHub draws, alone with
/// `diff -T mermaid`, and `scan -o map.mmd` for a whole map.
@Suite struct DiffMermaidTests {
    @Test func theMarkdownReportCarriesTheMapChangeAsMermaid() throws {
        let report = try DiffRenamesTests.report(path: "ShopCoordinator.swift") {
            $0.replacingOccurrences(of: "navigator.presentSheet(.payment)", with: "navigator.presentCover(.payment)")
        }
        let markdown = report.markdown
        let block = try #require(markdown.range(of: "```mermaid\n"), "\(markdown)")
        let chart = String(markdown[block.upperBound...])
        #expect(chart.contains("flowchart LR"))
        #expect(chart.contains("|\"sheet → cover\"|"), "\(chart)")
        #expect(chart.contains("\n```"), "the block is closed")
        #expect(report.mermaid?.hasPrefix("---\ntitle: \"Navigation map: base → head\"") == true)
        // No change to draw: no block.
        let unchanged = try DiffRenamesTests.report(path: "ShopCoordinator.swift") { $0 }
        #expect(unchanged.mermaid == nil)
        #expect(!unchanged.markdown.contains("```mermaid"))
    }

    @Test func scanAndDiffWriteMermaid() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let scan = try BuiltBinary.run(
            ["scan", RepositoryFolders.samples.appendingPathComponent("SwiftUIFerryApp").path, "-o", "map.mmd"],
            in: folder.url)
        #expect(scan.status == 0, "\(scan.standardError)")
        let map = try String(contentsOf: folder.url.appendingPathComponent("map.mmd"), encoding: .utf8)
        #expect(map.hasPrefix("---\ntitle: \"Navigation map · 1 stack · 7 screens"), "\(map.prefix(120))")
        #expect(map.contains("subgraph c0[\"FerryApp · SwiftUI · with navigation\"]"))
        let usage = try BuiltBinary.run(["diff", "a", "b", "-T", "gif"], in: folder.url)
        #expect(usage.status == 2)
        #expect(usage.standardError.contains("-T takes text, md or mermaid for diff, not 'gif'"))
    }
}
