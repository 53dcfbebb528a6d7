import FlowModel
import Foundation

/// The `--platform` and `--navigation-stack` options shared by commands that compute steps.
///
/// `--platform ios16,ios17` and `--navigation-stack=both` ask for several rule sets, compared side by side.
public enum RuleOptions {
    /// `--platform LIST`: the platforms whose rules to play, compared side by side when there are several.
    public static let platform = CommandOption<[Platform]>(
        "--platform", valueName: "LIST",
        help: "ios16 (one dismissal per step), ios17 (iOS 17 and later: ios18 too), or ios16,ios17 to compare.",
        completions: Platform.allCases.map(\.rawValue) + ["ios16,ios17"]
    ) { text throws(UsageError) in
        if text.lowercased() == "both" || text.lowercased() == "all" { return Platform.allCases }
        var platforms: [Platform] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let value = Platform(versionName: part.trimmingCharacters(in: .whitespaces)) else {
                throw ArgumentParser.usageError(
                    "--platform: unknown platform '\(part)'; expected ios16, ios17 or a list such as ios16,ios17 "
                        + "(iOS 14 to 16 play by ios16's rules, iOS 17 and later by ios17's)")
            }
            if !platforms.contains(value) { platforms.append(value) }
        }
        return platforms
    }
    /// `--navigation-stack[=yes|no|both]`.
    public static let navigationStack = OptionSpec(
        "--navigation-stack", valueName: "yes|no|both", valueIsOptional: true,
        help: "Several pushes per step; =no: NavigationView; =both: compare.")

    /// The platforms `--platform` asks for, or `nil` when it is not given.
    public static func platforms(_ arguments: ParsedArguments) throws(UsageError) -> [Platform]? {
        try arguments[platform]
    }

    /// Notes for the version names `--platform` gives that play by another's rules (`ios18`: `ios17`'s).
    public static func platformNotes(_ arguments: ParsedArguments) -> [String] {
        guard let text = arguments.text(of: platform.spec) else { return [] }
        return text.split(separator: ",").compactMap {
            Platform.versionNote(for: $0.trimmingCharacters(in: .whitespaces)).map { "--platform: note: " + $0 }
        }
    }

    /// The `navigationStack` values `--navigation-stack` asks for, or `nil` when it is not given.
    public static func navigationStacks(_ arguments: ParsedArguments) throws(UsageError) -> [Bool]? {
        guard arguments.isGiven(navigationStack) else { return nil }
        guard let text = arguments.text(of: navigationStack) else { return [true] }
        switch text.lowercased() {
        case "yes", "true": return [true]
        case "no", "false": return [false]
        case "both": return [false, true]
        default:
            throw ArgumentParser.usageError(
                "--navigation-stack: unknown value '\(text)'; use --navigation-stack, --navigation-stack=no "
                    + "or --navigation-stack=both")
        }
    }

    /// The warning for rule options given for a plan of another library, which ignores them; `nil` otherwise.
    public static func ignoredNote(platforms: [Platform]?, navigationStacks: [Bool]?, plan: Plan) -> String? {
        let words = plan.navigationLibrary.words
        guard !words.appliesPlatformRules, platforms != nil || navigationStacks != nil else { return nil }
        let given = [platforms.map { _ in platform.spec.name }, navigationStacks.map { _ in navigationStack.name }]
            .compactMap { $0 }.joined(separator: " and ")
        return "\(plan.file ?? "-"): warning: \(given) set FlowStacks' update rules; this \(words.displayName) "
            + "plan applies each call in one update, so \(given.contains(" and ") ? "they are" : "it is") ignored"
    }
}
