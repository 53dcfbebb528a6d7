/// Every JSON object a plan file holds, as key tables the decoder checks and the schema prints.
enum PlanFileKeys {
    typealias S = SchemaFragment

    /// The keys every plan takes, whatever its library (`library` and a library's own keys are added by
    /// ``PlanSchema``).
    static let plan = PlanObjectKeys([
        (
            "title",
            S.object([
                ("type", .array([.string("string"), .string("null")])),
                ("description", .string("Shown at the top of the diagram.")),
            ])
        ),
        ("root", S.reference("root")),
        (
            "platform",
            S.anyOf(
                [
                    S.reference("platform"),
                    S.array(of: S.reference("platform"), minItems: 1, maxItems: Platform.allCases.count, unique: true),
                ],
                description:
                    "ios17 (default: several dismissals in one update) or ios16 (one per update); a list compares them side by side. FlowStacks plans only."
            )
        ),
        (
            "navigationStack",
            S.anyOf(
                [S.boolean, S.array(of: S.boolean, minItems: 1, maxItems: 2, unique: true)],
                description:
                    "true: the FlowStack uses NavigationStack (several pushes in one update); false (default): NavigationView; [false, true] compares them. FlowStacks plans only."
            )
        ),
        (
            "start",
            S.object([
                (
                    "description",
                    .string(
                        "The routes before the change (default []). SwiftfulRouting and swiftui-navigation-stack plans list their screens as the library writes them."
                    )
                )
            ])
        ),
        (
            "end",
            S.reference("routeList", description: "The routes after the change: one transition from start to end.")
        ),
        (
            "actions",
            S.array(
                description:
                    "Calls run one after another from start, one transition each: FlowNavigator calls for FlowStacks, router or navigationStack calls for the other libraries."
            )
        ),
        (
            "states",
            S.array(
                of: S.reference("routeList"),
                description:
                    "Successive states: start → states[0] → states[1] …; without start, states[0] is taken as the start (with a warning)."
            )
        ),
        (
            "coordinator",
            S.string(
                minLength: 1,
                description: "The name of the top coordinator, which actions and deep-link rules address with \"in\".")
        ),
        ("deeplink", S.reference("deeplink")),
        ("budget", S.reference("budget")),
    ])

    /// The `budget` object: the most a plan's change may cost under each rule set it compares.
    static let budget = PlanObjectKeys([
        (
            "maxUpdates",
            S.object([
                ("type", .string("integer")), ("minimum", .number(0)),
                ("description", .string("The most updates SwiftUI may make, summed over the plan's changes.")),
            ])
        ),
        (
            "maxSeconds",
            S.object([
                ("type", .string("number")), ("minimum", .number(0)),
                (
                    "description",
                    .string("The most seconds until the last step is applied, summed over the plan's changes.")
                ),
            ])
        ),
    ])

    /// The keys that describe a FlowStacks plan's change; at most one of them is given.
    static let changeKeys = ["end", "actions", "states"]

    /// A root written as an object: `{"screen": …, "withNavigation": …}`.
    static let root = PlanObjectKeys([("screen", S.reference("rootScreen")), ("withNavigation", S.boolean)])

    /// A route hosting a child FlowStack: `{"route": …, "child": …}`.
    static let nestedRoute = PlanObjectKeys([("route", S.reference("route")), ("child", S.reference("child"))])

    /// A child FlowStack.
    static let child = PlanObjectKeys([
        ("name", S.string(pattern: "\\S")), ("ownsRoutes", S.boolean), ("root", S.reference("root")),
        ("routes", S.reference("routeList")),
    ])

    /// An action written as an object: addressed to a coordinator, or presenting a child FlowStack.
    static let nestedAction = PlanObjectKeys([
        ("action", S.string(pattern: actionPattern)), ("in", S.string(minLength: 1)), ("child", S.reference("child")),
    ])

    /// The `deeplink` object.
    static let deepLink = PlanObjectKeys([
        ("url", S.string(description: "The URL to follow (flowgraph --url overrides it).")),
        ("rules", S.array(of: rule.schema(required: ["match"], extra: [("oneOf", ruleChange)]), minItems: 1)),
    ])

