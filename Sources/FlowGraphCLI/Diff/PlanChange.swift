import FlowModel

/// How one plan differs between the two sides of `flowgraph diff`.
struct PlanChange {
    /// What happened to it.
    enum Kind {
        /// Only the head has it.
        case added
        /// Only the base has it.
        case removed
        /// Both play it; what changed in its steps (nothing, when the diff is empty).
        case played(PlanRunDiff)
        /// It played in the base and now fails: the error.
        case nowFails(String)
        /// It failed in the base and plays now.
        case nowPlays
        /// It fails on both sides: the head's error.
        case stillFails(String)
    }

    /// The plan's path below its side's folder, or `Type.function` for a scanned one.
    var name: String
    /// What happened.
    var kind: Kind

    /// Whether anything a reviewer needs to see changed.
    var isChange: Bool {
        if case .played(let diff) = kind { return !diff.isEmpty }
        if case .stillFails = kind { return false }
        return true
    }

    /// Pairs the plans of both sides by name, in the head's order, then the base's removed ones.
    static func pair(
        base: [(name: String, outcome: DiffSide.Outcome)], head: [(name: String, outcome: DiffSide.Outcome)]
    )
        -> [PlanChange]
    {
        let baseOutcomes = DiffSide.outcomesByName(base)
        let headNames = Set(head.map { Array($0.name.utf8) })
        var changes: [PlanChange] = []
        for (name, now) in head {
            guard let was = baseOutcomes[Array(name.utf8)] else {
                changes.append(PlanChange(name: name, kind: .added))
                continue
            }
            switch (was, now) {
            case (.played(let before), .played(let after)):
                changes.append(PlanChange(name: name, kind: .played(PlanRunDiff(base: before, head: after))))
            case (.played, .failed(let error)): changes.append(PlanChange(name: name, kind: .nowFails(error)))
            case (.failed, .played): changes.append(PlanChange(name: name, kind: .nowPlays))
            case (.failed, .failed(let error)): changes.append(PlanChange(name: name, kind: .stillFails(error)))
            }
        }
        for (name, _) in base where !headNames.contains(Array(name.utf8)) {
            changes.append(PlanChange(name: name, kind: .removed))
        }
        return changes
    }

    /// One line per changed rule set: `iOS 17 · NavigationView: 2 → 4 updates, 0.65 → 1.95 s`, then the ends
    /// when they differ, and whether the rule sets now part or meet.
    var lines: [String] {
        switch kind {
        case .added: return ["added"]
        case .removed: return ["removed"]
        case .nowFails(let error): return ["now fails: \(error)"]
        case .nowPlays: return ["plays again (it failed before)"]
        case .stillFails(let error): return ["fails on both sides: \(error)"]
        case .played(let diff):
            var lines = diff.startChanged ? [Self.start(diff)] : []
            for ruleSet in diff.ruleSets where ruleSet.changed {
                guard let was = ruleSet.was else {
                    lines.append("\(ruleSet.ruleSet): now compared")
                    continue
                }
                guard let now = ruleSet.now else {
                    lines.append("\(ruleSet.ruleSet): no longer compared")
                    continue
                }
                lines.append("\(ruleSet.ruleSet): \(Self.figures(was, now))")
                if was.end != now.end {
                    lines.append("  ends [\(was.end.joined(separator: ", "))] → [\(now.end.joined(separator: ", "))]")
                }
            }
            if diff.agreedBefore && !diff.agreeNow { lines.append("its rule sets agreed before; now they differ") }
            if !diff.agreedBefore && diff.agreeNow { lines.append("its rule sets differed before; now they agree") }
            return lines
        }
    }

    /// The summary's words for the plan: each changed rule set's figures, `iOS 16 2 → 4 updates, 0.65 → 1.95 s`.
    var summary: String {
        guard case .played(let diff) = kind else { return lines.first ?? "" }
        let figures = diff.ruleSets.filter(\.changed).map { ruleSet -> String in
            guard let was = ruleSet.was else { return "\(ruleSet.ruleSet) now compared" }
            guard let now = ruleSet.now else { return "\(ruleSet.ruleSet) no longer compared" }
            return "\(ruleSet.ruleSet) \(Self.figures(was, now))"
        }
        let split = diff.agreedBefore && !diff.agreeNow ? ["rule sets now differ"] : []
        return ((diff.startChanged ? [Self.start(diff)] : []) + figures + split).joined(separator: "; ")
    }

    /// `starts [Home, .push(Feed)] → [Start, .push(Feed)]`: the root screen, then the start routes.
    static func start(_ diff: PlanRunDiff) -> String {
        "starts [\(diff.startWas.joined(separator: ", "))] → [\(diff.startNow.joined(separator: ", "))]"
    }

    /// `2 → 4 updates, 0.65 → 1.95 s`, or `the same updates and time; other steps`.
    static func figures(_ was: PlanRunDiff.Figures, _ now: PlanRunDiff.Figures) -> String {
        if was.updates == now.updates && was.seconds == now.seconds {
            return "\(now.updates) update\(now.updates == 1 ? "" : "s"), \(seconds(now.seconds)): other steps"
        }
        let time =
            was.seconds == now.seconds
            ? seconds(now.seconds) : "\(seconds(was.seconds).dropLast(2)) → \(seconds(now.seconds))"
        let updates = was.updates == now.updates ? "\(now.updates)" : "\(was.updates) → \(now.updates)"
        return "\(updates) updates, \(time)"
    }

    /// `0.65 s`, `1.3 s`, `0 s`, as the drawings write times.
    static func seconds(_ value: Double) -> String { PlanTransition.secondsText(value) }
}
