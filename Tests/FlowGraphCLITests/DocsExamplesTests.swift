import FlowGraphTestSupport
import Foundation
import Testing

/// Every example in README.md and docs/*.md runs as written: each `flowgraph` line of an `sh` block is run by
/// the shell in a folder holding a copy of Samples/, with `flowgraph` on PATH, and must exit 0 (or the status
/// its comment names, `# exits 2`). `--watch` lines must render and keep watching until stopped.
@Suite struct DocsExamplesTests {
    static let root = BuiltBinary.packageRoot

    /// One command of a documentation page.
    struct Example: CustomStringConvertible {
        var file: String
        var line: Int
        var command: String
        var expectedStatus: Int32
        var description: String { "\(file):\(line): \(command)" }
    }

    /// The Markdown pages: README.md and every docs/*.md.
    static func pages() throws -> [String] {
        let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
        return ["README.md"] + docs
    }

    /// The fenced blocks of a page with their language and first line number.
    static func blocks(_ page: String) throws -> [(language: String, line: Int, lines: [String])] {
        let text = try String(contentsOf: root.appendingPathComponent(page), encoding: .utf8)
        var result: [(String, Int, [String])] = []
        var current: (String, Int, [String])?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("```") {
                if let open = current {
                    result.append(open)
                    current = nil
                } else {
                    current = (String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), index + 2, [])
                }
            } else if current != nil {
                current!.2.append(String(line))
            }
        }
        return result
    }

    /// The `flowgraph` commands of every `sh` block.
    static func examples() throws -> [Example] {
        var examples: [Example] = []
        for page in try pages() {
            for block in try blocks(page) where block.language == "sh" {
                for (offset, raw) in block.lines.enumerated() {
                    let command = raw.replacingOccurrences(of: ".build/release/flowgraph", with: "flowgraph")
                    let words = command.split(separator: " ")
                    let runsFlowGraph = words.first == "flowgraph" || command.contains("| flowgraph ")
                    guard runsFlowGraph else { continue }
                    var status: Int32 = 0
                    if let range = command.range(of: "# exits "), let digit = command[range.upperBound...].first,
                        let value = Int32(String(digit))
                    {
                        status = value
                    }
                    examples.append(
                        Example(file: page, line: block.line + offset, command: command, expectedStatus: status))
                }
            }
        }
        return examples
    }

    /// A folder with a copy of Samples/ and a bin/ folder holding `flowgraph`.
    static func workspace() throws -> PlanFolder {
        let folder = try PlanFolder()
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("Samples"), to: folder.url.appendingPathComponent("Samples"))
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent(".bin"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: folder.url.appendingPathComponent(".bin/flowgraph"), withDestinationURL: try BuiltBinary.executable())
        return folder
    }

    /// Starts `/bin/sh -c command` in the workspace with `flowgraph` on PATH.
    static func start(_ command: String, in folder: PlanFolder, output: URL) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        process.currentDirectoryURL = folder.url
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] =
            folder.url.appendingPathComponent(".bin").path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        try Data().write(to: output)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Whether an example renders the whole Samples/ folder (a batch of every sample: seconds, not milliseconds).
    static func rendersAFolder(_ example: Example) -> Bool {
        example.command.contains("render Samples ")
    }

    @Test func everyShellExampleRunsAsWritten() throws {
        let examples = try Self.examples()
        #expect(examples.count >= 30, "only \(examples.count) examples found")
        #expect(examples.contains { $0.file == "README.md" }, "the README's first diagram is not run")
        try run(examples.filter { !Self.rendersAFolder($0) })
    }

    /// The examples that render all of Samples/ take most of the time, so they run with the heavy tests (CI).
    @Test(.heavy) func everyFolderExampleRunsAsWritten() throws {
        let examples = try Self.examples().filter(Self.rendersAFolder)
        #expect(examples.count >= 4, "only \(examples.count) folder examples found")
        try run(examples)
    }

    private func run(_ examples: [Example]) throws {
        let folder = try Self.workspace()
        defer { folder.remove() }
        let log = folder.url.appendingPathComponent(".log")
        for example in examples {
            // `exec`: the shell becomes flowgraph, so stopping a --watch loop stops flowgraph itself.
            let watches = example.command.contains("--watch")
            let process = try Self.start((watches ? "exec " : "") + example.command, in: folder, output: log)
            if watches {
                // The loop renders, then says it is watching; stop it as Ctrl-C would.
                var watching = false
                for _ in 0..<1200 where process.isRunning {
                    if (try? String(contentsOf: log, encoding: .utf8))?.contains("watching ") == true {
                        watching = true
                        break
                    }
                    Thread.sleep(forTimeInterval: 0.05)
                }
                #expect(watching, "\(example) never started watching")
                process.interrupt()
            }
            process.waitUntilExit()
            let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            #expect(
                process.terminationStatus == example.expectedStatus,
                "\(example) exited \(process.terminationStatus), expected \(example.expectedStatus):\n\(output)")
        }
        // What the README's first command draws is there.
        if examples.contains(where: { $0.file == "README.md" }) {
            #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("first-plan.png").path))
        }
    }

    @Test func theReadmePlanIsTheSampleItNames() throws {
        let json = try #require(try Self.blocks("README.md").first { $0.language == "json" })
        let shown =
            try JSONSerialization.jsonObject(with: Data(json.lines.joined(separator: "\n").utf8)) as? NSDictionary
        let sample =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: Self.root.appendingPathComponent("Samples/first-plan.json"))) as? NSDictionary
        #expect(shown != nil && shown == sample)
        #expect(json.lines.count == 5, "the first plan is \(json.lines.count) lines")
    }

    @Test func linksAndSamplesNamedInTheDocsExist() throws {
        for page in try Self.pages() {
            let text = try String(contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
            let folder = Self.root.appendingPathComponent(page).deletingLastPathComponent()
            // Relative Markdown links; Output/ is generated by `make run` and regenerated on main.
            let links = try NSRegularExpression(pattern: #"\]\(([^)#\s]+)"#)
            for match in links.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let target = String(text[Range(match.range(at: 1), in: text)!])
                guard !target.contains("://"), !target.hasPrefix("Output/"), !target.hasPrefix("../Output/") else {
                    continue
                }
                #expect(
                    FileManager.default.fileExists(atPath: folder.appendingPathComponent(target).path),
                    "\(page) links to \(target), which does not exist")
            }
            let samples = try NSRegularExpression(pattern: #"Samples/([A-Za-z0-9_-]+\.json)"#)
            for match in samples.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let name = String(text[Range(match.range(at: 1), in: text)!])
                #expect(
                    FileManager.default.fileExists(atPath: Self.root.appendingPathComponent("Samples/\(name)").path),
                    "\(page) names Samples/\(name), which does not exist")
            }
        }
    }
}
