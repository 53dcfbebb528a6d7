import FlowModel
import Graphviz

/// `-G`, `-N` and `-E`: Graphviz attributes as `dot` takes them (`-Grankdir=LR`, `-Nfontname=Inter`,
/// `-Ecolor=gray40`), set last on the graph, every node and every edge of each drawing a command lays out.
enum GraphvizAttributeOptions {
    /// One `NAME=VALUE` given to `-G`, `-N` or `-E`, checked against ``AttributeOverrides/allowed``.
    struct Setting: Hashable, Sendable {
        var target: AttributeOverrides.Target
        var name: String
        var value: String
    }

    /// `-G NAME=VALUE`.
    static let graph = option(.graph, example: "rankdir=LR")
    /// `-N NAME=VALUE`.
    static let node = option(.node, example: "fontname=Inter")
    /// `-E NAME=VALUE`.
    static let edge = option(.edge, example: "color=gray40")

    /// The three options, for a command's table.
    static let all: [OptionSpec] = [graph.spec, node.spec, edge.spec]

    /// The option for `target`: repeatable, each value `NAME=VALUE` of an attribute FlowGraph passes on.
    private static func option(_ target: AttributeOverrides.Target, example: String) -> CommandOption<Setting> {
        let flag = "-\(target.rawValue)"
        var option = CommandOption<Setting>(
            flag, valueName: "NAME=VALUE",
            help: target == .graph
                ? "Graphviz graph, node, edge attributes set last, as dot: -Grankdir=LR -Ecolor=gray40 (docs/render.md)."
                : "Set a Graphviz \(target.word) attribute last, as dot does (\(flag)\(example)); repeatable."
        ) { text throws(UsageError) in try setting(text, target: target) }
        option.repeats = true
        // Completion offers the names taken, each ready for its value (`rankdir=`).
        option.spec.completions = (AttributeOverrides.allowed[target] ?? []).map { $0 + "=" }
        if target != .graph { option.spec.sharesRowWith = "-G" }
        return option
    }

    /// `NAME=VALUE` for `target`, or a usage error saying what is wrong and what is taken.
    static func setting(_ text: String, target: AttributeOverrides.Target) throws(UsageError) -> Setting {
        let flag = "-\(target.rawValue)"
        guard let equals = text.firstIndex(of: "="), equals != text.startIndex else {
            throw ArgumentParser.usageError("\(flag) takes NAME=VALUE (e.g. \(flag)fontsize=14), not '\(text)'")
        }
        let name = String(text[..<equals])
        let value = String(text[text.index(after: equals)...])
        if let problem = AttributeOverrides.problem(setting: name, to: value, on: target) {
            let taken = AttributeOverrides.allowed[target] ?? []
            guard !taken.contains(name), !AttributeOverrides.readsFiles.contains(name),
                !AttributeOverrides.Target.allCases.contains(where: {
                    AttributeOverrides.allowed[$0]?.contains(name) == true
                })
            else { throw ArgumentParser.usageError(problem) }
            // A name Graphviz does not take here: the nearest that it does, else every one.
            if let suggestion = ArgumentParser.suggestion(for: name, among: taken) {
                throw ArgumentParser.usageError(problem + "; did you mean '\(flag)\(suggestion)'?")
            }
            throw ArgumentParser.usageError(
                problem + "; the \(target.word) attributes taken are " + taken.joined(separator: ", "))
        }
        return Setting(target: target, name: name, value: value)
    }

    /// The overrides of a command that takes these options: `.flowgraph.json`'s `"graphviz"` (found as
    /// ``ProjectDefaults/find(near:)`` finds it for the first path given), then the command line's over them,
    /// each later setting of one name winning; none for a command without the options.
    static func overrides(_ arguments: ParsedArguments, of command: any Command.Type) throws -> AttributeOverrides {
        guard command.options.contains(graph.spec) else { return AttributeOverrides() }
        let given = try ProjectDefaults.find(near: arguments.positionals.first).attributes ?? AttributeOverrides()
        return try overrides(arguments, over: given)
    }

    /// `base` with the command line's settings over it, each later setting of one name winning.
    static func overrides(_ arguments: ParsedArguments, over base: AttributeOverrides = AttributeOverrides())
        throws(UsageError) -> AttributeOverrides
    {
        var overrides = base
        for option in [graph, node, edge] {
            for setting in try arguments[all: option] {
                overrides.set(setting.name, setting.value, on: setting.target)
            }
        }
        return overrides
    }
}

extension CommandOption {
    /// Whether the option may be given more than once (``OptionSpec/repeats``).
    var repeats: Bool {
        get { spec.repeats }
        set { spec.repeats = newValue }
    }
}
