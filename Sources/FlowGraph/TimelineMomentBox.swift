import FlowModel
import Graphviz

/// The boxes of a timeline's story: a moment (when, what it does, the layer it acts on, on screen), a rule set's
/// column header, and the whole stacks before and after.
extension TimelineBuilder {
    /// The label of one moment: one line when that says it all — `◷ 0.65 s  dismiss sheet Terms ☰  → on screen:
    /// Cart` — with the action first on a transition's first moment; below it the layers it changes (removed
    /// screens struck, new ones tagged) unless the line already names every screen it adds or removes. What the
    /// moment keeps is not repeated: the stacks before and after draw it.
    mutating func momentLabel(
        _ moment: TimelineMoment, transition: PlanTransition, index: Int, count: Int, parts: Bool,
        annotations: StateAnnotations = .none
    ) -> HTML {
        var words =
            moment.libraryWords
            ?? MomentWords.sentence(moment.change, before: moment.before, after: moment.after, vocabulary: vocabulary)
        // `2. push(Number(1))` already says what it does: only where it acts is left to say, on its layer.
        let saysIt = Self.actionSaysIt(moment, transition: transition)
        if !saysIt, let coordinator = moment.coordinator { words = "in \(coordinator): " + words }
        let header = momentHeader(
            moment, transition: transition, index: index, count: count, parts: parts, words: saysIt ? nil : words,
            onScreen: moment.onScreen)
        var rows = [header.cells]
        var lines = annotations.lines
        if !Self.lineSaysItAll(moment, annotations: annotations) {
            let layerRows = changedLayerRows(
                moment, notes: annotations.notes, actingIn: saysIt ? moment.coordinator : nil, stateLines: lines)
            rows += layerRows.rows
            if layerRows.saysStateLines { lines = [] }
        }
        for line in lines {
            rows.append(textRow(line, size: Typography.small, color: palette.muted))
        }
        if !header.saysOnScreen, !Self.addsWhatIsOnScreen(moment) {
            rows.append(onScreenRow(moment.onScreen))
        }
        return .table(roundedTable(rows, color: palette.line, fill: palette.layerFill))
    }

    /// Whether the screen on screen after a moment is the last one it adds, so `push Orders` says it already.
    static func addsWhatIsOnScreen(_ moment: TimelineMoment) -> Bool {
        guard let top = moment.after.indices.last, moment.change.added.contains(top) else { return false }
        return moment.after[top].screen == moment.onScreen && moment.hostedRootsAfter[top] == nil
    }

    /// Whether a moment's one line names everything it changes, so its layer rows would only repeat it: it adds
    /// screens (each named: `push Orders, order(id: 1234)`, `present sheet Terms ☰`), or it dismisses presented
    /// screens with nothing pushed on them (`dismiss sheet payment(method: "card")`), in FlowStacks' own words,
    /// updating nothing, breaking no rule, with no note on a screen, in a plan without child FlowStacks.
    static func lineSaysItAll(_ moment: TimelineMoment, annotations: StateAnnotations) -> Bool {
        let change = moment.change
        guard moment.libraryWords == nil, moment.coordinator == nil, change.updated.isEmpty,
            moment.brokenHere.isEmpty, annotations.notes.isEmpty, annotations.lines.isEmpty
        else { return false }
        if change.removed.isEmpty {
            return !change.added.isEmpty
                && moment.after.problems(rootHasNavigation: moment.root.withNavigation).isEmpty
        }
        return change.added.isEmpty
            && change.removed.allSatisfy { moment.before.indices.contains($0) && moment.before[$0].isPresented }
    }

    /// Whether a moment's action already says what it does: the only moment of an action that only adds
    /// screens, each named in the action (`push(Number(1))`, `presentSheet(Terms, withNavigation: true)`).
    static func actionSaysIt(_ moment: TimelineMoment, transition: PlanTransition) -> Bool {
        guard let action = transition.action, moment.update == 1, moment.isLast, moment.libraryWords == nil,
            moment.change.removed.isEmpty, moment.change.updated.isEmpty, !moment.change.added.isEmpty
        else { return false }
        return moment.change.added.allSatisfy {
            moment.after.indices.contains($0) && action.contains(moment.after[$0].screen)
        }
    }

