import FlowModel
internal import SwiftSyntax

extension FlowStacksSource {
    /// FlowStacks' problems: pushes where no navigation is possible (FlowStacks asserts), child FlowStacks
    /// not on top of their parent's routes, parent pushes under a child, screen cases without a destination
    /// and destinations no routes hold.
    func findProblems(in recognizer: inout NavigationRecognizer) {
        pushesWithoutNavigation(in: &recognizer)
        pushesInSwiftUISheets(in: &recognizer)
        childrenNotOnTop(in: &recognizer)
        parentPushesOverChildren(in: &recognizer)
        screensWithoutDestinations(in: &recognizer)
        destinationsNobodyUses(in: &recognizer)
    }

    /// A push from a screen that is shown only without navigation.
    private func pushesWithoutNavigation(in recognizer: inout NavigationRecognizer) {
        let stacks = recognizer.stacks
        let map = recognizer.map
        // Whether each screen can push: the root when its stack has navigation; another screen when some way
        // of showing it gives it navigation (pushed from a screen that can push, presented withNavigation).
        var canPush: [String: Bool] = [:]
        for stack in stacks where stack.library == library {
            canPush[stack.rootScreen] = stack.withNavigation
        }
        let shown = map.edges.filter(\.showsScreen)
        var changed = true
        while changed {
            changed = false
            for edge in shown {
                guard let to = edge.to else { continue }
                let value: Bool? =
                    switch edge.style {
                    case .push: canPush[edge.from] ?? (map.entries.contains { $0.id == edge.from } ? true : nil)
                    case .sheet, .cover: edge.withNavigation
                    default: true
                    }
                guard let value else { continue }
                if canPush[to] != true, canPush[to] != value || canPush[to] == nil {
                    let updated = (canPush[to] ?? false) || value
                    if canPush[to] != updated {
                        canPush[to] = updated
                        changed = true
                    }
                }
            }
        }
        // A child FlowStack's root may be embedded in its parent's navigation: only top-level stacks are judged.
        let children = Set(recognizer.childStacks.values.map { stacks[$0].id })
        for edge in map.edges where edge.style == .push {
            guard canPush[edge.from] == false, let screen = map.screen(edge.from),
                let target = edge.to.flatMap({ map.screen($0) }), target.coordinator == screen.coordinator,
                !children.contains(screen.coordinator),
                let stack = recognizer.stack(withID: screen.coordinator), stack.library == library
            else { continue }
            let why =
                screen.isRoot
                ? "the FlowStack at \(stack.file.location(of: stack.call).description) has no navigation (withNavigation is false)"
                : "\(screen.name) is only presented without navigation (withNavigation: false)"
            recognizer.problem(
                edge.location, "\(edge.call): a push where no navigation is possible: \(why); FlowStacks asserts")
        }
    }

    /// A push from a view SwiftUI's own `.sheet` or `.fullScreenCover` shows without navigation: the sheet is
    /// not in the routes, so the push lands in the FlowStack behind it, out of sight.
    private func pushesInSwiftUISheets(in recognizer: inout NavigationRecognizer) {
        let pushes = recognizer.map.edges.filter { $0.style == .push }
        for presented in recognizer.swiftUIPresented where !presented.withNavigation {
            for member in presented.type.memberCode {
                for call in member.calls {
                    let location = NavigationRecognizer.callLocation(call, in: member.file)
                    guard let edge = pushes.first(where: { $0.location == location }),
                        let screen = recognizer.map.screen(edge.from),
                        let stack = recognizer.stack(withID: screen.coordinator),
                        stack.library == library
                    else { continue }
                    recognizer.problem(
                        location,
                        "\(edge.call): a push where no navigation is possible: \(presented.type.name) is shown by "
                            + "SwiftUI's .\(presented.modifier) at \(presented.location.description), which gives it no "
                            + "navigation, so the push lands in the FlowStack behind it")
                }
            }
        }
    }