    /// One deep-link rule.
    static let rule = PlanObjectKeys([
        ("match", S.string(description: "A URL pattern, e.g. flowstacksapp://numbers/{n:int}...")),
        ("in", S.string(minLength: 1)), ("actions", S.array(of: S.reference("action"))),
        ("routes", S.reference("routeList")),
    ])

    /// A rule gives either actions or routes.
    private static let ruleChange = JSONValue.array(
        ["actions", "routes"].map { S.object([("required", .array([.string($0)]))]) })

    /// A FlowNavigator call, with or without the receiver code writes (`navigator.push(.detail)`).
    static let actionPattern =
        "^\\s*([A-Za-z_][A-Za-z0-9_]*\\s*\\.\\s*)*\\.?(" + PlanAction.names.joined(separator: "|")
        + ")\\s*\\(.*\\)\\s*$"

    /// The route kinds a route's notation starts with.
    static let routeKinds =
        "("
        + [PlanRouteStyle.push, .sheet(withNavigation: false), .cover(withNavigation: false)].map(\.kindName)
        .joined(separator: "|") + ")"

    /// The schema's `definitions`: the values several keys share.
    static var definitions: JSONValue {
        S.object([
            (
                "platform",
                S.names(
                    Platform.allCases.map(\.rawValue),
                    spelledAs: S.spellings(of: Platform.allCases.map(\.rawValue), ignoring: " "))
            ),
            (
                "screen",
                S.string(
                    minLength: 1,
                    description: "A screen: any balanced Swift expression, e.g. Home, 7 or .profile(userID: \"u1\").")
            ),
            (
                "root",
                S.anyOf(
                    [S.reference("rootScreen"), root.schema(required: ["screen"])],
                    description:
                        "The FlowStack's root screen, shown with navigation; or {\"screen\": …, \"withNavigation\": false}. A screen, never a route such as \".push(Home)\"."
                )
            ),
            (
                "rootScreen",
                S.object([
                    (
                        "allOf",
                        .array([
                            S.reference("screen"),
                            S.object([("not", S.object([("pattern", .string("^\\s*\\.\(routeKinds)\\s*\\("))]))]),
                        ])
                    )
                ])
            ),
            (
                "route",
                S.string(
                    pattern: "^\\s*\\.\(routeKinds)\\s*\\(.*\\)\\s*$",
                    description:
                        "A route in Swift notation: .push(X), .sheet(X), .sheet(X, withNavigation: true), .cover(X), .cover(X, withNavigation: true)."
                )
            ),
            (
                "routeList",
                S.anyOf(
                    [
                        S.object([("type", .string("string"))]),
                        S.array(of: S.anyOf([S.reference("route"), S.reference("nestedRoute")])),
                    ],
                    description:
                        "An array of routes (each a string, or {\"route\": …, \"child\": …} for a nested FlowStack), or one string holding a whole list such as \"[.push(A), .sheet(B)]\"."
                )
            ),
            ("nestedRoute", nestedRoute.schema(required: ["route"], description: "A route hosting a child FlowStack.")),
            (
                "child",
                child.schema(
                    required: ["ownsRoutes", "root"],
                    description:
                        "A child FlowStack: ownsRoutes true for its own binding (FlowStack($routes)), false to share the parent's path."
                )
            ),
            (
                "action",
                S.anyOf([
                    S.string(
                        pattern: actionPattern,
                        description:
                            "A FlowNavigator call: push(X), presentSheet(X, withNavigation: true), goBack(2), goBackTo(X), popTo(index: 0), dismiss(count: 2), dismissAll() …, also with the receiver code writes: navigator.push(.detail), routes.goBack()"
                    ),
                    nestedAction.schema(
                        required: ["action"],
                        description: "An action addressed to a coordinator, or presenting a child FlowStack."),
                ])
            ),
            (
                "budget",
                budget.schema(
                    required: [],
                    description:
                        "The most the change may cost under every rule set it compares: flowgraph check fails a plan over it, flowgraph diff reports one."
                )
            ),
            (
                "deeplink",
                deepLink.schema(
                    required: ["rules"],
                    description:
                        "Deep-link rules: the first rule whose pattern matches the URL gives the actions or routes.")
            ),
        ])
    }
}
