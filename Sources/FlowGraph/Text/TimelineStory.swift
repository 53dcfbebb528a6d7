import FlowModel

/// A played plan's change as the SVG timeline tells it, in plain words, for `-T txt` and `-T mermaid`: the
/// stack before (once), each moment the app redraws in one column per rule set (time going down, moments at
/// the same running time on the same row; those every rule set plays alike, before they part, told once), and
/// the stack after (once).
///
/// Made with ``TimelineBuilder``'s own moments, difference line and fold, so every output says the same: a
/// moment's running time (`◷ 0.65 s`), which update it is, what it does (`dismiss sheet Cart ☰ and pop 2`), the
/// layers it changes (`− removed`, `+ new`), what it keeps below (`⋮ on Shop, unchanged`) and `on screen: X`.
struct TimelineStory {
    /// The whole stack before or after the change.
    struct Stack {
        /// `before` or `after`.
        var title: String
        /// The screen on screen.
        var onScreen: String
        /// The app's path on one line, bottom first: `Shop ☰ › sheet Cart ☰ › Checkout`.
        var path: String
        /// Each layer on a line, top first: `layer 1 · sheet ☰: Cart › Checkout`.
        var layers: [String]
    }

    /// One moment the app redraws.
    struct Moment {
        /// The row of the shared time axis, counted over every transition.
        var row: Int
        /// `3. presentSheet(Terms)` on a transition's first moment when it has an action.
        var action: String?
        /// `0 s`, `◷ 0.65 s`.
        var time: String
        /// `update 2`, `update 4 · end`; empty for a change of one update.
        var update: String
        /// Whether rule sets part here.
        var parts: Bool
        /// What it does; `nil` when its action already says it.
        var words: String?
        /// What it does, said even when its action says it (`push SignUp`).
        var sentence: String
        /// The coordinator it acts in, when its action says what it does and children are nested (else the words
        /// say where: `in Onboarding: push terms`).
        var actingIn: String?
        /// The layers it changes, top first.
        var layers: [String]
        /// The layers below it keeps: `⋮ on Shop › sheet Cart ☰, unchanged`.
        var below: String?
        /// The screen on screen after it.
        var onScreen: String
        /// Whether it waited for the library's delay.
        var delayed: Bool
        /// Whether it ends its transition.
        var isLast: Bool
        /// What the library would reject among the routes it adds: `✗ Detail: push without navigation…`.
        var problems: [String]
        /// How the top layer it changes is shown (`nil`: the root's layer).
        var style: PlanRouteStyle?

        /// `0 s · update 1 · ◆ first difference`, after the action when there is one.
        var header: String {
            ([action, time, update.isEmpty ? nil : update, parts ? "◆ first difference" : nil].compactMap { $0 })
                .joined(separator: " · ")
        }
    }

    /// One rule set's column.
    struct Column {
        /// The rule set's label and rules: `iOS 16 · NavigationView`.
        var title: String
        /// `4 updates · 1.95 s`.
        var totals: String
        var moments: [Moment]
    }

    var title: String
    /// Lines under the title: the library, the deep link, the root, the rules of a single column, the difference.
    var notes: [String]
    var before: Stack?
    var after: Stack?
    var columns: [Column]
    /// How many rows the time axis has.
    var rows: Int
    /// How many of its first rows every rule set plays alike, told once before the columns part: the rows
    /// before `◆ first difference`, all of them when rule sets never differ; 0 for a single rule set.
    var sharedRows = 0

