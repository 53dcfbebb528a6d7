import Foundation
import Testing

/// The conventions users bring from `dot`, `mmdc` and `d2`, run as the built binary: `-Tsvg`, standard output
/// without `-o`, extensions that are not ours, `-q`, `-V`, `--scale`, `--width`, `.flowgraph.json`, and the
/// traps of `states` without `start` and a root written as a route.
@Suite struct ConventionsEndToEndTests {
    static let plan = """
        {"title": "Sheets", "root": "Home",
         "start": [".push(Feed)", ".sheet(Profile, withNavigation: true)", ".sheet(Settings)"],
         "end": [".push(Feed)", ".push(Post)", ".push(Comments)", ".push(Author)"]}
        """

    /// Runs `flowgraph ARGUMENTS > stdout` through the shell, as a user types it, and returns the bytes.
    static func shell(_ command: String, in folder: PlanFolder) throws -> (status: Int32, output: Data, error: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command + " > stdout.bin 2> stderr.txt", "sh"]
        process.currentDirectoryURL = folder.url
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["FLOWGRAPH": try BuiltBinary.executable().path]) { $1 }
        try process.run()
        process.waitUntilExit()
        let output = try Data(contentsOf: folder.url.appendingPathComponent("stdout.bin"))
        let error = try String(contentsOf: folder.url.appendingPathComponent("stderr.txt"), encoding: .utf8)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("stdout.bin"))
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("stderr.txt"))
        return (process.terminationStatus, output, error)
    }

    /// Writes a file below the folder, creating the folders it names.
    static func put(_ folder: PlanFolder, _ name: String, _ text: String) throws {
        let url = folder.url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static func files(_ folder: PlanFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    }

    /// A PNG's width and height from its IHDR chunk.
    static func pngSize(_ data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        guard bytes.count > 24, bytes[1...3] == [0x50, 0x4E, 0x47] else { return nil }
        func number(_ offset: Int) -> Int { bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    @Test func attachedFormatsAndStandardOutputWorkAsInDot() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("plan.json", Self.plan)
        #expect(try BuiltBinary.run(["render", "plan.json", "-o", "file.svg"], in: folder.url).status == 0)
        let file = try Data(contentsOf: folder.url.appendingPathComponent("file.svg"))

        // -Tsvg with no -o: the SVG on standard output, byte for byte what -o writes, and no file.
        let attached = try Self.shell("\"$FLOWGRAPH\" render plan.json -Tsvg", in: folder)
        #expect(attached.status == 0)
        #expect(attached.output == file)
        let spaced = try Self.shell("\"$FLOWGRAPH\" render plan.json -T svg", in: folder)
        #expect(spaced.output == file)
        // A plan on standard input with no -o and no -T: SVG on standard output.
        let piped = try Self.shell("cat plan.json | \"$FLOWGRAPH\" render -", in: folder)
        #expect(piped.status == 0)
        #expect(piped.output == file)
        // A PNG on standard output, as `dot -Tpng plan.gv > plan.png`.
        let png = try Self.shell("\"$FLOWGRAPH\" render plan.json -Tpng", in: folder)
        #expect(png.status == 0)
        #expect(Self.pngSize(png.output) != nil)
        #expect(try Self.files(folder) == ["file.svg", "plan.json"])

        // Without -o, several formats (or none) still write files named after the plan.
        #expect(try BuiltBinary.run(["render", "plan.json", "-Tsvg,txt"], in: folder.url).status == 0)
        #expect(try Self.files(folder) == ["file.svg", "plan.json", "plan.svg", "plan.txt"])
        // -Tsvg,png from standard input has no name to write files under.
        let unnamed = try Self.shell("cat plan.json | \"$FLOWGRAPH\" render - -Tsvg,png", in: folder)
        #expect(unnamed.status == 2)
        #expect(unnamed.error.contains("has no name"))
    }

    @Test(arguments: ["x.SVG", "x.htm", "x.gv", "x.md", "x.jpeg"])
    func extensionsWeDoNotWriteAreErrorsListingThoseWeDo(output: String) throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("plan.json", Self.plan)
        let result = try BuiltBinary.run(["render", "plan.json", "-o", output], in: folder.url)
        #expect(result.status == 2)
        #expect(
            result.standardError.contains(
                "it writes .svg, .png, .pdf, .dot, .json, .html, .txt, .mmd or .mermaid"), "\(result.standardError)")
        let extensionName = String(output.dropFirst(2))
        #expect(result.standardError.contains("does not write .\(extensionName) files"))
        // With -T it is still refused: x.gv is never quietly renamed to x.gv.dot.
        let withFormat = try BuiltBinary.run(["render", "plan.json", "-o", output, "-T", "dot"], in: folder.url)
        #expect(withFormat.status == 2)
        #expect(try Self.files(folder) == ["plan.json"])
    }

    @Test func suggestionsNameTheExtensionMeant() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("plan.json", Self.plan)
        let suggestions = [
            "x.SVG": "did you mean -o x.svg?", "x.htm": "did you mean -o x.html?", "x.gv": "did you mean -o x.dot?",
            "x.md": "Markdown hosts render .mmd Mermaid inline",
        ]
        for (output, suggestion) in suggestions {
            let result = try BuiltBinary.run(["render", "plan.json", "-o", output], in: folder.url)
            #expect(result.standardError.contains(suggestion), "\(output): \(result.standardError)")
        }
    }

    @Test func quietSilencesWarningsButNotErrorsAndVersionPrints() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("states.json", #"{"states": [[".push(A)"], [".push(B)"], [".push(C)"], []]}"#)
        let loud = try BuiltBinary.run(["steps", "states.json", "--json"], in: folder.url)
        #expect(loud.status == 0)
        #expect(
            loud.standardError
                == "states.json:1:2: states: warning: no \"start\", so states[0] ([.push(A)]) is taken as the start "
                + "and 4 states give 3 transitions; add \"start\": [] to play every state from the root\n")
        for quiet in ["-q", "--quiet"] {
            let silent = try BuiltBinary.run(["steps", "states.json", "--json", quiet], in: folder.url)
            #expect(silent.status == 0)
            #expect(silent.standardError == "")
            #expect(silent.standardOutput == loud.standardOutput)
            let rendered = try BuiltBinary.run(["render", "states.json", "-o", "s.svg", quiet], in: folder.url)
            #expect(rendered.status == 0 && rendered.standardError == "")
            // --strict makes the warning a failure, so -q does not hide it.
            for command in [["steps", "states.json"], ["render", "states.json", "-o", "s.svg"]] {
                let strict = try BuiltBinary.run(command + [quiet, "--strict"], in: folder.url)
                #expect(strict.status == 1)
                #expect(strict.standardError.contains("warning: no \"start\""), "\(command)")
            }
        }
        let rendered = try BuiltBinary.run(["render", "states.json", "-o", "s.svg"], in: folder.url)
        #expect(rendered.standardError.contains("warning: no \"start\""))
        try folder.write("bad.json", #"{"root": ".push(Home)"}"#)
        let error = try BuiltBinary.run(["render", "bad.json", "-o", "b.svg", "-q"], in: folder.url)
        #expect(error.status == 1)
        #expect(
            error.standardError.hasPrefix(
                "bad.json:1:10: root: the root is a screen, not a route: write \"root\": \"Home\""))
        for flag in ["-V", "--version"] {
            let version = try BuiltBinary.run([flag])
            #expect(version.status == 0 && version.standardOutput.hasPrefix("flowgraph "))
        }
    }

    @Test func scaleDrawsLargerPNGsAndLeavesOtherFormatsAlone() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("plan.json", Self.plan)
        #expect(try BuiltBinary.run(["render", "plan.json", "-o", "one", "-T", "png,svg"], in: folder.url).status == 0)
        let twice = try BuiltBinary.run(
            ["render", "plan.json", "-o", "two", "-T", "png,svg", "--scale", "2"], in: folder.url)
        #expect(twice.status == 0)
        let one = try #require(Self.pngSize(try Data(contentsOf: folder.url.appendingPathComponent("one.png"))))
        let two = try #require(Self.pngSize(try Data(contentsOf: folder.url.appendingPathComponent("two.png"))))
        #expect(abs(two.width - 2 * one.width) <= 2 && abs(two.height - 2 * one.height) <= 2, "\(one) → \(two)")
        #expect(
            try Data(contentsOf: folder.url.appendingPathComponent("one.svg"))
                == Data(contentsOf: folder.url.appendingPathComponent("two.svg")))
        for bad in ["0", "-1", "x", "100"] {
            let result = try BuiltBinary.run(["render", "plan.json", "-o", "b.png", "--scale", bad], in: folder.url)
            #expect(result.status == 2)
            #expect(result.standardError.contains("--scale must be a number from 0.25 to 8"))
        }
    }

    @Test func widthWrapsTimelinesToBeReadAtThatWidth() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("plan.json", Self.plan)
        let never = try BuiltBinary.run(["render", "plan.json", "-Tsvg", "--width", "0"], in: folder.url)
        let narrow = try BuiltBinary.run(["render", "plan.json", "-Tsvg", "--width", "400"], in: folder.url)
        #expect(never.status == 0 && narrow.status == 0)
        // Shown 400 px wide the drawing is shown 1:1: it is at most 400 · 3/4 = 300 pt wide, its text wrapped.
        let width = try #require(
            narrow.standardOutput.firstMatch(of: /<svg width="(\d+)pt"/).flatMap { Int($0.output.1) })
        #expect(width <= 400 * 3 / 4, "\(width) pt")
        let unwrapped = try #require(
            never.standardOutput.firstMatch(of: /<svg width="(\d+)pt"/).flatMap { Int($0.output.1) })
        #expect(unwrapped > width, "--width 0 never wraps: \(unwrapped) pt")
        for bad in ["2", "-1", "wide", "100000"] {
            let result = try BuiltBinary.run(["render", "plan.json", "-Tdot", "--width", bad], in: folder.url)
            #expect(result.status == 2)
            #expect(result.standardError.contains("--width must be the width in pixels the diagram is shown at"))
        }
    }

    @Test func projectDefaultsApplyAndTheCommandLineWins() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try Self.put(folder, "docs/plan.json", Self.plan)
        try Self.put(folder, "docs/.flowgraph.json", #"{"format": "png", "theme": "dark", "width": 400}"#)
        // The folder's defaults: a dark PNG, laid out to be read 400 px wide, named after the plan.
        #expect(try BuiltBinary.run(["render", "docs/plan.json", "-o", "out/"], in: folder.url).status == 0)
        #expect(
            try BuiltBinary.run(
                ["render", "docs/plan.json", "-o", "explicit.png", "--theme", "dark", "--width", "400"], in: folder.url
            ).status == 0)
        let defaulted = try Data(contentsOf: folder.url.appendingPathComponent("out/plan.png"))
        #expect(defaulted == (try Data(contentsOf: folder.url.appendingPathComponent("explicit.png"))))
        // The command line wins: -T and --theme.
        let light = try BuiltBinary.run(["render", "docs/plan.json", "-Tdot", "--theme", "light"], in: folder.url)
        let dark = try BuiltBinary.run(["render", "docs/plan.json", "-Tdot"], in: folder.url)
        #expect(light.status == 0 && dark.status == 0)
        #expect(light.standardOutput != dark.standardOutput)
        #expect(
            light.standardOutput
                == (try BuiltBinary.run(
                    ["render", "docs/plan.json", "-Tdot", "--theme", "light", "--width", "400"], in: folder.url
                )
                .standardOutput))

        // The working folder's file applies when the plan's folder has none; a plan's own platform wins.
        try Self.put(folder, "here/.flowgraph.json", #"{"platform": "ios16"}"#)
        try Self.put(folder, "here/open.json", #"{"start": [".sheet(A)", ".sheet(B)"], "end": []}"#)
        try Self.put(folder, "here/own.json", #"{"platform": "ios17", "start": [".sheet(A)", ".sheet(B)"], "end": []}"#)
        let here = folder.url.appendingPathComponent("here")
        let defaultedSteps = try BuiltBinary.run(["steps", "open.json", "--json"], in: here)
        let ios16 = try BuiltBinary.run(["steps", "open.json", "--json", "--platform", "ios16"], in: here)
        let ios17 = try BuiltBinary.run(["steps", "open.json", "--json", "--platform", "ios17"], in: here)
        #expect(defaultedSteps.standardOutput == ios16.standardOutput)
        #expect(ios16.standardOutput != ios17.standardOutput)
        #expect(try BuiltBinary.run(["steps", "own.json", "--json"], in: here).standardOutput == ios17.standardOutput)

        // A broken defaults file is an error located in it, and nothing is written.
        try Self.put(folder, "docs/.flowgraph.json", "{\"theme\": \"sepia\",\n \"colour\": 1}")
        let broken = try BuiltBinary.run(["render", "docs/plan.json", "-o", "never.svg"], in: folder.url)
        #expect(broken.status == 1)
        #expect(
            broken.standardError
                == "docs/.flowgraph.json:1:11: theme: expected \"light\", \"dark\" or \"light,dark\" (both), not 'sepia'\n"
                + "docs/.flowgraph.json:2:2: colour: unknown key 'colour'; known keys are format, theme, width, "
                + "platform, graphviz, sourceURL\n")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("never.svg").path))

        // "width" is pixels now: a step count from before is an error that says so.
        try Self.put(folder, "docs/.flowgraph.json", #"{"width": 6}"#)
        let steps = try BuiltBinary.run(["render", "docs/plan.json", "-o", "never.svg"], in: folder.url)
        #expect(steps.status == 1)
        #expect(
            steps.standardError
                == "docs/.flowgraph.json:1:11: width: expected the width in pixels timelines are shown at, 240 to "
                + "20000 (0 never wraps), not 6\n")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("never.svg").path))
    }
}
