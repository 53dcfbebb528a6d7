import Foundation
import Testing

/// Every command's help, synopsis, shell completions and manual page come from its option table, as the built
/// binary prints them: help fits a screen, and no option is missing from any of them.
@Suite struct HelpTablesEndToEndTests {
    /// The commands `flowgraph --help` lists.
    static func commands() throws -> [String] {
        let help = try BuiltBinary.run(["--help"]).standardOutput
        let listed = help.components(separatedBy: "commands:\n").last ?? ""
        return listed.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("  ") else { return nil }
            return line.split(separator: " ").first.map(String.init)
        }
    }

    /// The options a command's help table lists, each with its alias: `[["-o", "--output"], ["--json"]]`.
    static func tableOptions(_ help: String) -> [[String]] {
        guard help.contains("\noptions:\n") else { return [] }
        let table = help.components(separatedBy: "\noptions:\n").last?.components(separatedBy: "\n\n").first ?? ""
        return table.split(separator: "\n").map { row in
            let spelling = row.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ")[0]
            return spelling.components(separatedBy: ", ").map { String($0.prefix { $0 != " " && $0 != "[" }) }
        }
    }

    /// The synopsis: the lines from `usage:` to the blank line after it.
    static func synopsis(_ help: String) -> String {
        let start = help.components(separatedBy: "usage: ").dropFirst().joined(separator: "usage: ")
        return start.components(separatedBy: "\n\n").first ?? ""
    }

    @Test func everyHelpFitsAScreenWithThreeExamplesAndADocsLink() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 9)
        for command in commands {
            let help = try BuiltBinary.run([command, "--help"]).standardOutput
            let lines = help.filter { $0 == "\n" }.count
            #expect(lines <= 40, "flowgraph \(command) --help is \(lines) lines")
            let examples = help.components(separatedBy: "\nexamples (more in ").last ?? ""
            let page = String(examples.prefix { $0 != ")" })
            #expect(
                FileManager.default.fileExists(atPath: BuiltBinary.packageRoot.appendingPathComponent(page).path),
                "flowgraph \(command) --help links \(page), which does not exist")
            #expect(examples.split(separator: "\n").dropFirst().count == 3, "flowgraph \(command): three examples")
        }
    }

    @Test func everyOptionInATableIsInItsSynopsisItsCompletionsAndTheManualPage() throws {
        let scripts = try ["bash", "zsh", "fish"].map { try BuiltBinary.run(["completion", $0]).standardOutput }
        let manual = try BuiltBinary.run(["help", "--man"]).standardOutput.replacingOccurrences(of: "\\-", with: "-")
        var checked = 0
        for command in try Self.commands() {
            let help = try BuiltBinary.run([command, "--help"]).standardOutput
            let synopsis = Self.synopsis(help)
            let options = Self.tableOptions(help)
            for spellings in options where !spellings.isEmpty {
                checked += 1
                // The synopsis gives the short spelling; the table both.
                #expect(
                    spellings.contains { synopsis.contains("[" + $0) || synopsis.contains(" " + $0 + " ") },
                    "flowgraph \(command): \(spellings) is not in the synopsis")
                for spelling in spellings {
                    let completes = Self.completes(spelling, for: command, scripts: scripts)
                    #expect(completes, "the completions for \(command) lack \(spelling)")
                }
                let inManual = manual.contains(spellings[0])
                #expect(inManual, "the manual page lacks \(command)'s \(spellings[0])")
            }
        }
        #expect(checked > 50)
    }

    /// Whether each of the bash, zsh and fish scripts completes `option` after `flowgraph command`.
    static func completes(_ option: String, for command: String, scripts: [String]) -> Bool {
        let bash = scripts[0].split(separator: "\n").first { $0.hasPrefix("        \(command)) words=") } ?? ""
        let zsh =
            scripts[1].components(separatedBy: "\n        \(command))\n").dropFirst().first?
            .components(separatedBy: ";;").first ?? ""
        // fish spells --name as `-l name` and -x as `-s x`.
        let fishName = option.hasPrefix("--") ? "-l " + option.dropFirst(2) : "-s " + option.dropFirst()
        let fish = scripts[2].split(separator: "\n").contains {
            $0.contains("__fish_seen_subcommand_from \(command)'") && $0.contains(fishName + " ")
        }
        return bash.split(separator: " ").contains {
            $0 == option || $0 == option + "\"" || $0.hasSuffix("\"" + option)
        }
            && ["'", ")"].contains { zsh.contains($0 + option + "[") || zsh.contains($0 + option + "=") }
            && fish
    }

    @Test func theManualPageIsValidRoff() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let manual = try BuiltBinary.run(["help", "--man"])
        #expect(manual.status == 0)
        try folder.write("flowgraph.1", manual.standardOutput)
        // groff's warnings (-ww) name any macro or escape it does not understand.
        let groff = try BuiltBinary.runTool(
            URL(fileURLWithPath: "/usr/bin/groff"), ["-man", "-Tutf8", "-ww", "-z", "flowgraph.1"], in: folder.url)
        #expect(groff.status == 0)
        #expect(groff.output.isEmpty, "groff: \(groff.output)")
        let shown = try BuiltBinary.runTool(
            URL(fileURLWithPath: "/usr/bin/groff"), ["-man", "-Tutf8", "-P-cbou", "flowgraph.1"], in: folder.url)
        #expect(shown.output.contains("flowgraph render PLAN.json|DIR… [-o OUT]"))
        #expect(shown.output.contains("--limit NAME=N,…"))
        #expect(shown.output.contains("--theme light|dark|light,dark"))
    }
}
