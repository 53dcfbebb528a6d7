import Testing

@testable import FlowModel

@Suite struct PlanTests {
    @Test func decodesEveryKey() throws {
        let plan = try Plan.decode(
            """
            {
              "title": "Deep link flowstacksapp://numbers/1/2/3",
              "root": {"screen": "Home", "withNavigation": false},
              "platform": "ios16",
              "navigationStack": true,
              "start": [".push(Feed)", ".sheet(Profile, withNavigation: true)"],
              "end": "[.push(1), .push(2)]"
            }
            """, file: "plan.json")
        #expect(plan.title == "Deep link flowstacksapp://numbers/1/2/3")
        #expect(plan.root == Root(screen: "Home", withNavigation: false))
        #expect(plan.platform == .ios16)
        #expect(plan.navigationStack)
        #expect(plan.rules == PlatformRules(multipleDismissalsInOne: false, navigationUpdatesInOne: true))
        #expect(plan.start == [.push("Feed"), .sheet("Profile", withNavigation: true)])
        #expect(plan.change == .end([.push("1"), .push("2")]))
        let transitions = try plan.transitions()
        #expect(transitions.count == 1)
        #expect(transitions[0].from == plan.start)
        #expect(transitions[0].to == [.push("1"), .push("2")])
        #expect(transitions[0].action == nil)
    }

    @Test func defaultsWhenKeysAreMissing() throws {
        let plan = try Plan.decode("{}")
        #expect(plan.root == Root(screen: "Root", withNavigation: true))
        #expect(plan.platform == .ios17)
        #expect(!plan.navigationStack)
        #expect(plan.start.isEmpty)
        #expect(plan.change == .none)
        #expect(try plan.transitions().isEmpty)
        let stringRoot = try Plan.decode(#"{"root": "Home", "start": []}"#)
        #expect(stringRoot.root == Root(screen: "Home", withNavigation: true))
    }

    @Test func actionsGiveOneTransitionEach() throws {
        let plan = try Plan.decode(
            #"{"start": [".push(Feed)", ".sheet(Profile)"], "actions": ["goBackToRoot()", "push(1)", "push(2)", "presentSheet(S, withNavigation: true)"]}"#
        )
        let transitions = try plan.transitions()
        #expect(
            transitions.map(\.action) == [
                "goBackToRoot()", "push(1)", "push(2)", "presentSheet(S, withNavigation: true)",
            ])
        #expect(transitions[0].from == [.push("Feed"), .sheet("Profile")])
        #expect(transitions[0].to == [])
        #expect(transitions[2].from == [.push("1")])
        #expect(transitions[3].to == [.push("1"), .push("2"), .sheet("S", withNavigation: true)])
    }

    @Test func statesFollowTheStart() throws {
        let withStart = try Plan.decode(#"{"start": [".push(A)"], "states": [[".push(B)"], []]}"#)
        #expect(try withStart.transitions().map(\.from) == [[.push("A")], [.push("B")]])
        #expect(try withStart.transitions().map(\.to) == [[.push("B")], []])
        // Without a start, the first state is the start.
        let withoutStart = try Plan.decode(#"{"states": [[".push(A)"], [".push(B)"], "[]"]}"#)
        #expect(withoutStart.start == [.push("A")])
        #expect(try withoutStart.transitions().map(\.to) == [[.push("B")], []])
        #expect(try withoutStart.finalRoutes() == [])
    }

    private func diagnostics(_ text: String) -> [String] {
        do {
            let plan = try Plan.decode(text, file: "p.json")
            _ = try plan.transitions()
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func reportsEveryProblemWithPositionAndKeyPath() {
        let problems = diagnostics(
            """
            {
              "titel": "x",
              "platform": "ios15",
              "navigationStack": "yes",
              "start": [".push(A)", ".pusj(B)", 3],
              "actions": ["push(A)", "popp()", "dismiss(2)"],
              "end": []
            }
            """)
        #expect(
            problems == [
                "p.json:2:3: titel: unknown key 'titel'; known keys are title, root, platform, navigationStack, start, end, actions, states, coordinator, deeplink, budget, library, transitionType, easing (did you mean 'title'?)",
                "p.json:3:15: platform: unknown platform 'ios15'; expected \"ios16\" (one dismissal per step) or \"ios17\" (several in one)",
                "p.json:4:22: navigationStack: expected true or false, not a string",
                "p.json:5:26: start[1]: unknown route style 'pusj'; expected push, sheet or cover",
                "p.json:5:37: start[2]: expected a route in notation such as \".push(Profile)\", not a number",
                "p.json:7:3: end: 'actions' and 'end' both describe the change; keep only one of end, actions, states",
                "p.json:6:27: actions[1]: unknown action 'popp()'; expected one of push, presentSheet, presentCover, goBack, goBackTo, goBackToRoot, pop, popTo, popToRoot, popToCurrentNavigationRoot, dismiss, dismissAll (did you mean 'pop'?)",
                "p.json:6:45: actions[2]: dismiss takes a 'count:' label, as in dismiss(count: 2)",
            ])
    }

    @Test func navigationMisusePointsAtTheAction() {
        #expect(
            diagnostics(#"{"start": [".sheet(S)"], "actions": ["goBack()", "presentSheet(A)", "pop()"]}"#)
                == [
                    "p.json:1:70: actions[2]: pop(): cannot pop .sheet(A): pop removes only pushed screens; use dismiss() or goBack()"
                ])
        #expect(
            diagnostics(#"{"root": {"screen": "Home", "withNavigation": false}, "actions": [" push(A)"]}"#)
                == [
                    "p.json:1:69: actions[0]: push(A): cannot push A: the root has no navigation and nothing is presented; present it with withNavigation: true, or use presentSheet/presentCover"
                ])
        #expect(
            diagnostics(#"{"actions": ["goBackTo(Missing)"]}"#)
                == [
                    "p.json:1:15: actions[0]: goBackTo(Missing): no screen Missing in the routes (the root is not one of them; use goBackToRoot() or popToRoot() for it)"
                ])
    }

    @Test func routeErrorsInsideStringsPointIntoTheString() {
        #expect(
            diagnostics(#"{"end": "[.push(A), .sheet(B, withNavigation: nope)]"}"#)
                == ["p.json:1:47: end: expected true or false after 'withNavigation:'"])
        // An escape before the problem shifts the column by the escape's width.
        #expect(
            diagnostics(#"{"end": [".push(\"a\\tb\"), .cover(C"]}"#)
                == ["p.json:1:27: end[0]: unexpected text after the route: ', .cover(C'"])
    }

    @Test func reportsBadShapes() {
        #expect(diagnostics("[]") == ["p.json:1:1: a plan must be a JSON object, not an array"])
        #expect(
            diagnostics(#"{"root": {"withNavigation": 1, "name": "x"}}"#) == [
                "p.json:1:32: root.name: unknown key 'name'; known keys are screen, withNavigation",
                "p.json:1:10: root: missing key 'screen', the root screen's name",
                "p.json:1:29: root.withNavigation: expected true or false, not a number",
            ])
        #expect(
            diagnostics(#"{"states": {"a": 1}}"#) == [
                "p.json:1:12: states: expected an array of states, each a list of routes, not an object"
            ])
        #expect(
            diagnostics("{\"end\": [}") == [
                "p.json:1:10: unexpected '}'; expected a value (object, array, string, number, true, false or null)"
            ])
    }
}
