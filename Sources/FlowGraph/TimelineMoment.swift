import FlowModel

/// One moment a timeline draws: an update the app makes, with everything it changes on screen.
///
/// FlowStacks assigns a change's step 0 and step 1 in the same main-actor turn (`updateRoutesWithDelays`), so
/// SwiftUI never shows step 0 on its own: step 0 is part of the first moment, not a moment of its own. A change
/// of one step (nothing to wait for) is one moment at 0 s. Every later step is a moment of its own.
struct TimelineMoment: Hashable {
    /// The steps of the transition this moment applies, in order (`[0, 1]` for the first of several).
    var steps: [Int]
    /// Which update of its transition this is, from 1.
    var update: Int
    /// The running time in hundredths of a second from the start of the transition.
    var hundredths: Int
    /// Whether the moment waited FlowStacks' delay.
    var delayed: Bool
    /// Whether it is its transition's last moment.
    var isLast: Bool
    /// Every route the app shows before and after the moment, nested coordinators included.
    var before: [PlanRoute]
    var after: [PlanRoute]
    /// The root below both.
    var root: Root
    /// What changes on the app's whole path (indices into ``before`` and ``after``).
    var change: StepChange
    /// What the moment does in the library's words, when the library gave them (else `nil`: FlowStacks' own
    /// words are made from ``change``).
    var libraryWords: String?
    /// The coordinator the moment acts in, when children are nested.
    var coordinator: String?
    /// The screen on screen after it.
    var onScreen: String
    /// What the library rejects in the app's path after it, when children are nested: the reason by index in
    /// ``after`` (as the stack after says it; a flat stack's problems are found from ``after`` alone).
    var nestingProblems: [Int: String] = [:]
    /// Those of ``nestingProblems`` the moment causes (the stack before it did not break them).
    var brokenHere: Set<Int> = []
    /// The root screen of the child FlowStack each route hosts, by index in ``before`` and in ``after``: what the
    /// app shows in that route (`Welcome ☰` in the sheet `Onboarding`), which paths name right after the host.
    var hostedRootsBefore: [Int: String] = [:]
    var hostedRootsAfter: [Int: String] = [:]

    /// The step the moment's node is named after: its last.
    var lastStep: Int { steps[steps.count - 1] }

    /// The change a library gave for the step a moment ends at, by screen identity rather than position (a
    /// SwiftUI push under a presented sheet adds a screen below the sheet and keeps the sheet); `nil` when
    /// the library gave none.
    private static func identityChange(_ changes: [StepChange]?, at step: Int, libraryGaveChanges: Bool)
        -> StepChange?
    {
        guard libraryGaveChanges, step > 0, let changes, changes.indices.contains(step) else { return nil }
        return changes[step]
    }

    /// The moments of a transition, in order.
    static func moments(
        of transition: PlanTransition, changes: [StepChange]?, libraryGaveChanges: Bool, root: Root
    ) -> [TimelineMoment] {
        let steps = transition.steps
        let groups: [[Int]] = steps.count <= 1 ? [[0]] : [[0, 1]] + (2..<max(2, steps.count)).map { [$0] }
        let nested = transition.nesting?.hierarchies.contains(where: \.hasChildren) == true
        var moments: [TimelineMoment] = []
        for (offset, group) in groups.enumerated() {
            let last = group[group.count - 1]
            let first = group[0]
            let before: [PlanRoute]
            let after: [PlanRoute]
            var layerRoot = transition.nesting?.root ?? root
            var onScreen: String
            var problems: [Int: String] = [:]
            var broken: Set<Int> = []
            var rootsBefore: [Int: String] = [:]
            var rootsAfter: [Int: String] = [:]
            if nested, let nesting = transition.nesting, nesting.hierarchies.indices.contains(last) {
                let hierarchy = nesting.hierarchies[last]
                after = hierarchy.appPath
                // The first moment starts from what the app shows, not from step 0 (never shown on its own).
                let beforeHierarchy = first == 0 ? nesting.start : nesting.hierarchies[first - 1]
                before = beforeHierarchy.appPath
                layerRoot = hierarchy.effectiveRoots[hierarchy.name] ?? hierarchy.root
                onScreen = hierarchy.screenOnScreen(roots: hierarchy.effectiveRoots)
                problems = Self.nestingProblems(hierarchy)
                rootsBefore = Self.hostedRoots(beforeHierarchy)
                rootsAfter = Self.hostedRoots(hierarchy)
                let known = Set(Self.nestingProblems(beforeHierarchy).values)
                broken = Set(problems.filter { !known.contains($0.value) }.keys)
            } else {
                before = first == 0 ? transition.from : steps[first - 1]
                after = steps.isEmpty ? transition.to : steps[last]
                onScreen = after.last?.screen ?? layerRoot.screen
                if let hierarchy = transition.nesting?.hierarchies.last, last == steps.count - 1 {
                    onScreen = hierarchy.screenOnScreen(roots: hierarchy.effectiveRoots)
                }
            }
            var words: String?
            if libraryGaveChanges, let changes {
                let said = group.compactMap { changes.indices.contains($0) ? changes[$0] : nil }
                    .filter { $0.kind != .none }.map(\.summary)
                words = said.isEmpty ? "no change" : said.joined(separator: " and ")
            }
            moments.append(
                TimelineMoment(
                    steps: group, update: offset + 1, hundredths: transition.hundredths(atStep: last),
                    delayed: transition.isDelayed(step: last), isLast: offset == groups.count - 1,
                    before: before, after: after, root: layerRoot,
                    change: identityChange(changes, at: last, libraryGaveChanges: libraryGaveChanges)
                        ?? StepChange(from: before, to: after),
                    libraryWords: words, coordinator: nested ? transition.coordinator : nil, onScreen: onScreen,
                    nestingProblems: problems, brokenHere: broken, hostedRootsBefore: rootsBefore,
                    hostedRootsAfter: rootsAfter))
        }
        return moments
    }
}

