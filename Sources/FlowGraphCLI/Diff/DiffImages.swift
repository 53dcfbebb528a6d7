import FlowGraph
import FlowModel
import Foundation
import Graphviz

/// The drawings `flowgraph diff -o DIR` writes, light and dark, SVG and PNG:
///
/// - `map-diff.*`: the head's navigation map with what changed marked; `map-diff-base.*`: the base drawn from
///   the same positions (``NavigationMapDiffDiagram``);
/// - `timeline-NAME.*`: for each plan whose steps changed, its timeline before and after side by side, one
///   column per side and rule set that changed; or `timeline-NAME-before.*` and `-after.*` when the plan now
///   starts or ends in another state (a timeline draws its start and end once, shared by its columns).
///
/// Dark variants end in `~dark` (`map-diff~dark.svg`), as DocC and `--theme light,dark` name them.
struct DiffImages {
    /// The files, by name in the folder, in the order they are listed.
    var files: [(name: String, data: Data)] = []
    /// The drawings for the Markdown report: a title and the light and dark file names.
    var figures: [(title: String, light: String, dark: String)] = []

    /// Draws the changes of `report`.
    init(_ report: DiffReport, limits: Limits) throws(FlowGraphError) {
        if report.map != nil {
            try drawMap(report, limits: limits)
        }
        var used: Set<String> = []
        for pair in report.changedRuns {
            var slug = Self.slug(pair.name)
            var number = 2
            while used.contains(slug) {
                slug = Self.slug(pair.name) + "-\(number)"
                number += 1
            }
            used.insert(slug)
            try drawTimelines(name: pair.name, slug: slug, base: pair.base, head: pair.head)
        }
    }

    /// The map diff, head then base, each in both themes.
    private mutating func drawMap(_ report: DiffReport, limits: Limits) throws(FlowGraphError) {
        let light = NavigationMapDiffDiagram(
            base: report.baseMap ?? NavigationMap(), head: report.headMap ?? NavigationMap(),
            baseName: report.baseName, headName: report.headName, renames: report.renames)
        try light.checkLayoutBudget(limits, file: "map-diff.svg")
        let direction: NavigationMapDiagram.Direction
        do {
            direction = try light.direction()
        } catch {
            throw FlowGraphError(file: "map-diff.svg", message: "Graphviz cannot lay out the map: \(error)")
        }
        for (side, suffix, title) in [
            (NavigationMapDiffDiagram.Side.head, "", "Navigation map after, changes marked"),
            (.base, "-base", "Navigation map before, from the same positions"),
        ] {
            for theme in Theme.allCases {
                var drawing = light
                drawing.theme = theme
                try render(drawing.diagram(side, direction: direction), as: "map-diff\(suffix)" + Self.suffix(theme))
            }
            figures.append((title, "map-diff\(suffix).png", "map-diff\(suffix)~dark.png"))
        }
    }

    /// One plan's timelines: paired in one drawing when both sides start from the same state.
    private mutating func drawTimelines(name: String, slug: String, base: PlanRun, head: PlanRun)
        throws(FlowGraphError)
    {
        if let paired = Self.paired(base: base, head: head) {
            try drawTimeline(paired, as: "timeline-\(slug)", title: "\(name): before and after")
            return
        }
        for (run, side) in [(base, "before"), (head, "after")] {
            try drawTimeline(run, as: "timeline-\(slug)-\(side)", title: "\(name): \(side)")
        }
    }

