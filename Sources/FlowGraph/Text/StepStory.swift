import FlowModel

/// What one step of a played plan tells a person, in the words `-T txt` and `-T mermaid` both print.
///
/// Made from a ``PlanRun/Step`` alone: its running time (`0 s`, `0.65 s`, `1.30 s`), which update it is (the
/// starting state is not one), what it removes, adds and updates (`− ▲ Cart`, `+ → Orders`,
/// `~ Settings → Orders`, each said in the step where it happens), what is on screen after it, the parent stack
/// a step of a child FlowStack sits on, and the whole stack top layer first, each layer with its screens top
/// first.
struct StepStory {
    /// One presentation layer of the stack after the step.
    struct Layer {
        /// `root layer`, `layer 2 · sheet`, with `☰` when it can push and the coordinator it belongs to when nested.
        var title: String
        /// How the layer is shown; `nil` for the root's layer.
        var style: RouteStyle?
        /// Its screens, top first; the root's layer ends with the root.
        var screens: [Screen]
        /// The index in the path of the layer's top route; -1 for the root's layer without routes.
        var highestIndex: Int
    }

    /// One screen of a layer.
    struct Screen {
        /// `⌂`, `→`, `▲` or `■`.
        var symbol: String
        /// The screen's name as written.
        var name: String
        /// `+` when the step adds it, `~` when it updates its contents, `✗` when the library would reject it.
        var flags: String
    }

    /// `0.65 s · update 2`, `0 s · start`, `1.95 s · update 4 · end`.
    var header: String
    /// The running time alone, `0.65 s`.
    var time: String
    /// Whether the step waits for the library's delay before it is applied.
    var delayed: Bool
    /// Whether it is the transition's last step.
    var isEnd: Bool
    /// What the step does: `− …` removed, `+ …` added, `~ old → new` updated; empty for a starting state.
    var changes: [String]
    /// `on screen: Orders`.
    var onScreen: String
    /// For a step acting in a child FlowStack: `in Child, on Parent`.
    var context: String?
    /// For a step acting in a child FlowStack: the parent stack it sits on, bottom first, `⌂ Home › ▲ List ☰`.
    var parentPath: String?
    /// The stack after the step, top layer first.
    var layers: [Layer]
    /// The lowest path index the step adds or updates (`Int.max` if none); the layers below it are unchanged.
    var lowestChanged: Int

    /// Tells the story of `step` of `transition` in a plan whose root is `root`.
    ///
    /// - Parameters:
    ///   - step: The step, as the run played it.
    ///   - transition: The transition it belongs to.
    ///   - previous: The step before it in the same transition, `nil` for step 0.
    ///   - root: The plan's root.
    ///   - words: The library's words, which name the layers.
    init(_ step: PlanRun.Step, in transition: Transition, previous: PlanRun.Step?, root: Root, words: LibraryWords) {
        let count = transition.steps.count
        time = Self.runningTime(step.elapsed)
        delayed = step.delayed
        isEnd = step.index == count - 1 && count > 1
        let path = step.path
        let nested = step.hierarchy.map { $0.hasChildren } ?? false
        let before: [Route]
        if let previous {
            before = previous.path
        } else {
            before = nested ? path : transition.from
        }
        // The library's own description of the step, unless the whole app path is drawn for nested FlowStacks.
        let change = nested ? StepChange(from: before, to: path) : step.change

        var label: String
        if step.index == 0 {
            label =
                change.kind == .none ? "start" : count == 1 ? "update 1" : "start, contents set with update 1"
        } else {
            label = "update \(step.index)"
        }
        if isEnd { label += " · end" }
        header = time + " · " + label

        var changes: [String] = []
        let removed = change.removed.reversed().filter(before.indices.contains).map { Self.name(before[$0]) }
        if !removed.isEmpty { changes.append("− " + removed.joined(separator: ", ")) }
        let added = change.added.reversed().filter(path.indices.contains).map { Self.name(path[$0]) }
        if !added.isEmpty { changes.append("+ " + added.joined(separator: ", ")) }
        for index in change.updated where before.indices.contains(index) && path.indices.contains(index) {
            let old = before[index].screen
            changes.append("~ " + (old == path[index].screen ? old : "\(old) → \(path[index].screen)"))
        }
        // A step that changes no screen may still change what the library holds (a queue, an alert): its words.
        if changes.isEmpty, step.index > 0 { changes.append(change.kind == .none ? "no change" : change.summary) }
        self.changes = changes

        // Who owns each route of the path, and which routes host a child FlowStack with its own routes.
        let places = step.hierarchy.map(Self.places(in:)) ?? path.map { _ in Place(owner: nil, hosted: nil) }
        // The screen the user sees, as the timeline and the player name it; a child FlowStack's root says
        // which route hosts it.
        let visible = step.visibleScreen(root: root)
        let host = step.onScreen.map(\.screen).flatMap { $0 == visible ? nil : $0 }
        onScreen = "on screen: " + visible + (host.map { " (root of \($0))" } ?? "")

        context = nil
        parentPath = nil
        if nested, let hierarchy = step.hierarchy, let acting = step.coordinator, acting != hierarchy.name {
            let first = places.firstIndex { $0.owner == acting } ?? path.count
            let parent = hierarchy.parent(of: acting) ?? hierarchy.name
            let below = ["⌂ " + root.screen] + path[0..<min(first, path.count)].map(Self.name)
            context = "in \(acting), on \(parent)"
            parentPath = below.joined(separator: " › ")
        }

        let problems: Set<Int> =
            nested ? [] : Set(path.problems(rootHasNavigation: root.withNavigation).map(\.index))
        // A route hosting a child FlowStack with navigation lets the child push in its layer.
        var navigable = path
        for (index, place) in places.enumerated() where place.hosted?.root.withNavigation == true {
            if index < navigable.count, navigable[index].isPresented, !navigable[index].withNavigation {
                navigable[index] = Route(
                    screen: navigable[index].screen,
                    style: navigable[index].style.isSheet
                        ? .sheet(withNavigation: true) : .cover(withNavigation: true))
            }
        }
        let vocabulary = DiagramVocabulary(words: words)
        var layers: [Layer] = []
        for layer in navigable.presentationLayers(rootHasNavigation: root.withNavigation).reversed() {
            var title = vocabulary.layerTitle(layer) + (layer.hasNavigation ? " ☰" : "")
            if nested, let top = layer.routeIndices.last, let owner = places[top].owner {
                title += " · " + owner
            } else if nested, layer.index == 0, let name = step.hierarchy?.name {
                title += " · " + name
            }
            var screens: [Screen] = layer.routeIndices.reversed().map { index in
                var flags = ""
                if problems.contains(index) { flags += "✗" }
                if change.added.contains(index) { flags += "+" }
                if change.updated.contains(index) { flags += "~" }
                return Screen(symbol: Self.symbol(path[index].style), name: path[index].screen, flags: flags)
            }
            if layer.index == 0 { screens.append(Screen(symbol: "⌂", name: root.screen, flags: "")) }
            layers.append(
                Layer(
                    title: title, style: layer.style, screens: screens,
                    highestIndex: layer.routeIndices.last ?? -1))
        }
        self.layers = layers
        lowestChanged = (change.added + change.updated).min() ?? Int.max
    }

