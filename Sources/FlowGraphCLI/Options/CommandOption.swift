/// A flag a command declares, such as `--json`; reading it from ``ParsedArguments`` says whether it was given.
public struct CommandFlag: Sendable {
    /// Its name, alias and help line.
    public let spec: OptionSpec

    /// Declares a flag.
    public init(_ name: String, alias: String? = nil, help: String) {
        spec = OptionSpec(name, alias: alias, help: help)
    }
}

/// An option with a value a command declares, such as `--width PX`, read back as a typed value.
///
/// Each command lists its options as values of this type, so the parser, the help, the manual page and
/// shell completions come from one table, and no command looks an option up by a string.
public struct CommandOption<Value: Sendable>: Sendable {
    /// Its name, alias, value name and help line.
    public internal(set) var spec: OptionSpec
    /// Turns the text given into a value, or throws a usage error naming the option.
    let parse: @Sendable (String) throws(UsageError) -> Value

    /// Declares an option whose text `parse` turns into a value.
    public init(
        _ name: String, alias: String? = nil, valueName: String, help: String, completions: [String] = [],
        parse: @escaping @Sendable (String) throws(UsageError) -> Value
    ) {
        var spec = OptionSpec(name, alias: alias, valueName: valueName, help: help)
        spec.completions = completions
        self.spec = spec
        self.parse = parse
    }
}

extension CommandOption where Value == String {
    /// Declares an option whose value is its text as given.
    public init(_ name: String, alias: String? = nil, valueName: String, help: String, completions: [String] = []) {
        self.init(name, alias: alias, valueName: valueName, help: help, completions: completions) { $0 }
    }
}

extension CommandOption {
    /// Declares an option whose value is one of an enumeration's cases, spelled as its raw value in any case.
    public static func choice(
        _ name: String, alias: String? = nil, valueName: String? = nil, help: String
    ) -> Self where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
        let names = Value.allCases.map(\.rawValue)
        return Self(name, alias: alias, valueName: valueName ?? names.joined(separator: "|"), help: help) {
            text throws(UsageError) in
            if let value = Value(rawValue: text.lowercased()) { return value }
            throw ArgumentParser.usageError("\(name) must be \(names.joined(separator: " or ")), not '\(text)'")
        }
    }
}

extension ParsedArguments {
    /// Whether a flag was given.
    public subscript(flag: CommandFlag) -> Bool { isGiven(flag.spec) }

    /// The value of an option, or `nil` when it is not given; a value that does not parse throws.
    public subscript<Value>(option: CommandOption<Value>) -> Value? {
        get throws(UsageError) {
            guard let text = text(of: option.spec) else { return nil }
            return try option.parse(text)
        }
    }

    /// Every value of an option that repeats, in the order given; a value that does not parse throws.
    public subscript<Value>(all option: CommandOption<Value>) -> [Value] {
        get throws(UsageError) {
            var parsed: [Value] = []
            for text in repeated[option.spec.name] ?? [] { parsed.append(try option.parse(text)) }
            return parsed
        }
    }

    /// The text given for an option that takes a value, if any.
    func text(of spec: OptionSpec) -> String? { values[spec.name] }

    /// Whether an option was given (a flag, or an optional-value option with or without its value).
    func isGiven(_ spec: OptionSpec) -> Bool {
        flags.contains(spec.name) || values[spec.name] != nil || repeated[spec.name] != nil
    }

    /// Gives an option a value unless the command line gave it one: a project default (``ProjectDefaults``).
    mutating func setDefault<Value>(_ option: CommandOption<Value>, text: String) {
        if values[option.spec.name] == nil { values[option.spec.name] = text }
    }
}
