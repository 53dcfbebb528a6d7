import FlowModel
import Graphviz

/// A presentation layer drawn as one line, the way people write a stack by hand: the layer's header, then its
/// screens from the one presenting it to its top (`Cart ☰ › Checkout`), each a small box of its kind; lines
/// wrap within the column.
extension TimelineBuilder {
    /// One box of a layer line and its estimated width in points.
    struct Chip {
        var cell: HTMLCell
        var width: Double
        /// Rows drawn under the line (an invalid screen's reason).
        var below: [[HTMLCell]] = []
        /// Whether it is a layer's header (no `›` after it).
        var isHeader = false
        /// A note on the layer (`depth 3`), not a screen: after the last screen when it fits there whole (no `›`
        /// before it), else on rows of its own.
        var note: String?
    }

    /// A chip of a cell's content: its width estimated from the content.
    func chip(_ cell: HTMLCell, below: [[HTMLCell]] = []) -> Chip {
        Chip(cell: cell, width: LabelWidth.of(cell.content, size: Self.screenSize), below: below)
    }

    /// The header chip of a layer: `LAYER 1 · SHEET ☰`, `ROOT ☰`, `dismissed` when a moment removes it.
    mutating func layerChip(_ layer: PresentationLayer, dismissed: Bool = false) -> Chip {
        if layer.hasNavigation { used.insert(.navigation) }
        let title = vocabulary.layerTitle(layer)
        var parts: [HTML] = [
            .styled(
                (vocabulary.capitalizesLayerTitles ? title.uppercased() : title)
                    + (layer.hasNavigation ? " " + vocabulary.navigationMarker.prefix(1) : ""),
                size: Typography.small, color: layer.hasNavigation ? palette.text : palette.muted, bold: true)
        ]
        if dismissed { parts.append(.styled(" dismissed", size: Typography.small, color: palette.removed, bold: true)) }
        var attributes: Attributes = ["align": "left", "cellpadding": "2"]
        attributes["bgcolor"] = layer.hasNavigation ? palette.navigationBand : palette.layerFill
        var header = chip(HTMLCell(.concat(parts), attributes: attributes))
        header.isHeader = true
        return header
    }

    /// A `⋮ N` chip for screens kept as they were.
    mutating func foldedChip(_ count: Int) -> Chip {
        used.insert(.folded)
        return chip(
            HTMLCell(
                .styled("⋮ \(count) screens", size: Typography.small, color: palette.muted),
                attributes: ["align": "left", "cellpadding": "2"]))
    }

    /// The chip of a route (its row from ``routeRows(_:index:isAdded:updatedFrom:problem:notes:)``); an invalid
    /// one says why below the line unless `saysWhy` is false (a moment whose line keeps a route already said
    /// invalid marks it `⚠` only).
    mutating func routeChip(
        _ route: PlanRoute, index: Int, isAdded: Bool, updatedFrom: String?, problem: String?, notes: [String] = [],
        saysWhy: Bool = true
    ) -> Chip {
        var rows = routeRows(
            route, index: index, isAdded: isAdded, updatedFrom: updatedFrom, problem: problem, notes: notes,
            showsKind: false)
        var cell = rows.removeFirst()[0]
        // In a line the screen is text: a new one green and bold (tagged `new`), an invalid one red.
        if isAdded { cell.content = .font(["color": palette.added], cell.content) }
        return chip(cell, below: saysWhy ? rows : [])
    }

    /// The chip of the root screen.
    func rootChip(_ root: Root, notes: [String] = []) -> Chip {
        var text = screenLines(root.screen)
        if !notes.isEmpty { text = .concat([text, noteText(notes)]) }
        return chip(HTMLCell(text, attributes: ["align": "left", "bgcolor": palette.pushFill, "cellpadding": "2"]))
    }

    /// The chips of removed routes, bottom first, struck and tagged `removed`.
    mutating func removedChips(_ routes: [PlanRoute]) -> [Chip] {
        // removedRows draws them top first, one row each.
        removedRows(routes, showsKind: false).reversed().map { row in
            var cell = row[0]
            cell.attributes["cellpadding"] = "2"
            return chip(cell)
        }
    }

