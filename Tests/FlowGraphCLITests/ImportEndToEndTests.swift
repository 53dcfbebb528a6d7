import Foundation
import Testing

/// `flowgraph import` and `steps --swift` run as a built binary, on JSON exactly as FlowStacks apps encode it.
@Suite struct ImportEndToEndTests {
    /// `[Route<Screen>]` for an enum Screen, as Swift 6.3's JSONEncoder wrote it.
    static let typedRoutes = #"""
        [{"push":{"_0":{"home":{}}}},{"push":{"_0":{"profile":{"userID":"u1"}}}},{"push":{"_0":{"number":{"_0":7}}}},{"sheet":{"withNavigation":true,"_0":{"pair":{"_0":1,"_1":"x"}}}},{"cover":{"withNavigation":false,"_0":{"settings":{}}}}]
        """#
    /// `JSONEncoder().encode(path.codable)` for a FlowPath of a struct, an enum and standard types.
    static let flowPath = #"""
        [{"push":{}},"5MyApp6NumberV","{\"value\":99}",{"sheet":{"withNavigation":true}},"SS","\"Hi \\\"q\\\" <b> 🚀\"",{"push":{}},"5MyApp6ScreenO","{\"profile\":{\"userID\":\"u1\"}}",{"push":{}},"Si","1"]
        """#

    @Test func importsTypedRoutesOnePerLine() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let file = try folder.write("routes.json", Self.typedRoutes)
        let result = try BuiltBinary.run(["import", file], in: folder.url)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(
            result.standardOutput == """
                .push(home)
                .push(profile(userID: "u1"))
                .push(number(7))
                .sheet(pair(1, "x"), withNavigation: true)
                .cover(settings)

                """)
    }

    @Test func importsAFlowPathFromStandardInputAsAList() throws {
        let result = try BuiltBinary.run(["import", "-", "--list"], input: Self.flowPath)
        #expect(result.status == 0)
        #expect(
            result.standardOutput
                == #"[.push(1), .push(profile(userID: "u1")), .sheet(Hi "q" <b> 🚀, withNavigation: true), .push(Number(value: 99))]"#
                + "\n")
    }

    @Test func jsonOutputIsAPlanRouteList() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("path.json", Self.flowPath)
        let result = try BuiltBinary.run(["import", "path.json", "--json"], in: folder.url)
        #expect(result.status == 0)
        // Fed back as a plan's start, the printed list reads as the same routes.
        let plan = try folder.write("plan.json", #"{"start": \#(result.standardOutput), "end": []}"#)
        let steps = try BuiltBinary.run(["steps", plan, "--json"], in: folder.url)
        #expect(steps.status == 0, "\(steps.standardError)")
        #expect(steps.standardOutput.contains(#"".push(Number(value: 99))""#))
        #expect(steps.standardOutput.contains(#"".push(profile(userID: \"u1\"))""#))
    }

    @Test func aFileInNoFormatSaysWhichWereTriedAndWhereEachFailed() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("bad.json", "[\n  {\"navigate\": {\"_0\": 1}}\n]\n")
        let result = try BuiltBinary.run(["import", "bad.json"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError == """
                bad.json: not a route list in any format FlowGraph reads (tried route notation; typed routes ([Route<Screen>] Codable JSON); FlowPath codable JSON (path.codable)); where each failed:
                bad.json:2:3: [0]: as route notation: expected a route in notation such as ".push(Profile)", not an object
                bad.json:2:4: [0]: as typed routes ([Route<Screen>] Codable JSON): unknown route style 'navigate'; expected push, sheet or cover
                bad.json:1:1: as FlowPath codable JSON (path.codable): a FlowPath codable array holds 3 items per route (style, type name, screen JSON), but this one has 1, which is not a multiple of 3

                """)
        let broken = try BuiltBinary.run(
            ["import", "-"], input: #"[{"push":{"_0":1}}, {"sheet":{"_0":2,"withNavigation":1}}]"#)
        #expect(broken.status == 1)
        #expect(
            broken.standardError
                == "-:1:55: [1].sheet.withNavigation: as typed routes ([Route<Screen>] Codable JSON): expected true or false, not a number\n"
        )
        let missing = try BuiltBinary.run(["import"])
        #expect(missing.status == 2)
    }

    @Test func stepsAcceptsJSONAndFilesForFromAndTo() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("path.json", Self.flowPath)
        let result = try BuiltBinary.run(
            ["steps", "--from", "@path.json", "--to", #"[{"push":{"_0":1}}]"#, "--json"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(#""to": [".push(1)"]"#))
        let bad = try BuiltBinary.run(["steps", "--from", "@nowhere.json", "--to", "[.push(A)]"], in: folder.url)
        #expect(bad.status == 1)
        #expect(bad.standardError == "nowhere.json: no such file\n")
    }

    @Test func stepsAsSwiftLiteralsMatchGolden() throws {
        let result = try BuiltBinary.run([
            "steps", "--from",
            #"[{"push":{"_0":{"home":{}}}},{"sheet":{"_0":{"profile":{"userID":"u1"}},"withNavigation":true}},{"push":{"_0":3}}]"#,
            "--to", #"[.cover("Hello \"world\"", withNavigation: true), .push(Number(value: 2))]"#, "--platform",
            "ios16", "--swift",
        ])
        #expect(result.status == 0, "\(result.standardError)")
        try Golden.check(result.standardOutput, "steps-swift.swift.txt")
        #expect(result.standardOutput.contains("var expectedSteps: [[Route<String>]] {\n"))
        let both = try BuiltBinary.run(["steps", "--from", "[]", "--to", "[.push(A)]", "--swift", "--json"])
        #expect(both.status == 2)
    }
}