extension TimelineMoment {
    /// The root screen of the child each route of `hierarchy`'s app path hosts (``PlanCoordinator/appPath``), by
    /// index: `Welcome ☰` when the child's root has navigation.
    static func hostedRoots(_ hierarchy: PlanCoordinator) -> [Int: String] {
        var roots: [Int: String] = [:]
        for (index, element) in TimelineBuilder.appPathOwners(hierarchy).enumerated() {
            guard let child = element.child else { continue }
            let root = hierarchy.effectiveRoots[child.name] ?? child.root
            roots[index] = root.screen + (root.withNavigation ? " ☰" : "")
        }
        return roots
    }

    /// The name a path gives the route at `index` of `routes`: its screen, then the root of the child it hosts.
    static func pathName(_ routes: [PlanRoute], _ index: Int, hostedRoots: [Int: String]) -> String {
        routes[index].screen + (hostedRoots[index].map { " › " + $0 } ?? "")
    }

    /// The nesting problems of `hierarchy`, by index in its app path (``PlanCoordinator/appPath``).
    static func nestingProblems(_ hierarchy: PlanCoordinator) -> [Int: String] {
        let located = Dictionary(
            hierarchy.problems().map { ("\($0.coordinator)#\($0.routeIndex)", $0.reason) },
            uniquingKeysWith: { first, _ in first })
        var problems: [Int: String] = [:]
        for (index, element) in TimelineBuilder.appPathOwners(hierarchy).enumerated() {
            problems[index] = located["\(element.pathOwner)#\(element.pathIndex)"]
        }
        return problems
    }
}

/// Words for what a moment does, made from the routes it removes, adds and updates: `dismiss sheet Cart ☰ and
/// pop 2`, `push Orders, order(id: 1234)`, `present sheet Terms ☰`.
enum MomentWords {
    /// The sentence for a change of `before` into `after`.
    static func sentence(_ change: StepChange, before: [PlanRoute], after: [PlanRoute], vocabulary: DiagramWords)
        -> String
    {
        var parts: [String] = []
        let removed = change.removed.filter(before.indices.contains).map { before[$0] }
        // Pushes below the lowest dismissed layer are popped; pushes inside a dismissed layer go with it.
        let lowestPresented = removed.firstIndex(where: \.isPresented) ?? removed.count
        let popped = removed[..<lowestPresented]
        let dismissed = removed[lowestPresented...].filter(\.isPresented)
        if !popped.isEmpty { parts.append("pop \(popped.count)") }
        if !dismissed.isEmpty {
            parts.insert(
                "dismiss "
                    + dismissed.reversed().map { kindAndName($0, vocabulary: vocabulary) }.joined(separator: ", "),
                at: 0)
        }
        if !change.updated.isEmpty {
            let updates = change.updated.filter { before.indices.contains($0) && after.indices.contains($0) }
                .map { "\(before[$0].screen) → \(after[$0].screen)" }
            parts.append("update " + updates.joined(separator: ", "))
        }
        let added = change.added.filter(after.indices.contains).map { after[$0] }
        var run: [PlanRoute] = []
        func flushPushes() {
            if !run.isEmpty { parts.append("push " + run.map(\.screen).joined(separator: ", ")) }
            run = []
        }
        for route in added {
            if route.isPresented {
                flushPushes()
                parts.append("present " + kindAndName(route, vocabulary: vocabulary))
            } else {
                run.append(route)
            }
        }
        flushPushes()
        return parts.isEmpty ? "no change" : parts.joined(separator: " and ")
    }

    /// `sheet Cart ☰`, `cover Player`.
    static func kindAndName(_ route: PlanRoute, vocabulary: DiagramWords) -> String {
        vocabulary.presentedKind(of: route.style) + " " + route.screen + (route.withNavigation ? " ☰" : "")
    }
}
