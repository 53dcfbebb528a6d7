import FlowGraph
import Graphviz

/// Ways to look into a `Diagram` value the way a reader looks at the picture.
extension Diagram {
    /// Every node, inside clusters or not, in insertion order.
    var allNodes: [Node] {
        func collect(_ subgraph: Subgraph) -> [Node] { subgraph.nodes + subgraph.subgraphs.flatMap(collect) }
        return nodes + subgraphs.flatMap(collect)
    }

    /// Every subgraph, nested or not.
    var allSubgraphs: [Subgraph] {
        func collect(_ subgraph: Subgraph) -> [Subgraph] { [subgraph] + subgraph.subgraphs.flatMap(collect) }
        return subgraphs.flatMap(collect)
    }

    /// The node with an id, if any.
    func node(_ id: String) -> Node? { allNodes.first { $0.id == id } }

    /// The text of the header above the drawing (title, notes, legend).
    var headerText: String { label.plainText }
}

extension Label {
    /// All text in the label, pieces joined by spaces.
    var plainText: String {
        switch self {
        case .text(let text): text
        case .html(let html): html.texts.joined(separator: " ")
        }
    }
}

extension Label {
    /// What a box says is on screen: the text after `on screen:` to the end of its cell (the header line's end,
    /// or the row's), pieces joined by spaces; `nil` when it says none, or says it more than once.
    var onScreenText: String? {
        guard case .html(let html) = self else { return nil }
        let said = html.cellTexts.compactMap { pieces -> String? in
            guard let start = pieces.lastIndex(where: { $0.hasSuffix("on screen: ") }) else { return nil }
            return pieces[(start + 1)...].joined(separator: " ")
        }
        return said.count == 1 ? said[0] : nil
    }
}

extension HTML {
    /// The text pieces of each cell of the tables inside, outermost cells first (a cell's own nested tables
    /// are not listed again). A cell that only holds a table, as a borderless table holding a box, is that
    /// table's cells: what a reader sees as cells.
    var cellTexts: [[String]] {
        switch self {
        case .text, .lineBreak: []
        case .concat(let parts): parts.flatMap(\.cellTexts)
        case .font(_, let content), .bold(let content), .italic(let content), .underline(let content),
            .strikethrough(let content), .subscript(let content):
            content.cellTexts
        case .table(let table):
            table.rows.flatMap { row in
                row.flatMap { cell -> [[String]] in
                    if case .table = cell.content { return cell.content.cellTexts }
                    return [cell.content.texts]
                }
            }
        }
    }
}

extension Optional where Wrapped == Label {
    /// All text in the label, or "" without one.
    var plainText: String { self?.plainText ?? "" }

    /// What the label says is on screen (``Label/onScreenText``), or `nil` without one.
    var onScreenText: String? { self?.onScreenText }
}

extension HTML {
    /// The text pieces, in reading order.
    var texts: [String] {
        switch self {
        case .text(let text): [text]
        case .lineBreak: []
        case .concat(let parts): parts.flatMap(\.texts)
        case .font(_, let content), .bold(let content), .italic(let content), .underline(let content),
            .strikethrough(let content), .subscript(let content):
            content.texts
        case .table(let table): table.rows.flatMap { $0.flatMap(\.content.texts) }
        }
    }

    /// Whether some text inside is struck through.
    func containsStruckThrough(_ needle: String) -> Bool {
        switch self {
        case .text, .lineBreak: false
        case .strikethrough(let content): content.texts.joined().contains(needle)
        case .concat(let parts): parts.contains { $0.containsStruckThrough(needle) }
        case .font(_, let content), .bold(let content), .italic(let content), .underline(let content),
            .subscript(let content):
            content.containsStruckThrough(needle)
        case .table(let table): table.rows.contains { $0.contains { $0.content.containsStruckThrough(needle) } }
        }
    }

    /// The colours of the `<FONT>`s around each text equal to `needle`, innermost first.
    func fontColors(of needle: String, inside colors: [String] = []) -> [String] {
        switch self {
        case .text(let text): text == needle ? colors : []
        case .lineBreak: []
        case .font(let attributes, let content):
            content.fontColors(of: needle, inside: (attributes["color"].map { [$0] } ?? []) + colors)
        case .concat(let parts): parts.flatMap { $0.fontColors(of: needle, inside: colors) }
        case .bold(let content), .italic(let content), .underline(let content), .strikethrough(let content),
            .subscript(let content):
            content.fontColors(of: needle, inside: colors)
        case .table(let table): table.rows.flatMap { $0.flatMap { $0.content.fontColors(of: needle, inside: colors) } }
        }
    }

    /// The table cells, nested tables included.
    var cells: [HTMLCell] {
        switch self {
        case .text, .lineBreak: []
        case .concat(let parts): parts.flatMap(\.cells)
        case .font(_, let content), .bold(let content), .italic(let content), .underline(let content),
            .strikethrough(let content), .subscript(let content):
            content.cells
        case .table(let table): table.rows.flatMap { $0.flatMap { [$0] + $0.content.cells } }
        }
    }
}

extension Label {
    /// The HTML inside, if the label is HTML.
    var html: HTML? {
        if case .html(let html) = self { return html }
        return nil
    }
}