    /// A child FlowStack that owns its routes, shown by a route that is not the last of the routes assigned.
    private func childrenNotOnTop(in recognizer: inout NavigationRecognizer) {
        for type in recognizer.index.types {
            for member in type.memberCode {
                for assignment in member.assignments {
                    guard
                        let stack = recognizer.routesStack(
                            assignment.target.trimmedText.replacingSelf, in: type),
                        let options = recognizer.routeLiterals(assignment.value, context: assignment.node)
                            .map({ [$0] })
                            ?? recognizer.randomOptions(assignment.value, context: assignment.node)
                    else { continue }
                    for routes in options {
                        for (position, route) in routes.enumerated().dropLast() {
                            guard let call = route.as(FunctionCallExprSyntax.self),
                                let screen = call.firstUnlabeled,
                                case .screen(let id) = recognizer.target(screen, stack: stack),
                                let child = recognizer.childStacks[id],
                                recognizer.stacks[child].ownsRoutes
                            else { continue }
                            recognizer.problem(
                                member.file.location(of: route),
                                "\(route.trimmedText.collapsedWhitespace) shows the child FlowStack of \(recognizer.stacks[child].owner.name), "
                                    + "which owns its routes, at position \(position) with \(routes.count - position - 1) route(s) above it; "
                                    + "a child that owns its routes must stay on top of its parent's routes")
                        }
                    }
                }
            }
        }
    }

    /// A push onto a parent's routes from inside a child FlowStack that owns its routes (the child is on top).
    private func parentPushesOverChildren(in recognizer: inout NavigationRecognizer) {
        for (call, type, file, parent) in recognizer.parentPushes {
            guard let name = call.calledName, ["push", "presentSheet", "presentCover"].contains(name) else {
                continue
            }
            for (stack, _) in recognizer.viewScreens[ObjectIdentifier(type), default: []]
            where stack != parent && recognizer.stacks[stack].ownsRoutes {
                recognizer.problem(
                    file.location(of: call),
                    "\(call.trimmedText.collapsedWhitespace): \(type.name) is in the child FlowStack of \(recognizer.stacks[stack].owner.name), "
                        + "which owns its routes and is on top, but this navigator is the parent's "
                        + "(FlowNavigator<\(recognizer.stacks[parent].screenType ?? "?")>); the parent pushes under the child"
                )
            }
        }
    }

    /// A case of a screen enum no destination builds a view for.
    private func screensWithoutDestinations(in recognizer: inout NavigationRecognizer) {
        var reported: Set<String> = []
        // Looked up per stack, where reading every destination and screen for each stack was quadratic.
        let destinationKeys = Set(recognizer.destinations.map(\.key))
        let screensOf = Dictionary(grouping: recognizer.map.screens, by: \.coordinator)
        for stack in recognizer.stacks where stack.library == library {
            guard let screenEnum = stack.screenEnum else { continue }
            let key = recognizer.screenKey(of: stack)
            let hasDestination = key.map { destinationKeys.contains($0) } ?? false
            for screen in screensOf[stack.id, default: []] where !screen.isRoot && screen.view == nil {
                guard reported.insert(screenEnum.qualifiedName + "." + screen.name).inserted else { continue }
                if stack.call.calledName == "Router" {
                    // FlowStacks before 1.0: the router's own closure builds every screen.
                    let router = stack.file.location(of: stack.call)
                    recognizer.problem(
                        screen.location,
                        "screen case '\(screen.name)' of \(screenEnum.name) has no view: no case of the switch in "
                            + "Router($\(stack.routesProperty ?? "routes")) { screen, _ in … } at \(router.description) "
                            + "builds it")
                    continue
                }
                recognizer.problem(
                    screen.location,
                    hasDestination
                        ? "screen case '\(screen.name)' of \(screenEnum.name) has no destination view: no case of "
                            + ".flowDestination(for: \(screenEnum.name).self) builds it (FlowStacks shows nothing)"
                        : "screen case '\(screen.name)' of \(screenEnum.name) has no destination view: "
                            + "there is no .flowDestination(for: \(screenEnum.name).self)")
            }
        }
    }

    /// A `flowDestination(for:)` for a type no FlowStack's routes hold.
    private func destinationsNobodyUses(in recognizer: inout NavigationRecognizer) {
        let flowStacks = recognizer.stacks.filter { $0.library == library }
        // A FlowPath (or a stack without a binding) takes any type: only typed routes can rule a type out.
        guard !flowStacks.isEmpty, flowStacks.allSatisfy({ $0.screenType != nil }) else { return }
        let used = Set(flowStacks.compactMap(\.screenType))
        let usedKeys = Set(flowStacks.compactMap { recognizer.screenKey(of: $0) })
        for destination in recognizer.destinations where !usedKeys.contains(destination.key) {
            let name = destination.call.calledExpression.as(MemberAccessExprSyntax.self)?.declName
            recognizer.problem(
                name.map { destination.file.location(of: $0) } ?? destination.file.location(of: destination.call),
                ".flowDestination(for: \(destination.type).self) builds views for \(destination.type), but no FlowStack's "
                    + "routes hold it (routes are of " + used.sorted().joined(separator: ", ") + ")")
        }
    }
}