    /// The layers a folded drawing shows, top first: the top one and every one holding a change; and how many
    /// screens (the root included) are folded into one line below them.
    func foldedLayers() -> (kept: [Layer], foldedScreens: Int) {
        var keep = 0
        for (position, layer) in layers.enumerated() where position == 0 || layer.highestIndex >= lowestChanged {
            keep = position + 1
        }
        let folded = layers.dropFirst(keep).reduce(0) { $0 + $1.screens.count }
        return (Array(layers.prefix(keep)), folded)
    }

    /// `3 updates`, `1 update`, `no update`.
    static func updatesText(_ count: Int) -> String {
        count == 0 ? "no update" : count == 1 ? "1 update" : "\(count) updates"
    }

    /// A running time as the timeline writes it: `0 s`, `0.65 s`, `1.30 s`.
    static func runningTime(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100).rounded())
        guard hundredths != 0 else { return "0 s" }
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
    }

    /// The deep link a run resolved, as one line: `deep link URL · rule PATTERN · name = value, …`.
    static func deepLinkLine(_ run: PlanRun) -> String? {
        guard let link = run.deepLink else { return nil }
        var line = "deep link \(link.url) · rule \(link.rule.pattern.text)"
        let captures = link.captures.map { "\($0.name) = \($0.values.joined(separator: ", "))" }
        if !captures.isEmpty { line += " · " + captures.joined(separator: " · ") }
        return line
    }

    /// A route's mark and screen, with `☰` when it is presented with navigation: `▲ Cart ☰`, `→ Orders`.
    static func name(_ route: Route) -> String {
        symbol(route.style) + " " + route.screen + (route.isPresented && route.withNavigation ? " ☰" : "")
    }

    /// `→` push, `▲` sheet, `■` full-screen cover.
    static func symbol(_ style: RouteStyle) -> String {
        switch style {
        case .push: "→"
        case .sheet: "▲"
        case .cover: "■"
        }
    }

    /// Who owns a route of an app path, and the child FlowStack with its own routes the route hosts.
    struct Place {
        /// The coordinator whose entry the route is; `nil` when nothing is nested.
        var owner: String?
        /// The child FlowStack with its own routes shown in the route, if any.
        var hosted: Coordinator?
    }

    /// One place per route of `hierarchy.appPath`, in the same order.
    static func places(in hierarchy: Coordinator) -> [Place] {
        hierarchy.pathElements.flatMap { element -> [Place] in
            guard let child = element.entry.child, child.ownsRoutes else {
                return [Place(owner: element.owner, hosted: nil)]
            }
            return [Place(owner: element.owner, hosted: child)] + places(in: child)
        }
    }
}
