/// The JSON Schema of plan files (draft-07), which `flowgraph schema` prints.
///
/// Made from the key tables the decoder checks (`PlanFileKeys`, each library's own and shared keys), so a
/// key the decoder accepts is a key the schema lists. Editors use it to complete and check plans: every key,
/// the three libraries, nested FlowStacks, deep-link rules, route and action names. It checks shape only;
/// navigation that FlowStacks rejects (a `pop` of a sheet) still needs `flowgraph`. `make schema` writes a
/// copy to `docs/plan.schema.json`; a test keeps the two equal and validates every sample against it.
package enum PlanSchema {
    private typealias S = SchemaFragment

    /// The schema's text, pretty-printed, ending in a newline.
    public static let text = schema.rendered() + "\n"

    /// The characters a `library` value may hold anywhere, which the decoder drops before comparing.
    static let ignoredInLibraryNames = " _-"

    /// The schema as JSON.
    static var schema: JSONValue {
        let libraryNames = NavigationLibraries.all.flatMap { [$0.library.rawValue] + $0.aliases }
        let ownKeys = NavigationLibraries.all.flatMap { $0.ownKeys.keys }.map { ($0.name, $0.value) }
        let properties =
            [("$schema", S.string(description: "The schema this file follows, for editors."))]
            + Array(PlanFileKeys.plan.keys.prefix(1).map { ($0.name, $0.value) })
            + [
                (
                    "library",
                    S.names(
                        libraryNames, spelledAs: S.spellings(of: libraryNames, ignoring: ignoredInLibraryNames),
                        description:
                            "The navigation library the plan is written for (default \(NavigationLibraries.all[0].library.rawValue)). Case, spaces, '-' and '_' are ignored."
                    )
                )
            ]
            + PlanFileKeys.plan.keys.dropFirst().map { ($0.name, $0.value) } + ownKeys
        return S.object([
            ("$schema", .string("http://json-schema.org/draft-07/schema#")),
            ("$id", .string("https://github.com/flowgraph/flowgraph/plan.schema.json")),
            ("title", .string("FlowGraph plan")),
            (
                "description",
                .string(
                    "A navigation plan for flowgraph (render, steps): a FlowStack's root and routes and the change to draw, for FlowStacks (default), SwiftfulRouting or swiftui-navigation-stack. Print this schema with `flowgraph schema`; see docs/plans.md."
                )
            ),
            ("type", .string("object")), ("additionalProperties", .bool(false)),
            ("properties", S.object(properties)),
            ("not", oneChange), ("allOf", .array(NavigationLibraries.all.map(libraryRule))),
            ("definitions", PlanFileKeys.definitions),
        ])
    }

    /// At most one of `end`, `actions` and `states` describes the change.
    private static var oneChange: JSONValue {
        let keys = PlanFileKeys.changeKeys
        let pairs = keys.indices.flatMap { first in keys.indices.filter { $0 > first }.map { (keys[first], keys[$0]) } }
        return S.object([
            ("description", .string("At most one of \(keys.joined(separator: ", ")) describes the change.")),
            ("anyOf", .array(pairs.map { S.object([("required", .array([.string($0.0), .string($0.1)]))]) })),
        ])
    }

    /// How plans of one library read the shared keys, and that other libraries' own keys are not theirs.
    private static func libraryRule(_ library: any (NavigationLibrary & LibraryPlanDecoding).Type) -> JSONValue {
        let names = [library.library.rawValue] + library.aliases
        let named = S.object([
            (
                "properties",
                S.object([
                    (
                        "library",
                        S.object([("pattern", .string(S.spellings(of: names, ignoring: ignoredInLibraryNames)))])
                    )
                ])
            ),
            ("required", .array([.string("library")])),
        ])
        let isDefault = library.library == NavigationLibraries.all[0].library
        let condition =
            isDefault
            ? S.anyOf([S.object([("not", S.object([("required", .array([.string("library")]))]))]), named]) : named
        let othersKeys = NavigationLibraries.all.filter { $0.library != library.library }.flatMap { $0.planKeys }
        let properties = library.sharedKeys.keys.map { ($0.name, $0.value) } + othersKeys.map { ($0, S.refused) }
        return S.object([
            ("if", condition),
            (
                "then",
                S.object([
                    ("description", library.schemaNote.map(JSONValue.string)), ("properties", S.object(properties)),
                ])
            ),
        ])
    }
}