    /// The header of a moment: `3. presentSheet(Terms)` on a transition's first moment, then the running time,
    /// `◆ first difference` where rule sets part, what it does (`words`) and `→ on screen: X`, each on the line
    /// before when it fits there whole (`saysOnScreen` when the screen on screen is said).
    private mutating func momentHeader(
        _ moment: TimelineMoment, transition: PlanTransition, index: Int, count: Int, parts: Bool, words: String?,
        onScreen: String
    ) -> (cells: [HTMLCell], saysOnScreen: Bool) {
        if moment.delayed { used.insert(.delay) }
        let time = (moment.delayed ? "◷ " : "") + PlanTransition.secondsText(Double(moment.hundredths) / 100)
        // Bold text runs up to 8 % wider than estimated: a line must not widen the box (12 % to spare).
        let room = (textWidth ?? .infinity) / 1.12
        let fits = { (pieces: [HTML]) in LabelWidth.of(.concat(pieces), size: Self.screenSize) <= room }
        var lines: [HTML] = []
        var last: [HTML] = []
        /// Adds `pieces` to the last line when they fit there, else starts a line with them.
        func add(_ pieces: [HTML]) {
            let joined = last + [.styled("   ", size: Typography.heading)] + pieces
            if last.isEmpty {
                last = pieces
            } else if fits(joined) {
                last = joined
            } else {
                lines.append(.concat(last))
                last = pieces
            }
        }
        if moment.update == 1, let action = transition.action {
            // A transition only the base of a comparison has is not numbered: the numbers are the head's.
            let number = count > 1 && index >= 0 ? "\(options.firstTransitionNumber + index). " : ""
            let title = wrappedLines(number + action, size: Typography.heading, bold: true).map {
                HTML.styled($0, size: Typography.heading, color: palette.text, bold: true)
            }
            lines += title.dropLast()
            last = title.last.map { [$0] } ?? []
        }
        add([.styled(time, size: Typography.heading, color: moment.delayed ? palette.delay : palette.text, bold: true)])
        if parts {
            add([.styled("◆ first difference", size: Typography.small, color: palette.accent, bold: true)])
        }
        if let words {
            for (offset, line) in wrappedLines(words, size: Typography.heading, bold: true).enumerated() {
                let piece = HTML.styled(line, size: Typography.heading, color: palette.text, bold: true)
                if offset == 0 {
                    add([piece])
                } else {
                    lines.append(.concat(last))
                    last = [piece]
                }
            }
        }
        // What is on screen after the moment, on the last line when it fits whole there, unless the screen it
        // adds last is what is on screen (`push Orders` says it).
        let withScreen = last + onScreenPieces(onScreen, gap: "    → ")
        let saysOnScreen = !Self.addsWhatIsOnScreen(moment) && fits(withScreen)
        lines.append(.concat(saysOnScreen ? withScreen : last))
        let cell = HTMLCell(
            .lines(lines, align: "left"),
            attributes: ["bgcolor": palette.headerFill, "align": "left", "cellpadding": "3"])
        return ([cell], saysOnScreen)
    }

    /// `on screen: X` after a gap, as pieces of a line: the words muted, the screen bold in the accent colour.
    private func onScreenPieces(_ screen: String, gap: String) -> [HTML] {
        [
            .styled(gap + "on screen: ", size: Typography.small, color: palette.muted),
            .styled(screen, size: Typography.heading, color: palette.accent, bold: true),
        ]
    }

