import FlowModel
import Graphviz

/// How a map diff drawing marks what changed, on one side, touching only what does not move the layout:
/// colours, line styles and visibility. Words that mark a change (`+ new`, `− removed`, `push → sheet`)
/// are the same on both sides, so every label keeps its size.
struct DiffMarks {
    /// The theme's colours.
    var palette: Palette
    /// The side drawn.
    var side: NavigationMapDiffDiagram.Side
    /// How the side drawn shows each screen: the styles of the calls that reach it, by node id.
    var incoming: [String: Set<NavigationMap.Style>]

    /// Marks a stack's box.
    func mark(_ subgraph: inout Subgraph, _ status: NavigationMapDiffDiagram.Status) {
        switch (status, side) {
        case (.added, .base):
            subgraph.attributes["style"] = "invis"
        case (.added, .head):
            subgraph.attributes["color"] = palette.added
            subgraph.attributes["penwidth"] = "2.5"
        case (.removed, .head):
            subgraph.attributes["style"] = "rounded,dashed"
            subgraph.attributes["color"] = palette.removed
        default:
            break
        }
    }

    /// Marks a screen or deep-link entry.
    func mark(_ node: inout Node, _ status: NavigationMapDiffDiagram.Status) {
        look(&node)
        switch status {
        case .added: node.label = appending(node.label, "+ new", color: palette.added)
        case .removed: node.label = appending(node.label, "− removed", color: palette.removed)
        default: break
        }
        switch (status, side) {
        case (.added, .base):
            node.attributes["style"] = "invis"
        case (.added, .head):
            node.attributes["color"] = palette.added
            node.attributes["fillcolor"] = palette.addedFill
            node.attributes["penwidth"] = "3"
            node.attributes["class"] = (node.attributes["class"] ?? "") + " added"
        case (.removed, .head):
            let rounded = node.attributes["style"]?.contains("rounded") == true
            node.attributes["style"] = rounded ? "rounded,filled,dashed" : "filled,dashed"
            node.attributes["color"] = palette.removed
            node.attributes["fillcolor"] = palette.background
            node.attributes["penwidth"] = "1.5"
            node.attributes["class"] = (node.attributes["class"] ?? "") + " removed"
        default:
            break
        }
    }

    /// Fills a screen as the side drawn shows it (rounded and blue when only sheets reach it, violet when
    /// only covers do), since the union's calls mix both sides'. A cover's double border stays as the union
    /// has it: it changes the node's size.
    private func look(_ node: inout Node) {
        let classes = node.attributes["class"] ?? ""
        guard classes.hasPrefix("screen"), !classes.contains("root"), node.attributes["color"] == nil else { return }
        let styles = incoming[node.id] ?? []
        let sheet = !styles.isEmpty && styles.isSubset(of: [.sheet])
        let cover = !styles.isEmpty && styles.isSubset(of: [.cover])
        node.attributes["style"] = sheet ? "rounded,filled" : "filled"
        node.attributes["fillcolor"] = sheet ? palette.sheetFill : cover ? palette.coverFill : nil
    }

    /// Marks an arrow of style `style` (`push`, `sheet`, …: its style in the head, or the base's when removed).
    ///
    /// A removed arrow is as heavy as an added one (dashed grey against solid green). In the base drawing the
    /// words only the head means — `− `, `+ `, ` → sheet` — are laid out but transparent, so the label has the
    /// same size on both sides (the layouts stay anchored) while the base says only what it had.
    func mark(_ edge: inout Edge, _ status: NavigationMapDiffDiagram.Status, style: String) {
        let word = Self.word(edge.label, style: style)
        switch status {
        case .same:
            return
        case .added:
            edge.label = label([("+ ", true), (word, false)])
            if side == .base {
                edge.attributes["style"] = "invis"
            } else {
                paint(&edge, palette.added, style: style)
                edge.attributes["class"] = "\(style)-edge added"
            }
        case .removed:
            edge.label = label([("− ", true), (word, false)])
            if side == .head {
                paint(&edge, palette.removed, style: style)
                edge.attributes["style"] = style == "sheet" ? "bold,dashed" : "dashed"
                edge.attributes["class"] = "\(style)-edge removed"
            }
        case .restyled(let was):
            edge.label = label([(was, false), (" → " + word, true)])
            if side == .base {
                let old = was.replacingOccurrences(of: " ☰", with: "")
                edge.attributes["style"] = old == "sheet" ? "bold" : old == "replace" ? "dashed" : nil
                edge.attributes["color"] = old == "cover" ? "\(palette.line):invis:\(palette.line)" : nil
                edge.attributes["class"] = "\(old)-edge"
            } else {
                paint(&edge, palette.accent, style: style)
                edge.attributes["class"] = "\(style)-edge restyled"
            }
        }
    }

    /// An arrow's label from its pieces, each flagged when only the head means it: hidden in the base drawing,
    /// written in the colour of the stack's box it sits on (Graphviz writes `transparent` text as `#fffffe`,
    /// which a dark theme would show).
    private func label(_ pieces: [(text: String, headOnly: Bool)]) -> Label {
        .html(
            .concat(
                pieces.map { piece in
                    HTML.styled(
                        piece.text, size: Typography.small,
                        color: piece.headOnly && side == .base ? palette.layerFill : nil)
                }))
    }

    /// Colours an arrow and its label, keeping a cover's double line.
    private func paint(_ edge: inout Edge, _ color: String, style: String) {
        edge.attributes["color"] = style == "cover" ? "\(color):invis:\(color)" : color
        edge.attributes["fontcolor"] = color
        if style != "cover" { edge.attributes["penwidth"] = "2" }
    }

    /// The arrow's words: its label (`sheet`, `cover ×2`), or its style for a push, which has none.
    private static func word(_ label: Label?, style: String) -> String {
        if case .text(let text)? = label { return text }
        return style
    }

    /// A label with one more line, in `color`.
    private func appending(_ label: Label?, _ line: String, color: String) -> Label {
        let mark = HTML.styled(line, size: Typography.tiny, color: color, bold: true)
        guard case .html(let html)? = label else { return .html(mark) }
        return .html(.concat([html, .lineBreak(), mark]))
    }
}
