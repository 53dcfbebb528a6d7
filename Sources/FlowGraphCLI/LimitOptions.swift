import FlowModel

/// The `--limit NAME=VALUE[,NAME=VALUE…]` option of commands that read inputs (see ``Limits``).
public enum LimitOptions {
    /// `--limit NAME=VALUE,…`.
    public static let option = OptionSpec(
        "--limit", valueName: "NAME=N,…",
        help: "Raise input limits: file-size, routes, label, steps, step-routes, layout, swift-files, swift-size.")

    /// The limits the command line asks for: the defaults with `--limit` applied.
    public static func limits(_ arguments: ParsedArguments) throws(UsageError) -> Limits {
        guard let text = arguments.value(option.name) else { return .default }
        do {
            return try Limits.default.setting(text, option: option.name)
        } catch {
            throw ArgumentParser.usageError(error.message)
        }
    }
}