    /// The layers a moment changes, top first, down to the lowest it touches (those below are the stacks' to draw);
    /// the state's own lines (`depth 3`) after the root layer's screens when it is drawn (`saysStateLines`).
    private mutating func changedLayerRows(
        _ moment: TimelineMoment, notes: [Int: [String]], actingIn: String?, stateLines: [String]
    ) -> (rows: [[HTMLCell]], saysStateLines: Bool) {
        let layers = MomentLayers(moment)
        let (beforeLayers, afterLayers) = (layers.before, layers.after)
        let (removed, added, updated) = (layers.removed, layers.added, layers.updated)
        var touched = layers.touched
        // A moment that changes no route but a note on one (an alert shown on it) draws that screen's layer.
        if touched.isEmpty {
            touched = notes.keys.filter { moment.after.indices.contains($0) }.map(layers.layerAfter(holding:))
        }
        guard let lowest = touched.min() else {
            return ([textRow("nothing changes on screen", size: Typography.small, color: palette.muted)], false)
        }
        var rows: [[HTMLCell]] = []
        var saysStateLines = false
        let top = max(beforeLayers.count, afterLayers.count) - 1
        for layerIndex in stride(from: top, through: lowest, by: -1) {
            let after = afterLayers.indices.contains(layerIndex) ? afterLayers[layerIndex] : nil
            let before = beforeLayers.indices.contains(layerIndex) ? beforeLayers[layerIndex] : nil
            guard let shown = after ?? before else { continue }
            var chips = [layerChip(shown, dismissed: after == nil)]
            if let actingIn, layerIndex == top {
                chips[0].cell.content = .concat([
                    chips[0].cell.content,
                    .styled(" in \(actingIn)", size: Typography.small, color: palette.childLine, bold: true),
                ])
                chips[0].width += Typography.estimatedWidth(" in \(actingIn)", size: Typography.small, bold: true)
            }
            var kept: [Chip] = []
            var new: [Chip] = []
            if let after {
                (kept, new) = layerScreenChips(after, moment: moment, added: added, updated: updated, notes: notes)
            }
            let gone = (before?.routeIndices ?? []).filter(removed.contains).map { moment.before[$0] }
            chips += kept + removedChips(gone) + new
            // The state's lines tell the root stack's state (`path: 2 values`, `depth 3`): on its line.
            if layerIndex == 0, !stateLines.isEmpty {
                saysStateLines = true
                let text = stateLines.joined(separator: " · ")
                var note = chip(
                    HTMLCell(.styled(text, size: Typography.small, color: palette.muted), attributes: ["align": "left"])
                )
                note.note = text
                chips.append(note)
            }
            rows += lineRows(chips, fill: fill(of: shown))
        }
        return (rows, saysStateLines)
    }

    /// The chips of a layer's screens after a moment, bottom first: those it keeps (runs of unchanged ones
    /// folded into `⋮ N`; the layer's presenter, noted and updated screens drawn) and those it adds.
    private mutating func layerScreenChips(
        _ layer: PresentationLayer, moment: TimelineMoment, added: Set<Int>, updated: Set<Int>,
        notes: [Int: [String]]
    ) -> (kept: [Chip], added: [Chip]) {
        var kept: [Chip] = []
        var new: [Chip] = []
        var run: [Int] = []
        // A route hosting a child FlowStack shows the child's root: named right after it, as the stacks do.
        let hostedChips = moment.hostedRootsAfter.mapValues { rootChip(Root(screen: $0)) }
        func hosted(_ index: Int) -> [Chip] { hostedChips[index].map { [$0] } ?? [] }
        func flush() {
            if run.count >= Options.minimumCollapsedRun {
                kept.append(foldedChip(run.count))
            } else {
                for index in run {
                    kept.append(screenChip(index, moment: moment, isAdded: false, updatedFrom: nil, notes: []))
                    kept += hosted(index)
                }
            }
            run = []
        }
        let indices = (layer.index == 0 ? [-1] : []) + layer.routeIndices
        let lastKept = indices.last { $0 == -1 || !added.contains($0) }
        for index in indices {
            let isAdded = index >= 0 && added.contains(index)
            let isUpdated = index >= 0 && updated.contains(index)
            let routeNotes = notes[index] ?? []
            if isAdded {
                let chip = screenChip(index, moment: moment, isAdded: true, updatedFrom: nil, notes: routeNotes)
                // A screen added below one that stays (SwiftfulRouting's push under the screen on top) is
                // drawn where it is; screens added on top come after what the moment removes.
                if let lastKept, index < lastKept {
                    flush()
                    kept += [chip] + hosted(index)
                } else {
                    new += [chip] + hosted(index)
                }
                continue
            }
            let presents = index >= 0 && moment.after[index].isPresented
            if !isUpdated, routeNotes.isEmpty, !presents, index != lastKept {
                run.append(index)
                continue
            }
            flush()
            kept.append(
                screenChip(
                    index, moment: moment, isAdded: false,
                    updatedFrom: isUpdated && moment.before.indices.contains(index) ? moment.before[index].screen : nil,
                    notes: routeNotes))
            kept += hosted(index)
        }
        flush()
        return (kept, new)
    }

