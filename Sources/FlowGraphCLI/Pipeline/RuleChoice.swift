import FlowModel

/// The update rules a command line asks for instead of a plan's own: `--platform` and `--navigation-stack`.
struct RuleChoice: Hashable, Codable, Sendable {
    /// The platforms to play side by side; `nil` keeps the plan's.
    var platforms: [Platform]?
    /// The `navigationStack` values to play side by side; `nil` keeps the plan's.
    var navigationStacks: [Bool]?

    /// No rules of its own: every plan plays its own.
    init() {}

    /// The rules the typed options ask for.
    init(_ arguments: ParsedArguments) throws(UsageError) {
        platforms = try RuleOptions.platforms(arguments)
        navigationStacks = try RuleOptions.navigationStacks(arguments)
    }

    /// Gives the plan these rules; for a library that applies each call in one update (FlowStacks' rules do
    /// not apply), leaves the plan as it is and returns the warning that says so.
    func apply(to plan: inout Plan) -> String? {
        if let note = ignoredNote(for: plan) { return note }
        if let platforms { plan.platforms = platforms }
        if let navigationStacks { plan.navigationStacks = navigationStacks }
        return nil
    }

    /// The warning for rules given for a plan whose library ignores them; `nil` otherwise.
    func ignoredNote(for plan: Plan) -> String? {
        RuleOptions.ignoredNote(platforms: platforms, navigationStacks: navigationStacks, plan: plan)
    }
}
