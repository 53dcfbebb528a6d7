// Action notation (`push(X)`, `goBack(2)`, `dismiss(count: 2)`…), applied to a small FlowStack.
import FlowModel
import FuzzSupport

let start: [Route] = [.push("A"), .sheet("B", withNavigation: true), .push("C"), .cover("D"), .push("E")]

runFuzzer { bytes in
    guard let text = utf8Text(bytes) else { return }
    let action: Action
    do throws(InputError) {
        action = try Action(notation: text)
    } catch {
        fuzzCheck((0...text.unicodeScalars.count).contains(error.offset), "offset \(error.offset) outside the text")
        checkError(FlowGraphError(diagnostics: [error.diagnostic(in: text, file: "plan.json")]), inputSize: bytes.count)
        return
    }
    let again = try? Action(notation: action.notation)
    fuzzCheck(again == action, "\(action.notation.debugDescription) reads back as \(String(describing: again))")
    for root in [Root(screen: "Home", withNavigation: true), Root(screen: "Home", withNavigation: false)] {
        var stack = FlowStack(root: root, routes: start)
        do throws(NavigationError) {
            try action.apply(to: &stack)
        } catch {
            fuzzCheck(stack.routes == start, "a rejected action changed the stack")
            fuzzCheck(isTerminalSafe("\(error)") || !isTerminalSafe(text), "navigation error is not terminal-safe")
            continue
        }
        for platform in Platform.allCases {
            for navigationStack in [false, true] {
                let rules = PlatformRules(platform: platform, navigationStack: navigationStack)
                let transition = Transition(from: start, to: stack.routes, rules: rules)
                fuzzCheck(transition.steps.last == stack.routes, "the last step is not the target")
            }
        }
    }
}
