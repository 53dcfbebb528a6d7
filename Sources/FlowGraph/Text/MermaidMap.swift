import FlowModel

extension MermaidDiagram {
    /// An app's navigation map as a Mermaid `flowchart LR`, which GitHub shows inline in Markdown.
    ///
    /// It says what the SVG map says (``NavigationMapDiagram``): a subgraph per stack, titled by the type that
    /// makes it, its library and whether it has navigation; the root a stadium `([⌂ root])`, a screen reached
    /// only as a sheet rounded, only as a cover double-bordered; deep-link entries flagged `>…]`; a thin arrow
    /// pushes, a thick one presents (`sheet`, `cover`), a dotted one replaces the routes (`routes =`), and a
    /// dotted one ending in a circle leads from a screen to the stack it holds. One arrow per pair of screens and
    /// style, `×N` when several calls make it; back and dismiss calls are listed on their screen (`↩ goBack()`).
    /// Every name goes through ``MermaidText``.
    public static func map(_ map: NavigationMap, title: String = "Navigation map") -> String {
        MapChart(map: map, nodeStatus: [:], edgeStatus: [:]).lines(title: title, counts: true)
    }

    /// The change between two maps (``NavigationMapDiffDiagram``) as one Mermaid flowchart of the stacks it
    /// touches (a pull request's comment shows what changed, not the whole app): the union of both sides, what
    /// the head adds green, bold and `+ new` (`+ sheet` on an arrow), what it removes grey, dashed and
    /// `− removed`, a call whose style changed blue and `push → sheet`. `nil` when no stack, screen or call
    /// changed.
    public static func mapDiff(_ diff: NavigationMapDiffDiagram, title: String) -> String? {
        var touched = diff.renamedStacks
        let screens = Dictionary(diff.union.screens.map { ($0.id, $0.coordinator) }) { first, _ in first }
        let entries = Dictionary(diff.union.entries.map { ($0.id, $0.coordinator) }) { first, _ in first }
        for coordinator in diff.union.coordinators where (diff.nodeStatus[coordinator.id] ?? .same) != .same {
            touched.insert(coordinator.id)
        }
        for (id, status) in diff.nodeStatus where status != .same {
            if let stack = screens[id] ?? entries[id] { touched.insert(stack) }
        }
        for edge in diff.union.edges
        where (diff.edgeStatus[NavigationMapDiffDiagram.drawingKey(edge)] ?? .same) != .same {
            if let stack = screens[edge.from] ?? entries[edge.from] { touched.insert(stack) }
        }
        guard !touched.isEmpty else { return nil }
        var map = diff.union
        map.coordinators = map.coordinators.filter { touched.contains($0.id) }
        map.screens = map.screens.filter { touched.contains($0.coordinator) }
        map.entries = map.entries.filter { touched.contains($0.coordinator) }
        map.problems = []
        return MapChart(map: map, nodeStatus: diff.nodeStatus, edgeStatus: diff.edgeStatus)
            .lines(title: title, counts: false)
    }

    /// A chart that says no stack, screen or call changed, for `diff -T mermaid` when none did.
    public static func noChange(title: String) -> String {
        (header(title: title, direction: "LR") + ["  none[\(MermaidText.quoted("no stack, screen or call changed"))]"])
            .joined(separator: "\n") + "\n"
    }
}

/// The lines of a map chart, marked by the statuses of a diff (none for a plain map).
private struct MapChart {
    var map: NavigationMap
    var nodeStatus: [String: NavigationMapDiffDiagram.Status]
    var edgeStatus: [String: NavigationMapDiffDiagram.Status]

    /// The most back calls a screen lists; the rest are counted.
    static let listedBacks = 3

