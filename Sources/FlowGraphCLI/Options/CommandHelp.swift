/// The help of one command, made from its option table: what `--help`, usage errors and the manual page show.
struct CommandHelp {
    /// The widest line the synopsis wraps to.
    static let synopsisWidth = 120

    /// The command described.
    let command: any Command.Type

    /// Describes a command.
    init(_ command: any Command.Type) {
        self.command = command
    }

    /// Every option in the synopsis's spelling, `[-o OUT]`, `[--json]`, except those the first form names.
    var bracketedOptions: [String] {
        let named = Set(command.forms[0].split(separator: " ").map(String.init))
        return rowOptions.filter { !named.contains($0.name) }.flatMap(synopsisNames(of:)).map { "[" + $0 + "]" }
    }

    /// The options with a row of their own (not sharing another's).
    private var rowOptions: [OptionSpec] { command.options.filter { $0.sharesRowWith == nil } }

    /// `spec` and the options sharing its row.
    private func sharing(_ spec: OptionSpec) -> [OptionSpec] {
        [spec] + command.options.filter { $0.sharesRowWith == spec.name }
    }

    /// `-o OUT`; options sharing a row and a value name as one, `-G|-N|-E NAME=VALUE`.
    private func synopsisNames(of spec: OptionSpec) -> [String] {
        let shared = sharing(spec)
        guard shared.count > 1, Set(shared.map(\.valueName)).count == 1 else { return shared.map(\.synopsisName) }
        return [shared.map(\.name).joined(separator: "|") + (spec.valueName.map { " " + $0 } ?? "")]
    }

    /// `-o, --output OUT`; options sharing a row one after the other, as `-G, -N, -E NAME=VALUE` when they share
    /// a value name, else as `--timeout SECONDS, --worker-memory MB`.
    private func rowName(of spec: OptionSpec) -> String {
        let shared = sharing(spec)
        guard shared.count > 1 else { return spec.synopsis }
        guard Set(shared.map(\.valueName)).count == 1 else { return shared.map(\.synopsis).joined(separator: ", ") }
        return shared.map(\.name).joined(separator: ", ") + (spec.valueName.map { " " + $0 } ?? "")
    }

    /// The synopsis lines, without `usage:`: the first form followed by every option, wrapped under it, then the
    /// other forms with `[OPTIONS]`.
    var synopsis: [String] {
        let program = "flowgraph \(command.name) "
        let indent = String(repeating: " ", count: program.count)
        var lines: [String] = []
        var line = program + command.forms[0]
        for option in bracketedOptions {
            // "usage: " is 7 columns before every synopsis line.
            if 7 + line.count + 1 + option.count > Self.synopsisWidth {
                lines.append(line)
                line = indent + option
            } else {
                line += " " + option
            }
        }
        lines.append(line)
        lines += command.forms.dropFirst().map { program + $0 + " [OPTIONS]" }
        return lines
    }

    /// The forms alone, `flowgraph render PLAN.json|DIR… [OPTIONS]`, as a usage error shows them above the hint
    /// to run `--help`.
    var shortUsage: [String] {
        command.forms.map {
            ["flowgraph", command.name, $0, command.options.isEmpty ? "" : "[OPTIONS]"].filter { !$0.isEmpty }
                .joined(separator: " ")
        }
    }

    /// The options table: each option's spelling and its help line, aligned.
    var optionRows: [String] {
        let width = rowOptions.map { rowName(of: $0).count }.max() ?? 0
        return rowOptions.map {
            "  " + rowName(of: $0).padding(toLength: width, withPad: " ", startingAt: 0) + "  " + $0.help
        }
    }

    /// The text `flowgraph NAME --help` prints; it fits a screen of 40 lines.
    var text: String {
        var lines = [command.summary, ""]
        lines += synopsis.enumerated().map { ($0.offset == 0 ? "usage: " : "       ") + $0.element }
        if !command.options.isEmpty { lines += ["", "options:"] + optionRows }
        if !command.notes.isEmpty { lines += [""] + command.notes.split(separator: "\n").map(String.init) }
        lines += ["", "examples (more in \(command.docsPage)):"] + command.examples.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }
}

extension OptionSpec {
    /// The option as the synopsis shows it: the short spelling when it has one (`-o OUT`, `-q`).
    var synopsisName: String {
        let shortest = [name, alias].compactMap { $0 }.min { $0.count < $1.count } ?? name
        guard let valueName else { return shortest }
        return valueIsOptional ? "\(shortest)[=\(valueName)]" : "\(shortest) \(valueName)"
    }
}
