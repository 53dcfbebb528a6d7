import FlowGraph
import FlowModel

/// What `flowgraph diff` reports: the structure (the navigation map) and the behaviour (the plans' steps)
/// that changed between two sides, as text, Markdown or JSON, and the kinds of change CI can fail on.
struct DiffReport {
    /// The map's changes; `nil` when neither side has Swift source.
    var map: NavigationMapDiff?
    /// Every plan of either side, paired.
    var plans: [PlanChange]

    /// The base's map as read, for drawing; `nil` when it has no Swift source.
    var baseMap: NavigationMap?
    /// The head's map as read.
    var headMap: NavigationMap?
    /// What names the base in drawings: its revision or path.
    var baseName: String
    /// What names the head in drawings.
    var headName: String
    /// The head's plans whose steps go over their file's budget: the errors, and whether the base kept to it.
    var overBudget: [(name: String, overruns: [Diagnostic], isNew: Bool)] = []
    /// The plans played on both sides whose steps changed, with both runs, for drawing.
    var changedRuns: [(name: String, base: PlanRun, head: PlanRun)] = []

    /// Compares two sides, named `baseName` and `headName` in drawings.
    init(base: DiffSide, head: DiffSide, baseName: String = "base", headName: String = "head") {
        baseMap = base.map
        headMap = head.map
        self.baseName = baseName
        self.headName = headName
        let baseOutcomes = DiffSide.outcomesByName(base.plans)
        for (name, outcome) in head.plans {
            guard case .played(let run) = outcome, let overruns = run.plan.budget?.overruns(run), !overruns.isEmpty
            else { continue }
            var before = false
            if case .played(let was)? = baseOutcomes[Array(name.utf8)] {
                before = !(was.plan.budget?.overruns(was) ?? []).isEmpty
            }
            overBudget.append((name, overruns, !before))
        }
        for (name, outcome) in head.plans {
            guard case .played(let now) = outcome,
                case .played(let was)? = baseOutcomes[Array(name.utf8)],
                !PlanRunDiff(base: was, head: now).isEmpty
            else { continue }
            changedRuns.append((name, was, now))
        }
        if base.map != nil || head.map != nil {
            map = NavigationMapDiff(base: base.map ?? NavigationMap(), head: head.map ?? NavigationMap())
                .labelled(base: base.label, head: head.label)
        }
        renames = Dictionary((map?.renamedStacks ?? []).map { ($0.was, $0.now) }) { first, _ in first }
        plans = PlanChange.pair(
            base: base.plans.map { [renames] plan in
                // A plan scanned from a renamed stack's type (`Shop.openOrders`) is the head's (`Store.openOrders`).
                guard let dot = plan.name.firstIndex(of: "."), let now = renames[String(plan.name[..<dot])] else {
                    return plan
                }
                return (now + plan.name[dot...], plan.outcome)
            }, head: head.plans)
        warnings = base.warnings + head.warnings.filter { !base.warnings.contains($0) }
        mermaid = mermaidChart()
    }

    /// What reading either side warned of.
    var warnings: [Diagnostic] = []
    /// Where the Markdown's places link to (`--source-url`); plain text when `nil`.
    var links: DiffLinks?

    /// The plans that changed.
    var changedPlans: [PlanChange] { plans.filter(\.isChange) }

    /// Whether nothing changed.
    var isEmpty: Bool { (map?.isEmpty ?? true) && changedPlans.isEmpty }