    /// The story of `run`, of every rule set or only of `ruleSet`.
    init(run: PlanRun, title: String?, ruleSet: Int? = nil) {
        let vocabulary = DiagramWords(run: run)
        let sets = ruleSet.map { [$0] } ?? Array(run.ruleSets.indices)
        let rows = sets.map {
            TimelineDiagram.Row(label: run.ruleSets[$0].label, transitions: run.ruleSets[$0].transitions)
        }
        let root = run.plan.root
        var builder = TimelineBuilder(
            root: root, palette: .light, options: TimelineDiagram.Options(width: 0), vocabulary: vocabulary)
        let table = builder.entries(rows)
        let parting = builder.firstDifference(table)
        self.title = title ?? run.words.timelineTitle
        notes = vocabulary.header + PlanDiagram.deepLinkLines(run)
        notes.append(
            "root \(root.screen) (\(root.withNavigation ? vocabulary.rootNavigationNote : vocabulary.rootPlainNote))")
        if let parting, let difference = builder.difference(table, rows: rows, at: parting) { notes.append(difference) }
        columns = rows.enumerated().map { column, row in
            let updates = row.transitions.reduce(0) { $0 + $1.updates }
            let seconds = row.transitions.estimatedSeconds
            let rules = vocabulary.rules ?? row.transitions.first?.rules.summary ?? ""
            let label = row.label.map { rules.hasPrefix($0) ? rules : $0 + " · " + rules } ?? rules
            return Column(
                title: label,
                totals: "\(updates) update\(updates == 1 ? "" : "s") · \(PlanTransition.secondsText(seconds))",
                moments: [])
        }
        var base = 0
        for (index, entries) in table.enumerated() {
            let slots = TimelineBuilder.slots(entries)
            for (column, entry) in entries.enumerated() {
                guard let entry else { continue }
                var order: [Int: Int] = [:]
                for moment in entry.moments {
                    let position = order[moment.hundredths, default: 0]
                    order[moment.hundredths] = position + 1
                    let slot = slots.firstIndex(of: TimelineBuilder.Slot(time: moment.hundredths, order: position)) ?? 0
                    let parts = parting.map { $0.transition == index && $0.slot == moment.update - 1 } ?? false
                    if sets.count > 1,
                        TimelineBuilder.isShared(transition: index, position: moment.update - 1, before: parting)
                    {
                        sharedRows = max(sharedRows, base + slot + 1)
                    }
                    columns[column].moments.append(
                        builder.storyMoment(
                            moment, transition: entry.transition, number: table.count > 1 ? index : nil,
                            row: base + slot, parts: parts))
                }
            }
            base += slots.count
        }
        self.rows = base
        if let first = rows.first?.transitions.first, let last = rows.first?.transitions.last {
            before = builder.storyStack(
                "before", routes: first.from, transition: first, hierarchy: first.nesting?.start)
            after = builder.storyStack(
                "after", routes: last.steps.last ?? last.to, transition: last,
                hierarchy: last.nesting?.hierarchies.last)
        }
    }
}

extension TimelineBuilder {
    /// One moment as `TimelineStory` tells it, in ``momentLabel(_:transition:index:count:parts:annotations:)``'s
    /// words; `number` is the transition's index when a plan has several.
    mutating func storyMoment(
        _ moment: TimelineMoment, transition: PlanTransition, number: Int?, row: Int, parts: Bool
    ) -> TimelineStory.Moment {
        var action: String?
        if moment.update == 1, let name = transition.action {
            action = number.map { "\(options.firstTransitionNumber + $0). " } ?? ""
            action! += name
        }
        var words: String? =
            moment.libraryWords
            ?? MomentWords.sentence(moment.change, before: moment.before, after: moment.after, vocabulary: vocabulary)
        let sentence = words ?? "no change"
        let saysIt = Self.actionSaysIt(moment, transition: transition)
        if saysIt {
            words = nil
        } else if let coordinator = moment.coordinator, let said = words {
            words = "in \(coordinator): " + said
        }
        var layers = storyLayers(moment)
        // Where an action that says what it does acts is left to say: on the top layer it changes, as the
        // drawing says it (beside what is on screen it would read as where that screen is).
        if saysIt, let coordinator = moment.coordinator, let top = layers.lines.first,
            let colon = top.firstIndex(of: ":")
        {
            layers.lines[0] = top[..<colon] + " in \(coordinator)" + top[colon...]
        }
        let problems =
            moment.coordinator == nil
            ? moment.after.problems(rootHasNavigation: moment.root.withNavigation).map { ($0.index, $0.reason) }
            : moment.nestingProblems.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
        let added = Set(moment.change.added + moment.change.updated).union(moment.brokenHere)
        return TimelineStory.Moment(
            row: row, action: action,
            time: (moment.delayed ? "◷ " : "") + PlanTransition.secondsText(Double(moment.hundredths) / 100),
            update: moment.update == 1 && moment.isLast
                ? "" : "update \(moment.update)" + (moment.isLast ? " · end" : ""),
            parts: parts, words: words, sentence: sentence, actingIn: saysIt ? moment.coordinator : nil,
            layers: layers.lines, below: layers.below,
            onScreen: moment.onScreen,
            delayed: moment.delayed, isLast: moment.isLast,
            problems: problems.filter { added.contains($0.0) && moment.after.indices.contains($0.0) }
                .map { "✗ \(moment.after[$0.0].screen): \($0.1)" },
            style: layers.style)
    }

