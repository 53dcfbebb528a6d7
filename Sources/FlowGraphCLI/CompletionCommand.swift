import FlowGraph
import FlowModel
import Graphviz

/// `flowgraph completion bash|zsh|fish`: prints a shell completion script for every command and option.
///
/// The scripts are generated from ``CommandRegistry``, so a new command or option completes without editing
/// them. Values complete from the option's choices (`--theme light|dark`), `-T` from the formats, and plans
/// and outputs as file names.
public enum CompletionCommand: Command {
    /// `completion`.
    public static let name = "completion"
    /// One line for `flowgraph --help`.
    public static let summary = "Print a shell completion script (bash, zsh or fish) for commands and options."
    /// The shell.
    public static let forms = ["bash|zsh|fish"]
    /// `--functions FILE.swift`: what the scripts ask for to complete `--function`.
    static let functions = CommandOption<String>(
        "--functions", valueName: "FILE",
        help: "Print the names --function takes for FILE.swift, one per line (the scripts complete them).")
    /// `--functions`.
    public static let options = [functions.spec]
    /// The shell.
    public static let maximumPositionals = 1
    /// No more to say.
    public static let notes = ""
    /// How to install each script.
    public static let examples = [
        "eval \"$(flowgraph completion bash)\"          (add it to ~/.bashrc)",
        "source <(flowgraph completion zsh)          (in ~/.zshrc, after compinit)",
        "flowgraph completion fish > ~/.config/fish/completions/flowgraph.fish",
    ]
    /// Where the rest is told.
    public static let docsPage = "docs/everyday.md"

    /// The shells a script can be printed for.
    public enum Shell: String, CaseIterable, Sendable {
        /// GNU bash (`complete -F`).
        case bash
        /// zsh (`compdef`, `_arguments`).
        case zsh
        /// fish (`complete -c`).
        case fish
    }

    /// Runs the command.
    public static func run(_ arguments: ParsedArguments, console: Console) throws -> Int32 {
        if let file = try arguments[functions] {
            let names = try PlanSource.functionNames(in: file, limits: try LimitOptions.limits(arguments))
            names.forEach { console.print($0) }
            return 0
        }
        guard let name = arguments.positionals.first else {
            throw ArgumentParser.usageError("missing the shell: bash, zsh or fish")
        }
        guard let shell = Shell(rawValue: name.lowercased()) else {
            throw ArgumentParser.usageError("unknown shell '\(name)'; expected bash, zsh or fish")
        }
        console.writeOutput(script(for: shell))
        return 0
    }

    /// The completion script for a shell.
    public static func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    /// The values an option's argument completes to; empty for file names and free text.
    static func choices(_ option: OptionSpec) -> [String] {
        if !option.completions.isEmpty { return option.completions }
        if let valueName = option.valueName, valueName.contains("|") {
            return valueName.split(separator: "|").map(String.init)
        }
        return []
    }

    /// Every command as `flowgraph COMMAND` accepts it, `help` included.
    private static var commandNames: [String] { CommandRegistry.commands.map { $0.name } + ["help"] }

    private static func names(_ option: OptionSpec) -> [String] {
        [option.alias, option.name].compactMap { $0 }
    }

