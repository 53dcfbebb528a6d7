import Testing

@testable import FlowModel

/// Decodes a plan, failing the test with the diagnostics if it does not decode.
private func plan(_ text: String) throws -> Plan {
    try Plan.decode(text, file: "plan.json")
}

/// The diagnostics of a plan that must not decode.
private func errors(_ text: String) -> [String] {
    do {
        _ = try Plan.decode(text, file: "plan.json")
        return []
    } catch {
        return error.diagnostics.map(\.description)
    }
}

@Suite struct NestedPlanDecodingTests {
    @Test func sharingChildContributesItsRoutesToTheParentPathInOrder() throws {
        let decoded = try plan(
            """
            {"root": "Home", "start": [
              ".push(A)",
              {"route": ".sheet(Child, withNavigation: true)",
               "child": {"ownsRoutes": false, "root": "ChildHome", "routes": [".push(B)", ".push(C)"]}},
              ".push(D)"
            ]}
            """)
        #expect(
            decoded.start == [.push("A"), .sheet("Child", withNavigation: true), .push("B"), .push("C"), .push("D")])
        let hierarchy = decoded.startHierarchy
        #expect(hierarchy.path == decoded.start)
        #expect(hierarchy.pathElements.map(\.owner) == ["main", "main", "Child", "Child", "main"])
        #expect(hierarchy.coordinator(named: "Child")?.keyPath == "start[1].child")
    }

    @Test func owningChildKeepsItsRoutes() throws {
        let decoded = try plan(
            """
            {"coordinator": "App", "root": "Home", "start": [
              ".push(A)",
              {"route": ".sheet(Onboarding)",
               "child": {"ownsRoutes": true, "root": {"screen": "Welcome", "withNavigation": true},
                         "routes": [".push(Terms)"]}}
            ]}
            """)
        #expect(decoded.start == [.push("A"), .sheet("Onboarding")])
        let child = try #require(decoded.startHierarchy.coordinator(named: "Onboarding"))
        #expect(child.path == [.push("Terms")])
        #expect(child.root == Root(screen: "Welcome", withNavigation: true))
        #expect(decoded.startHierarchy.name == "App")
        #expect(decoded.startHierarchy.ownedChildren.map(\.hostIndex) == [1])
    }

    @Test func nestsToAnyDepth() throws {
        let decoded = try plan(
            """
            {"root": "Home", "start": [{"route": ".sheet(A)", "child": {"ownsRoutes": true, "root": "RA", "routes": [
              {"route": ".push(B)", "child": {"ownsRoutes": false, "root": "RB", "routes": [
                {"route": ".cover(C)", "child": {"ownsRoutes": true, "root": "RC", "routes": [".push(Deep)"]}}]}}]}}]}
            """)
        let names = decoded.startHierarchy.allCoordinators.map(\.name)
        #expect(names == ["main", "A", "B", "C"])
        #expect(decoded.startHierarchy.coordinator(named: "A")?.path == [.push("B"), .cover("C")])
        #expect(decoded.startHierarchy.coordinator(named: "C")?.path == [.push("Deep")])
        #expect(decoded.startHierarchy.pathOwner(of: "B") == "A")
    }

    @Test func reportsMistakesInChildrenWithKeyPaths() {
        let found = errors(
            """
            {"start": [
              {"route": ".sheet(A)", "child": {"root": "R"}},
              {"route": ".sheet(B)", "child": {"ownsRoutes": true}},
              {"child": {"ownsRoutes": true, "root": "R"}},
              {"route": ".sheet(C)", "child": {"ownsRoutes": true, "root": "R", "routs": []}}
            ]}
            """)
        #expect(
            found.contains {
                $0.hasPrefix("plan.json:2:35: start[0].child.ownsRoutes: missing or invalid 'ownsRoutes'")
            })
        #expect(found.contains { $0.hasPrefix("plan.json:3:35: start[1].child: missing key 'root'") })
        #expect(found.contains { $0.hasPrefix("plan.json:4:3: start[2]: missing key 'route'") })
        #expect(
            found.contains {
                $0.contains("start[3].child.routs: unknown key 'routs'") && $0.contains("did you mean 'routes'")
            })
    }

    @Test func reportsDuplicateChildNames() {
        let found = errors(
            """
            {"start": [
              {"route": ".push(A)", "child": {"name": "Flow", "ownsRoutes": false, "root": "R"}},
              {"route": ".sheet(B)", "child": {"name": "Flow", "ownsRoutes": true, "root": "R"}}
            ]}
            """)
        #expect(
            found == [
                "plan.json:3:35: start[1].child: a coordinator named 'Flow' is already in the hierarchy; give the child another \"name\""
            ])
    }
}

