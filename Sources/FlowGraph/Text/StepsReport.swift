import FlowModel

/// The output of `flowgraph steps`, read from one ``PlanRun``: JSON for scripts, text for people, Swift for
/// unit tests.
public enum StepsReport {
    /// `{"transitions": [{"action", "coordinator", "from", "to", "steps", "synchronous", "estimatedSeconds"}],
    /// "ruleSets": […], "warnings": [{"file", "line", "column", "path", "message"}]}`, keys in that order.
    ///
    /// `transitions` holds the first rule set's; `ruleSets` (`[{"platform", "navigationStack",
    /// "transitions"}]`) appears only when the plan compares several; `warnings` is always there. `action`
    /// appears only for transitions caused by an action, `coordinator` only in plans with nested FlowStacks;
    /// routes are in the library's notation (FlowStacks' canonical route notation, SwiftfulRouting's
    /// destinations with their ids, swiftui-navigation-stack's `push(_:withId:)`). A warning's `file`, `line`, `column` and `path` are `null` when
    /// unknown.
    public static func json(_ run: PlanRun) -> JSONValue {
        var members = [JSONMember(key: "transitions", value: transitionsJSON(run.ruleSets[0]))]
        if run.ruleSets.count > 1 {
            let sets = run.ruleSets.map { set -> JSONValue in
                JSONValue(
                    .object([
                        JSONMember(key: "platform", value: .string(set.rules.platform.rawValue)),
                        JSONMember(key: "navigationStack", value: .bool(set.rules.navigationUpdatesInOne)),
                        JSONMember(key: "transitions", value: transitionsJSON(set)),
                    ]))
            }
            members.append(JSONMember(key: "ruleSets", value: .array(sets)))
        }
        members.append(JSONMember(key: "warnings", value: .array(run.diagnostics.map(diagnosticJSON))))
        return JSONValue(.object(members))
    }

    /// One diagnostic as `{"file", "line", "column", "path", "message"}`.
    static func diagnosticJSON(_ diagnostic: Diagnostic) -> JSONValue {
        func optional(_ value: String?) -> JSONValue { value.map { .string($0) } ?? JSONValue(.null) }
        func optional(_ value: Int?) -> JSONValue { value.map { .number(Double($0)) } ?? JSONValue(.null) }
        return JSONValue(
            .object([
                JSONMember(key: "file", value: optional(diagnostic.file)),
                JSONMember(key: "line", value: optional(diagnostic.position?.line)),
                JSONMember(key: "column", value: optional(diagnostic.position?.column)),
                JSONMember(key: "path", value: optional(diagnostic.keyPath)),
                JSONMember(key: "message", value: .string(diagnostic.message)),
            ]))
    }

    private static func transitionsJSON(_ ruleSet: PlanRun.RuleSet) -> JSONValue {
        func routes(_ notations: [String]) -> JSONValue { .array(notations.map { .string($0) }) }
        return .array(
            ruleSet.transitions.enumerated().map { number, transition -> JSONValue in
                let (from, to) = ruleSet.routeNotations(ofTransition: number)
                let steps = transition.steps.indices.map { ruleSet.routeNotations(ofTransition: number, step: $0) }
                var members: [JSONMember] = []
                if let action = transition.action {
                    members.append(JSONMember(key: "action", value: .string(action)))
                }
                if let coordinator = transition.coordinator {
                    members.append(JSONMember(key: "coordinator", value: .string(coordinator)))
                }
                members += [
                    JSONMember(key: "from", value: routes(from)),
                    JSONMember(key: "to", value: routes(to)),
                    JSONMember(key: "steps", value: .array(steps.map(routes))),
                    JSONMember(key: "synchronous", value: .bool(transition.isSynchronous)),
                    JSONMember(key: "estimatedSeconds", value: .number(transition.estimatedSeconds)),
                ]
                return JSONValue(.object(members))
            })
    }