    /// One screen of a moment's layer (`-1`: the root).
    private mutating func screenChip(
        _ index: Int, moment: TimelineMoment, isAdded: Bool, updatedFrom: String?, notes: [String]
    ) -> Chip {
        guard index >= 0 else { return rootChip(moment.root, notes: notes) }
        // A nested moment's problems are located in the app's whole path, as the stacks before and after say them.
        let problem =
            moment.coordinator == nil
            ? moment.after.problems(rootHasNavigation: moment.root.withNavigation).first { $0.index == index }?.reason
            : moment.nestingProblems[index]
        // Why a route is invalid is said in the moment that makes it so; later moments keeping it mark it only.
        let saidBefore =
            !isAdded
            && (moment.coordinator == nil
                ? moment.before.problems(rootHasNavigation: moment.root.withNavigation).contains {
                    $0.index == index && $0.reason == problem
                }
                : !moment.brokenHere.contains(index))
        return routeChip(
            moment.after[index], index: index, isAdded: isAdded, updatedFrom: updatedFrom, problem: problem,
            notes: notes, saysWhy: !saidBefore)
    }

    /// One line for the layers below a moment's change: `on Shop › sheet Cart ☰ › Checkout, unchanged`.
    mutating func unchangedBelow(_ layers: [PresentationLayer], routes: [PlanRoute], root: Root) -> String {
        used.insert(.folded)
        var path: [String] = []
        for layer in layers {
            let screens = layer.routeIndices.map { routes[$0] }
            if layer.index == 0 { path.append(root.screen) }
            let pushes = screens.filter { !$0.isPresented }
            if let presenter = screens.first(where: \.isPresented) {
                path.append(MomentWords.kindAndName(presenter, vocabulary: vocabulary))
            }
            if pushes.count > 2 { path.append("⋮ \(pushes.count - 1) screens") }
            if let last = pushes.last {
                if pushes.count == 2 { path.append(pushes[0].screen) }
                path.append(last.screen)
            }
        }
        if path.count > 4 { path = [path[0], "⋮ \(path.count - 3) screens"] + path.suffix(2) }
        return "⋮ on " + path.joined(separator: " › ") + ", unchanged"
    }

    /// `on screen: X`, wrapped, never cut; after the line for what a moment keeps below (`after`), on the same
    /// line when both fit.
    mutating func onScreenRow(_ screen: String, after below: String? = nil, title: String? = nil) -> [HTMLCell] {
        // A title (`BEFORE`) starts the line: the name wraps in what is left of it.
        let titleWidth = title.map { Typography.estimatedWidth($0 + "   ", size: Typography.heading, bold: true) } ?? 0
        let lines =
            textWidth.map {
                wrappedToWidth(
                    "on screen: " + screen, points: max(80, $0 - titleWidth), size: Typography.heading, bold: true)
            } ?? ["on screen: " + screen]
        var parts: [HTML] = []
        if let title {
            parts.append(.styled(title + "   ", size: Typography.heading, color: palette.text, bold: true))
        }
        if let below {
            let both = below + "   on screen: " + screen
            let fits = wrappedLines(both, size: Typography.heading, bold: true).count == 1
            let belowLines = wrappedLines(below, size: Typography.small)
            for (index, line) in belowLines.enumerated() {
                parts.append(.styled(line, size: Typography.small, color: palette.muted))
                if !(fits && index == belowLines.count - 1) { parts.append(.lineBreak(align: "left")) }
            }
            if fits { parts.append(.styled("   ", size: Typography.small)) }
        }
        for (index, line) in lines.enumerated() {
            if index == 0, line.hasPrefix("on screen: ") {
                parts.append(.styled("on screen: ", size: Typography.small, color: palette.muted))
                parts.append(
                    .styled(String(line.dropFirst(11)), size: Typography.heading, color: palette.accent, bold: true))
            } else {
                parts.append(.styled(line, size: Typography.heading, color: palette.accent, bold: true))
            }
            parts.append(.lineBreak(align: "left"))
        }
        return [HTMLCell(.concat(parts), attributes: ["align": "left", "cellpadding": "3"])]
    }