    /// Rows holding chips packed into lines no wider than the column, `›` between screens: one left-aligned
    /// cell of text per line, tinted as the layer is shown (`fill`).
    func lineRows(_ chips: [Chip], fill: String) -> [[HTMLCell]] {
        let limit = textWidth ?? .infinity
        let separator = Typography.estimatedWidth(" › ", size: Self.screenSize)
        var lines: [[Chip]] = [[]]
        var width = 0.0
        var noteRows: [[HTMLCell]] = []
        for chip in chips {
            let extra = (lines[lines.count - 1].isEmpty ? 0 : separator) + chip.width
            if let note = chip.note, width + extra > limit {
                noteRows.append(textRow(note, size: Typography.small, color: palette.muted))
                continue
            }
            if !lines[lines.count - 1].isEmpty, width + extra > limit {
                lines.append([])
                width = 0
            }
            lines[lines.count - 1].append(chip)
            width += extra
        }
        var rows: [[HTMLCell]] = []
        for line in lines where !line.isEmpty {
            var parts: [HTML] = []
            for (index, chip) in line.enumerated() {
                // No arrow after the layer's header, nor before a line's first screen.
                if index > 0 {
                    let gap = chip.note != nil ? "   " : line[index - 1].isHeader ? "  " : nil
                    parts.append(gap.map(HTML.text) ?? .styled(" › ", color: palette.muted))
                }
                parts.append(chip.cell.content)
            }
            rows.append([HTMLCell(.concat(parts), attributes: ["align": "left", "bgcolor": fill])])
            // Two screens of a line invalid for one reason (each push into a sheet without navigation) say it once.
            var said: Set<[HTMLCell]> = []
            rows += line.flatMap(\.below).filter { said.insert($0).inserted }
        }
        return rows + noteRows
    }

    /// The tint of a layer's line: the colour of its kind.
    func fill(of layer: PresentationLayer) -> String {
        switch layer.style {
        case .sheet: palette.sheetFill
        case .cover: palette.coverFill
        case .push, nil: palette.pushFill
        }
    }

    /// A whole flat stack as layer lines, top layer first; when `folds`, runs of screens fold into `⋮ N`.
    ///
    /// `problems` (reasons by route index) replaces the flat stack's own rules, e.g. for nested coordinators.
    mutating func stackLines(
        _ routes: [PlanRoute], root: Root, annotations: StateAnnotations, folds: Bool,
        problems given: [Int: String]? = nil
    ) -> [[HTMLCell]] {
        let layers = routes.presentationLayers(rootHasNavigation: root.withNavigation)
        let problems =
            given
            ?? Dictionary(
                routes.problems(rootHasNavigation: root.withNavigation).map { ($0.index, $0.reason) },
                uniquingKeysWith: { first, _ in first })
        var rows: [[HTMLCell]] = []
        for layer in layers.reversed() {
            var chips = [layerChip(layer)]
            var run: [Int] = []
            func flush() {
                if run.count >= Options.minimumCollapsedRun {
                    chips.append(foldedChip(run.count))
                } else {
                    for index in run {
                        chips.append(
                            index == -1
                                ? rootChip(root)
                                : routeChip(routes[index], index: index, isAdded: false, updatedFrom: nil, problem: nil)
                        )
                    }
                }
                run = []
            }
            let indices = (layer.index == 0 ? [-1] : []) + layer.routeIndices
            for (position, index) in indices.enumerated() {
                let notes = annotations.notes[index] ?? []
                let isTop = position == indices.count - 1
                let presents = index >= 0 && routes[index].isPresented
                if folds, !isTop, !presents, index == -1 || problems[index] == nil, notes.isEmpty {
                    run.append(index)
                    continue
                }
                flush()
                chips.append(
                    index == -1
                        ? rootChip(root, notes: notes)
                        : routeChip(
                            routes[index], index: index, isAdded: false, updatedFrom: nil, problem: problems[index],
                            notes: notes))
            }
            flush()
            rows += lineRows(chips, fill: fill(of: layer))
        }
        return rows
    }
}