    private static func bash() -> String {
        var lines = [
            "# flowgraph completion for bash: eval \"$(flowgraph completion bash)\"",
            "_flowgraph() {",
            "    local cur=\"${COMP_WORDS[COMP_CWORD]}\" prev=\"${COMP_WORDS[COMP_CWORD-1]}\" words=\"\"",
            "    if [ \"$COMP_CWORD\" -eq 1 ]; then",
            "        COMPREPLY=($(compgen -W \"\(commandNames.joined(separator: " ")) --help --version\" -- \"$cur\"))",
            "        return",
            "    fi",
            "    case \"${COMP_WORDS[1]} $prev\" in",
        ]
        for command in CommandRegistry.commands {
            for option in command.options where option.takesValue && !option.valueIsOptional {
                let values = choices(option)
                var reply =
                    values.isEmpty
                    ? "COMPREPLY=($(compgen -f -- \"$cur\"))"
                    : "COMPREPLY=($(compgen -W \"\(values.joined(separator: " "))\" -- \"$cur\"))"
                if option.completesFunctionNames {
                    reply =
                        "local file=\"\" w; for w in \"${COMP_WORDS[@]}\"; do [[ \"$w\" == *.swift ]] && file=\"$w\"; done; "
                        + "COMPREPLY=($(compgen -W \"$([ -n \"$file\" ] && \"${COMP_WORDS[0]}\" completion --functions "
                        + "\"$file\" 2>/dev/null)\" -- \"$cur\"))"
                }
                lines.append("        \"\(command.name) \(option.name)\") \(reply); return ;;")
            }
        }
        lines.append(
            "        \"help \"*) COMPREPLY=($(compgen -W \"\(commandNames.joined(separator: " "))\" -- \"$cur\")); return ;;"
        )
        lines.append("        \"completion \"*) COMPREPLY=($(compgen -W \"bash zsh fish\" -- \"$cur\")); return ;;")
        lines.append("    esac")
        lines.append("    case \"${COMP_WORDS[1]}\" in")
        for command in CommandRegistry.commands {
            let options = command.options.flatMap { option in
                option.valueIsOptional
                    ? [option.name] + choices(option).map { "\(option.name)=\($0)" } : names(option)
            }
            lines.append("        \(command.name)) words=\"\((options + ["--help"]).joined(separator: " "))\" ;;")
        }
        lines += [
            "    esac",
            "    if [[ \"$cur\" == -* ]]; then",
            "        COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))",
            "    else",
            "        COMPREPLY=($(compgen -f -- \"$cur\"))",
            "    fi",
            "}",
            "complete -o filenames -o bashdefault -F _flowgraph flowgraph",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func zsh() -> String {
        func quoted(_ text: String) -> String {
            "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
        }
        func bracketed(_ text: String) -> String {
            text.replacingOccurrences(of: "[", with: "\\[").replacingOccurrences(of: "]", with: "\\]")
                .replacingOccurrences(of: ":", with: "\\:")
        }
        var lines = [
            "#compdef flowgraph",
            "# flowgraph completion for zsh: source <(flowgraph completion zsh), after compinit",
            "_flowgraph() {",
            "    local -a commands",
            "    commands=(",
        ]
        for command in CommandRegistry.commands {
            lines.append(
                "        " + quoted("\(command.name):\(command.summary.replacingOccurrences(of: ":", with: "\\:"))"))
        }
        lines.append("        'help:Show the help of a command'")
        lines += [
            "    )",
            "    if (( CURRENT == 2 )); then",
            "        _describe 'command' commands",
            "        return",
            "    fi",
            "    local command=$words[2]",
            "    shift words",
            "    (( CURRENT-- ))",
            "    case $command in",
        ]
        for command in CommandRegistry.commands {
            var specs: [String] = []
            for option in command.options {
                let help = bracketed(option.help)
                let action: String
                if option.takesValue && !option.valueIsOptional {
                    let values = choices(option)
                    let files = ["OUT", "FILE", "LIST"].contains(option.valueName ?? "")
                    var completion = values.isEmpty ? (files ? "_files" : " ") : "(\(values.joined(separator: " ")))"
                    if option.completesFunctionNames {
                        completion =
                            "{compadd -- ${(f)\"$(flowgraph completion --functions ${(M)words:#*.swift} 2>/dev/null)\"}}"
                    }
                    action = ":\(option.valueName ?? "VALUE"):" + completion
                } else {
                    action = ""
                }
                let exclusive = option.alias.map { "(\($0) \(option.name))" } ?? ""
                for name in names(option) {
                    let spelled = option.valueIsOptional ? "\(name)=-" : name
                    specs.append(quoted("\(exclusive)\(spelled)[\(help)]\(action)"))
                }
            }
            specs.append(command.name == "completion" ? "'1:shell:(bash zsh fish)'" : "'*:file:_files'")
            lines.append("        \(command.name))")
            lines.append("            _arguments -s \\")
            lines += specs.map { "                \($0) \\" }
            lines.append("                '(- *)'{-h,--help}'[Show the help]'")
            lines.append("            ;;")
        }
        lines += [
            "        help) _describe 'command' commands ;;",
            "    esac",
            "}",
            "compdef _flowgraph flowgraph",
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func fish() -> String {
        func quoted(_ text: String) -> String {
            "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        }
        var lines = [
            "# flowgraph completion for fish: flowgraph completion fish > ~/.config/fish/completions/flowgraph.fish",
            "complete -c flowgraph -f",
        ]
        for command in CommandRegistry.commands {
            lines.append(
                "complete -c flowgraph -n __fish_use_subcommand -a \(command.name) -d \(quoted(command.summary))")
        }
        lines.append("complete -c flowgraph -n __fish_use_subcommand -a help -d 'Show the help of a command'")
        lines.append("complete -c flowgraph -n __fish_use_subcommand -s h -l help -d 'Show the help'")
        lines.append("complete -c flowgraph -n __fish_use_subcommand -s V -l version -d 'Print the version'")
        for command in CommandRegistry.commands {
            let condition = "-n '__fish_seen_subcommand_from \(command.name)'"
            lines.append(
                command.name == "completion"
                    ? "complete -c flowgraph \(condition) -x -a 'bash zsh fish'"
                    : "complete -c flowgraph \(condition) -F")
            for option in command.options {
                var parts = ["complete -c flowgraph", condition]
                for name in names(option) {
                    parts.append(name.hasPrefix("--") ? "-l \(name.dropFirst(2))" : "-s \(name.dropFirst())")
                }
                if option.takesValue && !option.valueIsOptional {
                    let values = choices(option)
                    if option.completesFunctionNames {
                        parts.append(
                            "-x -a "
                                + quoted(
                                    "(flowgraph completion --functions (commandline -opc | string match '*.swift')[1] "
                                        + "2>/dev/null)"))
                    } else {
                        parts.append(values.isEmpty ? "-r -F" : "-x -a \(quoted(values.joined(separator: " ")))")
                    }
                }
                parts.append("-d \(quoted(option.help))")
                lines.append(parts.joined(separator: " "))
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
