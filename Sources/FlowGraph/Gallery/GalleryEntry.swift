import FlowModel

/// One diagram in a gallery: the plan's title and file, the files it rendered to and what its change does.
public struct GalleryEntry: Hashable, Sendable {
    /// The heading: the plan's title, or its file name when it has none.
    public var title: String
    /// The plan file as the user named it, e.g. `Samples/deeplink.json`.
    public var planFile: String
    /// A link to the plan file relative to the gallery's folder, if it can be reached from there.
    public var planLink: String?
    /// The rendered files, relative to the gallery's folder, in the order rendered (`deeplink.svg`…).
    public var outputs: [String]
    /// Lines saying what the plan's change does (see ``summary(of:)-(Plan)``).
    public var summary: [String]
    /// Why the plan could not be rendered, for a failed plan.
    public var error: String?
    /// What ``planFile`` is, in the line that names it: `Plan`, or `Swift source` for an app's folder drawn as
    /// its navigation map.
    public var fileLabel = "Plan"
    /// The dark-theme drawing of ``image`` (`deeplink~dark.svg`), shown instead of it when the reader's system
    /// prefers dark; `nil` when only one theme was drawn.
    public var darkImage: String?
    /// A Mermaid chart of the entry (its `.mmd` output), shown in the Markdown gallery when there is no
    /// ``image``: a code host draws it in place.
    public var mermaid: String?

    /// Creates an entry.
    public init(
        title: String, planFile: String, planLink: String? = nil, outputs: [String] = [], summary: [String] = [],
        error: String? = nil
    ) {
        self.title = title
        self.planFile = planFile
        self.planLink = planLink
        self.outputs = outputs
        self.summary = summary
        self.error = error
    }

    /// The file shown as the picture: the SVG if there is one, else the PNG (the first page of a split one).
    public var image: String? {
        outputs.first { $0.lowercased().hasSuffix(".svg") } ?? outputs.first { $0.lowercased().hasSuffix(".png") }
    }

    /// At most this many transitions are listed one by one in a summary; the rest are counted.
    public static let maximumListedTransitions = 10

    /// What a plan shows, in a few lines, from the model `flowgraph steps` prints.
    ///
    /// A plan without a change gives its stack (`Home ▸ .push(Feed) ▸ .sheet(Profile)`); a change gives one
    /// line per transition (its action, or the routes it goes to, with its steps and estimated time) and a
    /// total when there are several. A plan comparing rule sets gives each transition's steps under each
    /// (`iOS 16 · NavigationView: 3 steps, ≈ 0.65 s; iOS 17 · NavigationView: 2 steps, at once`). An action
    /// FlowStacks would reject gives a line with the error.
    public static func summary(of plan: Plan) -> [String] {
        do {
            return summary(of: try plan.play())
        } catch {
            return summary(of: error)
        }
    }

    /// The summary of a plan its library rejects: one line with the error.
    public static func summary(of error: FlowGraphError) -> [String] {
        [
            "Error: "
                + error.diagnostics.map { ($0.keyPath.map { $0 + ": " } ?? "") + $0.message }
                .joined(separator: "; ")
        ]
    }

    /// What a played plan shows, in a few lines (see ``summary(of:)-(Plan)``).
    public static func summary(of run: PlanRun) -> [String] {
        let ruleSets = run.ruleSets.map(\.rules)
        let runs = run.ruleSets.map(\.transitions)
        guard let first = runs.first, !first.isEmpty else {
            return ["Stack: " + ([run.plan.root.screen] + run.startNotations).joined(separator: " ▸ ")]
        }
        func timings(_ transitionsOfEachRuleSet: [[PlanTransition]]) -> String {
            let parts = zip(ruleSets, transitionsOfEachRuleSet).map { rules, transitions in
                let updates = transitions.reduce(0) { $0 + $1.updates }
                let seconds = transitions.estimatedSeconds
                let timing = timing(updates: updates, seconds: seconds)
                return ruleSets.count > 1 ? "\(rules.summary) \(timing)" : timing
            }
            return parts.joined(separator: "; ")
        }
        var lines: [String] = []
        for (index, transition) in first.prefix(maximumListedTransitions).enumerated() {
            let what: String
            if let action = transition.action {
                what = action
            } else {
                let (from, to) = run.ruleSets[0].routeNotations(ofTransition: index)
                what = "[\(from.joined(separator: ", "))] → [\(to.joined(separator: ", "))]"
            }
            lines.append("\(what): " + timings(runs.map { [$0[index]] }))
        }
        if first.count > maximumListedTransitions {
            lines.append("… and \(first.count - maximumListedTransitions) more transitions")
        }
        if first.count > 1 {
            lines.append("In all, \(first.count) transitions: " + timings(runs))
        }
        return lines
    }

    private static func timing(updates: Int, seconds: Double) -> String {
        let stepText = "\(updates) update\(updates == 1 ? "" : "s")"
        guard seconds > 0 else { return stepText + ", at once" }
        return stepText + ", " + PlanTransition.secondsText(seconds)
    }
}
