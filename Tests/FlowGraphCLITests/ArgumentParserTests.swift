import FlowGraphCLI
import FlowModel
import Testing

@Suite struct ArgumentParserTests {
    let options = [
        OptionSpec("--from", valueName: "LIST", help: ""),
        OptionSpec("--to", valueName: "LIST", help: ""),
        OptionSpec("--json", help: ""),
    ]

    @Test func parsesValuesFlagsAndPositionals() throws {
        let parsed = try ArgumentParser.parse(
            ["plan.json", "--from", "-x", "--to=[.push(A)]", "--json"], options: options, maximumPositionals: 1)
        #expect(parsed.positionals == ["plan.json"])
        #expect(parsed.value("--from") == "-x")
        #expect(parsed.value("--to") == "[.push(A)]")
        #expect(parsed.flag("--json"))
        #expect(!parsed.helpRequested)
    }

    @Test func emptyValuesDashAndDoubleDash() throws {
        let parsed = try ArgumentParser.parse(
            ["--to", "", "-", "--", "--json"], options: options, maximumPositionals: 2)
        #expect(parsed.value("--to") == "")
        #expect(parsed.positionals == ["-", "--json"])
        #expect(!parsed.flag("--json"))
    }

    /// `-o`/`--output` and `-T`/`--format`, as render declares them.
    let renderLike = [
        OptionSpec("-o", alias: "--output", valueName: "OUT", help: ""),
        OptionSpec("-T", alias: "--format", valueName: "FORMATS", help: ""),
        OptionSpec("--at", valueName: "WHEN", help: ""),
    ]

    @Test func shortOptionsTakeTheirValueJoinedWithOrWithoutEquals() throws {
        for arguments in [["-Tsvg"], ["-T=svg"], ["-T", "svg"], ["--format=svg"], ["--format", "svg"]] {
            let parsed = try ArgumentParser.parse(arguments, options: renderLike, maximumPositionals: 0)
            #expect(parsed.value("-T") == "svg", "\(arguments)")
        }
        let output = try ArgumentParser.parse(["--output", "a.png"], options: renderLike, maximumPositionals: 0)
        #expect(output.value("-o") == "a.png")
        #expect(renderLike[0].synopsis == "-o, --output OUT")
    }

    @Test func anOptionCutShortSuggestsTheOneItBegins() {
        #expect(throws: UsageError("unknown option '--out'; did you mean '--output'?")) {
            try ArgumentParser.parse(["--out", "x"], options: renderLike, maximumPositionals: 0)
        }
        #expect(throws: UsageError("unknown option '--formt'; did you mean '--format'?")) {
            try ArgumentParser.parse(["--formt", "x"], options: renderLike, maximumPositionals: 0)
        }
    }

    @Test func helpAnywhere() throws {
        let parsed = try ArgumentParser.parse(["a", "b", "-h"], options: options, maximumPositionals: 1)
        #expect(parsed.helpRequested)
    }

    @Test(arguments: [
        (["--jsn"], "unknown option '--jsn'; did you mean '--json'?"),
        (["--zzzzzzzz"], "unknown option '--zzzzzzzz'"),
        (["--from"], "--from needs a value: --from LIST"),
        (["--from", "a", "--from", "b"], "--from is given more than once"),
        (["--json=yes"], "--json takes no value"),
        (["a", "b"], "unexpected extra argument 'b'"),
    ])
    func usageErrors(arguments: [String], message: String) {
        do {
            _ = try ArgumentParser.parse(arguments, options: options, maximumPositionals: 1)
            Issue.record("expected a usage error for \(arguments)")
        } catch {
            #expect(error.exitCode == 2)
            #expect(error.message == message)
        }
    }

    @Test func commandsRunInProcess() {
        let capture = CapturedConsole()
        let status = FlowGraphCommand.run(["steps", "--to", ".push(A), .push(B)", "--json"], console: capture.console)
        #expect(status == 0)
        #expect(capture.standardOutput.contains(#""steps": ["#))
        #expect(capture.standardError == "")

        let failing = CapturedConsole()
        #expect(FlowGraphCommand.run(["steps", "--to", ".push(A"], console: failing.console) == 1)
        #expect(failing.standardOutput == "")
        #expect(failing.standardError == "--to:1:8: expected ')' to close .push(\n")
    }

    @Test func everyRegisteredCommandHasHelp() {
        for command in CommandRegistry.commands {
            #expect(command.help.contains("usage: flowgraph \(command.name)"))
            #expect(FlowGraphCommand.help.contains(command.name))
        }
    }
}
