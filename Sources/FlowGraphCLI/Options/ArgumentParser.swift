import FlowModel

/// An option a command accepts: a flag such as `--json` or an option with a value such as `--from LIST`.
public struct OptionSpec: Hashable, Sendable {
    /// The option's name with its dashes, e.g. `--from`.
    public var name: String
    /// The placeholder for its value in help (`LIST`); `nil` for a flag.
    public var valueName: String?
    /// One line saying what the option does.
    public var help: String
    /// Whether the value may be left out: `--name` alone is a flag, `--name=value` gives a value.
    public var valueIsOptional: Bool
    /// Another spelling of the option, e.g. `-q` for `--quiet`; parsed as if ``name`` were given.
    public var alias: String?
    /// The values shell completion offers for it (`svg`, `png`, …); empty for file names and free text, or
    /// when ``valueName`` lists them (`text|md`).
    public var completions: [String] = []
    /// Whether it may be given more than once (`-Grankdir=LR -Gbgcolor=white`), each value kept in order.
    public var repeats = false
    /// The option whose help row and synopsis entry this one shares (`-N` and `-E` share `-G`'s:
    /// `[-G|-N|-E NAME=VALUE]`); `nil` for a row of its own.
    public var sharesRowWith: String?
    /// Whether its value completes to the plan names of the `.swift` file on the command line
    /// (`flowgraph completion --functions FILE`), as `--function` does.
    public var completesFunctionNames = false

    /// Creates an option; pass `valueName` for an option that takes a value, and `valueIsOptional` for one
    /// that is a flag unless given as `--name=value`.
    public init(
        _ name: String, alias: String? = nil, valueName: String? = nil, valueIsOptional: Bool = false, help: String
    ) {
        self.name = name
        self.alias = alias
        self.valueName = valueName
        self.valueIsOptional = valueIsOptional
        self.help = help
    }

    /// Whether the option takes a value.
    public var takesValue: Bool { valueName != nil }

    /// The option as shown in usage lines: `--json`, `--from LIST` or `--navigation-stack[=WHICH]`.
    public var synopsis: String {
        // The short spelling first: `-q, --quiet`, `-o, --output`.
        let names = [name, alias].compactMap { $0 }.sorted { !$0.hasPrefix("--") && $1.hasPrefix("--") }
            .joined(separator: ", ")
        guard let valueName else { return names }
        return valueIsOptional ? "\(names)[=\(valueName)]" : "\(names) \(valueName)"
    }
}

/// The arguments of one command after parsing: positionals, option values and flags.
public struct ParsedArguments: Hashable, Sendable {
    /// Arguments that are not options, in order.
    public var positionals: [String] = []
    /// Values of options that take one, by option name.
    public var values: [String: String] = [:]
    /// Flags that were given.
    public var flags: Set<String> = []
    /// Every value of an option that repeats, in order, by option name.
    public var repeated: [String: [String]] = [:]
    /// Whether `-h` or `--help` was given.
    public var helpRequested = false

    /// Creates empty arguments.
    public init() {}

}

/// A small hand-written command-line parser.
///
/// Accepts `--name value`, `--name=value`, `-Xvalue` and `-X=value` for a one-letter option `-X` (`-Tsvg`, as `dot`
/// takes it),
/// aliases such as `-q` for `--quiet`, flags, positionals, `-` (standard input) as a positional,
/// `--` to end options, and `-h`/`--help` anywhere before `--`. An option's value is the next argument
/// even if it starts with `-` or is empty. Mistakes throw a ``UsageError`` (exit status 2).
public enum ArgumentParser {
    /// Parses a command's arguments (without the program and command names).
    public static func parse(
        _ arguments: [String], options: [OptionSpec], maximumPositionals: Int
    ) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            if argument == "-h" || argument == "--help" {
                parsed.helpRequested = true
                continue
            }
            var name: String
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            } else if !argument.hasPrefix("--"), argument.count > 2,
                let short = options.first(where: { $0.name == String(argument.prefix(2)) && $0.takesValue })
            {
                name = short.name
                // `-Tsvg` as `dot` takes it, and `-T=svg` as people also write it.
                let value = argument.dropFirst(2)
                inlineValue = String(value.hasPrefix("=") ? value.dropFirst() : value)
            } else {
                name = argument
            }
            guard let spec = options.first(where: { $0.name == name || $0.alias == name }) else {
                var message = "unknown option '\(name)'"
                if let suggestion = suggestion(
                    for: name, among: options.flatMap { [$0.name] + [$0.alias].compactMap { $0 } })
                {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw usageError(message)
            }
            name = spec.name
            if spec.valueIsOptional {
                // A flag, or `--name=value`; the next argument is never taken as its value.
                if parsed.flags.contains(name) { throw usageError("\(name) is given more than once") }
                parsed.flags.insert(name)
                if let inlineValue { parsed.values[name] = inlineValue }
            } else if spec.repeats {
                if let inlineValue {
                    parsed.repeated[name, default: []].append(inlineValue)
                } else if index < arguments.count {
                    parsed.repeated[name, default: []].append(arguments[index])
                    index += 1
                } else {
                    throw usageError("\(name) needs a value: \(spec.synopsis)")
                }
            } else if spec.takesValue {
                if parsed.values[name] != nil { throw usageError("\(name) is given more than once") }
                if let inlineValue {
                    parsed.values[name] = inlineValue
                } else if index < arguments.count {
                    parsed.values[name] = arguments[index]
                    index += 1
                } else {
                    throw usageError("\(name) needs a value: \(spec.synopsis)")
                }
            } else {
                if inlineValue != nil { throw usageError("\(name) takes no value") }
                parsed.flags.insert(name)
            }
        }
        if parsed.positionals.count > maximumPositionals, !parsed.helpRequested {
            let extra = parsed.positionals[maximumPositionals]
            throw usageError(
                maximumPositionals == 0
                    ? "unexpected argument '\(extra)'" : "unexpected extra argument '\(extra)'")
        }
        return parsed
    }

    /// A usage error with one message.
    public static func usageError(_ message: String) -> UsageError {
        UsageError(message)
    }

    /// The candidate `name` begins, or else the closest to it if it looks like a typo of it (FlowModel's
    /// ``DidYouMean``; command and option names are short, so two edits are tolerated in any of them).
    static func suggestion(for name: String, among candidates: [String]) -> String? {
        // An option cut short (`--out` for `--output`) is the one it begins, before any near spelling.
        if name.count >= 4, let longer = candidates.first(where: { $0.hasPrefix(name) }) { return longer }
        return DidYouMean.closest(to: name, among: candidates, tolerance: 2)
    }
}