@Suite struct NestingRuleTests {
    private func hierarchy(_ start: String) throws -> PlanCoordinator {
        try plan(#"{"coordinator": "App", "root": "Home", "start": \#(start)}"#).startHierarchy
    }

    @Test func owningChildMustBeTheTopRouteOfItsParent() throws {
        let below = try hierarchy(
            #"[{"route": ".sheet(Onboarding)", "child": {"ownsRoutes": true, "root": "Welcome"}}, ".sheet(Profile)"]"#)
        let problems = below.problems()
        #expect(problems.map(\.rule) == [.ownedChildNotOnTop])
        #expect(problems[0].keyPath == "start[0].child")
        #expect(problems[0].position == SourcePosition(line: 1, column: 91))
        #expect(problems[0].coordinator == "App")
        #expect(problems[0].routeIndex == 0)
        #expect(problems[0].reason.contains("1 route is above its host .sheet(Onboarding)"))

        let onTop = try hierarchy(
            #"[".sheet(Profile)", {"route": ".sheet(Onboarding)", "child": {"ownsRoutes": true, "root": "Welcome"}}]"#)
        #expect(onTop.problems().isEmpty)
        // A sharing child may sit anywhere: it has no path of its own.
        let sharing = try hierarchy(
            #"[{"route": ".push(List)", "child": {"ownsRoutes": false, "root": "R"}}, ".push(Detail)"]"#)
        #expect(sharing.problems().isEmpty)
    }

    @Test func pushesInAnOwningChildNeedItsRootsOrItsHostsNavigation() throws {
        func problems(root: Bool, host: String) throws -> [NestingProblem] {
            try hierarchy(
                #"[{"route": "\#(host)", "child": {"ownsRoutes": true, "root": {"screen": "W", "withNavigation": \#(root)}, "routes": [".push(Terms)"]}}]"#
            ).problems()
        }
        #expect(try problems(root: true, host: ".sheet(O)").isEmpty)
        #expect(try problems(root: false, host: ".sheet(O, withNavigation: true)").isEmpty)
        #expect(try problems(root: false, host: ".push(O)").isEmpty)  // pushed into the root's navigation
        let rejected = try problems(root: false, host: ".sheet(O)")
        #expect(rejected.map(\.rule) == [.pushWithoutNavigation])
        #expect(rejected[0].keyPath == "start[0].child.routes[0]")
        #expect(rejected[0].coordinator == "O")
        #expect(rejected[0].reason.contains("child O's root has none and its host gives none"))
    }

    @Test func pushesInASharingChildNeedTheHostingRoutesNavigation() throws {
        // The child's own root says withNavigation: true, but a child sharing the path takes it from the host.
        let rejected = try hierarchy(
            #"[{"route": ".sheet(C)", "child": {"ownsRoutes": false, "root": {"screen": "R", "withNavigation": true}, "routes": [".push(X)"]}}]"#
        ).problems()
        #expect(rejected.map(\.rule) == [.pushWithoutNavigation])
        #expect(rejected[0].keyPath == "start[0].child.routes[0]")
        #expect(rejected[0].reason.contains(".sheet(C) has no navigation"))
    }

    @Test func pushedOwningChildThatPushesIsRejectedWithNavigationStack() throws {
        let pushed = try hierarchy(
            #"[{"route": ".push(O)", "child": {"ownsRoutes": true, "root": "W", "routes": [".push(Terms)"]}}]"#)
        #expect(pushed.problems(navigationStack: false).isEmpty)
        #expect(pushed.problems(navigationStack: true).map(\.rule) == [.pushedChildPushesWithNavigationStack])
    }

    @Test func parentMustNotPushOrPresentWhileAnOwningChildIsOnTop() throws {
        let start = try hierarchy(
            #"[{"route": ".sheet(Onboarding)", "child": {"ownsRoutes": true, "root": "Welcome"}}]"#)
        #expect(throws: NestingError.childOnTop(action: "push(X)", coordinator: "App", child: "Onboarding")) {
            try start.applying(.push("X"))
        }
        #expect(throws: NestingError.self) { try start.applying(.presentCover("X", withNavigation: false)) }
        // Going back is the parent's to do: it removes the child.
        #expect(try start.applying(.goBack(1)).path.isEmpty)
        // The child itself may push.
        #expect(
            try start.applying(.push("Terms"), in: "Onboarding").coordinator(named: "Onboarding")?.path == [
                .push("Terms")
            ])

        let error = #expect(throws: FlowGraphError.self) {
            try plan(
                """
                {"coordinator": "App", "root": "Home",
                 "start": [{"route": ".sheet(Onboarding)", "child": {"ownsRoutes": true, "root": "Welcome"}}],
                 "actions": ["push(X)"]}
                """
            ).transitions()
        }
        #expect(
            error?.description
                == "plan.json:3:15: actions[0]: push(X): App must not push or present while child Onboarding, which "
                + "owns its routes, is on top; address it to the child: {\"in\": \"Onboarding\", \"action\": \"push(X)\"}"
        )
    }

    @Test func goBackToRootInAnOwningChildGoesToTheChildsRoot() throws {
        let transitions = try plan(
            """
            {"coordinator": "App", "root": "Home", "start": [".push(Feed)",
              {"route": ".sheet(Onboarding)", "child": {"ownsRoutes": true, "root": "Welcome", "routes": [".push(Terms)", ".push(Privacy)"]}}],
             "actions": [{"in": "Onboarding", "action": "goBackToRoot()"}]}
            """
        ).transitions()
        #expect(transitions.count == 1)
        #expect(transitions[0].coordinator == "Onboarding")
        #expect(transitions[0].to == [])
        let after = try #require(transitions[0].nesting?.hierarchies.last)
        #expect(after.path == [.push("Feed"), .sheet("Onboarding")])
        #expect(after.coordinator(named: "Onboarding")?.path == [])
    }

    @Test func goBackToRootInASharingChildGoesToTheParentsRoot() throws {
        let transitions = try plan(
            """
            {"coordinator": "App", "root": "Home", "start": [".push(Feed)",
              {"route": ".sheet(Numbers, withNavigation: true)", "child": {"ownsRoutes": false, "root": "R", "routes": [".push(1)"]}}],
             "actions": [{"in": "Numbers", "action": "goBackToRoot()"}]}
            """
        ).transitions()
        #expect(transitions.map(\.coordinator) == ["App"])
        #expect(transitions[0].from == [.push("Feed"), .sheet("Numbers", withNavigation: true), .push("1")])
        #expect(transitions[0].to == [])
    }

    @Test func actionsInAChildNotOnScreenAreRejected() throws {
        let error = #expect(throws: FlowGraphError.self) {
            try plan(
                """
                {"root": "Home", "start": [
                  {"route": ".sheet(Onboarding)", "child": {"ownsRoutes": true, "root": "Welcome"}}, ".sheet(Other)"],
                 "actions": [{"in": "Onboarding", "action": "push(Terms)"}, {"in": "Nobody", "action": "goBack()"}]}
                """
            ).transitions()
        }
        #expect(error?.diagnostics.first?.keyPath == "actions[0]")
        #expect(error?.description.contains("child Onboarding is not on screen") == true)
        let unknown = #expect(throws: NestingError.self) {
            try PlanCoordinator(root: Root(), routes: []).applying(.goBack(1), in: "Onboardin")
        }
        #expect(unknown?.description.contains("no coordinator named 'Onboardin'") == true)
    }

