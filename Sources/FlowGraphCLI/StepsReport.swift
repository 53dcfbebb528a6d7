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
            if let coordinator = transition.coordinator {
                members.append(JSONMember(key: "coordinator", value: .string(coordinator)))
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

    /// `{"transitions": FIRST, "ruleSets": [{"platform", "navigationStack", "transitions"}…]}` for a plan
    /// compared under several rule sets; `transitions` is the first rule set's, as for a single one.
    public static func json(comparing ruleSets: [(rules: PlatformRules, transitions: [Transition])]) -> JSONValue {
        let sets = ruleSets.map { item -> JSONValue in
            let transitions = json(item.transitions)["transitions"] ?? .array([])
            return JSONValue(
                .object([
                    JSONMember(key: "platform", value: .string(item.rules.platform.rawValue)),
                    JSONMember(key: "navigationStack", value: .bool(item.rules.navigationUpdatesInOne)),
                    JSONMember(key: "transitions", value: transitions),
                ]))
        }
        let first = json(ruleSets.first?.transitions ?? [])["transitions"] ?? .array([])
        return JSONValue(
            .object([JSONMember(key: "transitions", value: first), JSONMember(key: "ruleSets", value: .array(sets))]))
    }

    /// The transitions of each rule set in turn, each as ``text(_:plan:)`` prints it, under a heading.
    public static func text(comparing ruleSets: [(rules: PlatformRules, transitions: [Transition])], plan: Plan)
        -> String
    {
        let names = ruleSets.map(\.rules.summary)
        var text = "Comparing \(ruleSets.count) rule sets: \(names.joined(separator: "; "))\n"
        for (index, item) in ruleSets.enumerated() {
            let heading = "== Rule set \(index + 1) of \(ruleSets.count): \(item.rules.summary) =="
            text += "\n" + heading + "\n" + self.text(item.transitions, plan: plan)
        }
        return text
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
        if let deepLink = plan.deepLink, let resolution = deepLink.resolution {
            let rule = deepLink.rules[resolution.ruleIndex]
            var line = "Deep link: \(resolution.url) matches \(rule.keyPath) \"\(rule.pattern.text)\""
            let captures = resolution.captures.map { "\($0.name) = \($0.values.joined(separator: ", "))" }
            if !captures.isEmpty { line += " with " + captures.joined(separator: "; ") }
            lines.append(line)
        }
        guard !transitions.isEmpty else {
            lines += ["", "No change: the plan has no end, actions or states.", "  start: \(plan.start.notation)"]
            return lines.joined(separator: "\n") + "\n"
        }
        for (number, transition) in transitions.enumerated() {
            lines.append("")
            var header = "Transition \(number + 1) of \(transitions.count)"
            if let coordinator = transition.coordinator { header += " in \(coordinator)" }
            if let action = transition.action { header += ": \(action)" }
            lines.append(header)
            if let root = transition.nesting?.root, transition.coordinator != plan.startHierarchy.name {
                let navigation = root.withNavigation ? "with navigation" : "without navigation"
                lines.append("  root: \(Route.screenNotation(root.screen)) (\(navigation)), a child FlowStack")
            }
            let detail = details.indices.contains(number) ? details[number] : nil
            lines.append("  from: \(detail?.from ?? transition.from.notation)")
            lines.append("  to:   \(detail?.to ?? transition.to.notation)")
            let root = transition.nesting?.root ?? plan.root
            for problem in transition.to.problems(rootHasNavigation: root.withNavigation) {
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

extension StepsReport {
    /// The steps as one Swift file to paste into a unit test: the screen type, then one
    /// `var expectedSteps…: [[Route<…>]]` per transition, step 0 first, with the action, start and end in
    /// comments. It compiles against FlowStacks' `Route` (see ``SwiftSteps``).
    public static func swift(_ transitions: [Transition], plan: Plan) -> String {
        SwiftSteps.file([(transitions.first?.rules ?? plan.rules, transitions)], plan: plan)
    }

    /// The steps of several rule sets as one Swift file: names end in the rules, e.g. `expectedStepsIOS16NavigationView`.
    public static func swift(comparing ruleSets: [(rules: PlatformRules, transitions: [Transition])], plan: Plan)
        -> String
    {
        SwiftSteps.file(ruleSets, plan: plan)
    }
}
