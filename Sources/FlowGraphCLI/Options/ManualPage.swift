import Foundation

/// The `flowgraph(1)` manual page in roff, made from the same command and option tables as `--help`.
///
/// `flowgraph help --man > flowgraph.1` writes it; `man ./flowgraph.1` shows it.
enum ManualPage {
    /// The whole page: name, synopsis, description, then one section per command with its options.
    static func text(version: String) -> String {
        var lines = [
            ".TH FLOWGRAPH 1 \"\" \"flowgraph \(version)\" \"User Commands\"",
            ".SH NAME",
            "flowgraph \\- draw iOS navigation: route stacks, deep-link steps, nesting, navigation maps",
            ".SH SYNOPSIS",
            ".B flowgraph",
            ".I COMMAND",
            "[\\fIOPTIONS\\fR]",
            ".br",
            ".B flowgraph",
            "\\-\\-help | \\-\\-version",
            ".SH DESCRIPTION",
            escaped(
                "FlowGraph draws iOS navigation the way FlowStacks models it, as Graphviz diagrams, and reads an "
                    + "app's Swift source to find that navigation. Each command below prints its own help with "
                    + "flowgraph COMMAND --help."),
            ".SH COMMANDS",
        ]
        for command in CommandRegistry.commands {
            lines += section(command)
        }
        lines += [
            ".SH FILES",
            ".TP",
            "\\fB.flowgraph.json\\fR",
            escaped(
                "Project defaults, looked for beside the plans (for a batch, beside its first input folder), else "
                    + "in the current folder: a JSON object with any of the keys "
                    + ProjectDefaults.keys.map { "\"\($0)\"" }.joined(separator: ", ")
                    + ", e.g. {\"format\": \"png\", \"theme\": \"light,dark\", \"width\": 720, \"platform\": \"ios16\"}. "
                    + "\"graphviz\" holds {\"graph\", \"node\", \"edge\"} objects of attributes, as -G, -N and -E "
                    + "set them (for scan, diff and docc too). \"sourceURL\" is --source-url's address (or \"git\") "
                    + "for scan, diff and docc. "
                    + "The command line always wins, and a plan's own \"platform\" wins over the file's; a mistake "
                    + "in the file is an error located in it. At most 64 KiB."),
            ".SH EXIT STATUS",
            escaped(
                "0 success; 1 bad input, a failed check or a tripped diff --fail-on gate; 2 bad command line; "
                    + "3 Graphviz plugins or fonts missing; 4 diff could not compare (a missing path or revision)."),
            ".SH SEE ALSO",
            escaped("dot(1); the documentation in the docs/ folder of the FlowGraph repository."),
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// One command: its synopsis, summary, options, notes and examples.
    private static func section(_ command: any Command.Type) -> [String] {
        var lines = [".SS \(command.name)"]
        for form in CommandHelp(command).synopsis {
            lines += [".nf", escaped(form.trimmingCharacters(in: .whitespaces)), ".fi"]
        }
        lines += [".PP", escaped(command.summary)]
        for option in command.options {
            lines += [".TP", "\\fB" + escaped(option.synopsis) + "\\fR", escaped(option.help)]
        }
        if !command.notes.isEmpty {
            lines += [".PP", escaped(command.notes.split(separator: "\n").joined(separator: " "))]
        }
        lines += [".PP", "Examples (more in \(escaped(command.docsPage))):"]
        for example in command.examples {
            lines += [".RS", ".nf", escaped(example), ".fi", ".RE"]
        }
        return lines
    }

    /// Text safe in roff: backslashes and dashes escaped, characters beyond ASCII as `\[uXXXX]`, and no line
    /// starting with a control character.
    static func escaped(_ text: String) -> String {
        var body = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": body += "\\e"
            case "-": body += "\\-"
            case _ where scalar.isASCII: body.unicodeScalars.append(scalar)
            default: body += "\\[u" + String(format: "%04X", scalar.value) + "]"
            }
        }
        return body.hasPrefix(".") || body.hasPrefix("'") ? "\\&" + body : body
    }
}
