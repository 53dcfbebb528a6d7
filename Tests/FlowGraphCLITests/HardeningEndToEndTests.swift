import Foundation
import Testing

/// The built binary against the twelve defects of the second hardening pass (issue 18), each as a user meets it.
@Suite struct HardeningEndToEndTests {
    static let pushOnly = #"{"title": "Push only", "root": "Home", "start": [".push(A)", ".push(B)"]}"#

    /// Runs a bash script with `$FLOWGRAPH` set to the built binary, in `folder`.
    static func shell(_ script: String, in folder: URL, environment: [String: String] = [:]) throws
        -> BuiltBinary.Result
    {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(
            ["FLOWGRAPH": try BuiltBinary.executable().path].merging(environment) { $1 }
        ) { $1 }
        let output = folder.appendingPathComponent(".shell-out-\(UUID().uuidString)")
        let errors = folder.appendingPathComponent(".shell-err-\(UUID().uuidString)")
        try Data().write(to: output)
        try Data().write(to: errors)
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: errors)
        }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return BuiltBinary.Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
    }

    /// A plan of `count` actions as JSON.
    static func actions(_ count: Int, _ action: (Int) -> String) -> String {
        #"{"root": "Home", "actions": ["# + (0..<count).map { "\"\(action($0))\"" }.joined(separator: ",") + "]}"
    }

    // 1. A one-character plan file name crashed the whole batch (NSString path API).
    @Test func aOneCharacterPlanNameRendersInABatch() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("d"), withIntermediateDirectories: true)
        try folder.write("d/1.json", Self.pushOnly)
        let render = try BuiltBinary.run(["render", "d", "-o", "out", "-T", "svg"], in: folder.url)
        #expect(render.status == 0, "\(render.standardError)")
        #expect(
            BatchRun.files(under: folder.url.appendingPathComponent("out")) == ["1.svg", "README.md", "index.html"])
        let check = try BuiltBinary.run(["render", "d", "-o", "out", "-T", "svg", "--check"], in: folder.url)
        #expect(check.status == 0, "\(check.standardError)")
        let single = try BuiltBinary.run(["render", "d/1.json", "-o", "x/"], in: folder.url)
        #expect(single.status == 0, "\(single.standardError)")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("x/1.svg").path))
    }

    // 2. The HTML player was superlinear in steps: a frame of more than 12 routes now folds those below its top.
    @Test func theHTMLPlayerGrowsLinearlyWithTheSteps() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("p100.json", Self.actions(100) { "push(S\($0))" })
        try folder.write("p200.json", Self.actions(200) { "push(S\($0))" })
        for name in ["p100", "p200"] {
            let result = try BuiltBinary.run(["render", "\(name).json", "-o", "\(name).html"], in: folder.url)
            #expect(result.status == 0, "\(result.standardError)")
        }
        let small = try String(contentsOf: folder.url.appendingPathComponent("p100.html"), encoding: .utf8)
        let large = try String(contentsOf: folder.url.appendingPathComponent("p200.html"), encoding: .utf8)
        // Twice the steps, about twice the page (it was four times: every frame drew the whole stack).
        #expect(Double(large.utf8.count) < 2.3 * Double(small.utf8.count))
        // A frame's stack (drawn as the timeline draws its stacks) folds what lies below its top into one run.
        let frames = large.components(separatedBy: "<div class=\"stack\" data-stack=\"").dropFirst()
            .map { $0.components(separatedBy: "</div>")[0] }
        let last = try #require(frames.last)
        #expect(last.contains("⋮ 200 screens") && last.contains(">S199<"), "\(last.suffix(600))")
        #expect(!large.contains("⋮ 201 screens"))
    }

    // 3. Layouts over the budget are refused before Graphviz runs, at the plan's key, naming the flag.
    @Test func layoutsOverTheBudgetAreRefusedBeforeGraphviz() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let sheets = (0..<4000).map { "\".sheet(S\($0), withNavigation: true)\"" }.joined(separator: ",")
        try folder.write("sheets.json", #"{"root": "Home", "start": [\#(sheets)]}"#)
        try folder.write("pushpop.json", Self.actions(49_998) { $0 % 2 == 0 ? "push(A)" : "pop()" })
        for (name, key, what) in [("sheets", "start", "stack drawing"), ("pushpop", "actions", "timeline")] {
            let result = try BuiltBinary.run(["render", "\(name).json", "-o", "\(name).dot"], in: folder.url)
            #expect(result.status == 1)
            #expect(result.standardError.hasPrefix("\(name).json: \(key): the \(what) would be a layout of "))
            #expect(
                result.standardError.contains("(limit layout=6000 layout units; raise it with --limit layout=60000)"))
            #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("\(name).dot").path))
        }
        // The HTML player's frames count too: 400 pushes draw as a timeline, but their player is refused.
        try folder.write("p400.json", Self.actions(400) { "push(S\($0))" })
        let timeline = try BuiltBinary.run(["render", "p400.json", "-o", "p400.dot"], in: folder.url)
        #expect(timeline.status == 0, "\(timeline.standardError)")
        let player = try BuiltBinary.run(["render", "p400.json", "-o", "p400.html"], in: folder.url)
        #expect(player.status == 1)
        #expect(player.standardError.contains(", 401 HTML player frames of 15 units), more than"))
        // Raising the limit lets a plan over it render.
        try folder.write("pushes.json", Self.actions(3_000) { $0 % 2 == 0 ? "push(A)" : "pop()" })
        let refused = try BuiltBinary.run(["render", "pushes.json", "-o", "p.svg"], in: folder.url)
        #expect(refused.status == 1, "\(refused.standardError)")
        let raised = try BuiltBinary.run(
            ["render", "pushes.json", "-o", "p.svg", "--limit", "layout=12000"], in: folder.url)
        #expect(raised.status == 0, "\(raised.standardError)")
    }

    // 3. Workers are capped in memory; a plan over the cap fails on its own, named as such.
    @Test func aWorkerOverItsMemoryCapFailsOnlyItsPlan() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        try folder.write("in/small.json", Self.pushOnly)
        let sheets = (0..<1000).map { "\".sheet(S\($0), withNavigation: true)\"" }.joined(separator: ",")
        try folder.write("in/sheets.json", #"{"root": "Home", "start": [\#(sheets)]}"#)
        let result = try BuiltBinary.run(
            ["render", "in", "-o", "out", "-j", "1", "--worker-memory", "100", "--limit", "layout=100000"],
            in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardError.contains("of its --worker-memory 100 MiB cap"))
        #expect(result.standardError.contains("rendered in/small.json"))
        #expect(BatchRun.files(under: folder.url.appendingPathComponent("out")).contains("small.svg"))
        let bad = try BuiltBinary.run(["render", "in", "-o", "out", "--worker-memory", "1"], in: folder.url)
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("--worker-memory must be a number of MiB from 64"))
    }

    // 4. An output that is an input plan is refused before anything is written.
    @Test func outputsNeverReplaceAnInputPlan() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("p.json", Self.pushOnly)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("b1"), withIntermediateDirectories: true)
        try folder.write("b1/a.json", Self.pushOnly)
        try folder.write("b1/b.json", Self.pushOnly)

        let single = try BuiltBinary.run(["render", "p.json", "-o", "p.json"], in: folder.url)
        #expect(single.status == 1)
        #expect(single.standardError.hasPrefix("p.json: is the plan being read; writing there would replace it."))
        let viaBase = try BuiltBinary.run(["render", "p.json", "-o", "./p", "-T", "svg,json"], in: folder.url)
        #expect(viaBase.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("p.svg").path))
        let batch = try BuiltBinary.run(["render", "b1", "-o", "b1", "-T", "json"], in: folder.url)
        #expect(batch.status == 1)
        #expect(batch.standardError.hasPrefix("b1/a.json: is the plan being read; writing there would replace it."))
        for name in ["p.json", "b1/a.json", "b1/b.json"] {
            let text = try String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8)
            #expect(text == Self.pushOnly, "\(name) was overwritten")
        }
        #expect(BatchRun.files(under: folder.url.appendingPathComponent("b1")) == ["a.json", "b.json"])
    }

    // 5. A failed write to standard output: a clear error and exit 1 (EPIPE quietly), never a crash.
    @Test func failedWritesToStandardOutputEndWithStatusOne() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("p.json", Self.pushOnly)
        try folder.write("big.json", Self.actions(900) { "push(S\($0))" })
        for command in ["steps p.json", "render p.json -o - -T svg", "import - <<< '[.push(A)]'"] {
            let full = try Self.shell("\"$FLOWGRAPH\" \(command) > /dev/full", in: folder.url)
            #expect(full.status == 1, "\(command)")
            #expect(full.standardError == "flowgraph: cannot write to standard output: No space left on device\n")
            let closed = try Self.shell("\"$FLOWGRAPH\" \(command) >&-", in: folder.url)
            #expect(closed.status == 1, "\(command)")
            #expect(closed.standardError == "flowgraph: cannot write to standard output: it is closed\n")
        }
        // EPIPE with SIGPIPE ignored: quiet, status 1. The JSON is far larger than a pipe's buffer.
        let pipe = try Self.shell(
            "trap '' PIPE; \"$FLOWGRAPH\" steps big.json --json | head -c1 > /dev/null; echo \"${PIPESTATUS[0]}\"",
            in: folder.url)
        #expect(pipe.standardOutput == "1\n")
        #expect(pipe.standardError == "")
    }

    // 6. Terminal escapes in a plan's title are escaped by every printer of `steps`.
    @Test func stepsEscapesControlCharactersInTheTitle() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write(
            "t.json", #"{"title":"a\u0000b\u001b[2Jc\u0007\r\u202E","root":"Home","start":[".push(A)"]}"#)
        for flags in [[], ["--swift"], ["--json"]] {
            let result = try BuiltBinary.run(["steps", "t.json"] + flags, in: folder.url)
            #expect(result.status == 0, "\(result.standardError)")
            let controls = result.standardOutput.unicodeScalars.filter {
                ($0.value < 0x20 && $0 != "\n") || $0.value == 0x202E || $0.value == 0x7F
            }
            #expect(controls.isEmpty, "\(flags): \(controls.map(\.value))")
        }
        let text = try BuiltBinary.run(["steps", "t.json"], in: folder.url)
        #expect(text.standardOutput.hasPrefix("a\\u{0}b\\u{1B}[2Jc\\u{7}\\r\\u{202E}\n"))
    }

    // 7. Cleaning up after a timed-out worker removes only that plan's own temporaries.
    @Test func cleanupAfterATimeoutLeavesOtherFilesAlone() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        try folder.write("in/ab.json", Self.pushOnly)
        try folder.write("in/ab-x.json", Self.pushOnly)
        let mine = [".ab-backup.tmp", ".ab.svg.keep.tmp", ".ab-x.svg.1234.tmp"]
        for name in mine { try folder.write("out/\(name)", "user data") }
        let result = try BatchRun.run(
            ["render", "in", "-o", "out", "-j", "2", "--timeout", "1"],
            environment: ["FLOWGRAPH_TEST_HANG_ON": "ab.json"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardError.contains("in/ab.json: took longer than --timeout 1 s"))
        let files = BatchRun.files(under: folder.url.appendingPathComponent("out"))
        for name in mine { #expect(files.contains(name), "\(name) was removed") }
        #expect(files.contains("ab-x.svg"))
    }

    // 8. An interrupt during the commit of a plan's outputs leaves the whole new set and no temporaries.
    @Test func anInterruptDuringTheCommitLeavesAWholeSet() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("p.json", Self.pushOnly)
        for name in ["p.svg", "p.png", "p.pdf"] { try folder.write(name, "old") }
        let ended = try BuiltBinary.runInterruptible(
            ["render", "p.json", "-o", "p", "-T", "svg,png,pdf"], in: folder.url,
            environment: ["FLOWGRAPH_TEST_INTERRUPT_COMMIT": "1"])
        // The interrupt took effect once the set was in place: the process died of SIGINT after the commit.
        #expect(ended.reason == .uncaughtSignal)
        #expect(ended.status == SIGINT)
        let files = BatchRun.files(under: folder.url)
        #expect(!files.contains { $0.hasSuffix(".tmp") }, "\(files)")
        for name in ["p.svg", "p.png", "p.pdf"] {
            let data = try Data(contentsOf: folder.url.appendingPathComponent(name))
            #expect(data != Data("old".utf8), "\(name) was not replaced")
        }
    }

    // 9. A batch lists every file it does not render; links inside the tree are followed once.
    @Test func aBatchListsEveryFileItDoesNotRender() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let manager = FileManager.default
        for name in ["in/sub", "outside"] {
            try manager.createDirectory(at: folder.url.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try folder.write("in/a.json", Self.pushOnly)
        try folder.write("outside/o.json", Self.pushOnly)
        try manager.createSymbolicLink(
            atPath: folder.url.path + "/in/out-link.json", withDestinationPath: "../outside/o.json")
        try manager.createSymbolicLink(atPath: folder.url.path + "/in/in-link.json", withDestinationPath: "a.json")
        try manager.createSymbolicLink(atPath: folder.url.path + "/in/sub/loop", withDestinationPath: "..")
        // A name that is not UTF-8: the bytes 'bad', 0xFF, '.json'.
        var raw = Array((folder.url.path + "/in/bad").utf8) + [0xFF] + Array(".json".utf8) + [0]
        let descriptor = raw.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT, 0o644) }
        }
        #expect(descriptor >= 0)
        close(descriptor)

        let result = try BuiltBinary.run(["render", "in", "-o", "out", "--report", "r.json"], in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.standardError.contains("in/bad\u{FFFD}.json: not rendered: its name is not valid UTF-8; rename it"))
        #expect(result.standardError.contains("in/out-link.json: not followed: a symbolic link to "))
        #expect(result.standardError.contains("; 2 files not rendered (listed above)"))
        let outputs = BatchRun.files(under: folder.url.appendingPathComponent("out"))
        #expect(outputs == ["README.md", "a.svg", "in-link.svg", "index.html"])
        let report = try BatchRun.report(folder.url.appendingPathComponent("r.json"))
        #expect((report["notRendered"] as? [[String: Any]])?.count == 2)
    }

    // 10. Step-limit errors for `end` and `states` point at the list.
    @Test func stepLimitErrorsForEndAndStatesAreLocated() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("e.json", #"{"root":"Home","start":[],"end":[".push(A)",".push(B)"]}"#)
        try folder.write("s.json", "{\"root\":\"Home\",\"start\":[],\n \"states\":[[\".push(A)\",\".push(B)\"]]}")
        let end = try BuiltBinary.run(["steps", "e.json", "--limit", "steps=1"], in: folder.url)
        #expect(end.status == 1)
        #expect(end.standardError.hasPrefix("e.json:1:33: end: transition 1 has 3 steps"))
        let states = try BuiltBinary.run(["render", "s.json", "-o", "s.svg", "--limit", "steps=1"], in: folder.url)
        #expect(states.status == 1)
        #expect(states.standardError.hasPrefix("s.json:2:12: states[0]: transition 1 has 3 steps"))
    }

    // 11. Batch progress cannot be forged by a file name holding a line break.
    @Test func progressLinesEscapeFileNames() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        try folder.write("in/x\n[2 of 2] rendered fake.json", Self.pushOnly)
        let result = try BuiltBinary.run(["render", "in", "-o", "out"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardError.contains("rendered in/x\\n[2 of 2] rendered fake.json ("))
        #expect(!result.standardError.split(separator: "\n").contains { $0.hasPrefix("[2 of 2] rendered fake") })
    }

    // 12. Labels of only zero-width characters no longer make Pango complain for PNG and PDF.
    @Test func invisibleLabelsRenderWithoutPangoMessages() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write(
            "zw.json", #"{"title":"\ufeff","root":"\u200b","start":[".push(\ufeff\ufeff)",".sheet(\u200b\u2060)"]}"#)
        let result = try BuiltBinary.run(["render", "zw.json", "-o", "zw", "-T", "png,pdf,svg"], in: folder.url)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(
            BatchRun.files(under: folder.url).filter { $0.hasPrefix("zw.") } == [
                "zw.json", "zw.pdf", "zw.png", "zw.svg",
            ])
    }
}