    /// A left-aligned row of text wrapped to the column.
    func textRow(_ text: String, size: Int, color: String, bold: Bool = false) -> [HTMLCell] {
        let lines = wrappedLines(text, size: size, bold: bold).map {
            HTML.styled($0, size: size, color: color, bold: bold)
        }
        return [HTMLCell(.lines(lines, align: "left"), attributes: ["align": "left"])]
    }

    /// Text split into lines that fit the column at `size` (one line when nothing wraps).
    func wrappedLines(_ text: String, size: Int, bold: Bool = false) -> [String] {
        guard let textWidth else { return [text] }
        return wrappedToWidth(text, points: textWidth, size: size, bold: bold)
    }

    /// The header of a rule set's column: its rules, updates and time.
    func columnHeader(_ row: TimelineDiagram.Row, column: Int) -> Node {
        let figures = row.figures()
        let rules = vocabulary.rules ?? row.transitions.first?.rules.summary ?? ""
        let title = row.label.map { rules.hasPrefix($0) ? rules : $0 } ?? rules
        var lines: [HTML] = wrappedLines(title, size: Typography.heading, bold: true).map {
            .styled($0, size: Typography.heading, color: palette.accent, bold: true)
        }
        if let label = row.label, !rules.hasPrefix(label) {
            lines += wrappedLines(rules, size: Typography.small).map {
                .styled($0, size: Typography.small, color: palette.muted)
            }
        }
        let count = "\(figures.updates) · \(figures.seconds)"
        let countText = HTML.styled(count, size: Typography.small, color: palette.text, bold: true)
        // `iOS 16 · NavigationView   4 updates · 1.95 s` on one line when it fits.
        if lines.count == 1, wrappedLines(title + "    " + count, size: Typography.heading, bold: true).count == 1 {
            lines[0] = .concat([lines[0], .styled("    ", size: Typography.small), countText])
        } else {
            lines.append(countText)
        }
        let table = roundedTable(
            [[HTMLCell(.lines(lines, align: "left"), attributes: ["align": "left"])]], color: palette.line,
            fill: palette.headerFill)
        let id = "column-\(column)"
        return Node(
            id: id, label: .html(.table(table)),
            attributes: [
                "id": id, "class": "transition column row-\(column)", "group": "column\(column)",
                "tooltip": "\(title): \(count)",
            ])
    }

    /// The whole stacks before the change and after it, drawn once for every rule set.
    mutating func endStacks(_ rows: [TimelineDiagram.Row], width: Double) -> (before: Node?, after: Node?) {
        // In a comparison, the stacks are the head's: a transition only the base has is not its start or end.
        let played = rows.first?.played
        guard let first = played?.first, let last = played?.last else { return (nil, nil) }
        var before = stackNode(
            id: "before", title: "before", routes: first.from, transition: first, hierarchy: first.nesting?.start,
            isStart: true)
        var after = stackNode(
            id: "after", title: "after", routes: last.steps.last ?? last.to, transition: last,
            hierarchy: last.nesting?.hierarchies.last, isStart: false)
        if let startNote { before.label = noted(before.label, startNote) }
        if let endNote { after.label = noted(after.label, endNote) }
        return (before, after)
    }

    /// A stack's box with a line at its foot in the colour of updates: what the other version had there.
    private func noted(_ label: Label?, _ note: String) -> Label? {
        guard case .html(.table(var table)) = label else { return label }
        table.rows.append(textRow(note, size: Typography.small, color: palette.updated, bold: true))
        return .html(.table(table))
    }

    /// Every route the app shows (``PlanCoordinator/appPath``) with the coordinator it belongs to and the child it
    /// hosts, if any.
    /// `pathOwner` and `pathIndex` locate the route in the path of the coordinator that owns it (as
    /// ``NestingProblem`` does).
    static func appPathOwners(_ coordinator: PlanCoordinator) -> [AppPathElement] {
        coordinator.pathElements.enumerated().flatMap { index, element -> [AppPathElement] in
            let own = AppPathElement(
                route: element.entry.route, owner: element.owner, child: element.entry.child,
                pathOwner: coordinator.name, pathIndex: index)
            guard let child = element.entry.child, child.ownsRoutes else { return [own] }
            return [own] + appPathOwners(child)
        }
    }