    @Test func sharingChildPushesOntoTheSharedPathAndKeepsItsRoutes() throws {
        let start = try hierarchy(
            #"[{"route": ".sheet(C, withNavigation: true)", "child": {"ownsRoutes": false, "root": "R"}}]"#)
        let after = try start.applying(.push("X"), in: "C")
        #expect(after.path == [.sheet("C", withNavigation: true), .push("X")])
        #expect(after.pathElements.map(\.owner) == ["App", "C"])
        let byParent = try start.applying(.push("Y"))
        #expect(byParent.pathElements.map(\.owner) == ["App", "App"])
    }
}

@Suite struct CrossCoordinatorTransitionTests {
    @Test func parentStepsRunFirstUntilTheChildIsOnScreenThenTheChilds() throws {
        let transitions = try plan(
            """
            {"coordinator": "App", "root": "Home", "platform": "ios16",
             "start": [".sheet(Settings, withNavigation: true)", ".push(Account)"],
             "end": [{"route": ".sheet(Onboarding)", "child": {"ownsRoutes": true,
                      "root": {"screen": "Welcome", "withNavigation": true}, "routes": [".push(Terms)", ".push(Privacy)"]}}]}
            """
        ).transitions()
        #expect(transitions.map(\.coordinator) == ["App", "Onboarding"])
        #expect(transitions[0].to == [.sheet("Onboarding")])
        #expect(transitions[0].steps.last == [.sheet("Onboarding")])
        // The child was not on screen, so it starts from its root.
        #expect(transitions[1].from == [])
        #expect(transitions[1].steps == [[], [.push("Terms")], [.push("Terms"), .push("Privacy")]])
        #expect(transitions[1].nesting?.root == Root(screen: "Welcome", withNavigation: true))
        // While the parent steps, the child shows no routes yet; then its own steps fill it.
        let parentEnd = try #require(transitions[0].nesting?.hierarchies.last)
        #expect(parentEnd.coordinator(named: "Onboarding")?.path == [])
        let childEnd = try #require(transitions[1].nesting?.hierarchies.last)
        #expect(childEnd.coordinator(named: "Onboarding")?.path == [.push("Terms"), .push("Privacy")])
        #expect(childEnd.path == [.sheet("Onboarding")])
    }

