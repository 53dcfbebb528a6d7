import FlowGraphTestSupport
import Foundation
import Testing

/// The repository's Samples folder.
private let samples = RepositoryFolders.samples

@Suite struct NestingEndToEndTests {
    private func sample(_ name: String) -> String { samples.appendingPathComponent(name + ".json").path }

    @Test func urlFromTheCommandLineResolvesThroughThePlansRules() throws {
        let result = try BuiltBinary.run(
            ["steps", "--url", "flowstacksapp://numbers/4/5", sample("numbers-deeplink-rules"), "--json"])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(result.standardOutput.contains(#""coordinator": "NumberCoordinator""#))
        #expect(result.standardOutput.contains(#""to": [".push(4)", ".push(5)"]"#))
        let text = try BuiltBinary.run([
            "steps", sample("numbers-deeplink-from-state"), "--url", "flowstacksapp://numbers/9",
        ])
        #expect(
            text.standardOutput.contains(
                "Deep link: flowstacksapp://numbers/9 matches deeplink.rules[0] \"flowstacksapp://numbers/{n:int}...\" with n = 9"
            ))
        #expect(text.standardOutput.contains("to:   [.push(1), .sheet(2, withNavigation: true), .push(3), .push(9)]"))
    }

    @Test func aURLNoRuleMatchesExitsOneNamingTheComponent() throws {
        let result = try BuiltBinary.run(
            ["steps", "--url", "flowstacksapp://numbrs/1", sample("numbers-deeplink-rules")])
        #expect(result.status == 1)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == "--url:1:17: no deep-link rule matches flowstacksapp://numbrs/1: host 'numbrs' is not 'numbers'; "
                + "closest rule: deeplink.rules[0] \"flowstacksapp://numbers/{n:int}...\"\n")
    }

    @Test func urlNeedsAPlanWithRules() throws {
        let withoutPlan = try BuiltBinary.run(["steps", "--url", "a://b", "--from", "[]"])
        #expect(withoutPlan.status == 2)
        let withoutRules = try BuiltBinary.run(["steps", "--url", "a://b", sample("push-only")])
        #expect(withoutRules.status == 1)
        #expect(withoutRules.standardError.contains("the plan has no deep-link rules"))
    }

    @Test func childTransitionsComeAfterTheParentsAndNameTheirCoordinator() throws {
        let result = try BuiltBinary.run(["steps", sample("deeplink-into-onboarding"), "--json"])
        #expect(result.status == 0)
        let coordinators = result.standardOutput.split(separator: "\n").filter { $0.contains("\"coordinator\"") }
        #expect(
            coordinators.map { $0.trimmingCharacters(in: .whitespaces) } == [
                #""coordinator": "AppCoordinator","#, #""coordinator": "Onboarding","#,
            ])
    }

    @Test func brokenNestingRulesAreWarningsOnStandardError() throws {
        let result = try BuiltBinary.run(["steps", sample("nested-rule-violations")])
        #expect(result.status == 0)
        let warnings = result.standardError.split(separator: "\n")
        #expect(warnings.count == 2)
        #expect(
            warnings[0].contains(
                "nested-rule-violations.json:8:16: start[0].child: warning: child Onboarding owns its routes"))
        #expect(warnings[1].contains(":11:20: start[0].child.routes[0]: warning: push without navigation"))
    }

    @Test func theUITestsGoBackToRootEndsAtTheFlowPathChildsRoot() throws {
        let result = try BuiltBinary.run(["steps", sample("nested-flowstacks-uitest"), "--json"])
        #expect(result.status == 0)
        // The last action, goBackToRoot() in the NoBinding child, empties the FlowPath child's path it shares.
        #expect(
            result.standardOutput.contains(
                #""action": "goBackToRoot()",\n      "coordinator": "FlowPathChild""#.replacingOccurrences(
                    of: "\\n", with: "\n")))
    }
}
