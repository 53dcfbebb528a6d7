import FlowGraphTestSupport
import Foundation
import Testing

/// `flowgraph steps` on SwiftfulRouting and swiftui-navigation-stack plans, run as the built binary.
@Suite struct LibraryStepsEndToEndTests {
    static let samples = RepositoryFolders.samples

    @Test func swiftfulRoutingPlanGivesOneTransitionPerRouterCall() throws {
        let path = Self.samples.appendingPathComponent("swiftfulrouting-call-site.json").path
        let result = try BuiltBinary.run(["steps", path, "--json"])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let decoded = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
        let transitions = try #require(decoded?["transitions"] as? [[String: Any]])
        #expect(
            transitions.map { $0["action"] as? String } == [
                "router(\"2\").showScreen(.push, id: \"2b\") { View2b }",
                "router(\"3\").showModal(id: \"toast\") { Toast() }",
                "router(\"3\").dismissScreen()", "router(\"2\").dismissScreen()",
            ])
        let last = try #require(transitions.last?["steps"] as? [[String]])
        // In SwiftfulRouting's notation: each screen with the id it was shown with.
        #expect(last == [[#".push(View2, id: "2")"#, #".push(View2b, id: "2b")"#], []])
        #expect(transitions.allSatisfy { $0["synchronous"] as? Bool == true })

        let text = try BuiltBinary.run(["steps", path])
        #expect(text.standardOutput.contains("Library: SwiftfulRouting (each call is applied in one update)"))
        #expect(text.standardOutput.contains("step 1: dismiss View2, View2b"))
    }

    @Test func ruleOptionsOnALibraryPlanAreIgnoredWithAWarning() throws {
        let path = Self.samples.appendingPathComponent("navigationstack-pop-to-id.json").path
        let plain = try BuiltBinary.run(["steps", path])
        let compared = try BuiltBinary.run(["steps", path, "--platform", "ios16,ios17", "--navigation-stack=both"])
        #expect(compared.status == 0)
        #expect(compared.standardOutput == plain.standardOutput)
        #expect(
            compared.standardError
                == "\(path): warning: --platform and --navigation-stack set FlowStacks' update rules; this "
                + "swiftui-navigation-stack plan applies each call in one update, so they are ignored\n")

        let svg = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-\(UUID().uuidString).svg")
        defer { try? FileManager.default.removeItem(at: svg) }
        let render = try BuiltBinary.run(["render", path, "-o", svg.path, "--platform", "ios16"])
        #expect(render.status == 0)
        #expect(render.standardError.hasSuffix("so it is ignored\n"))
        #expect(FileManager.default.fileExists(atPath: svg.path))
    }

    /// A call the library tolerates is drawn as what the library does (nothing) and reported as a located
    /// warning on standard error, by steps and by render; the output is still written and the exit status is 0.
    @Test func toleratedCallsAreLocatedWarningsAndThePlanStillRuns() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let plan = folder.appendingPathComponent("pop.json")
        try Data(
            """
            {"library": "navigationstack", "root": "Home",
             "actions": ["push(A(), withId: \\"a\\")", "pop(to: .view(withId: \\"b\\"))"]}
            """.utf8
        ).write(to: plan)
        let warning =
            ":2:43: actions[1]: warning: pop(to: .view(withId: \"b\")): no view with id \"b\" is on the stack "
            + "(ids: \"a\"), so swiftui-navigation-stack prints \"Identifier … not found\" and pops nothing\n"
        let result = try BuiltBinary.run(["steps", plan.path])
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("pop(to: .view(withId: \"b\"))"))
        #expect(result.standardError == plan.path + warning)

        let svg = folder.appendingPathComponent("pop.svg")
        let render = try BuiltBinary.run(["render", plan.path, "-o", svg.path])
        #expect(render.status == 0)
        #expect(render.standardError == plan.path + warning)
        #expect(FileManager.default.fileExists(atPath: svg.path))

        let routing = folder.appendingPathComponent("routing.json")
        try Data(
            """
            {"library": "swiftfulrouting", "root": "Home", "start": [".push(A)"],
             "actions": ["router.dismissScreens(count: 5)", "router.dismissLastScreen()"]}
            """.utf8
        ).write(to: routing)
        let steps = try BuiltBinary.run(["steps", "--json", routing.path])
        #expect(steps.status == 0)
        #expect(
            steps.standardError
                == routing.path
                + ":2:15: actions[0]: warning: router.dismissScreens(count: 5): dismissScreens(count: 5) counts down to the root (1 screen is above it): SwiftfulRouting's dismissScreen ignores the root's id without a word, so nothing is dismissed\n"
        )
    }

    /// A SwiftfulRouting call pasted from code with `{ router in Profile() }` or `{ _ in Profile }` shows the same
    /// screen, named `Profile` by the calls after it, through the built binary.
    @Test func swiftfulRoutingScreensPastedWithOrWithoutParenthesesAreOneScreen() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        var outputs: [String] = []
        for (name, view) in [("with.json", "Profile()"), ("without.json", "Profile")] {
            try folder.write(
                name,
                """
                {"library": "swiftfulrouting", "root": "Home",
                 "actions": ["router.showScreen(.push) { router in \(view) }",
                             "router(\\"Profile\\").showScreen(.sheet) { _ in Settings() }",
                             "router(\\"Profile\\").dismissScreen()"]}
                """)
            let steps = try BuiltBinary.run(["steps", name], in: folder.url)
            #expect(steps.status == 0, "\(steps.standardError)")
            #expect(steps.standardError.isEmpty, "\(steps.standardError)")
            #expect(steps.standardOutput.contains("to:   [.push(\(view)), .sheet(Settings())]"))
            outputs.append(steps.standardOutput.replacingOccurrences(of: "Profile()", with: "Profile"))
        }
        // The same steps, but for the label drawn as written.
        #expect(outputs[0] == outputs[1])
    }
}
