import FlowGraphCLI
import FlowModel
import Testing

@Suite struct ArgumentParserTests {
    let from = CommandOption<String>("--from", valueName: "LIST", help: "")
    let to = CommandOption<String>("--to", valueName: "LIST", help: "")
    let json = CommandFlag("--json", help: "")
    var options: [OptionSpec] { [from.spec, to.spec, json.spec] }

    @Test func parsesValuesFlagsAndPositionals() throws {
        let parsed = try ArgumentParser.parse(
            ["plan.json", "--from", "-x", "--to=[.push(A)]", "--json"], options: options, maximumPositionals: 1)
        #expect(parsed.positionals == ["plan.json"])
        #expect(try parsed[from] == "-x")
        #expect(try parsed[to] == "[.push(A)]")
        #expect(parsed[json])
        #expect(!parsed.helpRequested)
    }

    @Test func emptyValuesDashAndDoubleDash() throws {
        let parsed = try ArgumentParser.parse(
            ["--to", "", "-", "--", "--json"], options: options, maximumPositionals: 2)
        #expect(try parsed[to] == "")
        #expect(parsed.positionals == ["-", "--json"])
        #expect(!parsed[json])
    }

    /// `-o`/`--output` and `-T`/`--format`, as render declares them.
    let output = CommandOption<String>("-o", alias: "--output", valueName: "OUT", help: "")
    let format = CommandOption<String>("-T", alias: "--format", valueName: "FORMATS", help: "")
    var renderLike: [OptionSpec] {
        [output.spec, format.spec, OptionSpec("--at", valueName: "WHEN", help: "")]
    }

    @Test func shortOptionsTakeTheirValueJoinedWithOrWithoutEquals() throws {
        for arguments in [["-Tsvg"], ["-T=svg"], ["-T", "svg"], ["--format=svg"], ["--format", "svg"]] {
            let parsed = try ArgumentParser.parse(arguments, options: renderLike, maximumPositionals: 0)
            #expect(try parsed[format] == "svg", "\(arguments)")
        }
        let parsed = try ArgumentParser.parse(["--output", "a.png"], options: renderLike, maximumPositionals: 0)
        #expect(try parsed[output] == "a.png")
        #expect(renderLike[0].synopsis == "-o, --output OUT")
    }

    /// A typed option's value is read once, as its type; a value that does not parse is a usage error naming it.
    @Test func typedOptionsParseTheirValuesAndNameThemselvesInErrors() throws {
        let width = CommandOption<Int>("--width", valueName: "PX", help: "") { text throws(UsageError) in
            guard let number = Int(text) else { throw UsageError("--width takes a number, not '\(text)'") }
            return number
        }
        let kind = CommandOption<Kind>.choice("--kind", help: "")
        let parsed = try ArgumentParser.parse(
            ["--width", "720", "--kind", "Timeline"], options: [width.spec, kind.spec], maximumPositionals: 0)
        #expect(try parsed[width] == 720)
        #expect(try parsed[kind] == .timeline)
        #expect(kind.spec.synopsis == "--kind stack|timeline")
        let bad = try ArgumentParser.parse(["--kind", "map"], options: [kind.spec], maximumPositionals: 0)
        #expect(throws: UsageError("--kind must be stack or timeline, not 'map'")) { try bad[kind] }
        let none = try ArgumentParser.parse([], options: [width.spec], maximumPositionals: 0)
        #expect(try none[width] == nil)
    }

    enum Kind: String, CaseIterable, Sendable {
        case stack, timeline
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
