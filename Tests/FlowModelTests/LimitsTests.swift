import FlowGraphTestSupport
import Testing

@testable import FlowModel

/// Limits on route lists, labels and steps: N is accepted, N+1 refused with a message naming the limit,
/// the place and the `--limit` setting that raises it.
@Suite struct LimitsTests {
    func pushes(_ count: Int, screen: String = "A") -> String {
        "[" + Array(repeating: "\".push(\(screen))\"", count: count).joined(separator: ",") + "]"
    }

    /// The error's text, or `nil` when `body` does not throw a ``FlowGraphError``.
    func errorText(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch let error as FlowGraphError {
            return error.description
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func defaultsAreGenerousButBounded() {
        let limits = Limits.default
        #expect(limits.fileSize == 16 * 1024 * 1024)
        #expect(limits.routes == 10_000)
        #expect(limits.label == 4_000)
        #expect(limits.steps == 100_000)
        #expect(limits.stepRoutes == 1_000_000)
    }

    @Test func routesPerListAtTheDefaultBoundary() throws {
        let atLimit = try Plan.decode(#"{"start": \#(pushes(10_000))}"#, file: "big.json")
        #expect(atLimit.start.count == 10_000)
        let message = errorText { _ = try Plan.decode(#"{"start": \#(pushes(10_001))}"#, file: "big.json") }
        // Element 10,000 starts at column 12 + 10,000 × 11 (each `".push(A)",` is 11 characters).
        #expect(
            message
                == "big.json:1:110012: start[10000]: more than 10000 routes in one list (10001) "
                + "(limit routes=10000 routes; raise it with --limit routes=100000)")
    }

    @Test func routesPerListInEveryFormat() throws {
        var limits = Limits()
        limits.routes = 3
        let typed = #"[{"push":{"_0":1}},{"push":{"_0":2}},{"push":{"_0":3}}"#
        let flowPath = #"[{"push":{}},"Si","1",{"push":{}},"Si","2",{"push":{}},"Si","3""#
        let accepted = [
            #"{"end": [".push(A)", ".push(B)", ".push(C)"]}"#,
            #"{"end": "[.push(A), .push(B), .push(C)]"}"#,
            #"{"end": \#(typed)]}"#,
            #"{"end": \#(flowPath)]}"#,
            #"{"states": [[".push(A)", ".push(B)", ".push(C)"]]}"#,
        ]
        for text in accepted {
            #expect(throws: Never.self, "\(text)") { try Plan.decode(text, file: "p.json", limits: limits) }
        }
        let refused: [(String, String)] = [
            (#"{"end": [".push(A)", ".push(B)", ".push(C)", ".push(D)"]}"#, "p.json:1:46: end[3]: "),
            (#"{"end": "[.push(A), .push(B), .push(C), .push(D)]"}"#, "p.json:1:9: end: "),
            (#"{"end": \#(typed),{"push":{"_0":4}}]}"#, "p.json:1:64: end[3]: "),
            (#"{"end": \#(flowPath),{"push":{}},"Si","4"]}"#, "p.json:1:73: end[9]: "),
            (#"{"states": [[], [".push(A)", ".push(B)", ".push(C)", ".push(D)"]]}"#, "p.json:1:54: states[1][3]: "),
        ]
        for (text, prefix) in refused {
            let message = errorText { _ = try Plan.decode(text, file: "p.json", limits: limits) }
            #expect(
                message?.hasPrefix(prefix + "more than 3 routes in one list (4)") == true,
                "\(String(describing: message))")
            #expect(message?.hasSuffix("(limit routes=3 routes; raise it with --limit routes=30)") == true)
        }
    }

    @Test func routesInImportsAndArguments() throws {
        var limits = Limits()
        limits.routes = 2
        #expect(try RouteImport.read("[.push(A), .push(B)]", file: "in.txt", limits: limits).routes.count == 2)
        #expect(
            errorText { _ = try RouteImport.read("[.push(A), .push(B), .push(C)]", file: "in.txt", limits: limits) }
                == "in.txt: more than 2 routes in one list (3) (limit routes=2 routes; raise it with --limit routes=20)"
        )
        #expect(try RouteImport.argument(".push(A), .push(B)", source: "--from", limits: limits).count == 2)
        #expect(
            errorText {
                _ = try RouteImport.argument(".push(A), .push(B), .push(C)", source: "--from", limits: limits)
            }?
            .hasPrefix("--from: more than 2 routes in one list (3)") == true)
        #expect(
            errorText {
                _ = try RouteImport.read(
                    #"[{"push":{"_0":1}},{"push":{"_0":2}},{"push":{"_0":3}}]"#, file: "in.json", limits: limits)
            }?.hasPrefix("in.json:1:38: [2]: as typed routes ([Route<Screen>] Codable JSON): more than 2 routes")
                == true)
    }

    @Test func labelLengthAtTheDefaultBoundary() throws {
        let longest = String(repeating: "é", count: 4_000)
        let plan = try Plan.decode(#"{"title": "\#(longest)", "root": "\#(longest)", "start": [".push(\#(longest))"]}"#)
        #expect(plan.start[0].screen.unicodeScalars.count == 4_000)
        let tooLong = longest + "e"
        let message = errorText {
            _ = try Plan.decode(
                #"{"title": "\#(tooLong)", "root": "R", "start": [".push(\#(tooLong))"], "actions": ["push(\#(tooLong))"]}"#,
                file: "p.json")
        }
        let lines = message?.split(separator: "\n").map(String.init) ?? []
        let suffix = "(limit label=4000 characters; raise it with --limit label=40000)"
        #expect(lines.count == 3)
        #expect(lines.first == "p.json:1:11: title: the title is 4001 characters long, more than 4000 " + suffix)
        // Columns count characters: the title's 4,003 (with quotes) come before the route.
        #expect(
            lines.dropFirst().first?.hasPrefix("p.json:1:4039: start[0]: the screen name is 4001 characters") == true)
        #expect(lines.last?.hasPrefix("p.json:1:8064: actions[0]: the action is 4007 characters long") == true)
    }

    @Test func labelLengthInEveryRouteFormat() {
        var limits = Limits()
        limits.label = 4
        for (text, expected) in [
            (#"{"root": "Abcde"}"#, "p.json:1:10: root: the screen name is 5 characters long"),
            (#"{"start": [{"push":{"_0":"Abcde"}}]}"#, "p.json:1:12: start[0]: the screen name is 5"),
            (#"{"start": [{"push":{}},"SS","\"Abcde\""]}"#, "p.json:1:29: start[2]: the screen name is 5"),
            (#"{"start": "[.push(Abcd), .push(Abcde)]"}"#, "p.json:1:11: start: the screen name is 5"),
        ] {
            #expect(
                errorText { _ = try Plan.decode(text, file: "p.json", limits: limits) }?.hasPrefix(expected) == true,
                "\(text)")
        }
        #expect(throws: Never.self) { try Plan.decode(#"{"root": "Abcd", "start": [".push(Abcd)"]}"#, limits: limits) }
    }

    @Test func stepSizeMatchesCalculateSteps() {
        var generator = SeededGenerator(seed: 8)
        for _ in 0..<3_000 {
            let start = PlanRoute.randomStack(maximumCount: 8, using: &generator)
            let end = PlanRoute.randomStack(maximumCount: 8, using: &generator)
            for platform in Platform.allCases {
                for navigationStack in [false, true] {
                    let rules = PlatformRules(platform: platform, navigationStack: navigationStack)
                    let steps = calculateSteps(from: start, to: end, rules: rules)
                    let size = Limits.stepSize(from: start, to: end, rules: rules)
                    #expect(size.steps == steps.count, "\(start) → \(end) under \(rules)")
                    #expect(size.routes == steps.map(\.count).reduce(0, +), "\(start) → \(end) under \(rules)")
                }
            }
        }
    }

    @Test func stepsAndStepRoutesAtTheBoundary() throws {
        // From [] to n pushes under NavigationView: step 0 is [], then one step per push: n + 1 steps
        // holding 1 + 2 + … + n routes.
        let n = 20
        let text = #"{"platform": "ios16", "end": \#(pushes(n))}"#
        var limits = Limits()
        limits.steps = n + 1
        limits.stepRoutes = n * (n + 1) / 2
        let plan = try Plan.decode(text, file: "p.json", limits: limits)
        #expect(try plan.transitions().first?.steps.count == n + 1)

        limits.steps = n
        let steps = try Plan.decode(text, file: "p.json", limits: limits)
        #expect(
            errorText { _ = try steps.transitions() }
                == "p.json:1:30: end: transition 1 has 21 steps holding 210 routes under iOS 16 · NavigationView, which "
                + "takes the plan past 20 steps (limit steps=20 steps; raise it with --limit steps=200)")
        limits.steps = n + 1
        limits.stepRoutes = n * (n + 1) / 2 - 1
        let routes = try Plan.decode(text, file: "p.json", limits: limits)
        #expect(errorText { _ = try routes.transitions() }?.contains("(limit step-routes=209 routes;") == true)
    }

    @Test func stepLimitsPointAtTheAction() throws {
        var limits = Limits()
        limits.steps = 4
        let plan = try Plan.decode(
            #"{"actions": ["push(A)", "push(B)",\#n "pop(2)"]}"#, file: "p.json", limits: limits)
        // push: 2 steps each; pop(2): 2 steps, the 5th and 6th.
        #expect(errorText { _ = try plan.transitions() }?.hasPrefix("p.json:2:3: actions[2]: transition 3 ") == true)
    }

    @Test(.heavy) func aMillionRoutePlanFailsAtTheRouteLimit() {
        // ~11 MB of JSON: under the file-size limit, so it is parsed, then refused at route 10,001 without
        // decoding the rest.
        let message = errorText { _ = try Plan.decode(#"{"end": \#(pushes(1_000_000))}"#, file: "huge.json") }
        #expect(
            message?.hasPrefix("huge.json:1:110010: end[10000]: more than 10000 routes in one list (1000000)") == true)
    }

    @Test(.heavy) func manyActionsStopAtTheStepLimits() throws {
        // 200,000 pushes: the stack grows by one per action, so the routes in all steps grow quadratically;
        // step-routes stops it after about 1,400 actions.
        let actions = "[" + Array(repeating: "\"push(A)\"", count: 200_000).joined(separator: ",") + "]"
        let plan = try Plan.decode(#"{"actions": \#(actions)}"#, file: "p.json")
        let message = errorText { _ = try plan.transitions() }
        #expect(message?.contains("(limit step-routes=1000000 routes;") == true)
    }

    @Test func libraryPlansAreChargedPerCall() throws {
        // Each call is one update: 2 steps holding the stack before and after it. n pushes from an empty
        // stack hold 0+1, 1+2, …, (n-1)+n = n² routes in 2n steps.
        let n = 30
        for (library, call) in [
            ("navigationstack", "push(V())"), ("swiftfulrouting", "router.showScreen(.push) { _ in V() }"),
        ] {
            let actions = "[" + Array(repeating: "\"\(call)\"", count: n).joined(separator: ",") + "]"
            let text = #"{"library": "\#(library)", "root": "Home", "actions": \#(actions)}"#
            var limits = Limits()
            limits.steps = 2 * n
            limits.stepRoutes = n * n
            #expect(try Plan.decode(text, file: "p.json", limits: limits).transitions().count == n, "\(library)")

            limits.stepRoutes = n * n - 1
            let routes = errorText { _ = try Plan.decode(text, file: "p.json", limits: limits).transitions() }
            #expect(
                routes?.contains(
                    "actions[29]: call 30 adds up to 2 steps holding 59 routes, which takes the plan past 899 "
                        + "routes in all its steps (limit step-routes=899 routes;") == true,
                "\(library): \(routes ?? "")")
            limits.stepRoutes = n * n
            limits.steps = 2 * n - 1
            #expect(
                errorText { _ = try Plan.decode(text, file: "p.json", limits: limits).transitions() }?
                    .contains("(limit steps=59 steps;") == true, "\(library)")

            // The stack itself may hold at most `routes` screens.
            limits = Limits()
            limits.routes = n - 1
            let depth = errorText { _ = try Plan.decode(text, file: "p.json", limits: limits).transitions() }
            #expect(
                depth?.contains("actions[29]: call 30 leaves 30 screens on the stack, more than 29") == true,
                "\(library): \(depth ?? "")")
        }
    }

    @Test func libraryStartListsAreLimited() {
        let start = "[" + Array(repeating: "\"push(V())\"", count: 11).joined(separator: ",") + "]"
        var limits = Limits()
        limits.routes = 10
        let message = errorText {
            _ = try Plan.decode(#"{"library": "navigationstack", "start": \#(start)}"#, file: "p.json", limits: limits)
        }
        #expect(
            message?.contains("start: more than 10 screens at the start (11) (limit routes=10 routes;") == true,
            "\(message ?? "")")
    }

    @Test func settingLimitsFromText() throws {
        let limits = try Limits.default.setting("routes=50000, file-size=64M,label=2k,steps=1_000")
        #expect(limits.routes == 50_000)
        #expect(limits.fileSize == 64 << 20)
        #expect(limits.label == 2048)
        #expect(limits.steps == 1000)
        #expect(limits.stepRoutes == Limits.default.stepRoutes)
        for (text, expected) in [
            (
                "rutes=5",
                "--limit: unknown limit 'rutes'; limits are file-size, routes, label, steps, step-routes, layout, swift-files, swift-size (did you mean 'routes'?)"
            ),
            (
                "routes",
                "--limit: expected NAME=VALUE such as routes=50000, not 'routes'; names: file-size, routes, label, steps, step-routes, layout, swift-files, swift-size"
            ),
            ("routes=0", "--limit: routes must be a positive whole number, not '0'"),
            ("routes=-3", "--limit: routes must be a positive whole number, not '-3'"),
            ("file-size=16MB", "--limit: file-size must be a positive whole number, not '16MB'"),
            (
                "steps=99999999999999999999",
                "--limit: steps must be a positive whole number, not '99999999999999999999'"
            ),
        ] {
            do {
                _ = try Limits.default.setting(text)
                Issue.record("accepted \(text)")
            } catch {
                #expect(error.location == .whole)
                #expect(error.description == expected)
            }
        }
    }
}