    /// The chart, titled `title` (and the map's counts, when `counts`).
    func lines(title: String, counts: Bool) -> String {
        let shown = map.edges.filter(\.showsScreen)
        var heading = title
        if counts {
            heading +=
                " · \(map.coordinators.count) stack\(map.coordinators.count == 1 ? "" : "s")"
                + " · \(map.screens.count) screens · \(shown.count) calls"
            if !map.problems.isEmpty {
                heading += " · ⚠ \(map.problems.count) problem\(map.problems.count == 1 ? "" : "s")"
            }
        }
        var lines = MermaidDiagram.header(title: heading, direction: "LR")
        var ids: [String: String] = [:]
        for (index, screen) in map.screens.enumerated() { ids[screen.id] = "s\(index)" }
        for (index, entry) in map.entries.enumerated() { ids[entry.id] = "e\(index)" }
        var incoming: [String: Set<NavigationMap.Style>] = [:]
        for edge in shown { incoming[edge.to ?? "", default: []].insert(edge.style) }
        var classes: [String: [String]] = [:]
        for (index, coordinator) in map.coordinators.enumerated() {
            var heading =
                "\(coordinator.owner) · \(coordinator.library.displayName) · "
                + (coordinator.withNavigation ? "with navigation" : "no navigation")
            if let mark = mark(nodeStatus[coordinator.id]) { heading += " · " + mark }
            lines.append("  subgraph c\(index)[\(MermaidText.quoted(heading))]")
            lines.append("    direction TB")
            for screen in map.screens where screen.coordinator == coordinator.id {
                guard let id = ids[screen.id] else { continue }
                let styles = incoming[screen.id] ?? []
                var text = [(screen.isRoot ? "⌂ " : "") + screen.name]
                if let view = screen.view, view != screen.name { text.append(view) }
                if !screen.backCalls.isEmpty {
                    let listed = screen.backCalls.prefix(Self.listedBacks).joined(separator: " · ")
                    let more = screen.backCalls.count - Self.listedBacks
                    text.append("↩ " + listed + (more > 0 ? " +\(more)" : ""))
                }
                if let mark = mark(nodeStatus[screen.id]) { text.append(mark) }
                let label = MermaidText.quoted(lines: text)
                let kind: String
                if screen.isRoot {
                    lines.append("    \(id)([\(label)])")
                    kind = "rootScreen"
                } else if !styles.isEmpty, styles.isSubset(of: [.sheet]) {
                    lines.append("    \(id)(\(label))")
                    kind = "sheet"
                } else if !styles.isEmpty, styles.isSubset(of: [.cover]) {
                    lines.append("    \(id)[[\(label)]]")
                    kind = "cover"
                } else {
                    lines.append("    \(id)[\(label)]")
                    kind = "push"
                }
                classes[className(nodeStatus[screen.id]) ?? kind, default: []].append(id)
            }
            for entry in map.entries where entry.coordinator == coordinator.id {
                guard let id = ids[entry.id] else { continue }
                var text = ["deep link", entry.name]
                if let mark = mark(nodeStatus[entry.id]) { text.append(mark) }
                lines.append("    \(id)>\(MermaidText.quoted(lines: text))]")
                classes[className(nodeStatus[entry.id]) ?? "entry", default: []].append(id)
            }
            lines.append("  end")
        }
        let (arrows, styles) = arrowLines(shown, ids: ids)
        lines += arrows
        lines += MermaidDiagram.classDefinitions()
        lines += [
            "  classDef entry fill:#f6f8fa,stroke:#8c959f,color:#1a202c",
            "  classDef mapAdded fill:#e6ffed,stroke:#1a7f37,stroke-width:3px,color:#1a202c",
            "  classDef mapRemoved fill:#ffffff,stroke:#8c959f,stroke-dasharray:5 3,color:#57606a",
        ]
        for name in ["rootScreen", "push", "sheet", "cover", "entry", "mapAdded", "mapRemoved"] {
            lines += MermaidDiagram.assign(name, classes[name] ?? [])
        }
        for (index, coordinator) in map.coordinators.enumerated() {
            switch nodeStatus[coordinator.id] {
            case .added?: lines.append("  style c\(index) stroke:#1a7f37,stroke-width:3px")
            case .removed?: lines.append("  style c\(index) stroke:#8c959f,stroke-dasharray:5 3")
            default: if coordinator.withNavigation { lines.append("  style c\(index) stroke-width:2px") }
            }
        }
        lines += styles
        return lines.joined(separator: "\n") + "\n"
    }

    /// One arrow per pair of screens and style (then the dotted arrows to the stacks screens hold), and the
    /// `linkStyle` lines that colour the changed ones.
    private func arrowLines(_ shown: [NavigationMap.Edge], ids: [String: String]) -> ([String], [String]) {
        var grouped: [(edge: NavigationMap.Edge, count: Int)] = []
        var positions: [String: Int] = [:]
        for edge in shown {
            let key = NavigationMapDiffDiagram.drawingKey(edge)
            if let position = positions[key] {
                grouped[position].count += 1
            } else {
                positions[key] = grouped.count
                grouped.append((edge, 1))
            }
        }
        var lines: [String] = []
        var styles: [String] = []
        for (edge, count) in grouped {
            guard let from = ids[edge.from], let to = ids[edge.to ?? ""] else { continue }
            var word: String
            let arrow: String
            switch edge.style {
            case .sheet: (word, arrow) = ("sheet", "==>")
            case .cover: (word, arrow) = ("cover", "==>")
            case .replace: (word, arrow) = ("routes =", "-.->")
            default: (word, arrow) = ("", "-->")
            }
            let index = lines.count
            switch edgeStatus[NavigationMapDiffDiagram.drawingKey(edge)] {
            case .added?:
                word = "+ " + (word.isEmpty ? edge.style.rawValue : word)
                styles.append("  linkStyle \(index) stroke:#1a7f37,stroke-width:3px")
            case .removed?:
                word = "− " + (word.isEmpty ? edge.style.rawValue : word)
                styles.append("  linkStyle \(index) stroke:#8c959f,stroke-width:2px,stroke-dasharray:5 3")
            case .restyled(let was)?:
                word = was + " → " + NavigationMapDiffDiagram.styleWord(edge)
                styles.append("  linkStyle \(index) stroke:#0969da,stroke-width:3px")
            default:
                break
            }
            if count > 1 { word += (word.isEmpty ? "" : " ") + "×\(count)" }
            lines.append("  \(from) \(arrow)" + (word.isEmpty ? "" : "|\(MermaidText.quoted(word))|") + " \(to)")
        }
        for coordinator in map.coordinators {
            guard let root = map.screens.first(where: { $0.coordinator == coordinator.id && $0.isRoot }),
                let to = ids[root.id]
            else { continue }
            for host in coordinator.hosts {
                guard let from = ids[host] else { continue }
                lines.append("  \(from) -.-o|\(MermaidText.quoted("its stack"))| \(to)")
            }
        }
        return (lines, styles)
    }

    /// `+ new` or `− removed` for a changed stack, screen or entry; `nil` for the rest.
    private func mark(_ status: NavigationMapDiffDiagram.Status?) -> String? {
        switch status {
        case .added?: "+ new"
        case .removed?: "− removed"
        default: nil
        }
    }

    private func className(_ status: NavigationMapDiffDiagram.Status?) -> String? {
        switch status {
        case .added?: "mapAdded"
        case .removed?: "mapRemoved"
        default: nil
        }
    }
}
