import FlowGraph
import FlowModel
import Foundation
import Graphviz

/// The drawings `flowgraph diff -o DIR` writes, light and dark, SVG and PNG:
///
/// - `map-diff.*`: the head's navigation map with what changed marked; `map-diff-base.*`: the base drawn from
///   the same positions (``NavigationMapDiffDiagram``);
/// - `timeline-NAME.*`: for each plan whose steps changed, one timeline of the head, one column per rule set
///   that changed, each transition marked new, removed (drawn where it was) or changed (``ChangedPlanTimeline``);
///   `timeline-NAME-before.*` and `-after.*`, the two whole timelines, only when the plan's root or rule sets
///   changed so that no column compares.
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
            try drawTimelines(name: pair.name, slug: slug, base: pair.base, head: pair.head, baseName: report.baseName)
        }
    }

    /// The map diff, head then base, each in both themes.
    private mutating func drawMap(_ report: DiffReport, limits: Limits) throws(FlowGraphError) {
        var light = NavigationMapDiffDiagram(
            base: report.baseMap ?? NavigationMap(), head: report.headMap ?? NavigationMap(),
            baseName: report.baseName, headName: report.headName, renames: report.renames)
        // The title counts the change as the text does, one per call site.
        light.counts = report.map.map(NavigationMapDiffDiagram.Counts.init)
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

    /// One plan's change: one timeline of the head with what changed marked (``ChangedPlanTimeline``); the
    /// two whole timelines, before and after, only when the two cannot be told as one (another root, or no
    /// rule set both play).
    private mutating func drawTimelines(name: String, slug: String, base: PlanRun, head: PlanRun, baseName: String)
        throws(FlowGraphError)
    {
        if let changed = ChangedPlanTimeline(base: base, head: head, baseName: baseName) {
            try drawTimeline(
                changed.run, comparison: changed.comparison, as: "timeline-\(slug)",
                title: "\(name): the change, marked")
            return
        }
        for (run, side) in [(base, "before"), (head, "after")] {
            try drawTimeline(run, as: "timeline-\(slug)-\(side)", title: "\(name): \(side)")
        }
    }

    /// A run's timeline in both themes, SVG and PNG, as `render` draws a plan's: within the plan's layout
    /// budget, and a PNG too tall for one image in pages (`NAME-1.png`, `NAME-2.png`), a figure each.
    private mutating func drawTimeline(
        _ run: PlanRun, comparison: TimelineComparison? = nil, as name: String, title: String
    ) throws(FlowGraphError) {
        var pages: [[String]] = []
        for theme in Theme.allCases {
            let file = name + Self.suffix(theme)
            var drawing = PlanDiagram(run: run, kind: .timeline, theme: theme)
            drawing.comparison = comparison
            let rendering: PlanRenderer.Rendering
            do {
                rendering = try PlanRenderer().rendering(of: drawing, formats: [.svg, .png])
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
