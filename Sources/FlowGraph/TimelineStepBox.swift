import FlowModel
import Graphviz

/// The rows a timeline draws stacks with: layers top first, screens top first, removed screens struck, added
/// ones tagged `new`, unchanged runs folded.
extension TimelineBuilder {
    /// The screens a step removes, top first, struck through and tagged `removed`, above the stack that stays.
    mutating func removedRows(_ routes: [PlanRoute], showsKind: Bool = true) -> [[HTMLCell]] {
        guard !routes.isEmpty else { return [] }
        used.insert(.removed)
        return routes.reversed().map { route in
            var screen: HTML = .concat([
                .font(
                    ["color": palette.muted],
                    .strikethrough(screenLines(route.screen, reserve: route.isPresented && showsKind ? 130 : 70))),
                tag("removed", color: palette.removed),
            ])
            if route.isPresented, showsKind {
                screen = .concat([
                    screen, .styled("  " + kindName(route), size: Typography.small, color: palette.muted),
                ])
            }
            return [
                HTMLCell(
                    screen,
                    attributes: [
                        "align": "left", "border": "1", "style": "dashed", "color": palette.removed,
                        "bgcolor": palette.layerFill,
                    ])
            ]
        }
    }

    /// A small word after a screen saying what happened to it, e.g. `new` or `removed`: a label, never a sign
    /// that could be read as arithmetic next to a number.
    func tag(_ word: String, color: String) -> HTML {
        .styled("  " + word, size: Typography.small, color: color, bold: true)
    }

    /// The short name of a presented route's kind, with `☰` when it has navigation.
    func kindName(_ route: PlanRoute) -> String {
        vocabulary.presentedKind(of: route.style) + (route.withNavigation ? " ☰" : "")
    }

    /// The rounded box of a step (or of a child's part of it): no cell borders, 2 pt between rows.
    func roundedTable(_ rows: [[HTMLCell]], border: Int = 1, color: String, fill: String) -> HTMLTable {
        HTMLTable(
            attributes: [
                "border": "\(border)", "cellborder": "0", "cellspacing": "0", "cellpadding": "1", "style": "rounded",
                "color": color, "bgcolor": fill,
            ],
            rows: rows)
    }

    /// The row of one route: its screen, tagged `new` when the step adds it, `old → new` when it updates its
    /// contents (`↻ X` when the name stays, e.g. an alert shown on it), in red with the reason when it is invalid.
    ///
    /// Only a presenting route is tagged with its kind: every other route of a layer is a push, and the layer's
    /// header names the kind too. Text in the node's default font needs no `<FONT>`: with thousands of steps,
    /// every text span Graphviz measures costs layout time.
    mutating func routeRows(
        _ route: PlanRoute, index: Int, isAdded: Bool, updatedFrom previousScreen: String?, problem: String?,
        notes: [String] = [], showsKind: Bool = true
    ) -> [[HTMLCell]] {
        var cell: Attributes = ["align": "left"]
        switch route.style {
        case .push: cell["bgcolor"] = palette.pushFill
        case .sheet: cell["bgcolor"] = palette.sheetFill
        case .cover: cell["bgcolor"] = palette.coverFill
        }
        var screen: HTML
        if isAdded {
            used.insert(.added)
            cell["border"] = "2"
            cell["color"] = palette.added
            cell["bgcolor"] = palette.addedFill
            screen = .concat([
                .bold(screenLines(route.screen, reserve: route.isPresented ? 100 : 40)),
                tag("new", color: palette.added),
            ])
        } else if let previousScreen, previousScreen == route.screen {
            // Updated in place without a new name (e.g. an alert shown on it): marked, no `X → X`.
            used.insert(.updated)
            screen = .font(
                ["color": palette.updated], .concat([.text("↻ "), screenLines(route.screen, reserve: 70)]))
        } else if let previousScreen {
            used.insert(.updated)
            screen = .concat([
                .font(["color": palette.muted], screenLines(previousScreen, reserve: 30)),
                .styled(" → ", color: palette.updated, bold: true),
                .font(["color": palette.updated], screenLines(route.screen, reserve: 70)),
            ])
        } else {
            screen = screenLines(route.screen, reserve: route.isPresented ? 70 : 0)
        }
        if route.isPresented, showsKind {
            screen = .concat([screen, .styled("  " + kindName(route), size: Typography.small, color: palette.muted)])
        }
        if !notes.isEmpty {
            screen = .concat([screen, noteText(notes)])
        }
        if problem != nil {
            used.insert(.invalid)
            cell["border"] = "2"
            cell["style"] = "dashed"
            cell["color"] = palette.error
            cell["bgcolor"] = palette.errorFill
            screen = .concat([.styled("⚠ ", color: palette.error, bold: true), screen])
        }
        var rows: [[HTMLCell]] = [[HTMLCell(screen, attributes: cell)]]
        if let problem {
            // As wide as the box's text where it is known (a moment's line), else 40 characters.
            if let textWidth {
                let lines = wrappedToWidth(problem, points: max(80, textWidth), size: Typography.small)
                    .map { HTML.styled($0, size: Typography.small, color: palette.error) }
                rows.append([HTMLCell(.lines(lines, align: "left"), attributes: ["align": "left"])])
            } else {
                rows.append(wrappedRow(problem, width: 40, size: Typography.small, color: palette.error))
            }
        }
        return rows
    }

    /// A screen's name, wrapped (never cut) into lines no wider than ``textWidth`` at the screen size.
    ///
    /// `reserve` is room kept on the line for the tags after the name.
    func screenLines(_ name: String, reserve: Double = 0) -> HTML {
        guard let textWidth else { return .text(name) }
        let lines = wrappedToWidth(name, points: max(80, textWidth - reserve), size: Self.screenSize)
        guard lines.count > 1 else { return .text(name) }
        var parts: [HTML] = []
        for (index, line) in lines.enumerated() {
            if index > 0 { parts.append(.lineBreak(align: "left")) }
            parts.append(.text(line))
        }
        return .concat(parts)
    }

    /// Notes of a screen (its id, alert, modals) after its name, small and in the accent colour.
    func noteText(_ notes: [String]) -> HTML {
        .styled("  " + notes.joined(separator: " · "), size: Typography.small, color: palette.accent, bold: true)
    }

    /// A left-aligned row of `text` wrapped at `width` characters, in one size and colour.
    func wrappedRow(_ text: String, width: Int, size: Int, color: String) -> [HTMLCell] {
        let lines = wrapped(text, width: width).map { HTML.styled($0, size: size, color: color) }
        return [HTMLCell(.lines(lines, align: "left"), attributes: ["align": "left"])]
    }
}
