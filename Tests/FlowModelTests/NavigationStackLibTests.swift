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

private func stackError(_ calls: [String], start: [String] = []) throws -> String? {
    var state = try stack(start)
    do {
        for call in calls {
            try ViewStackCall(notation: call).apply(to: &state)
        }
        return nil
    } catch let error as ViewStackError {
        return error.message
    }
}

@Suite struct ViewStackTests {
    @Test func pushAddsViewsWithOrWithoutIDs() throws {
        let views = try stack(["push(LoginScreen(), withId: \"login\")", "navigationStack.push(SignUpScreen())"])
        #expect(views.views == [StackView("LoginScreen()", id: "login"), StackView("SignUpScreen()")])
        #expect(views.depth == 2)
        #expect(views.containsView(withId: "login"))
    }

    @Test func aDuplicateIDIsRefused() throws {
        let message = try stackError(["push(B(), withId: \"a\")"], start: ["push(A(), withId: \"a\")"])
        #expect(message?.hasPrefix("duplicated view identifier \"a\"") == true)
    }

    @Test func popGoesBackOneViewAndIsAnErrorOnTheRoot() throws {
        #expect(try stack(["push(A())", "push(B())", "pop()"]).views == [StackView("A()")])
        #expect(try stack(["push(A())", "push(B())", "pop(to: .previous)"]).views == [StackView("A()")])
        #expect(try stackError(["pop()"]) == "only the root is shown: there is no previous view")
    }

    @Test func popToRootEmptiesTheStack() throws {
        #expect(try stack(["push(A())", "push(B())", "self.navigationStack.pop(to: .root)"]).views.isEmpty)
        #expect(try stack(["pop(to: .root)"]).views.isEmpty, "popping to the root on the root changes nothing")
    }

    @Test func popToAViewKeepsItOnTopAndPicksTheFirstWithTheID() throws {
        let views = try stack([
            "push(A(), withId: \"a\")", "push(B())", "push(C(), withId: \"c\")", "push(D())",
            "pop(to: .view(withId: \"a\"))",
        ])
        #expect(views.views == [StackView("A()", id: "a")])
        let message = try stackError(["pop(to: .view(withId: \"zzz\"))"], start: ["push(A(), withId: \"a\")"])
        #expect(message == "no view with id \"zzz\" is on the stack; ids: \"a\"")
    }

    @Test func notationReadsBackAndBadCallsAreLocated() throws {
        for text in [
            "push(ChildView(), withId: \"child\")", "pop()", "pop(to: .root)", "pop(to: .view(withId: \"x\"))",
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
    }

    @Test func transitionTypesParse() throws {
        #expect(try NavigationTransition(notation: ".none") == .none)
        #expect(try NavigationTransition(notation: "default") == .default)
        #expect(try NavigationTransition(notation: ".custom(.scale)") == .custom(".scale"))
        #expect(throws: NotationError.self) { try NavigationTransition(notation: ".slide") }
    }
}

@Suite struct NavigationStackPlanTests {
    static let sample = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Samples/navigationstack-pop-to-id.json")

    @Test func thePopToIDSamplePlaysThrough() throws {
        let plan = try Plan.decode(
            String(decoding: try Data(contentsOf: Self.sample), as: UTF8.self), file: "navigationstack-pop-to-id.json")
        #expect(plan.library == .navigationStack)
        guard case .navigationStack(let stackPlan) = plan.libraryPlan else {
            Issue.record("not a navigation stack plan")
            return
        }
        #expect(stackPlan.transition == .custom(".scale"))
        #expect(stackPlan.layerTitle.hasPrefix("NavigationStackView(transitionType: .custom(.scale), easing: .spring("))
        #expect(plan.start == [.push("LoginScreen()"), .push("SignUpScreen()")])
        let run = try plan.libraryRun()
        #expect(run.header.first?.contains("transitionType: .custom(.scale)") == true)
        #expect(run.rootTitle == "NavigationStackView(transitionType: .custom(.scale))")
        let popToLogin = run.transitions[2]
        #expect(popToLogin.action == "pop(to: .view(withId: \"login\"))")
        #expect(popToLogin.to == [.push("LoginScreen()")])
        #expect(popToLogin.steps.count == 2)
        #expect(run.details[2].changes[1].removed == [1, 2, 3])
        #expect(run.details[2].changes[1].summary == "pop(to: .view(withId: \"login\")) · 3 views")
        #expect(run.details[2].annotations[1].notes[0] == ["withId: \"login\""])
        #expect(run.transitions.last?.to == [])
    }

    @Test func unknownIDIsALocatedError() throws {
        let text = """
            {"library": "navigationstack", "root": "Home",
             "start": ["push(A(), withId: \\"a\\")"],
             "actions": ["pop()", "pop(to: .view(withId: \\"a\\"))"]}
            """
        let plan = try Plan.decode(text, file: "n.json")
        do {
            _ = try plan.transitions()
            Issue.record("expected an error")
        } catch {
            #expect(
                error.description
                    == "n.json:3:24: actions[1]: pop(to: .view(withId: \"a\")): no view with id \"a\" is on the stack; no view was pushed with an id"
            )
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
