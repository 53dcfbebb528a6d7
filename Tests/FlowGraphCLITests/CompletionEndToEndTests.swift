import Foundation
import Testing

/// `flowgraph completion bash|zsh|fish`: scripts each shell accepts, and bash really completing with them.
@Suite struct CompletionEndToEndTests {
    /// The shell's path, if it is installed.
    static func shell(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/bin/\(name)", "/usr/local/bin/\(name)", "/opt/homebrew/bin/\(name)"].first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Runs a shell with arguments and returns its status and output.
    static func run(_ shell: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: shell)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    @Test(arguments: ["bash", "zsh", "fish"])
    func scriptsAreValidInTheirShell(shell name: String) throws {
        let result = try BuiltBinary.run(["completion", name])
        #expect(result.status == 0)
        for command in ["render", "steps", "import", "schema", "completion"] {
            #expect(result.standardOutput.contains(command), "\(name) script lacks \(command)")
        }
        #expect(result.standardOutput.contains("theme") && result.standardOutput.contains("watch"))
        guard let shell = Self.shell(name) else {
            // bash is required (below); zsh and fish are checked where installed (apt-get install zsh fish).
            #expect(name != "bash", "bash is not installed")
            print("note: \(name) is not installed, so its completion script was not syntax-checked")
            return
        }
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("completion.\(name)", result.standardOutput)
        let check = try Self.run(shell, ["-n", folder.url.appendingPathComponent("completion.\(name)").path])
        #expect(check.status == 0, "\(name) -n: \(check.output)")
    }

    @Test func bashCompletesCommandsOptionsAndValues() throws {
        let bash = try #require(Self.shell("bash"))
        let script = try BuiltBinary.run(["completion", "bash"]).standardOutput
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("completion.bash", script)
        func complete(_ words: [String]) throws -> [String] {
            let quoted = words.map { "'\($0)'" }.joined(separator: " ")
            let program = """
                source completion.bash
                COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1)
                _flowgraph
                printf '%s\\n' "${COMPREPLY[@]}"
                """
            let result = try Self.run(bash, ["-c", "cd '\(folder.url.path)' && " + program])
            #expect(result.status == 0, "\(result.output)")
            return result.output.split(separator: "\n").map(String.init).sorted()
        }
        #expect(try complete(["flowgraph", "ren"]) == ["render"])
        #expect(try complete(["flowgraph", "render", "x.json", "--the"]) == ["--theme"])
        #expect(try complete(["flowgraph", "render", "x.json", "--theme", ""]) == ["dark", "light", "light,dark"])
        #expect(try complete(["flowgraph", "render", "x.json", "-T", "p"]) == ["pdf", "png"])
        #expect(try complete(["flowgraph", "completion", ""]) == ["bash", "fish", "zsh"])
        // Each command's own values: scan's map formats, diff's report formats and change kinds.
        #expect(try complete(["flowgraph", "scan", "App", "-T", ""]) == ["dot", "mermaid", "pdf", "png", "svg"])
        #expect(try complete(["flowgraph", "diff", "a", "b", "-T", ""]) == ["md", "mermaid", "text"])
        #expect(
            try complete(["flowgraph", "diff", "a", "b", "--fail-on", "removed-s"]) == [
                "removed-screen", "removed-stack",
            ])
        #expect(try complete(["flowgraph", "steps", "comp"]) == ["completion.bash"])
        // -G, -N, -E offer the attributes each takes, ready for a value; none that reads a file.
        #expect(try complete(["flowgraph", "render", "x.json", "-G", "rank"]) == ["rankdir=", "ranksep="])
        #expect(try complete(["flowgraph", "scan", "App", "-N", "fontn"]) == ["fontname="])
        #expect(try complete(["flowgraph", "render", "x.json", "-N", "im"]) == [])
        // --function offers the plans scan finds in the .swift file given, by the name it takes.
        try folder.write(
            "Shop.swift",
            HardeningFilesEndToEndTests.coordinator("Shop", functions: ["openCart", "openOrders", "reset"]))
        let flowgraph = try BuiltBinary.executable().path
        #expect(
            try complete([flowgraph, "render", "Shop.swift", "--function", "Shop.open"]) == [
                "Shop.openCart", "Shop.openOrders",
            ])
        #expect(try complete([flowgraph, "render", "--function", ""]) == [], "no .swift file given: nothing to offer")
        let unknown = try BuiltBinary.run(["completion", "tcsh"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError.contains("unknown shell 'tcsh'; expected bash, zsh or fish"))
    }
}
