import FlowGraphTestSupport
import Foundation
import Testing

@testable import FlowGraphCLI

/// The Markdown report as a pull request shows it: `-o review.md` writes it with its drawings beside it,
/// long tables fold, and a value shown unchanged is never bolded as a change.
@Suite struct DiffMarkdownFileTests {
    @Test func aTableOfMoreThanTenRowsFolds() {
        let rows = (1...11).map { "| call \($0) |" }
        let folded = DiffReport.table(["Call"], noun: "calls", rows)
        #expect(folded.contains("<details><summary>11 calls</summary>"))
        #expect(folded.last == "</details>")
        let open = DiffReport.table(["Call"], noun: "calls", Array(rows.prefix(10)))
        #expect(open == ["", "| Call |", "|---|"] + rows.prefix(10))
    }

    @Test func aValueShownUnchangedIsNotBolded() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("base.json", #"{"root": "Home", "actions": ["push(Cart)", "push(Done)"]}"#)
        try folder.write("head.json", #"{"root": "Home", "actions": ["push(Basket)", "push(Done)"]}"#)
        var base = try DiffSide(paths: [folder.url.appendingPathComponent("base.json").path], limits: .default)
        let head = try DiffSide(paths: [folder.url.appendingPathComponent("head.json").path], limits: .default)
        base.plans[0].name = head.plans[0].name
        let markdown = DiffReport(base: base, head: head).markdown
        let row = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("| `head.json`") }, "\(markdown)")
        #expect(!row.contains("**"), "the same update count, time and top screen: \(row)")
        #expect(row.hasSuffix("| Done |"), "\(row)")
    }

    @Test func theEndIsSaidInScreenNames() {
        #expect(DiffReport.screenName(".push(Done)") == "Done")
        #expect(DiffReport.screenName(".push(order(1))") == "order(1)")
        #expect(DiffReport.screenName(".sheet(Help, withNavigation: true)") == "Help")
        #expect(DiffReport.screenName(".cover(pick([1, 2]), withNavigation: false)") == "pick([1, 2])")
        #expect(DiffReport.screenName("root") == "root")
    }

    @Test func dashOFileMdWritesTheReportWithItsDrawingsBesideIt() throws {
        let repository = try DiffEndToEndTests.makeRepository()
        defer { repository.remove() }
        for (output, folder) in [("review.md", "review"), ("docs/pr/nav.md", "docs/pr/nav")] {
            let run = try BuiltBinary.run(["diff", "--git", "HEAD~1..HEAD", "App", "-o", output], in: repository.url)
            #expect(run.status == 0, "\(output): \(run.standardError)")
            #expect(run.standardOutput.hasPrefix("+1 screen"), "the terminal still gets the text report")
            let markdown = try String(contentsOf: repository.url.appendingPathComponent(output), encoding: .utf8)
            let linked = (folder as NSString).lastPathComponent
            #expect(markdown.hasPrefix("**Navigation: +1 screen"), "\(output)")
            #expect(markdown.contains("src=\"\(linked)/map-diff.png\""), "links relative to \(output)")
            #expect(markdown.contains("```mermaid\n"), "the map's change drawn in place")
            #expect(markdown.contains("<details><summary>The drawings ("), "so the drawings are folded")
            #expect(
                FileManager.default.fileExists(
                    atPath: repository.url.appendingPathComponent(folder + "/map-diff.png").path))
        }
    }
}

extension DiffMarkdownFileTests {
    @Test func aPlaceBreaksAfterEachSlashAndColonAndStaysText() {
        #expect(
            MarkdownText.place("main:App/Shop.swift:12:5")
                == "<code>main:<wbr>App/<wbr>Shop.swift:<wbr>12:<wbr>5</code>")
        #expect(MarkdownText.place("a|b/<img>_x_.swift") == "<code>a\\|b/<wbr>&lt;img&gt;\\_x\\_.swift</code>")
    }
}
