import FlowModel
import Graphviz

/// One entry of a diagram's legend: a drawn sample of a style and what it means.
enum LegendItem: String, CaseIterable, Sendable {
    case push
    case sheet
    case cover
    case navigation
    case top
    case invalid
    case added
    case removed
    case updated
    case delay
    case folded
    case ownedChild
    case sharedChild

    /// What the style means, in words.
    var caption: String { caption(.flowStacks) }

    /// What the style means, in a library's words.
    func caption(_ vocabulary: DiagramWords) -> String {
        switch self {
        case .push: "\(vocabulary.pushName): plain box"
        case .sheet: "\(vocabulary.sheetName): rounded box"
        case .cover: "\(vocabulary.coverName): double border"
        case .navigation: vocabulary.navigationCaption
        case .top: "▲ top: the screen on screen"
        case .invalid: "⚠ rejected by \(vocabulary.rejectedBy) (red, dashed)"
        case .added: "new: added by this step"
        case .removed: "removed by this step"
        case .updated: vocabulary.updatedCaption
        case .delay: "◷ waited \(PlanTransition.secondsText(PlanTransition.stepDelay)), times from the start"
        case .folded: "⋮ kept as they were"
        case .ownedChild: "child FlowStack that owns its routes"
        case .sharedChild: "child FlowStack sharing its parent's path"
        }
    }

    /// The sample, drawn the way the diagram draws the style.
    func sample(_ palette: Palette, _ vocabulary: DiagramWords = .flowStacks) -> HTML {
        let caption = caption(vocabulary)
        let text = HTML.styled(caption, size: Typography.tiny, color: palette.text)
        func box(_ attributes: Attributes, _ content: HTML, cell: Attributes = [:]) -> HTML {
            let base: Attributes = ["border": "1", "cellborder": "0", "cellspacing": "0", "cellpadding": "4"]
            let cellAttributes = (["align": "left"] as Attributes).merging(cell)
            return .table(
                HTMLTable(attributes: base.merging(attributes), rows: [[HTMLCell(content, attributes: cellAttributes)]])
            )
        }
        switch self {
        case .push:
            return box(["color": palette.line, "bgcolor": palette.pushFill], text)
        case .sheet:
            return box(["color": palette.line, "bgcolor": palette.sheetFill, "style": "rounded"], text)
        case .cover:
            return box(
                ["color": palette.line, "cellborder": "1", "cellspacing": "2", "cellpadding": "3"], text,
                cell: ["bgcolor": palette.coverFill])
        case .navigation:
            return box(["border": "0", "bgcolor": palette.navigationBand], text)
        case .top:
            return box(
                ["color": palette.accent, "border": "3", "bgcolor": palette.pushFill],
                .styled(caption, size: Typography.tiny, color: palette.text, bold: true))
        case .invalid:
            return box(
                ["color": palette.error, "border": "2", "style": "dashed", "bgcolor": palette.errorFill],
                .styled(caption, size: Typography.tiny, color: palette.error))
        case .added:
            return box(
                ["color": palette.added, "border": "2", "bgcolor": palette.addedFill],
                .concat([
                    .styled("new", size: Typography.tiny, color: palette.added, bold: true),
                    .styled(": added by this step", size: Typography.tiny, color: palette.text),
                ]))
        case .removed:
            return box(
                ["color": palette.removed, "style": "dashed"],
                .concat([
                    .styled("Screen", size: Typography.tiny, color: palette.muted, strikethrough: true),
                    .styled(" removed", size: Typography.tiny, color: palette.removed, bold: true),
                    .styled(": by this step", size: Typography.tiny, color: palette.text),
                ]))
        case .updated:
            return box(["border": "0"], .styled(caption, size: Typography.tiny, color: palette.updated))
        case .delay:
            return box(["border": "0"], .styled(caption, size: Typography.tiny, color: palette.delay, bold: true))
        case .folded:
            return box(["border": "0"], .styled(caption, size: Typography.tiny, color: palette.muted))
        case .ownedChild:
            return box(["color": palette.childLine, "border": "2", "bgcolor": palette.childFill], text)
        case .sharedChild:
            return box(["color": palette.childLine, "style": "dashed", "bgcolor": palette.background], text)
        }
    }
}

/// The block above a diagram: its title, a few lines about what it shows, and the legend of the styles used.
func headerLabel(
    title: String, subtitle: [String], legend: [LegendItem], palette: Palette,
    vocabulary: DiagramWords = .flowStacks, width: Double? = nil, titleLines maximumTitleLines: Int? = nil
) -> Label {
    // Within `width` points, the title and the lines under it wrap (at the estimated average character width).
    // A title longer than `maximumTitleLines` lines is set smaller (down to 16 pt) until it fits them.
    var titleSize = Typography.title
    func titleLines(at size: Int) -> [String] {
        width.map { wrapped(title, width: max(20, Int($0 / (Double(size) * 0.68)))) } ?? [title]
    }
    var lines = titleLines(at: titleSize)
    while let maximumTitleLines, lines.count > maximumTitleLines, titleSize > 16 {
        titleSize -= 2
        lines = titleLines(at: titleSize)
    }
    var rows: [[HTMLCell]] = lines.map { line in
        [
            HTMLCell(
                .styled(line, size: titleSize, color: palette.text, bold: true),
                attributes: ["align": "left"])
        ]
    }
    // Lines under the title wrap at their estimated width (with 4 % to spare), not at a count of characters.
    let wrap = { (line: String) in
        width.map { wrappedToWidth(line, points: max(200, $0 * 0.96), size: Typography.small) } ?? [line]
    }
    for line in subtitle.flatMap(wrap) {
        rows.append([
            HTMLCell(.styled(line, size: Typography.small, color: palette.muted), attributes: ["align": "left"])
        ])
    }
    if !legend.isEmpty {
        // At most three samples a row, so the legend is not much wider than a small drawing; fewer when the
        // widest sample would not fit `width` three times (after the "Legend" cell).
        let widest = legend.map { LabelWidth.of($0.sample(palette, vocabulary), size: Typography.tiny) }.max() ?? 0
        let perRow = width.map { max(1, min(3, Int(($0 - 56) / (max(196, widest) + 4)))) } ?? 3
        // Graphviz stretches a nested table to its cell, so the samples form a grid of equal columns.
        let columns = min(perRow, legend.count)
        var legendRows: [[HTMLCell]] = []
        for start in stride(from: 0, to: legend.count, by: perRow) {
            let first: HTML =
                start == 0 ? .styled("Legend", size: Typography.tiny, color: palette.muted, bold: true) : .text("")
            var cells = [HTMLCell(first, attributes: ["align": "left"])]
            cells += legend[start..<min(start + perRow, legend.count)].map {
                HTMLCell($0.sample(palette, vocabulary), attributes: ["width": "196"])
            }
            while cells.count < columns + 1 { cells.append(HTMLCell(.text(""))) }
            legendRows.append(cells)
        }
        let legendTable = HTMLTable(
            attributes: ["border": "0", "cellborder": "0", "cellspacing": "4", "cellpadding": "0"], rows: legendRows)
        rows.append([HTMLCell(.table(legendTable), attributes: ["align": "left"])])
    }
    let table = HTMLTable(
        attributes: ["border": "0", "cellborder": "0", "cellspacing": "2", "cellpadding": "1"], rows: rows)
    return .html(.table(table))
}

/// Where a diagram's header (its graph label) goes: top left, above everything drawn.
let headerPlacement: Attributes = ["labelloc": "t", "labeljust": "l"]