    /// The one-line summary: `+1 screen · −1 call · 1 call push → sheet · checkout.json: iOS 17 2 → 4
    /// updates, 0.65 → 1.95 s`, or `no navigation changes`.
    var summary: String {
        guard !isEmpty || overBudget.contains(where: \.isNew) else { return "no navigation changes" }
        var parts: [String] = []
        if let map {
            func count(_ sign: String, _ number: Int, _ noun: String) {
                if number > 0 { parts.append(sign + counted(number, noun)) }
            }
            for rename in map.renamedStacks { parts.append("\(rename.was) renamed \(rename.now)") }
            count("+", map.addedStacks.count, "stack")
            count("−", map.removedStacks.count, "stack")
            count("+", map.addedScreensOnce.count, "screen")
            count("−", map.removedScreensOnce.count, "screen")
            count("+", map.addedEdgesOnce.count, "call")
            count("−", map.removedEdgesOnce.count, "call")
            for restyle in map.restyledEdgesOnce {
                parts.append("\(restyle.from) → \(restyle.to) \(restyle.was) → \(restyle.now)")
            }
            for (sign, backs) in [("+", map.addedBacksOnce), ("−", map.removedBacksOnce)] {
                for style in ["back", "dismiss"] {
                    count(sign, backs.filter { $0.style == style }.count, "\(style) call")
                }
            }
            count("+", map.newProblems.count, "problem")
            count("−", map.fixedProblems.count, "problem")
        }
        for plan in changedPlans {
            parts.append("\(plan.name): " + plan.summary)
        }
        for plan in overBudget where plan.isNew { parts.append("\(plan.name): now over budget") }
        return parts.joined(separator: " · ")
    }

    /// A back or dismiss call in words: `Payment: back`, `Receipt: dismiss`, `Payment: back to Cart`.
    static func back(_ change: NavigationMapDiff.EdgeChange) -> String {
        "\(change.from): \(change.style)" + (change.to.isEmpty ? "" : " to \(change.to)")
    }

