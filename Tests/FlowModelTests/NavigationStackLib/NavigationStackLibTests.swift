import FlowGraphTestSupport
import Foundation
import Testing

@testable import FlowModel

private func stack(_ calls: [String]) throws -> ViewStack {
    var stack = ViewStack()
    for call in calls {
        try ViewStackCall(notation: call).apply(to: &stack)
    }
    return stack
}

/// The stack after `calls` from `start`, and the warnings the calls gave.
private func played(_ calls: [String], start: [String] = []) throws -> (stack: ViewStack, warnings: [String]) {
    var state = try stack(start)
    var warnings: [String] = []
    for call in calls {
        warnings += try ViewStackCall(notation: call).apply(to: &state)
    }
    return (state, warnings)
}

@Suite struct ViewStackTests {
    @Test func pushAddsViewsWithOrWithoutIDs() throws {
        let views = try stack(["push(LoginScreen(), withId: \"login\")", "navigationStack.push(SignUpScreen())"])
        #expect(views.views == [StackView("LoginScreen()", id: "login"), StackView("SignUpScreen()")])
        #expect(views.depth == 2)
        #expect(views.containsView(withId: "login"))
    }

    /// NavigationStackCompat.swift, `ViewStack.push(_:)`: a duplicate id prints a message and pushes nothing.
    @Test func aDuplicateIDPushesNothingWithAWarning() throws {
        let (views, warnings) = try played(["push(B(), withId: \"a\")"], start: ["push(A(), withId: \"a\")"])
        #expect(views.views == [StackView("A()", id: "a")])
        #expect(warnings.count == 1)
        #expect(warnings.first?.hasPrefix("duplicated view identifier \"a\"") == true)
        #expect(warnings.first?.contains("pushes nothing") == true)
    }