    /// A run's timeline in both themes, SVG and PNG, as `render` draws a plan's: within the plan's layout
    /// budget, and a PNG too tall for one image in pages (`NAME-1.png`, `NAME-2.png`), a figure each.
    private mutating func drawTimeline(_ run: PlanRun, as name: String, title: String) throws(FlowGraphError) {
        var pages: [[String]] = []
        for theme in Theme.allCases {
            let file = name + Self.suffix(theme)
            let rendering: PlanRenderer.Rendering
            do {
                rendering = try PlanRenderer().rendering(
                    of: PlanDiagram(run: run, kind: .timeline, theme: theme), formats: [.svg, .png])
            } catch {
                throw FlowGraphError(file: file + ".svg", message: "cannot draw it: \(error)")
            }
            var pngs: [String] = []
            for output in rendering.outputs {
                files.append((output.fileName(base: file), output.data))
                if output.format == .png { pngs.append(output.fileName(base: file)) }
            }
            pages.append(pngs)
        }
        let (light, dark) = (pages[0], pages.count > 1 ? pages[1] : pages[0])
        for (index, page) in light.enumerated() {
            let part = light.count > 1 ? " (part \(index + 1) of \(light.count))" : ""
            figures.append((title + part, page, index < dark.count ? dark[index] : page))
        }
    }

    /// One run holding, for each rule set whose steps changed, the base's steps as `before · RULES` beside
    /// the head's as `after · RULES`, so the timeline draws them as columns; `nil` when the two start or end
    /// in different states (a timeline draws its start and its end once).
    static func paired(base: PlanRun, head: PlanRun) -> PlanRun? {
        guard base.startRoutes == head.startRoutes, base.plan.root == head.plan.root,
            base.startHierarchy == head.startHierarchy, base.finalRoutes == head.finalRoutes,
            base.finalHierarchy == head.finalHierarchy
        else { return nil }
        var ruleSets: [PlanRun.RuleSet] = []
        for now in head.ruleSets {
            let label = now.label ?? now.rules.summary
            guard let was = base.ruleSets.first(where: { ($0.label ?? $0.rules.summary) == label }),
                PlanRunDiff.Figures(was) != PlanRunDiff.Figures(now)
            else { continue }
            let single = head.ruleSets.count == 1 && base.ruleSets.count == 1
            var before = was
            before.label = single ? "before" : "before · \(label)"
            var after = now
            after.label = single ? "after" : "after · \(label)"
            ruleSets += [before, after]
        }
        guard !ruleSets.isEmpty else { return nil }
        return PlanRun(
            plan: head.plan, words: head.words, ruleSets: ruleSets, hasChange: true,
            startHierarchy: head.startHierarchy, finalHierarchy: head.finalHierarchy, startRoutes: head.startRoutes,
            finalRoutes: head.finalRoutes, startAnnotations: head.startAnnotations,
            finalAnnotations: head.finalAnnotations, header: head.header, rootTitle: head.rootTitle,
            diagnostics: head.diagnostics, startNotations: head.startNotations, finalNotations: head.finalNotations,
            rootNotation: head.rootNotation)
    }

    /// Renders `diagram` to `NAME.svg` and `NAME.png`.
    private mutating func render(_ diagram: Diagram, as name: String) throws(FlowGraphError) {
        let rendered: [OutputFormat: Data]
        do {
            rendered = try diagram.render(to: [.svg, .png])
        } catch {
            throw FlowGraphError(file: name + ".svg", message: "Graphviz cannot draw it: \(error)")
        }
        for format in [OutputFormat.svg, .png] {
            if let data = rendered[format] { files.append(("\(name).\(format.rawValue)", data)) }
        }
    }

    /// `~dark` for the dark theme, nothing for the light.
    private static func suffix(_ theme: Theme) -> String { theme == .light ? "" : "~\(theme.rawValue)" }

    /// A plan's name as a file name: letters, digits, `.` and `_` kept, every other run of characters one
    /// `-` (`Plans/checkout.json` → `Plans-checkout`), at most 80 characters.
    static func slug(_ name: String) -> String {
        var text = name
        if text.hasSuffix(".json") { text.removeLast(5) }
        var slug = ""
        for scalar in text.unicodeScalars {
            let keep = scalar.isASCII && (CharacterSet.alphanumerics.contains(scalar) || scalar == "." || scalar == "_")
            if keep {
                slug.unicodeScalars.append(scalar)
            } else if !slug.hasSuffix("-") {
                slug += "-"
            }
        }
        while slug.hasPrefix("-") || slug.hasPrefix(".") { slug.removeFirst() }
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? "plan" : String(slug.prefix(80))
    }
}