    /// A stack as the library writes it: the first transition's `from` or the last one's `to`.
    private func stackNotation(_ routes: [PlanRoute], isStart: Bool) -> String {
        let details = isStart ? vocabulary.details.first : vocabulary.details.last
        return (isStart ? details?.from : details?.to) ?? routes.notation
    }

    /// A whole stack: a header saying what is on screen, then every layer top first.
    private mutating func stackNode(
        id: String, title: String, routes: [PlanRoute], transition: PlanTransition, hierarchy: PlanCoordinator?,
        isStart: Bool
    ) -> Node {
        let details = vocabulary.details(at: isStart ? 0 : max(0, vocabulary.details.count - 1))
        let noteIndex = isStart ? 0 : max(0, transition.steps.count - 1)
        let annotations =
            details.flatMap { $0.annotations.indices.contains(noteIndex) ? $0.annotations[noteIndex] : nil } ?? .none
        let rows = stackRows(
            title: title.uppercased(), routes: routes, root: transition.nesting?.root ?? root, hierarchy: hierarchy,
            annotations: annotations, folds: collapsesUnchangedScreens)
        return Node(
            id: id, label: .html(.table(roundedTable(rows, color: palette.line, fill: palette.layerFill))),
            attributes: [
                "id": id, "class": "stack-\(id)", "tooltip": "\(title): " + stackNotation(routes, isStart: isStart),
            ])
    }

    /// The rows of a whole stack: `TITLE   on screen: X`, then every layer top first, one line each (`folds`:
    /// runs of screens folded into `⋮ N`). With child FlowStacks (`hierarchy` has children) the layers are
    /// the app's whole path, numbered as the screen stacks them (as the moments number them), each screen
    /// saying which child it hosts or belongs to.
    mutating func stackRows(
        title: String, routes: [PlanRoute], root: Root, hierarchy: PlanCoordinator?, annotations: StateAnnotations,
        folds: Bool
    ) -> [[HTMLCell]] {
        var rows: [[HTMLCell]] = []
        if let hierarchy, hierarchy.hasChildren {
            let path = Self.appPathOwners(hierarchy)
            let located = Dictionary(
                hierarchy.problems().map { ("\($0.coordinator)#\($0.routeIndex)", $0.reason) },
                uniquingKeysWith: { first, _ in first })
            // The app's path as the moments name it: each route hosting a child followed by the child's root (a
            // screen the app shows), problems and notes moved along; a route says where it belongs only when it
            // is a child's sharing its parent's path (a child owning its routes is told by its root).
            var shown: [PlanRoute] = []
            var problems: [Int: String] = [:]
            var notes: [Int: [String]] = [:]
            for element in path {
                let index = shown.count
                shown.append(element.route)
                problems[index] = located["\(element.pathOwner)#\(element.pathIndex)"]
                if element.owner != element.pathOwner { notes[index] = ["in \(element.owner)"] }
                guard let child = element.child else { continue }
                used.insert(child.ownsRoutes ? .ownedChild : .sharedChild)
                if !child.ownsRoutes { notes[index, default: []].append("hosts \(child.name) (shares path)") }
                let root = hierarchy.effectiveRoots[child.name] ?? child.root
                shown.append(.push(root.screen + (root.withNavigation ? " ☰" : "")))
            }
            rows += stackLines(
                shown, root: hierarchy.effectiveRoots[hierarchy.name] ?? hierarchy.root,
                annotations: StateAnnotations(notes: notes), folds: folds, problems: problems)
        } else {
            rows += stackLines(routes, root: root, annotations: annotations, folds: folds)
        }
        let onScreen =
            hierarchy.map { $0.screenOnScreen(roots: $0.effectiveRoots) } ?? routes.last?.screen ?? root.screen
        var header = onScreenRow(onScreen, title: title)
        header[0].attributes["bgcolor"] = palette.headerFill
        rows.insert(header, at: 0)
        return rows
    }
}

/// A route the app shows, with where it comes from in a coordinator hierarchy.
struct AppPathElement {
    var route: PlanRoute
    /// The coordinator it belongs to (a child sharing its parent's path, or the path's own).
    var owner: String
    /// The child FlowStack it hosts.
    var child: PlanCoordinator?
    /// The coordinator whose path holds it, and its index there.
    var pathOwner: String
    var pathIndex: Int
}