    /// The steps for a person: for a plan compared under several rule sets, each rule set in turn under a
    /// heading; else as ``text(_:ruleSet:)`` prints the one.
    public static func text(_ run: PlanRun) -> String {
        guard run.ruleSets.count > 1 else { return text(run, ruleSet: 0) }
        let names = run.ruleSets.map(\.rules.summary)
        var text = "Comparing \(run.ruleSets.count) rule sets: \(names.joined(separator: "; "))\n"
        for index in run.ruleSets.indices {
            let heading = "== Rule set \(index + 1) of \(run.ruleSets.count): \(names[index]) =="
            text += "\n" + heading + "\n" + self.text(run, ruleSet: index)
        }
        return text
    }

    /// One rule set's transitions for a person: each with its action, start and end, numbered steps saying
    /// what they do in the library's words and which wait for FlowStacks' delay, and the total time.
    public static func text(_ run: PlanRun, ruleSet index: Int) -> String {
        let plan = run.plan
        let ruleSet = run.ruleSets[index]
        let transitions = ruleSet.transitions
        var lines: [String] = []
        if let title = plan.title {
            lines.append(title)
        }
        if let rules = run.words.stepsRules {
            lines.append("Library: \(rules)")
        } else {
            lines.append("Rules: \(ruleSet.rules.summary) (\(ruleExplanation(ruleSet.rules)))")
        }
        lines.append("Root: \(run.rootNotation)")
        if let deepLink = run.deepLink {
            var line = "Deep link: \(deepLink.url) matches \(deepLink.rule.keyPath) \"\(deepLink.rule.pattern.text)\""
            let captures = deepLink.captures.map { "\($0.name) = \($0.values.joined(separator: ", "))" }
            if !captures.isEmpty { line += " with " + captures.joined(separator: "; ") }
            lines.append(line)
        }
        guard !transitions.isEmpty else {
            lines += [
                "", "No change: the plan has no end, actions or states.",
                "  start: [\(run.startNotations.joined(separator: ", "))]",
            ]
            return lines.joined(separator: "\n") + "\n"
        }
        for (number, transition) in transitions.enumerated() {
            lines.append("")
            var header = "Transition \(number + 1) of \(transitions.count)"
            if let coordinator = transition.coordinator { header += " in \(coordinator)" }
            if let action = transition.action { header += ": \(action)" }
            lines.append(header)
            if let root = transition.nesting?.root, transition.coordinator != run.startHierarchy.name {
                let navigation = root.withNavigation ? "with navigation" : "without navigation"
                lines.append("  root: \(PlanRoute.screenNotation(root.screen)) (\(navigation)), a child FlowStack")
            }
            let notation = ruleSet.notation(ofTransition: number)
            lines.append("  from: \(notation.from)")
            lines.append("  to:   \(notation.to)")
            let delay = PlanTransition.secondsText(PlanTransition.stepDelay)
            for (index, change) in ruleSet.changes(ofTransition: number).prefix(transition.steps.count).enumerated() {
                let wait = transition.isDelayed(step: index) ? " (waits \(delay))" : ""
                lines.append("  step \(index)\(wait): \(index == 0 ? "start" : change.summary)")
                let notations = ruleSet.routeNotations(ofTransition: number, step: index)
                lines.append("    [\(notations.joined(separator: ", "))]")
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

    /// How the transition's updates are spread in time. Step 0 is the state it starts from, not an update.
    private static func timing(_ transition: PlanTransition) -> String {
        let updates = transition.updates
        guard updates > 0 else { return "no update: the state does not change" }
        let counted = updates == 1 ? "1 update" : "\(updates) updates"
        guard !transition.isSynchronous else {
            return "synchronous: \(counted) at once, no delay"
        }
        let delayed = updates - 1
        let later =
            delayed == 1
            ? "1 more after \(PlanTransition.secondsText(PlanTransition.stepDelay))"
            : "\(delayed) more \(PlanTransition.secondsText(PlanTransition.stepDelay)) apart"
        return "asynchronous: \(counted), the first at once, then \(later); "
            + "\(PlanTransition.secondsText(transition.estimatedSeconds)) in all"
    }
}