    /// NavigationStackCompat.swift, `ViewStack.popToPrevious()`: `popLast()` on an empty stack, silently.
    @Test func popGoesBackOneViewAndDoesNothingOnTheRoot() throws {
        #expect(try stack(["push(A())", "push(B())", "pop()"]).views == [StackView("A()")])
        #expect(try stack(["push(A())", "push(B())", "pop(to: .previous)"]).views == [StackView("A()")])
        let (views, warnings) = try played(["pop()"])
        #expect(views.views.isEmpty)
        #expect(
            warnings == [
                "only the root is shown: swiftui-navigation-stack's popToPrevious pops nothing, without a word"
            ])
    }

    @Test func popToRootEmptiesTheStack() throws {
        #expect(try stack(["push(A())", "push(B())", "self.navigationStack.pop(to: .root)"]).views.isEmpty)
        let (views, warnings) = try played(["pop(to: .root)"])
        #expect(views.views.isEmpty, "popping to the root on the root changes nothing")
        #expect(warnings.isEmpty, "popToRoot on the root is what it says: no warning")
    }

    /// NavigationStackCompat.swift, `ViewStack.popToView(withId:)`: an unknown id prints a message and pops nothing.
    @Test func popToAViewKeepsItOnTopAndPicksTheFirstWithTheID() throws {
        let views = try stack([
            "push(A(), withId: \"a\")", "push(B())", "push(C(), withId: \"c\")", "push(D())",
            "pop(to: .view(withId: \"a\"))",
        ])
        #expect(views.views == [StackView("A()", id: "a")])
        let (kept, warnings) = try played(["pop(to: .view(withId: \"zzz\"))"], start: ["push(A(), withId: \"a\")"])
        #expect(kept.views == [StackView("A()", id: "a")])
        #expect(
            warnings == [
                "no view with id \"zzz\" is on the stack (ids: \"a\"), so swiftui-navigation-stack prints \"Identifier … not found\" and pops nothing"
            ])
    }

    /// Push.swift, `PushView.push()` calls `navigationStack.push(destination, withId: destinationId)`; Pop.swift,
    /// `PopView.pop()` calls `navigationStack.pop(to: destination)`: the same operations as push and pop.
    @Test func pushViewAndPopViewAreThePushAndPopTheyCall() throws {
        let calls = [
            "PushView(destination: ChildView(), destinationId: \"child\") { Text(\"PUSH\") }",
            "PushView(destination: ChildView1(), tag: ViewDestinations.child1, selection: $isSelected) { Text(\"PUSH TO CHILD 1\") }",
            "PushView(destination: B(), isActive: $isActive, label: { Text(\"PUSH\") })",
            "PopView { Text(\"POP\") }",
            "PopView(destination: .view(withId: \"child\")) { Text(\"POP TO THE SPECIFIED VIEW\") }",
            "PushView(destination: ChildView(), destinationId: \"child\") { Text(\"PUSH\") }",
        ]
        let (views, warnings) = try played(calls)
        #expect(views.views == [StackView("ChildView()", id: "child")])
        #expect(warnings.count == 1, "the second push with id \"child\" is a duplicate: \(warnings)")
        let same = try stack([
            "push(ChildView(), withId: \"child\")", "push(ChildView1())", "push(B())", "pop()",
            "pop(to: .view(withId: \"child\"))",
        ])
        #expect(views.views == same.views)
        #expect(
            try stack(["push(A())", "push(B())", "PopView(destination: .root) { Text(\"POP TO ROOT\") }"]).views.isEmpty
        )
        #expect(
            try ViewStackCall(
                notation: "PushView(destination: ChildView(), destinationId: \"child\") { Text(\"PUSH\") }")
                == .pushView(StackView("ChildView()", id: "child")))
        #expect(try ViewStackCall(notation: "PopView { Text(\"POP\") }") == .popView(.previous))
    }

    @Test func notationReadsBackAndBadCallsAreLocated() throws {
        for text in [
            "push(ChildView(), withId: \"child\")", "pop()", "pop(to: .root)", "pop(to: .view(withId: \"x\"))",
            "PushView(destination: ChildView(), destinationId: \"child\")", "PushView(destination: B())",
            "PopView()", "PopView(destination: .root)", "PopView(destination: .view(withId: \"x\"))",
        ] {
            #expect(try ViewStackCall(notation: text).notation == text)
        }
        #expect(try ViewStackCall(notation: "pop(to: .previous)").notation == "pop()")
        do {
            _ = try ViewStackCall(notation: "pop(to: .home)")
            Issue.record("expected an error")
        } catch {
            #expect(error.offset == 8)
            #expect(error.message.hasPrefix("unknown pop destination '.home'"))
        }
        do {
            _ = try ViewStackCall(notation: "navigationStack.popToRoot()")
            Issue.record("expected an error")
        } catch {
            #expect(error.offset == 16)
        }
        do {
            _ = try ViewStackCall(notation: "PushView(destinationId: \"x\") { Text(\"PUSH\") }")
            Issue.record("expected an error")
        } catch {
            #expect(error.offset == 0)
            #expect(error.message.hasPrefix("missing the view; expected PushView(destination:"))
        }
        do {
            _ = try ViewStackCall(notation: "PopView(to: .root) { Text(\"POP\") }")
            Issue.record("expected an error")
        } catch {
            #expect(error.offset == 8)
            #expect(error.message.hasPrefix("PopView takes no argument 'to:'"))
        }
    }

    @Test func transitionTypesParse() throws {
        #expect(try ViewStackTransition(notation: ".none") == .none)
        #expect(try ViewStackTransition(notation: "default") == .default)
        #expect(try ViewStackTransition(notation: ".custom(.scale)") == .custom(".scale"))
        #expect(throws: InputError.self) { try ViewStackTransition(notation: ".slide") }
    }
}

@Suite struct NavigationStackPlanTests {
    static let sample = RepositoryFolders.samples.appendingPathComponent("navigationstack-pop-to-id.json")

