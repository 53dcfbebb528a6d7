import Testing

@testable import FlowModel

@Suite struct ActionNotationTests {
    @Test(arguments: [
        ("push(X)", PlanAction.push("X"), "push(X)"),
        (".push(.profile(userID: \"u1\"))", .push("profile(userID: \"u1\")"), "push(profile(userID: \"u1\"))"),
        ("presentSheet(X)", .presentSheet("X", withNavigation: false), "presentSheet(X)"),
        (
            "presentSheet(X, withNavigation: true)", .presentSheet("X", withNavigation: true),
            "presentSheet(X, withNavigation: true)"
        ),
        ("presentCover( X ,withNavigation:false )", .presentCover("X", withNavigation: false), "presentCover(X)"),
        (
            "presentCover(X, withNavigation: true)", .presentCover("X", withNavigation: true),
            "presentCover(X, withNavigation: true)"
        ),
        ("goBack()", .goBack(1), "goBack()"),
        ("goBack(1)", .goBack(1), "goBack()"),
        ("goBack(2)", .goBack(2), "goBack(2)"),
        ("goBack(-1)", .goBack(-1), "goBack(-1)"),
        ("goBackTo(X)", .goBackToScreen("X"), "goBackTo(X)"),
        ("goBackTo(\"two\")", .goBackToScreen("two"), "goBackTo(two)"),
        ("goBackTo(index: 1)", .goBackToIndex(1), "goBackTo(index: 1)"),
        ("goBackTo(index: -1)", .goBackToIndex(-1), "goBackTo(index: -1)"),
        ("goBackTo(indexScreen)", .goBackToScreen("indexScreen"), "goBackTo(indexScreen)"),
        ("goBackToRoot()", .goBackToRoot, "goBackToRoot()"),
        ("pop()", .pop(1), "pop()"),
        ("pop(3)", .pop(3), "pop(3)"),
        ("popTo(X)", .popToScreen("X"), "popTo(X)"),
        ("popTo(index: 0)", .popToIndex(0), "popTo(index: 0)"),
        ("popToRoot()", .popToRoot, "popToRoot()"),
        ("popToCurrentNavigationRoot()", .popToCurrentNavigationRoot, "popToCurrentNavigationRoot()"),
        ("dismiss()", .dismiss(count: 1), "dismiss()"),
        ("dismiss(count: 2)", .dismiss(count: 2), "dismiss(count: 2)"),
        ("  dismissAll()  ", .dismissAll, "dismissAll()"),
    ])
    func parsesAndPrintsCanonically(text: String, action: PlanAction, canonical: String) throws {
        let parsed = try PlanAction(notation: text)
        #expect(parsed == action)
        #expect(parsed.notation == canonical)
        #expect(try PlanAction(notation: parsed.notation) == parsed)
    }

    @Test(arguments: [
        (
            "popp()", 0,
            "unknown action 'popp()'; expected one of push, presentSheet, presentCover, goBack, goBackTo, goBackToRoot, pop, popTo, popToRoot, popToCurrentNavigationRoot, dismiss, dismissAll (did you mean 'pop'?)"
        ),
        ("", 0, "missing action; expected one of push"),
        ("goBackToRoot", 12, "expected '(' after goBackToRoot; write goBackToRoot()"),
        ("goBackToRoot(1)", 13, "goBackToRoot takes no arguments; write goBackToRoot()"),
        ("dismiss(2)", 8, "dismiss takes a 'count:' label, as in dismiss(count: 2)"),
        ("goBack(two)", 7, "expected a whole number for the number of screens"),
        ("goBack(2", 8, "expected ')' to close goBack("),
        ("push()", 5, "missing screen in push(…)"),
        ("presentSheet(X, animated: true)", 16, "unexpected argument; presentSheet takes only withNavigation"),
        ("push(X) extra", 8, "unexpected text after the action: 'extra'"),
        ("goBack(99999999999999999999)", 7, "the number of screens 99999999999999999999 is too large"),
    ])
    func reportsErrors(text: String, offset: Int, message: String) {
        do {
            let action = try PlanAction(notation: text)
            Issue.record("expected an error for \(text), got \(action)")
        } catch {
            #expect(error.offset == offset, "\(text): \(error.message)")
            #expect(error.message.hasPrefix(message), "\(text): \(error.message)")
        }
    }

    /// Calls pasted from code keep their receiver: `navigator.push(.detail)` is `push(.detail)`.
    @Test(arguments: [
        ("navigator.push(.detail)", "push(.detail)"),
        ("routes.goBack()", "goBack()"),
        ("self.path.push(Number(value: 1))", "push(Number(value: 1))"),
        (
            "viewModel.routes.presentSheet(.settings, withNavigation: true)",
            "presentSheet(.settings, withNavigation: true)"
        ),
        ("navigator.goBackToRoot()", "goBackToRoot()"),
    ])
    func acceptsTheReceiversUsersWrite(text: String, plain: String) throws {
        #expect(try PlanAction(notation: text) == PlanAction(notation: plain))
    }

    @Test func anUnknownMethodOnAReceiverIsStillNamed() {
        #expect(throws: InputError.self) { try PlanAction(notation: "navigator.pushh(.detail)") }
        do {
            _ = try PlanAction(notation: "navigator.pushh(.detail)")
        } catch {
            #expect(error.message.hasPrefix("unknown action 'navigator.pushh(.detail)'"))
            #expect(error.message.hasSuffix("(did you mean 'push'?)"))
            #expect(error.offset == 10)
        }
    }

    @Test func applyRunsTheNavigator() throws {
        var stack = RouteStack(root: Root(screen: "Home", withNavigation: true))
        for text in ["push(A)", "presentSheet(B, withNavigation: true)", "push(C)", "push(D)", "popTo(C)"] {
            try PlanAction(notation: text).apply(to: &stack)
        }
        #expect(stack.routes == [.push("A"), .sheet("B", withNavigation: true), .push("C")])
        #expect(throws: NavigationError.popOfPresentedRoute(.sheet("B", withNavigation: true))) {
            try PlanAction.pop(2).apply(to: &stack)
        }
        let dismissed = try PlanAction.dismissAll.applied(to: stack)
        #expect(dismissed.routes == [.push("A")])
        #expect(stack.routes.count == 3)
    }
}
