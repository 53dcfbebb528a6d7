import FlowModel

/// The boxes of ``TextDiagram/stack(title:root:routes:coordinator:width:vocabulary:)``: one per presentation
/// layer of a coordinator's path, bottom first, indented by depth, and each child FlowStack that owns its routes
/// drawn the same way right after the layer hosting it, indented further.
struct StackBoxes {
    /// The widest line, in columns.
    let width: Int
    let vocabulary: DiagramWords
    /// The marks the boxes use, for the legend line.
    var legend: LegendMarks
    /// Why the library rejects a route, by `coordinator#index` in that coordinator's path.
    var problems: [String: String] = [:]

    private let indentStep = 2
    private let topMark = "  ◀ top"

    init(width: Int, vocabulary: DiagramWords, legend: LegendMarks) {
        self.width = width
        self.vocabulary = vocabulary
        self.legend = legend
    }

    /// `■ cover` and a space in FlowStacks' words; `■ .fullScreenCover` in SwiftfulRouting's.
    private var tagWidth: Int {
        max(
            9,
            ([PlanRouteStyle.push, .sheet(withNavigation: false), .cover(withNavigation: false)].map {
                vocabulary.presentedKind(of: $0)
            }
            .map(MonospaceText.width).max() ?? 0) + 4)
    }

    /// The lines of `coordinator`'s layers from `root`, `indent` columns in; `onScreen` when its top screen is
    /// the one on screen. `roots` are the hierarchy's effective roots by name.
    mutating func coordinator(
        _ coordinator: PlanCoordinator, root: Root, roots: [String: Root], indent: Int, onScreen: Bool = true
    ) -> [String] {
        let elements = coordinator.pathElements
        let routes = elements.map(\.entry.route)
        let layers = routes.presentationLayers(rootHasNavigation: root.withNavigation)
        let tagWidth = tagWidth
        let maximumIndent = min(indent + indentStep * max(0, layers.count - 1), width / 2)
        let notes = elements.map(Self.note)
        let labels = [root.screen] + zip(routes, notes).map { $0.screen + $1 }
        let widest = labels.map { MonospaceText.width(MonospaceText.clean($0)) }.max() ?? 0
        let headers = layers.map {
            MonospaceText.width(vocabulary.layerTitle($0) + " · " + vocabulary.navigation($0.hasNavigation)) + 4
        }
        let needed = max(tagWidth + widest + MonospaceText.width(topMark), headers.max() ?? 0, 40)
        let inner = max(tagWidth + 12, min(needed, width - 4 - maximumIndent))
        let labelWidth = inner - tagWidth - MonospaceText.width(topMark)
        // The route on screen: the path's top unless it hosts a child owning its routes (then the child's).
        let topIndex = elements.last?.entry.child?.ownsRoutes == true ? nil : elements.indices.last

        var lines: [String] = []
        for layer in layers {
            let pad = String(repeating: " ", count: min(indent + indentStep * layer.index, maximumIndent))
            let border = TextBox.Border.forLayer(layer.style)
            if layer.hasNavigation { legend.used.insert(.navigation) }
            let header = vocabulary.layerTitle(layer) + " · " + vocabulary.navigation(layer.hasNavigation)
            lines.append(pad + TextBox.top(border, title: header, inner: inner))
            var rows: [String] = []
            if layer.index == 0 {
                rows += TextDiagram.labelRows(
                    tag: "⌂ root", label: root.screen, isTop: onScreen && routes.isEmpty, tagWidth: tagWidth,
                    labelWidth: labelWidth, topMark: topMark)
            }
            var children: [PlanCoordinator] = []
            for index in layer.routeIndices {
                let route = routes[index]
                let mark = LegendMarks.Mark(style: route.style)
                legend.used.insert(mark)
                let word = vocabulary.presentedKind(of: route.style)
                var tag = mark.symbol + " " + word
                let problem = problems["\(coordinator.name)#\(index)"]
                if problem != nil {
                    legend.used.insert(.invalid)
                    tag = "✗ " + word
                }
                rows += TextDiagram.labelRows(
                    tag: tag, label: route.screen + notes[index], isTop: onScreen && index == topIndex,
                    tagWidth: tagWidth, labelWidth: labelWidth, topMark: topMark)
                if let problem {
                    let reasonLines = MonospaceText.wrapped(
                        MonospaceText.clean(problem), width: inner - tagWidth - 2, maximumLines: 4)
                    for (number, text) in reasonLines.enumerated() {
                        rows.append(String(repeating: " ", count: tagWidth) + (number == 0 ? "↳ " : "  ") + text)
                    }
                }
                if let child = elements[index].entry.child, child.ownsRoutes { children.append(child) }
            }
            lines += rows.map { pad + TextBox.line(border, $0, inner: inner) }
            lines.append(pad + TextBox.bottom(border, inner: inner))
            // A child owning its routes, drawn inside the layer hosting it: further in, under its name.
            for child in children {
                let childIndent = min(indent + indentStep * layer.index + 4, width / 2)
                let childRoot = roots[child.name] ?? child.root
                lines.append(
                    String(repeating: " ", count: childIndent - 2) + "┆ child FlowStack "
                        + MonospaceText.clean(child.name) + " · owns its routes · root "
                        + MonospaceText.clean(childRoot.screen))
                let hostIsTop = child.name == elements.last?.entry.child?.name
                lines += self.coordinator(
                    child, root: childRoot, roots: roots, indent: childIndent, onScreen: onScreen && hostIsTop)
            }
        }
        return lines
    }

    /// What a route says after its screen about the child it hosts, or who it belongs to.
    private static func note(_ element: PlanCoordinator.PathElement) -> String {
        guard let child = element.entry.child else { return "" }
        return "  hosts " + child.name + (child.ownsRoutes ? "" : " (shares path)")
    }
}
