import FlowModel

/// The output of `flowgraph steps`: JSON for scripts, text for people.
public enum StepsReport {
    /// `{"transitions": [{"action", "from", "to", "steps", "synchronous", "estimatedSeconds"}]}`, keys in that order.
    ///
    /// `action` appears only for transitions caused by an action; routes are in canonical notation.
    public static func json(_ transitions: [Transition]) -> JSONValue {
        func routes(_ routes: [Route]) -> JSONValue { .array(routes.map { .string($0.notation) }) }
        let items = transitions.map { transition -> JSONValue in
            var members: [JSONMember] = []
            if let action = transition.action {
                members.append(JSONMember(key: "action", value: .string(action)))
            }
            members += [
                JSONMember(key: "from", value: routes(transition.from)),
                JSONMember(key: "to", value: routes(transition.to)),
                JSONMember(key: "steps", value: .array(transition.steps.map(routes))),
                JSONMember(key: "synchronous", value: .bool(transition.isSynchronous)),
                JSONMember(key: "estimatedSeconds", value: .number(transition.estimatedSeconds)),
            ]
            return JSONValue(.object(members))
        }
        return .object(["transitions": .array(items)])
    }

    /// The transitions for a person: each with its action, start and end, numbered steps saying what they
    /// do and which wait for FlowStacks' delay, and the total time.
    public static func text(_ transitions: [Transition], plan: Plan) -> String {
        var lines: [String] = []
        if let title = plan.title {
            lines.append(title)
        }
        // SwiftfulRouting and swiftui-navigation-stack plans: their own words for what each step does.
        let details = plan.library == .flowStacks ? [] : ((try? plan.libraryRun().details) ?? [])
        if plan.library == .flowStacks {
            let rules = transitions.first?.rules ?? plan.rules
            lines.append("Rules: \(rules.summary) (\(ruleExplanation(rules)))")
        } else {
            lines.append("Library: \(plan.library.displayName) (each call is applied in one update)")
        }
        let navigation = plan.root.withNavigation ? "with navigation" : "without navigation"
        lines.append("Root: \(Route.screenNotation(plan.root.screen)) (\(navigation))")
        guard !transitions.isEmpty else {
            lines += ["", "No change: the plan has no end, actions or states.", "  start: \(plan.start.notation)"]
            return lines.joined(separator: "\n") + "\n"
        }
        for (number, transition) in transitions.enumerated() {
            lines.append("")
            var header = "Transition \(number + 1) of \(transitions.count)"
            if let action = transition.action { header += ": \(action)" }
            lines.append(header)
            let detail = details.indices.contains(number) ? details[number] : nil
            lines.append("  from: \(detail?.from ?? transition.from.notation)")
            lines.append("  to:   \(detail?.to ?? transition.to.notation)")
            for problem in transition.to.problems(rootHasNavigation: plan.root.withNavigation) {
                lines.append(
                    "  warning: \(transition.to[problem.index].notation) at index \(problem.index): \(problem.reason)")
            }
            for (index, (step, change)) in zip(transition.steps, detail?.changes ?? transition.changes).enumerated() {
                let wait = transition.isDelayed(step: index) ? " (waits \(seconds(Transition.stepDelay)))" : ""
                lines.append("  step \(index)\(wait): \(change.summary)")
                lines.append("    \(step.notation)")
            }
            lines.append("  " + timing(transition))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func ruleExplanation(_ rules: PlatformRules) -> String {
        let dismissals = rules.multipleDismissalsInOne ? "several dismissals per step" : "one dismissal per step"
        let pushes = rules.navigationUpdatesInOne ? "several pushes per step" : "one push per step"
        return "\(dismissals), \(pushes)"
    }

    private static func timing(_ transition: Transition) -> String {
        let count = transition.steps.count
        let steps = count == 1 ? "1 step" : "\(count) steps"
        guard !transition.isSynchronous else {
            return "synchronous: \(steps) applied in one update, no delay"
        }
        let delayed = count - 2
        let later =
            delayed == 1
            ? "1 more step after \(seconds(Transition.stepDelay))"
            : "\(delayed) more steps \(seconds(Transition.stepDelay)) apart"
        return "asynchronous: \(steps); steps 0 and 1 at once, then \(later); about "
            + "\(seconds(transition.estimatedSeconds)) in all"
    }

    private static func seconds(_ value: Double) -> String {
        JSONValue.number(value).rendered() + " s"
    }
}