    /// The layers a moment changes as lines, top first down to the lowest it touches, and the fold below them.
    private mutating func storyLayers(_ moment: TimelineMoment) -> (
        lines: [String], below: String?, style: PlanRouteStyle?
    ) {
        let layers = MomentLayers(moment)
        let (beforeLayers, afterLayers) = (layers.before, layers.after)
        let (removed, added, updated) = (layers.removed, layers.added, layers.updated)
        guard let lowest = layers.touched.min() else { return (["nothing changes on screen"], nil, nil) }
        var lines: [String] = []
        // How the top layer it changes is shown: the first layer drawn.
        var style: PlanRouteStyle?
        var styled = false
        let top = max(beforeLayers.count, afterLayers.count) - 1
        for layerIndex in stride(from: top, through: lowest, by: -1) {
            let after = afterLayers.indices.contains(layerIndex) ? afterLayers[layerIndex] : nil
            let before = beforeLayers.indices.contains(layerIndex) ? beforeLayers[layerIndex] : nil
            guard let shown = after ?? before else { continue }
            if !styled { (style, styled) = (shown.style, true) }
            let kept = after.map { keptScreens($0, moment: moment, added: added, updated: updated) } ?? []
            let gone = (before?.routeIndices ?? []).filter(removed.contains).map {
                "−\u{00A0}" + TimelineMoment.pathName(moment.before, $0, hostedRoots: moment.hostedRootsBefore)
            }
            let new = (after?.routeIndices ?? []).filter(added.contains).map {
                "+\u{00A0}" + TimelineMoment.pathName(moment.after, $0, hostedRoots: moment.hostedRootsAfter)
            }
            let screens = kept + gone + new
            let title =
                vocabulary.layerTitle(shown) + (shown.hasNavigation ? " " + vocabulary.navigationMarker.prefix(1) : "")
                + (after == nil ? " dismissed" : "")
            lines.append(title + ": " + screens.joined(separator: " › "))
        }
        let below =
            lowest > 0
            ? unchangedBelow(Array(afterLayers.prefix(lowest)), routes: moment.after, root: moment.root) : nil
        return (lines, below, style)
    }

    /// The names of the screens a layer keeps, bottom first: runs of unchanged ones folded into `⋮ N` (the
    /// layer's presenter, updated screens and its top kept screen named), updated ones `~ old → new`.
    private func keptScreens(_ layer: PresentationLayer, moment: TimelineMoment, added: Set<Int>, updated: Set<Int>)
        -> [String]
    {
        var screens: [String] = []
        var run: [String] = []
        func flush() {
            screens += run.count >= Options.minimumCollapsedRun ? ["⋮ \(run.count) screens"] : run
            run = []
        }
        let indices = (layer.index == 0 ? [-1] : []) + layer.routeIndices.filter { !added.contains($0) }
        for index in indices {
            let name =
                index < 0
                ? moment.root.screen
                : TimelineMoment.pathName(moment.after, index, hostedRoots: moment.hostedRootsAfter)
            if index >= 0, updated.contains(index), moment.before.indices.contains(index) {
                flush()
                screens.append("~ \(moment.before[index].screen) → \(name)")
            } else if index == indices.last || (index >= 0 && moment.after[index].isPresented) {
                flush()
                screens.append(name)
            } else {
                run.append(name)
            }
        }
        flush()
        return screens
    }

    /// A whole stack as `TimelineStory` tells it: what is on screen, the path on one line, each layer on a line.
    mutating func storyStack(
        _ title: String, routes: [PlanRoute], transition: PlanTransition, hierarchy: PlanCoordinator?
    ) -> TimelineStory.Stack {
        var path = routes
        var layerRoot = transition.nesting?.root ?? root
        var onScreen = routes.last?.screen ?? layerRoot.screen
        var hostedRoots: [Int: String] = [:]
        if let hierarchy {
            onScreen = hierarchy.screenOnScreen(roots: hierarchy.effectiveRoots)
            if hierarchy.hasChildren {
                path = hierarchy.appPath
                layerRoot = hierarchy.effectiveRoots[hierarchy.name] ?? hierarchy.root
                hostedRoots = TimelineMoment.hostedRoots(hierarchy)
            }
        }
        let words =
            [layerRoot.screen + (layerRoot.withNavigation ? " ☰" : "")]
            + path.indices.map { index in
                let route = path[index]
                let name = route.isPresented ? MomentWords.kindAndName(route, vocabulary: vocabulary) : route.screen
                return name + (hostedRoots[index].map { " › " + $0 } ?? "")
            }
        let layers = path.presentationLayers(rootHasNavigation: layerRoot.withNavigation).reversed().map { layer in
            let screens =
                (layer.index == 0 ? [layerRoot.screen] : [])
                + layer.routeIndices.map { TimelineMoment.pathName(path, $0, hostedRoots: hostedRoots) }
            return vocabulary.layerTitle(layer)
                + (layer.hasNavigation ? " " + vocabulary.navigationMarker.prefix(1) : "")
                + ": " + screens.joined(separator: " › ")
        }
        return TimelineStory.Stack(
            title: title, onScreen: onScreen, path: words.joined(separator: " › "), layers: layers)
    }
}
