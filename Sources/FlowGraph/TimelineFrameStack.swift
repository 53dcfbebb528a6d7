import FlowModel
import Graphviz

extension TimelineDiagram {
    /// The widest a frame's stack is laid out in the HTML player, in points: beside the frame's text in a
    /// window 900 px wide, shown 10 % larger than its natural size (so its smallest text is 14.7 px).
    static let frameStackWidth = 250.0

    /// One state of the app drawn as the timeline draws its stacks before and after, for a frame of the HTML
    /// player: `NOW   on screen: X`, then every layer top first, one line each (`LAYER 1 · SHEET ☰  Cart ›
    /// Checkout`), the app's whole path when child FlowStacks are nested, runs of screens folded into `⋮ N`
    /// when `folds`. A table the page shows as HTML (``Graphviz/HTMLTable/webMarkup(pixelsPerPoint:)``), so
    /// the player lays out only its timeline; its tooltip is `now: ` and the path.
    static func frameStack(
        _ hierarchy: PlanCoordinator, annotations: StateAnnotations, notation: String, theme: Theme,
        vocabulary: DiagramWords, folds: Bool
    ) -> HTMLTable {
        let palette = theme.palette
        var builder = TimelineBuilder(
            root: hierarchy.root, palette: palette, options: Options(), vocabulary: vocabulary)
        builder.textWidth = frameStackWidth
        let rows = builder.stackRows(
            title: "NOW", routes: hierarchy.path, root: hierarchy.root, hierarchy: hierarchy,
            annotations: annotations, folds: folds)
        var table = builder.roundedTable(rows, color: palette.line, fill: palette.layerFill)
        table.attributes = table.attributes.merging(["class": "stack-now", "tooltip": "now: " + notation])
        return table
    }

    /// The font a frame's stack is drawn in when a cell names none: the timeline's screen names'.
    static let frameStackFontSize = Double(TimelineBuilder.screenSize)
}
