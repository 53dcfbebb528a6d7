import FlowGraphTestSupport
import Foundation
import Testing

/// `flowgraph diff -T md` of hostile names, through the built binary: a plan's file name and a screen's name
/// are the app's, and the pull-request comment must show them as text, never as a heading, an HTML tag or
/// the end of a code span or a table cell.
@Suite struct DiffMarkdownSafetyEndToEndTests {
    static let names = [
        "x\n## APPROVED by @octocat.json",
        "a`<img src=x onerror=alert(1)>`b.json",
        "pipe | and ** stars **.json",
    ]

    @Test func hostileNamesStayText() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        for side in ["base", "head"] {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(side), withIntermediateDirectories: true)
        }
        try folder.write("base/keep.json", #"{"root": "Home", "actions": ["push(A)"]}"#)
        try folder.write("head/keep.json", #"{"root": "Home", "actions": ["push(A)", "push(B)"]}"#)
        for name in Self.names {
            try folder.write("head/" + name, #"{"root": "<b>Home</b>", "actions": ["push(`x`)"]}"#)
        }
        let run = try BuiltBinary.run(["diff", "base", "head", "-T", "md"], in: folder.url)
        #expect(run.status == 0, "\(run.standardError)")
        let markdown = run.standardOutput
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.hasPrefix("#") }, "\(markdown)")
        // Outside code spans (where text is literal), no HTML tag survives.
        let spans = try NSRegularExpression(pattern: "(`+)(.+?)\\1")
        let outside = spans.stringByReplacingMatches(
            in: markdown, range: NSRange(markdown.startIndex..., in: markdown), withTemplate: "")
        #expect(!outside.contains("<img") && !outside.contains("<b>"), "\(outside)")
        // A name holding backticks is one code span, fenced with a longer run of them.
        #expect(markdown.contains("| ``a`<img src=x onerror=alert(1)>`b.json`` |"), "\(markdown)")
        // Every row of a table has as many unescaped `|` as its header.
        func cells(_ line: Substring) -> Int {
            var count = 0
            var escaped = false
            for character in line {
                if character == "|" && !escaped { count += 1 }
                escaped = character == "\\" && !escaped
            }
            return count
        }
        var header = 0
        for line in lines where line.hasPrefix("|") {
            if line.hasPrefix("|---") { continue }
            if line.hasPrefix("| Plan ") { header = cells(line) }
            #expect(cells(line) == header, "\(line)")
        }
        #expect(markdown.contains("pipe \\| and \\*\\* stars \\*\\*"), "\(markdown)")
    }
}
