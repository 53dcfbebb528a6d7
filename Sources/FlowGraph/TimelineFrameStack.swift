import FlowModel
import Graphviz

extension TimelineDiagram {
    /// The widest a frame's stack is laid out in the HTML player, in points: beside the frame's text in a
    /// window 900 px wide, shown 10 % larger than its natural size (so its smallest text is 14.7 px).
    static let frameStackWidth = 250.0

    /// One state of the app drawn as the timeline draws its stacks before and after, for a frame of the HTML
    /// player: `NOW   on screen: X`, then every layer top first, one line each (`LAYER 1 · SHEET ☰  Cart ›
    /// Checkout`), the app's whole path when child FlowStacks are nested, runs of screens folded into `⋮ N`
    /// when `folds`. One node, `now`; the graph has the timeline's class, `timeline-diagram frame-stack`.
    static func frameStack(
        _ hierarchy: PlanCoordinator, annotations: StateAnnotations, notation: String, theme: Theme,
        vocabulary: DiagramWords, folds: Bool
    ) -> Diagram {
        let palette = theme.palette
        var builder = TimelineBuilder(
            root: hierarchy.root, palette: palette, options: Options(), vocabulary: vocabulary)
        builder.textWidth = frameStackWidth
        let rows = builder.stackRows(
            title: "NOW", routes: hierarchy.path, root: hierarchy.root, hierarchy: hierarchy,
            annotations: annotations, folds: folds)
        let node = Node(
            id: "now", label: .html(.table(builder.roundedTable(rows, color: palette.line, fill: palette.layerFill))),
            attributes: ["id": "now", "class": "stack-now", "tooltip": "now: " + notation])
        return Diagram(
            name: "stack",
            attributes: [
                "bgcolor": palette.background, "fontname": Typography.family, "fontcolor": palette.text,
                "pad": "0.05", "class": "timeline-diagram frame-stack",
            ],
            nodeDefaults: [
                "shape": "plain", "fontname": Typography.family, "fontsize": String(TimelineBuilder.screenSize),
                "fontcolor": palette.text, "color": palette.line,
            ],
            nodes: [node])
    }
}