    @Test func childOnScreenKeepsItsRoutesAndOnlyItStepsWhenOnlyItChanges() throws {
        let transitions = try plan(
            """
            {"root": "Home", "start": [{"route": ".sheet(O)", "child": {"ownsRoutes": true, "root": "W", "routes": [".push(A)"]}}],
             "end": [{"route": ".sheet(O)", "child": {"ownsRoutes": true, "root": "W", "routes": [".push(A)", ".push(B)"]}}]}
            """
        ).transitions()
        #expect(transitions.map(\.coordinator) == ["O"])
        #expect(transitions[0].from == [.push("A")])
        #expect(transitions[0].steps == [[.push("A")], [.push("A"), .push("B")]])
    }

    @Test func childWhoseHostIsReplacedStartsAgainFromItsRoot() throws {
        // The parent dismisses and re-presents O (a cover becomes a sheet), so the child is a new view.
        let transitions = try plan(
            """
            {"root": "Home", "start": [{"route": ".cover(O)", "child": {"ownsRoutes": true, "root": "W", "routes": [".push(A)"]}}],
             "end": [{"route": ".sheet(O)", "child": {"ownsRoutes": true, "root": "W", "routes": [".push(A)"]}}]}
            """
        ).transitions()
        #expect(transitions.map(\.coordinator) == ["main", "O"])
        #expect(transitions[1].from == [])
        #expect(transitions[1].to == [.push("A")])
    }

    @Test func noChangeGivesOneTransitionOfTheTopCoordinator() throws {
        let start = PlanCoordinator(name: "App", root: Root(), routes: [.push("A")])
        let transitions = start.transitions(to: start, rules: PlatformRules())
        #expect(transitions.count == 1)
        #expect(transitions[0].coordinator == "App")
        #expect(transitions[0].steps == [[.push("A")]])
    }
}