    /// The report for a terminal: the summary, then the changes grouped, each with FILE:LINE.
    var text: String {
        var lines = [summary]
        guard !isEmpty || !overBudget.isEmpty else { return summary + "\n" }
        if let map, !map.isEmpty {
            let screens =
                map.renamedStacks.map { "  ~ stack \($0.was) → \($0.now)  renamed  \($0.location.description)" }
                + map.addedStacks.map { "  + stack \($0.name)  \($0.location.description)" }
                + map.removedStacks.map { "  − stack \($0.name)  \($0.location.description)" }
                + map.addedScreensOnce.map { "  + \($0.name) (in \($0.stack))  \($0.location.description)" }
                + map.removedScreensOnce.map { "  − \($0.name) (in \($0.stack))  \($0.location.description)" }
            if !screens.isEmpty { lines += ["", "Screens"] + screens }
            let calls =
                map.addedEdgesOnce.map { "  + \($0.from) → \($0.to)  \($0.style)  \($0.location.description)" }
                + map.removedEdgesOnce.map { "  − \($0.from) → \($0.to)  \($0.style)  \($0.location.description)" }
                + map.restyledEdgesOnce.map {
                    "  ~ \($0.from) → \($0.to)  \($0.was) → \($0.now)  \($0.location.description)"
                }
            if !calls.isEmpty { lines += ["", "Calls"] + calls }
            let backs =
                map.addedBacksOnce.map { "  + \(Self.back($0))  \($0.call)  \($0.location.description)" }
                + map.removedBacksOnce.map { "  − \(Self.back($0))  \($0.call)  \($0.location.description)" }
            if !backs.isEmpty { lines += ["", "Backs and dismisses"] + backs }
            let problems =
                map.newProblems.map { "  new: \($0.description)" }
                + map.fixedProblems.map { "  fixed: \($0.description)" }
            if !problems.isEmpty { lines += ["", "Problems"] + problems }
        }
        if !changedPlans.isEmpty {
            lines += ["", "Plans"]
            for plan in changedPlans { lines += ["  \(plan.name)"] + plan.lines.map { "    " + $0 } }
        }
        if !overBudget.isEmpty {
            lines += ["", "Budgets"]
            for plan in overBudget {
                lines += ["  \(plan.name)\(plan.isNew ? " (new)" : " (as before)")"]
                lines += plan.overruns.map { "    " + $0.description }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The report for a pull-request comment: the summary in bold, then a table per kind of change, then
    /// the drawings written to `images.folder`, each a `<picture>` with its dark variant (folded in
    /// `<details>` when the map's change is already drawn as Mermaid).
    func markdown(images: (folder: String, drawn: DiffImages)? = nil) -> String {
        guard let images, !isEmpty, !images.drawn.figures.isEmpty else { return markdown }
        var lines = [markdown.trimmingCharacters(in: .newlines)]
        // With the map's change drawn in place by Mermaid, the drawings are folded: the comment stays short.
        let folded = mermaid != nil
        if folded { lines += ["", "<details><summary>The drawings (\(images.drawn.figures.count))</summary>"] }
        for figure in images.drawn.figures {
            func path(_ name: String) -> String {
                MarkdownText.link(images.folder.hasSuffix("/") ? images.folder + name : images.folder + "/" + name)
            }
            lines += [
                "", "**\(MarkdownText.text(figure.title))**", "",
                "<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"\(path(figure.dark))\">"
                    + "<img alt=\"\(MarkdownText.attribute(figure.title))\" src=\"\(path(figure.light))\"></picture>",
            ]
        }
        if folded { lines += ["", "</details>"] }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The screen a route in notation shows: `Done` for `.push(Done)`, `order(1)` for `.push(order(1))`,
    /// `Help` for `.sheet(Help, withNavigation: true)`; the text itself when it is not a route.
    static func screenName(_ route: String) -> String {
        guard route.hasPrefix("."), let open = route.firstIndex(of: "("), route.hasSuffix(")") else { return route }
        let inside = route[route.index(after: open)..<route.index(before: route.endIndex)]
        var depth = 0
        for index in inside.indices {
            switch inside[index] {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case "," where depth == 0: return String(inside[..<index])
            default: continue
            }
        }
        return String(inside)
    }

    /// The most rows a table of the Markdown report shows open; a longer one is folded in `<details>`.
    static let openRows = 10

    /// A Markdown table (a blank line, the header, its rule, the rows), folded in `<details>` under `N noun`
    /// when it has more than ``openRows`` rows, so a long list does not push the rest of a comment away.
    static func table(_ header: [String], noun: String, _ rows: [String]) -> [String] {
        let table = ["| " + header.joined(separator: " | ") + " |", "|" + header.map { _ in "---|" }.joined()] + rows
        guard rows.count > openRows else { return [""] + table }
        return ["", "<details><summary>\(rows.count) \(noun)</summary>", ""] + table + ["", "</details>"]
    }

    /// The map's change as a Mermaid flowchart of the stacks it touches; `nil` when no stack, screen or call
    /// changed (or neither side has Swift source). Made once with the report: ``markdown`` and `-T mermaid`
    /// both show it.
    private(set) var mermaid: String?

    /// The stacks whose making type was renamed, base name → head name.
    private(set) var renames: [String: String] = [:]

    /// The map's change as Mermaid, from the maps read.
    private func mermaidChart() -> String? {
        guard baseMap != nil || headMap != nil else { return nil }
        let diagram = NavigationMapDiffDiagram(
            base: baseMap ?? NavigationMap(), head: headMap ?? NavigationMap(), baseName: baseName,
            headName: headName, renames: renames)
        return MermaidDiagram.mapDiff(diagram, title: mermaidTitle)
    }

    /// The Mermaid chart's title: `Navigation map: main → working tree`.
    var mermaidTitle: String { "Navigation map: \(baseName) → \(headName)" }

    /// The report for a pull-request comment: the summary in bold, then a table per kind of change, then the
    /// map's change as a Mermaid chart (which GitHub draws in place).
    var markdown: String {
        var lines = ["**Navigation: \(MarkdownText.text(summary))**"]
        guard !isEmpty || !overBudget.isEmpty else { return lines[0] + "\n" }
        func cell(_ text: String) -> String { MarkdownText.text(text) }
        func code(_ text: String) -> String { MarkdownText.code(text) }
        func place(_ location: NavigationMap.Location) -> String {
            let shown = MarkdownText.place(location.description)
            guard let link = links?.link(location) else { return shown }
            return "<a href=\"\(link.url.replacingOccurrences(of: "&", with: "&amp;"))\">\(shown)</a>"
        }
        if let map, !map.isEmpty {
            let screens =
                map.renamedStacks.map { ("renamed stack", "\($0.was) → \($0.now)", $0.now, $0.location) }
                + map.addedStacks.map { ("added stack", $0.name, $0.stack, $0.location) }
                + map.removedStacks.map { ("removed stack", $0.name, $0.stack, $0.location) }
                + map.addedScreensOnce.map { ("added", $0.name, $0.stack, $0.location) }
                + map.removedScreensOnce.map { ("removed", $0.name, $0.stack, $0.location) }
            if !screens.isEmpty {
                lines += Self.table(
                    ["Screen", "Change", "Stack", "Where"], noun: "screens and stacks",
                    screens.map { "| \(cell($0.1)) | \($0.0) | \(cell($0.2)) | \(place($0.3)) |" })
            }
            let calls =
                map.addedEdgesOnce.map { ("added", $0.from, $0.to, $0.style, $0.location) }
                + map.removedEdgesOnce.map { ("removed", $0.from, $0.to, $0.style, $0.location) }
                + map.restyledEdgesOnce.map {
                    ("restyled", $0.from, $0.to, "\($0.was) → \($0.now)", $0.location)
                }
            if !calls.isEmpty {
                lines += Self.table(
                    ["Call", "Change", "Style", "Where"], noun: "calls",
                    calls.map { "| \(cell($0.1)) → \(cell($0.2)) | \($0.0) | \(cell($0.3)) | \(place($0.4)) |" })
            }
            let backs =
                map.addedBacksOnce.map { ("added", $0) } + map.removedBacksOnce.map { ("removed", $0) }
            if !backs.isEmpty {
                lines += Self.table(
                    ["Back or dismiss", "Change", "Call", "Where"], noun: "back and dismiss calls",
                    backs.map {
                        "| \(cell(Self.back($0.1))) | \($0.0) | \(code($0.1.call)) | \(place($0.1.location)) |"
                    })
            }
            let problems =
                map.newProblems.map { ("new", $0) } + map.fixedProblems.map { ("fixed", $0) }
            if !problems.isEmpty {
                lines += Self.table(
                    ["Problem", "Change", "Where"], noun: "problems",
                    problems.map { "| \(cell($0.1.message)) | \($0.0) | \(place($0.1.location)) |" })
            }
        }
        if !changedPlans.isEmpty {
            lines += ["", "| Plan | Rule set | Updates | Time | On screen at the end |", "|---|---|---|---|---|"]
            for plan in changedPlans {
                guard case .played(let diff) = plan.kind else {
                    lines.append("| \(code(plan.name)) | | \(cell(plan.lines.joined(separator: "; "))) | | |")
                    continue
                }
                if diff.startChanged {
                    lines.append("| \(code(plan.name)) | all | \(cell(PlanChange.start(diff))) | | |")
                }
                for ruleSet in diff.ruleSets where ruleSet.changed {
                    let was = ruleSet.was
                    let now = ruleSet.now
                    func pair<T: Equatable>(_ value: (PlanRunDiff.Figures) -> T, _ text: (T) -> String) -> String {
                        switch (was.map(value), now.map(value)) {
                        // Compared as shown: ends that differ below a top screen they share show no change.
                        case (let old?, let new?):
                            text(old) == text(new) ? text(new) : "\(text(old)) → **\(text(new))**"
                        case (nil, let new?): "new: \(text(new))"
                        case (let old?, nil): "gone: \(text(old))"
                        case (nil, nil): ""
                        }
                    }
                    let cells = [
                        "\(code(plan.name))", cell(ruleSet.ruleSet), pair(\.updates) { "\($0)" },
                        pair(\.seconds, PlanChange.seconds),
                        pair(\.end) { cell($0.last.map(Self.screenName) ?? "root") },
                    ]
                    lines.append("| " + cells.joined(separator: " | ") + " |")
                }
                if diff.agreedBefore && !diff.agreeNow {
                    lines.append("| \(code(plan.name)) | all | rule sets agreed before; now they differ | | |")
                }
            }
        }
        if let mermaid {
            lines += ["", "```mermaid", mermaid.trimmingCharacters(in: .newlines), "```"]
        }
        if !overBudget.isEmpty {
            lines += ["", "| Plan over budget | Since | Why |", "|---|---|---|"]
            for plan in overBudget {
                for overrun in plan.overruns {
                    let key = overrun.keyPath ?? "budget"
                    lines.append(
                        "| \(code(plan.name)) | \(plan.isNew ? "this change" : "before") | \(code(key)): \(cell(overrun.message)) |"
                    )
                }
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