    @Test func thePopToIDSamplePlaysThrough() throws {
        let plan = try Plan.decode(
            String(decoding: try Data(contentsOf: Self.sample), as: UTF8.self), file: "navigationstack-pop-to-id.json")
        #expect(plan.library == .swiftUINavigationStack)
        guard let stackPlan = (plan.navigationLibrary as? NavigationStackLibrary)?.plan else {
            Issue.record("not a navigation stack plan")
            return
        }
        #expect(stackPlan.transition == .custom(".scale"))
        #expect(stackPlan.layerTitle.hasPrefix("NavigationStackView(transitionType: .custom(.scale), easing: .spring("))
        #expect(plan.start == [.push("LoginScreen()"), .push("SignUpScreen()")])
        let run = try plan.play()
        #expect(run.header.first?.contains("transitionType: .custom(.scale)") == true)
        #expect(run.rootTitle == "NavigationStackView(transitionType: .custom(.scale))")
        let popToLogin = run.transitions[2]
        #expect(popToLogin.action == "pop(to: .view(withId: \"login\"))")
        #expect(popToLogin.to == [.push("LoginScreen()")])
        #expect(popToLogin.steps.count == 2)
        #expect(run.ruleSets[0].details[2].changes[1].removed == [1, 2, 3])
        #expect(run.ruleSets[0].details[2].changes[1].summary == "pop(to: .view(withId: \"login\")) · 3 views")
        #expect(run.ruleSets[0].details[2].annotations[1].notes[0] == ["withId: \"login\""])
        #expect(run.transitions.last?.to == [])
    }

    /// NavigationStackCompat.swift: `popToPrevious()` at the root and `popToView(withId:)` with an id not on the
    /// stack change nothing; the plan draws that and warns at the call.
    @Test func toleratedCallsAreLocatedWarningsAndChangeNothing() throws {
        let text = """
            {"library": "navigationstack", "root": "Home",
             "start": ["push(A(), withId: \\"a\\")", "push(B(), withId: \\"a\\")"],
             "actions": ["pop()", "pop()", "pop(to: .view(withId: \\"a\\"))"]}
            """
        let plan = try Plan.decode(text, file: "n.json")
        #expect(plan.start == [.push("A()")])
        let run = try plan.play()
        #expect(run.transitions.map(\.to) == [[], [], []])
        #expect(run.transitions[1].steps.count == 1, "a call that changes nothing is one step")
        #expect(
            run.diagnostics.map(\.description) == [
                "n.json:2:41: start[1]: warning: push(B(), withId: \"a\"): duplicated view identifier \"a\": a view with that id is already on the stack, so swiftui-navigation-stack prints \"Duplicated view identifier\" and pushes nothing",
                "n.json:3:24: actions[1]: warning: pop(): only the root is shown: swiftui-navigation-stack's popToPrevious pops nothing, without a word",
                "n.json:3:33: actions[2]: warning: pop(to: .view(withId: \"a\")): no view with id \"a\" is on the stack (no view was pushed with an id), so swiftui-navigation-stack prints \"Identifier … not found\" and pops nothing",
            ])
        #expect(try plan.play().diagnostics == run.diagnostics)
    }

    @Test func theReadmePushViewAndPopViewSamplesPlayThrough() throws {
        for name in ["navigationstack-readme-pushview", "navigationstack-readme-popview"] {
            let url = Self.sample.deletingLastPathComponent().appendingPathComponent(name + ".json")
            let plan = try Plan.decode(String(decoding: try Data(contentsOf: url), as: UTF8.self), file: name)
            let run = try plan.play()
            #expect(run.diagnostics.isEmpty, "\(name): \(run.diagnostics)")
            #expect(run.transitions.contains { $0.action?.hasPrefix("PushView(") == true }, "\(name)")
        }
    }

    @Test func decodingChecksTheTransitionTypeAndTheStart() {
        let text = """
            {"library": "navigationstack", "transitionType": ".slide",
             "start": ["pop()"], "states": []}
            """
        do {
            _ = try Plan.decode(text, file: "n.json")
            Issue.record("expected errors")
        } catch {
            let lines = error.diagnostics.map(\.description)
            #expect(lines.contains { $0.hasPrefix("n.json:1:51: transitionType: unknown transition type 'slide'") })
            #expect(lines.contains { $0.hasPrefix("n.json:2:13: start[0]: the start lists the views on the stack") })
            #expect(lines.contains { $0.hasPrefix("n.json:2:22: states: a swiftui-navigation-stack plan describes") })
        }
    }
}
