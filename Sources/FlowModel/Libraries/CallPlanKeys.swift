extension PlanDecoder {
    /// FlowStacks' update-rule keys, which a call-based plan (SwiftfulRouting, swiftui-navigation-stack) refuses.
    static let flowStacksRuleKeys = ["platform", "navigationStack"]
    /// FlowStacks' ways to describe a change other than `actions`, which a call-based plan refuses.
    static let flowStacksChangeKeys = ["end", "states"]

    /// How a call-based plan reads the keys every plan has: screens and calls as strings, a root that always
    /// has navigation, and none of FlowStacks' rule or change keys.
    static let callPlanKeys = PlanObjectKeys(
        (flowStacksRuleKeys + flowStacksChangeKeys).map { ($0, SchemaFragment.refused) } + [
            ("start", SchemaFragment.array(of: SchemaFragment.object([("type", .string("string"))]))),
            ("actions", SchemaFragment.object([("items", SchemaFragment.object([("type", .string("string"))]))])),
            (
                "root",
                SchemaFragment.anyOf([
                    SchemaFragment.object([("type", .string("string"))]),
                    SchemaFragment.object([
                        ("type", .string("object")),
                        (
                            "properties",
                            SchemaFragment.object([("withNavigation", SchemaFragment.object([("const", .bool(true))]))])
                        ),
                    ]),
                ])
            ),
        ])

    /// What the schema says of a call-based library's plans.
    static func callPlanNote(_ library: String) -> String {
        "\(library) applies each call in one update: no FlowStacks rules, the change is 'actions'."
    }
}
