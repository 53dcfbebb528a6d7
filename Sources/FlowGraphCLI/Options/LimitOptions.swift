import FlowModel

/// The `--limit NAME=VALUE[,NAME=VALUE…]` option of commands that read inputs (see ``Limits``).
public enum LimitOptions {
    /// `--limit NAME=VALUE,…`: the defaults with the values given.
    public static let option = CommandOption<Limits>(
        "--limit", valueName: "NAME=N,…",
        help: "Raise input limits: file-size, routes, label, steps, step-routes, layout, swift-files, swift-size."
    ) { text throws(UsageError) in
        do throws(InputError) {
            return try Limits.default.setting(text, option: "--limit")
        } catch {
            throw ArgumentParser.usageError(error.message)
        }
    }

    /// The limits the command line asks for: the defaults with `--limit` applied.
    public static func limits(_ arguments: ParsedArguments) throws(UsageError) -> Limits {
        try arguments[option] ?? .default
    }
}
