import FlowGraphTestSupport
import Foundation
import Testing

/// The built binary against hostile and oversized input: limits, Graphviz refusals, terminal-safe errors.
@Suite struct HostileEndToEndTests {
    @Test func fileSizeLimitAtTheBoundary() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = #"{"start": [".push(A)"]}"#
        let padded = plan + String(repeating: " ", count: 1000 - plan.utf8.count)
        try folder.write("exact.json", padded)
        try folder.write("over.json", padded + " ")
        let exact = try BuiltBinary.run(["steps", "exact.json", "--limit", "file-size=1000"], in: folder.url)
        #expect(exact.status == 0, "\(exact.standardError)")
        let over = try BuiltBinary.run(["steps", "over.json", "--limit", "file-size=1000"], in: folder.url)
        #expect(over.status == 1)
        #expect(
            over.standardError
                == "over.json: is 1001 bytes; input files are limited to 1000 bytes "
                + "(limit file-size=1000 bytes; raise it with --limit file-size=10000)\n")
        let piped = try BuiltBinary.run(["import", "-", "--limit", "file-size=10"], input: "[.push(A), .push(B)]")
        #expect(piped.status == 1)
        #expect(piped.standardError.hasPrefix("-: is more than 10 bytes; input files are limited to 10 bytes"))
    }

    /// A device that never ends is read only up to the limit, then refused.
    @Test func endlessInputIsRefusedAtTheLimit() throws {
        let result = try BuiltBinary.run(["render", "/dev/zero", "-o", "-", "-T", "txt"])
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "/dev/zero: is more than 16777216 bytes; input files are limited to 16777216 bytes "
                + "(limit file-size=16777216 bytes; raise it with --limit file-size=167772160)\n")
    }

    @Test func routeAndStepLimitsOnTheCommandLine() throws {
        let limited = try BuiltBinary.run([
            "steps", "--from", "[.push(A), .push(B)]", "--to", "[]", "--limit", "routes=2",
        ])
        #expect(limited.status == 0, "\(limited.standardError)")
        let over = try BuiltBinary.run(["steps", "--from", "[.push(A), .push(B), .push(C)]", "--limit", "routes=2"])
        #expect(over.status == 1)
        #expect(over.standardError.hasPrefix("--from: more than 2 routes in one list (3) (limit routes=2 routes;"))
        let steps = try BuiltBinary.run(["steps", "--to", "[.push(A), .push(B)]", "--limit", "steps=2,step-routes=9"])
        #expect(steps.status == 1)
        #expect(steps.standardError.contains("which takes the plan past 2 steps (limit steps=2 steps;"))
        let unknown = try BuiltBinary.run(["render", "plan.json", "--limit", "rutes=3"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.hasPrefix("flowgraph render: --limit: unknown limit 'rutes'"))
    }

    /// A plan of a million routes (11 MB) is refused at route 10,001 (the time it takes is in the report).
    @Test(.heavy) func millionRoutePlanIsRefused() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let routes = Array(repeating: #"".push(A)""#, count: 1_000_000).joined(separator: ",")
        try folder.write("huge.json", #"{"end": [\#(routes)]}"#)
        let result = try BuiltBinary.run(["render", "huge.json", "-o", "huge.svg"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("huge.json:1:110010: end[10000]: more than 10000 routes in one list"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("huge.svg").path))
    }

    /// Graphviz refuses a node wider than 65,535 points: that plan fails with Graphviz's reason and writes
    /// nothing, and earlier outputs stay as they were.
    @Test func layoutGraphvizRejectsFailsThatPlanOnly() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let wide = String(repeating: "W", count: 10_000)
        try folder.write("wide.json", #"{"root": "Home", "start": [".push(\#(wide))"]}"#)
        try folder.write("out.svg", "earlier output")
        let result = try BuiltBinary.run(
            ["render", "wide.json", "-o", "out", "-T", "svg,png,txt", "--limit", "label=20000"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("wide.json: Graphviz reported an error for this diagram."))
        #expect(result.standardError.contains("larger than maximum 65535 allowed"))
        #expect(
            try String(contentsOf: folder.url.appendingPathComponent("out.svg"), encoding: .utf8) == "earlier output")
        let written = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(written == ["out.svg", "wide.json"])
        // The next plan renders normally in a new process.
        try folder.write("fine.json", #"{"root": "Home", "start": [".push(A)"]}"#)
        #expect(try BuiltBinary.run(["render", "fine.json", "-o", "fine.svg"], in: folder.url).status == 0)
    }

    /// Escape sequences and bidi controls in what a user wrote reach standard error as visible escapes.
    @Test func errorMessagesCannotDriveTheTerminal() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write(
            "evil.json",
            #"{"titel\u001b]0;pwned\u0007": 1, "start": [".push(A)"], "actions": ["popTo(\u001b[2J\u202eB)"]}"#)
        let result = try BuiltBinary.run(["steps", "evil.json"], in: folder.url)
        #expect(result.status == 1)
        #expect(!result.standardError.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" || $0 == "\u{202E}" })
        #expect(result.standardError.contains(#"unknown key 'titel\u{1B}]0;pwned\u{7}'"#))
        let render = try BuiltBinary.run(["render", "evil.json", "-o", "-", "-T", "txt"], in: folder.url)
        #expect(render.status == 1)
        #expect(!render.standardError.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" })
        #expect(render.standardOutput.isEmpty)
    }
}
