import FlowModel

/// What `flowgraph scan` reads from Swift source: the navigation map and the plans hidden in functions.
public struct SourceScan: Sendable {
    /// The app's navigation map.
    public var map: NavigationMap
    /// The plans found in functions whose route changes are statically known, in file order.
    public var plans: [ScannedPlan]

    /// Creates a scan result.
    public init(map: NavigationMap, plans: [ScannedPlan]) {
        self.map = map
        self.plans = plans
    }

    /// The result as `--json` prints it:
    /// `{"screens": [{"name","view","file","line"}], "entries": [{"name","file","line","column"}], "edges": [{"from","to","style","call","file","line","column"}],
    /// "plans": [{"name","file","line","plan"}], "problems": [{"file","line","column","message"}]}`.
    public func json() -> JSONValue {
        func object(_ members: [(String, JSONValue)]) -> JSONValue {
            JSONValue(.object(members.map { JSONMember(key: $0.0, value: $0.1) }))
        }
        var names: [String: String] = [:]
        for screen in map.screens { names[screen.id] = screen.name }
        for entry in map.entries { names[entry.id] = entry.name }
        func name(_ id: String?) -> JSONValue {
            guard let id else { return JSONValue(.null) }
            return .string(names[id] ?? id)
        }
        let screens = map.screens.map { screen in
            object([
                ("name", .string(screen.name)), ("view", screen.view.map { .string($0) } ?? JSONValue(.null)),
                ("file", .string(screen.location.file)), ("line", .number(screen.location.line)),
            ])
        }
        let edges = map.edges.map { edge in
            object([
                ("from", name(edge.from)), ("to", name(edge.to)), ("style", .string(edge.style.rawValue)),
                ("call", .string(edge.call)), ("file", .string(edge.location.file)),
                ("line", .number(edge.location.line)), ("column", .number(edge.location.column)),
            ])
        }
        let plans = plans.map { plan in
            object([
                ("name", .string(plan.name)), ("file", .string(plan.location.file)),
                ("line", .number(plan.location.line)), ("plan", plan.plan),
            ])
        }
        let problems = map.problems.map { problem in
            object([
                ("file", .string(problem.location.file)), ("line", .number(problem.location.line)),
                ("column", .number(problem.location.column)), ("message", .string(problem.message)),
            ])
        }
        let entries = map.entries.map { entry in
            object([
                ("name", .string(entry.name)), ("file", .string(entry.location.file)),
                ("line", .number(entry.location.line)), ("column", .number(entry.location.column)),
            ])
        }
        return object([
            ("screens", .array(screens)), ("entries", .array(entries)), ("edges", .array(edges)),
            ("plans", .array(plans)), ("problems", .array(problems)),
        ])
    }
}

/// A plan found in a function: a plan file's JSON, named after the type and function.
public struct ScannedPlan: Sendable {
    /// `Type.function`, e.g. `NumberCoordinator.goRandom`; also the plan file's name without `.json`.
    public var name: String
    /// Where the function is declared.
    public var location: NavigationMap.Location
    /// The plan as a plan file holds it, ready for `steps` and `render`.
    public var plan: JSONValue
    /// Whether the function handles deep links (`.onOpenURL`'s, or one it hands the link to).
    public var isDeepLink: Bool
    /// The name of the case of the handler's `switch` over the link this plan plays (`cart`), if any.
    public var linkCase: String?

    /// Creates a scanned plan.
    public init(
        name: String, location: NavigationMap.Location, plan: JSONValue, isDeepLink: Bool = false,
        linkCase: String? = nil
    ) {
        self.name = name
        self.location = location
        self.plan = plan
        self.isDeepLink = isDeepLink
        self.linkCase = linkCase
    }

    /// The function's name alone, e.g. `goRandom` or `follow`.
    public var functionName: String { String(name.split(separator: ".").last ?? Substring(name)) }
}

extension SourceScan {
    /// Several apps' scans as one map that keeps them apart: each app's stacks, screens and entries get ids of their
    /// own (`a1.c0`), so no type, screen or edge of one app joins another's; problems and plans are listed in
    /// order, and plans of one name in two apps are told apart by their app's position (`app2.Coordinator.follow`).
    public static func combining(_ scans: [SourceScan]) -> SourceScan {
        guard scans.count > 1 else { return scans.first ?? SourceScan(map: NavigationMap(), plans: []) }
        var map = NavigationMap()
        var plans: [ScannedPlan] = []
        for (number, scan) in scans.enumerated() {
            func id(_ old: String) -> String { "a\(number + 1).\(old)" }
            for var coordinator in scan.map.coordinators {
                coordinator.id = id(coordinator.id)
                map.coordinators.append(coordinator)
            }
            for var screen in scan.map.screens {
                screen.id = id(screen.id)
                screen.coordinator = id(screen.coordinator)
                map.screens.append(screen)
            }
            for var entry in scan.map.entries {
                entry.id = id(entry.id)
                entry.coordinator = id(entry.coordinator)
                map.entries.append(entry)
            }
            for var edge in scan.map.edges {
                edge.from = id(edge.from)
                edge.to = edge.to.map(id)
                map.edges.append(edge)
            }
            map.problems += scan.map.problems
            plans += scan.plans.map { plan in
                var plan = plan
                let clashes = scans.enumerated().contains { other in
                    other.offset != number && other.element.plans.contains { $0.name == plan.name }
                }
                if clashes { plan.name = "app\(number + 1)." + plan.name }
                return plan
            }
        }
        return SourceScan(map: map, plans: plans)
    }
}
