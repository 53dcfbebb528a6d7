import FlowGraphTestSupport
import Foundation
import Testing

/// `flowgraph steps` run as a built binary: stdout against golden files, errors on stderr with exit statuses.
@Suite struct StepsEndToEndTests {
    @Test func fromToOnIOS16AsJSON() throws {
        let result = try BuiltBinary.run([
            "steps", "--from", "[.push(1), .sheet(2, withNavigation: true), .push(3)]", "--to", "[.cover(4)]",
            "--platform", "ios16", "--json",
        ])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        try Golden.check(result.standardOutput, "steps-from-to-ios16.json")
        // The JSON is the documented shape, with keys in the documented order.
        #expect(result.standardOutput.hasPrefix("{\n  \"transitions\": [\n    {\n      \"from\": "))
        let decoded = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let transitions = try #require(decoded?["transitions"] as? [[String: Any]])
        #expect(transitions.count == 1)
        #expect(transitions[0]["action"] == nil)
        #expect(transitions[0]["synchronous"] as? Bool == false)
        #expect(transitions[0]["estimatedSeconds"] as? Double == 1.3)
        let steps = try #require(transitions[0]["steps"] as? [[String]])
        #expect(
            steps == [[".push(1)", ".sheet(2, withNavigation: true)", ".push(3)"], [".push(1)"], [], [".cover(4)"]])
    }

    @Test func fromToAsText() throws {
        let result = try BuiltBinary.run([
            "steps", "--from", "[.push(1), .sheet(2, withNavigation: true), .push(3)]", "--to",
            "[.cover(4), .push(5)]", "--platform", "ios16",
        ])
        #expect(result.status == 0)
        try Golden.check(result.standardOutput, "steps-from-to-ios16.txt")
    }

    static let actionsPlan = """
        {
          "title": "Deep link flowstacksapp://numbers/1/2/3",
          "root": "Home",
          "platform": "ios16",
          "start": [".push(Feed)", ".sheet(Profile, withNavigation: true)", ".push(Edit)"],
          "actions": ["goBackToRoot()", "push(1)", "push(2)", "presentSheet(.settings(tab: \\"a, b\\"), withNavigation: true)", "goBackTo(index: 0)"]
        }
        """

    @Test func planWithActionsPrintsOneTransitionPerAction() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = try folder.write("deeplink.json", Self.actionsPlan)
        let json = try BuiltBinary.run(["steps", plan, "--json"], in: folder.url)
        #expect(json.status == 0)
        #expect(json.standardError == "")
        try Golden.check(json.standardOutput, "steps-actions.json")
        let decoded = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
        let transitions = try #require(decoded?["transitions"] as? [[String: Any]])
        #expect(
            transitions.compactMap { $0["action"] as? String } == [
                "goBackToRoot()", "push(1)", "push(2)", "presentSheet(settings(tab: \"a, b\"), withNavigation: true)",
                "goBackTo(index: 0)",
            ])

        let text = try BuiltBinary.run(["steps", plan], in: folder.url)
        #expect(text.status == 0)
        try Golden.check(text.standardOutput, "steps-actions.txt")

        // --navigation-stack and --platform override the plan.
        let overridden = try BuiltBinary.run(
            ["steps", plan, "--navigation-stack", "--platform", "ios17"], in: folder.url)
        #expect(overridden.status == 0)
        #expect(overridden.standardOutput.contains("Rules: iOS 17 · NavigationStack"))
    }

    @Test func readsThePlanFromStandardInput() throws {
        let result = try BuiltBinary.run(["steps", "-", "--json"], input: Self.actionsPlan)
        #expect(result.status == 0)
        try Golden.check(result.standardOutput, "steps-actions.json")
    }

    @Test func statesAndEndPlans() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let states = try folder.write(
            "states.json", #"{"states": [[], [".push(A)", ".push(B)"], "[.sheet(C)]"], "navigationStack": true}"#)
        let result = try BuiltBinary.run(["steps", states, "--json"], in: folder.url)
        #expect(result.status == 0)
        try Golden.check(result.standardOutput, "steps-states.json")
        let none = try folder.write("none.json", #"{"start": [".push(A)"]}"#)
        let empty = try BuiltBinary.run(["steps", none, "--json"], in: folder.url)
        #expect(empty.standardOutput == "{\n  \"transitions\": [],\n  \"warnings\": []\n}\n")
        let emptyText = try BuiltBinary.run(["steps", none], in: folder.url)
        #expect(emptyText.standardOutput.contains("No change: the plan has no end, actions or states."))
    }

    // MARK: Errors

    /// Runs `steps` on a plan file and returns the result, expecting exit status 1 and nothing on stdout.
    private func failingPlan(_ text: String, name: String = "plan.json") throws -> BuiltBinary.Result {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = try folder.write(name, text)
        let result = try BuiltBinary.run(["steps", plan, "--json"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardOutput == "", "no partial output on error")
        return result
    }

    @Test func malformedRouteIsLocated() throws {
        let result = try failingPlan("{\n  \"start\": [\".push(A)\", \".sheet(B, withNavigation: true\"]\n}")
        #expect(result.standardError == "plan.json:2:56: start[1]: expected ')' to close .sheet(\n")
    }

    @Test func unknownActionIsLocated() throws {
        let result = try failingPlan("{\n  \"actions\": [\n    \"push(A)\",\n    \"popp()\"\n  ]\n}")
        #expect(
            result.standardError
                == "plan.json:4:6: actions[1]: unknown action 'popp()'; expected one of push, presentSheet, presentCover, "
                + "goBack, goBackTo, goBackToRoot, pop, popTo, popToRoot, popToCurrentNavigationRoot, dismiss, "
                + "dismissAll (did you mean 'pop'?)\n")
    }

    @Test func popOfAPresentedRouteIsLocated() throws {
        let result = try failingPlan(
            #"{"start": [".push(A)"], "actions": ["presentSheet(B, withNavigation: true)", "push(C)", "pop(2)"]}"#)
        #expect(
            result.standardError
                == "plan.json:1:90: actions[2]: pop(2): cannot pop .sheet(B, withNavigation: true): "
                + "pop removes only pushed screens; use dismiss() or goBack()\n")
    }

    @Test func pushIntoALayerWithoutNavigationIsLocated() throws {
        let result = try failingPlan(
            """
            {
              "actions": [
                "presentCover(Login)",
                "push(Signup)"
              ]
            }
            """)
        #expect(
            result.standardError
                == "plan.json:4:6: actions[1]: push(Signup): cannot push Signup: the top presentation layer "
                + "(.cover(Login)) has no navigation; present it with withNavigation: true, or use presentSheet/presentCover\n"
        )
    }

    @Test func everyDecodingProblemIsListed() throws {
        let result = try failingPlan(#"{"platform": "ios15", "ends": [], "start": 3}"#)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].hasPrefix("plan.json:1:23: ends: unknown key 'ends'"))
        #expect(lines[1].hasPrefix("plan.json:1:14: platform: unknown platform 'ios15'"))
        #expect(lines[2].hasPrefix("plan.json:1:44: start: expected an array of routes"))
    }

    @Test func malformedRouteListOnTheCommandLineIsLocated() throws {
        let result = try BuiltBinary.run(["steps", "--from", "[.push(A),\n .sheet(B", "--to", "[.push(\"x)]"])
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == "--from:2:10: expected ')' to close .sheet(\n"
                + "--to:1:8: unterminated string literal; expected a closing '\"'\n")
    }

    @Test func missingFileAndJSONSyntaxErrorsExitOne() throws {
        let missing = try BuiltBinary.run(["steps", "does-not-exist.json"])
        #expect(missing.status == 1)
        #expect(missing.standardError == "does-not-exist.json: no such file\n")
        let syntax = try failingPlan("{\n  \"end\": [\".push(A)\",]\n}")
        #expect(syntax.standardError == "plan.json:2:22: trailing comma before ']'; remove the last ','\n")
    }

    @Test func badFlagExitsTwoWithUsage() throws {
        let result = try BuiltBinary.run(["steps", "--from", "[]", "--jsn"])
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError == """
                flowgraph steps: unknown option '--jsn'; did you mean '--json'?
                usage: flowgraph steps PLAN.json [OPTIONS]
                       flowgraph steps --from LIST --to LIST [OPTIONS]
                Run 'flowgraph steps --help' for more.

                """)
    }

    @Test(arguments: [
        (["steps"], "flowgraph steps: missing PLAN.json, or --from LIST and --to LIST"),
        (["steps", "--from"], "flowgraph steps: --from needs a value: --from LIST"),
        (
            ["steps", "--from", "[]", "--platform", "ios12"],
            "flowgraph steps: --platform: unknown platform 'ios12'; expected ios16, ios17 or a list such as ios16,ios17 "
                + "(iOS 14 to 16 play by ios16's rules, iOS 17 and later by ios17's)"
        ),
        (["steps", "a.json", "b.json"], "flowgraph steps: unexpected extra argument 'b.json'"),
        (["steps", "a.json", "--to", "[]"], "flowgraph steps: give either PLAN.json or --from/--to, not both"),
        (["stepz"], "flowgraph: unknown command 'stepz'; did you mean 'steps'?"),
        ([], "flowgraph "),
    ])
    func usageErrorsExitTwo(arguments: [String], firstLine: String) throws {
        let result = try BuiltBinary.run(arguments)
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasPrefix(firstLine), "\(result.standardError)")
        #expect(result.standardError.contains("--help"))
    }

    @Test func helpAndVersion() throws {
        let help = try BuiltBinary.run(["--help"])
        #expect(help.status == 0)
        try Golden.check(help.standardOutput, "help.txt")
        let stepsHelp = try BuiltBinary.run(["steps", "--help"])
        #expect(stepsHelp.status == 0)
        try Golden.check(stepsHelp.standardOutput, "steps-help.txt")
        #expect(try BuiltBinary.run(["help", "steps"]).standardOutput == stepsHelp.standardOutput)
        let version = try BuiltBinary.run(["--version"])
        #expect(version.status == 0)
        #expect(version.standardOutput == "flowgraph 0.1.0\n")
    }

    // MARK: Hostile input

    @Test func oddScreenNamesComeBackVerbatimAndValid() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let plan = try folder.write(
            "odd.json",
            #"{"end": [".push(\\N)", ".push(<IMG SRC=\"file:///etc/passwd\">)", ".sheet(\"Café \u202e 🇫🇷\")", ".push(\"tab\\tquote\\\"\")"], "navigationStack": true}"#
        )
        let result = try BuiltBinary.run(["steps", plan, "--json"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let decoded = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let transitions = try #require(decoded?["transitions"] as? [[String: Any]])
        let end = try #require(transitions.first?["to"] as? [String])
        #expect(
            end == [
                ".push(\\N)", ".push(<IMG SRC=\"file:///etc/passwd\">)", ".sheet(Café \u{202E} 🇫🇷)",
                ".push(\"tab\\tquote\\\"\")",
            ])
    }

    @Test(.heavy) func hugeAndDeeplyNestedPlans() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        // 100,000 routes dismissed at once on iOS 17: two steps, output proportional to input.
        let routes = (0..<100_000).map { "\".push(Screen\($0))\"" }.joined(separator: ",")
        let huge = try folder.write("huge.json", "{\"start\": [\(routes)], \"end\": []}")
        // Beyond the default limit of 10,000 routes per list unless raised.
        let refused = try BuiltBinary.run(["steps", huge, "--json"], in: folder.url)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("(limit routes=10000 routes; raise it with --limit routes=100000)"))
        let result = try BuiltBinary.run(["steps", huge, "--json", "--limit", "routes=100000"], in: folder.url)
        #expect(result.status == 0)
        #expect(
            result.standardOutput.hasSuffix(
                "      \"synchronous\": true,\n      \"estimatedSeconds\": 0\n    }\n  ],\n  \"warnings\": []\n}\n"))
        #expect(result.standardOutput.contains("\".push(Screen99999)\""))

        let deep = try folder.write("deep.json", String(repeating: "[", count: 200_000))
        let nested = try BuiltBinary.run(["steps", deep], in: folder.url)
        #expect(nested.status == 1)
        #expect(nested.standardError == "deep.json:1:513: arrays and objects are nested more than 512 deep\n")

        var invalid = Data("{\"end\": [\".push(".utf8)
        invalid.append(contentsOf: [0xFF, 0xFE])
        invalid.append(Data(")\"]}".utf8))
        try invalid.write(to: folder.url.appendingPathComponent("invalid.json"))
        let bad = try BuiltBinary.run(["steps", "invalid.json"], in: folder.url)
        #expect(bad.status == 1)
        #expect(bad.standardError.hasPrefix("invalid.json:1:17: invalid UTF-8 byte 0xFF"))
    }
}
