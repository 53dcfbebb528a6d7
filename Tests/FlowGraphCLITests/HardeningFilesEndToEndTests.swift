import Foundation
import Testing

/// Issue 29, files and outputs: nothing written outside its folder, no link leading outside read, no FIFO
/// waited on, no user file replaced, nothing skipped in silence. The built binary on real files.
@Suite struct HardeningFilesEndToEndTests {
    /// A run that is stopped after `seconds` (a bound against a hang such as `open()` of a FIFO, not a timing
    /// assertion): its status, outputs, and whether it had to be stopped.
    static func run(
        _ arguments: [String], in directory: URL, seconds: Double = 60, environment: [String: String] = [:]
    ) throws -> (result: BuiltBinary.Result, timedOut: Bool) {
        let (process, output, errors) = try BatchRun.start(arguments, environment: environment, in: directory)
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: errors)
        }
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        let timedOut = process.isRunning
        if timedOut { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let result = BuiltBinary.Result(
            status: process.terminationStatus,
            standardOutput: String(decoding: try Data(contentsOf: output), as: UTF8.self),
            standardError: String(decoding: try Data(contentsOf: errors), as: UTF8.self))
        return (result, timedOut)
    }

    /// A FlowStacks coordinator with one function per name in `functions`, each setting its routes.
    static func coordinator(_ type: String = "Coordinator", screen: String = "Screen", functions: [String]) -> String {
        """
        import SwiftUI
        import FlowStacks

        enum \(screen): Hashable { case home, detail }

        final class \(type): ObservableObject {
            @Published var routes: Routes<\(screen)> = []
        \(functions.map { "    func \($0)() { routes = [.push(.detail)] }" }.joined(separator: "\n"))
        }

        struct \(type)View: View {
            @StateObject var coordinator = \(type)()
            var body: some View {
                FlowStack($coordinator.routes, withNavigation: true) {
                    Text("home").flowDestination(for: \(screen).self) { _ in Text("detail") }
                }
            }
        }
        """
    }

    /// Valid Swift outside the scanned folder: a whole coordinator, which would land in the map if read.
    static var outsideSwift: String { coordinator("TopSecretCoordinator", screen: "TopSecret", functions: ["leak"]) }

    static func mkfifo(_ url: URL) {
        #expect(Foundation.mkfifo(url.path, 0o644) == 0)
    }

    // MARK: 1. scan --plans writes every plan inside its folder

    @Test func scanPlansNamesEachPlanFileAsOneComponentInsideTheFolder() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: folder.url.appendingPathComponent("src"), withIntermediateDirectories: true)
        try folder.write("src/App.swift", Self.coordinator(functions: ["`/../../x`", "`a/b`", "normal", "café"]))
        let run = try BuiltBinary.run(["scan", "src", "--plans", "out/plans"], in: folder.url)
        #expect(run.status == 0, "\(run.standardError)")
        // Nothing outside out/plans, and nothing in a folder below it.
        #expect(!fileManager.fileExists(atPath: folder.url.appendingPathComponent("x`.json").path))
        #expect(!fileManager.fileExists(atPath: folder.url.appendingPathComponent("out/x`.json").path))
        let written = try fileManager.contentsOfDirectory(atPath: folder.url.appendingPathComponent("out/plans").path)
        #expect(
            Set(written) == [
                "Coordinator.`%2F..%2F..%2Fx`.json", "Coordinator.`a%2Fb`.json", "Coordinator.normal.json",
                "Coordinator.café.json",
            ])
        #expect(BatchRun.files(under: folder.url.appendingPathComponent("out")).count == 4)
        // The file still renders as a plan.
        let steps = try BuiltBinary.run(["steps", "out/plans/Coordinator.`a%2Fb`.json"], in: folder.url)
        #expect(steps.status == 0, "\(steps.standardError)")
    }

    @Test func planNamesDifferingOnlyInCaseAreRefusedInScanAndInBatches() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("src"), withIntermediateDirectories: true)
        try folder.write("src/App.swift", Self.coordinator(functions: ["go", "Go"]))
        let scan = try BuiltBinary.run(["scan", "src", "--plans", "plans"], in: folder.url)
        #expect(scan.status == 1)
        #expect(scan.standardError.contains("differ only in case"), "\(scan.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("plans").path))

        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        try folder.write("in/Case.json", try smallPlan(title: "Upper"))
        try folder.write("in/case.json", try smallPlan(title: "Lower"))
        let batch = try BatchRun.run(["render", "in", "-o", "out", "-T", "svg"], in: folder.url)
        #expect(batch.status == 1)
        #expect(batch.standardError.contains("differing only in case"), "\(batch.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out").path))
    }

    // MARK: 2. a .swift link leading outside is listed, not read

    @Test func aSwiftLinkLeadingOutsideIsListedNotReadByScanAndBatches() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let fileManager = FileManager.default
        for name in ["in/app", "outside"] {
            try fileManager.createDirectory(
                at: folder.url.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try folder.write("in/app/App.swift", Self.coordinator(functions: ["normal"]))
        try folder.write("outside/Secret.swift", Self.outsideSwift)
        try fileManager.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("in/app/Link.swift").path,
            withDestinationPath: folder.url.appendingPathComponent("outside/Secret.swift").path)
        try fileManager.createSymbolicLink(
            atPath: folder.url.appendingPathComponent("in/app/passwd.swift").path, withDestinationPath: "/etc/passwd")

        let scan = try BuiltBinary.run(["scan", "in/app", "--json"], in: folder.url)
        #expect(scan.status == 0, "\(scan.standardError)")
        #expect(!scan.standardOutput.contains("TopSecret"))
        #expect(!scan.standardError.contains("root:"))
        #expect(scan.standardError.contains("in/app/Link.swift: warning: not read: a symbolic link to"))
        #expect(scan.standardError.contains("in/app/passwd.swift: warning: not read: a symbolic link to /etc/passwd"))

        let batch = try BatchRun.run(
            ["render", "in", "-o", "out", "-T", "svg,json", "--report", "report.json"], in: folder.url)
        #expect(batch.status == 0, "\(batch.standardError)")
        for file in ["out/index.html", "out/README.md", "out/app.json", "report.json"] {
            let text = try String(contentsOf: folder.url.appendingPathComponent(file), encoding: .utf8)
            #expect(!text.contains("TopSecret") && !text.contains(":x:0:0:"), "\(file) quotes an outside file")
        }
        #expect(!batch.standardError.contains(":x:0:0:"))
    }

    @Test func aPlanSwappedForALinkLeadingOutsideMidBatchIsRefusedWhenOpened() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let fileManager = FileManager.default
        for name in ["in", "outside"] {
            try fileManager.createDirectory(
                at: folder.url.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try folder.write("in/a.json", try smallPlan(title: "First"))
        try folder.write("in/b.json", try smallPlan(title: "Second"))
        try folder.write("outside/secret.json", try smallPlan(title: "Outside secret"))
        // a.json holds the only worker (it hangs until --timeout); meanwhile b.json becomes a link leading out.
        let hanging = folder.url.appendingPathComponent("hanging")
        let (process, output, errors) = try BatchRun.start(
            ["render", "in", "-o", "out", "-T", "svg", "-j", "1", "--timeout", "3"],
            environment: ["FLOWGRAPH_TEST_HANG_ON": "a.json", "FLOWGRAPH_TEST_HANG_MARK": hanging.path],
            in: folder.url)
        defer { BatchRun.removeCaptures(output, errors) }
        // The batch has listed the folder once its worker hangs on a.json.
        try BatchRun.wait(for: hanging)
        let plan = folder.url.appendingPathComponent("in/b.json")
        try fileManager.removeItem(at: plan)
        try fileManager.createSymbolicLink(
            atPath: plan.path, withDestinationPath: folder.url.appendingPathComponent("outside/secret.json").path)
        process.waitUntilExit()
        let stderr = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
        #expect(process.terminationStatus == 1)
        #expect(stderr.contains("in/b.json: not read: it now leads to"), "\(stderr)")
        #expect(!fileManager.fileExists(atPath: folder.url.appendingPathComponent("out/b.svg").path))
        let gallery = try String(contentsOf: folder.url.appendingPathComponent("out/README.md"), encoding: .utf8)
        #expect(!gallery.contains("Outside secret"))
    }

    // MARK: 8. FIFOs are refused, never waited on

    @Test func aPlanSwappedForAFIFOMidBatchFailsAloneInsteadOfHangingItsWorker() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        try folder.write("in/a.json", try smallPlan(title: "First"))
        try folder.write("in/b.json", try smallPlan(title: "Second"))
        try folder.write("in/c.json", try smallPlan(title: "Third"))
        // a.json holds the only worker until --timeout; meanwhile b.json becomes a FIFO.
        let hanging = folder.url.appendingPathComponent("hanging")
        let (process, output, errors) = try BatchRun.start(
            ["render", "in", "-o", "out", "-T", "svg", "-j", "1", "--timeout", "3"],
            environment: ["FLOWGRAPH_TEST_HANG_ON": "a.json", "FLOWGRAPH_TEST_HANG_MARK": hanging.path],
            in: folder.url)
        defer { BatchRun.removeCaptures(output, errors) }
        // The batch has listed the folder once its worker hangs on a.json.
        try BatchRun.wait(for: hanging)
        let plan = folder.url.appendingPathComponent("in/b.json")
        try FileManager.default.removeItem(at: plan)
        Self.mkfifo(plan)
        process.waitUntilExit()
        let stderr = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
        #expect(stderr.contains("in/b.json: not read: a FIFO (named pipe), not a regular file"), "\(stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out/c.svg").path))
    }

    @Test func aFIFONamedLikeSourceOrConfigIsRefusedNotWaitedOn() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("app"), withIntermediateDirectories: true)
        try folder.write("app/App.swift", Self.coordinator(functions: ["normal"]))
        Self.mkfifo(folder.url.appendingPathComponent("app/x.swift"))
        let scan = try Self.run(["scan", "app"], in: folder.url, seconds: 30)
        #expect(!scan.timedOut, "scan waited on a FIFO")
        #expect(scan.result.status == 1)
        #expect(scan.result.standardError.contains("app/x.swift: not read: a FIFO (named pipe), not a regular file"))
        // The neighbours `render FILE.swift --function` reads are found files too.
        let function = try Self.run(
            ["render", "app/App.swift", "--function", "normal", "-o", "normal.svg"], in: folder.url, seconds: 30)
        #expect(!function.timedOut, "render --function waited on a FIFO neighbour")
        #expect(function.result.status == 1)
        #expect(function.result.standardError.contains("x.swift: not read: a FIFO (named pipe)"))

        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("plans"), withIntermediateDirectories: true)
        try folder.write("plans/p.json", try smallPlan(title: "P"))
        Self.mkfifo(folder.url.appendingPathComponent("plans/.flowgraph.json"))
        let render = try Self.run(["render", "plans/p.json", "-o", "p.svg"], in: folder.url, seconds: 30)
        #expect(!render.timedOut, "render waited on a FIFO .flowgraph.json")
        #expect(render.result.status == 1)
        #expect(render.result.standardError.contains(".flowgraph.json: not read: a FIFO (named pipe)"))
    }

    @Test func aWatchedPlanSwappedForAFIFOIsReportedAndTheWatchGoesOn() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("p.json", WatchEndToEndTests.plan("One"))
        let watcher = try WatchEndToEndTests.Watcher(["render", "p.json", "-o", "p.svg", "--watch"], in: folder)
        defer {
            // A watch blocked in open() of a FIFO (before the fix) never sees SIGTERM's flag: kill it.
            watcher.process.terminate()
            for _ in 0..<40 where watcher.process.isRunning { Thread.sleep(forTimeInterval: 0.05) }
            if watcher.process.isRunning { kill(watcher.process.processIdentifier, SIGKILL) }
            watcher.process.waitUntilExit()
        }
        try watcher.wait(for: "the first render") { watcher.renders.count == 1 }
        let plan = folder.url.appendingPathComponent("p.json")
        try FileManager.default.removeItem(at: plan)
        Self.mkfifo(plan)
        try watcher.wait(for: "the FIFO to be refused") { watcher.errors.contains("not a regular file") }
        try FileManager.default.removeItem(at: plan)
        try folder.write("p.json", WatchEndToEndTests.plan("Two"))
        try watcher.wait(for: "a render after the FIFO") { watcher.renders.count == 2 }
    }

    // MARK: 10. no user file replaced

    @Test func aHandWrittenReadmeInTheOutputFolderIsNeverReplaced() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try folder.write("docs/p.json", try smallPlan(title: "P"))
        try folder.write("docs/README.md", "# My own docs\n")
        let run = try BatchRun.run(["render", "docs", "-o", "docs", "-T", "svg"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.standardError.contains("docs/README.md: exists and was not written by FlowGraph"))
        #expect(
            try String(contentsOf: folder.url.appendingPathComponent("docs/README.md"), encoding: .utf8)
                == "# My own docs\n")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("docs/p.svg").path))

        // A gallery FlowGraph wrote (marked, or shaped as one written before the mark) is replaced as before.
        try folder.write(
            "docs/README.md", "# FlowGraph gallery: docs\n\n1 diagram, drawn by FlowGraph (flowgraph render).\n")
        let again = try BatchRun.run(["render", "docs", "-o", "docs", "-T", "svg"], in: folder.url)
        #expect(again.status == 0, "\(again.standardError)")
        let written = try String(contentsOf: folder.url.appendingPathComponent("docs/README.md"), encoding: .utf8)
        #expect(written.hasPrefix("<!-- Generated by FlowGraph (flowgraph render)"))
        let third = try BatchRun.run(["render", "docs", "-o", "docs", "-T", "svg"], in: folder.url)
        #expect(third.status == 0, "\(third.standardError)")
    }

    @Test func aReportNamingOneOfTheBatchsOutputsIsRefused() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        try folder.write("in/p.json", try smallPlan(title: "P"))
        for report in ["out/p.svg", "out/./index.html"] {
            let run = try BatchRun.run(["render", "in", "-o", "out", "-T", "svg", "--report", report], in: folder.url)
            #expect(run.status == 2, "\(report): \(run.standardError)")
            #expect(run.standardError.contains("one of the batch's own outputs"))
            #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out").path))
        }
    }

    @Test func aFileLikeOutputForAFolderOfPlansIsRefused() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        try folder.write("in/p.json", try smallPlan(title: "P"))
        let run = try BatchRun.run(["render", "in", "-o", "x.png"], in: folder.url)
        #expect(run.status == 2)
        #expect(run.standardError.contains("-o x.png names a .png file"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("x.png").path))
        let watch = try Self.run(["render", "in", "-o", "x.png", "--watch"], in: folder.url, seconds: 30)
        #expect(watch.result.status == 2, "\(watch.result.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("x.png").path))
        // A folder given with a slash is the user's explicit choice.
        let explicit = try BatchRun.run(["render", "in", "-o", "x.png/"], in: folder.url)
        #expect(explicit.status == 0, "\(explicit.standardError)")
    }

    // MARK: 11. source that cannot be read is an error, not "0 stacks"

    @Test func brokenLinksLinkLoopsAndOverlongPathsFailTheScan() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let fileManager = FileManager.default
        try fileManager.createDirectory(at: folder.url.appendingPathComponent("app"), withIntermediateDirectories: true)
        try folder.write("app/App.swift", Self.coordinator(functions: ["normal"]))
        let app = folder.url.appendingPathComponent("app")
        try fileManager.createSymbolicLink(
            atPath: app.appendingPathComponent("broken.swift").path, withDestinationPath: "gone.swift")
        try fileManager.createSymbolicLink(
            atPath: app.appendingPathComponent("a.swift").path, withDestinationPath: "b.swift")
        try fileManager.createSymbolicLink(
            atPath: app.appendingPathComponent("b.swift").path, withDestinationPath: "a.swift")
        let scan = try BuiltBinary.run(["scan", "app"], in: folder.url)
        #expect(scan.status == 1)
        #expect(scan.standardError.contains("app/broken.swift: cannot be read: a symbolic link that leads nowhere"))
        #expect(scan.standardError.contains("app/a.swift: cannot be read: a symbolic link that leads nowhere"))
        #expect(!scan.standardOutput.contains("stacks"))
        for name in ["broken.swift", "a.swift", "b.swift"] {
            try fileManager.removeItem(at: app.appendingPathComponent(name))
        }

        // A chain of folders deeper than PATH_MAX: created relative to each level, as no path can reach it.
        var descriptor = open(app.path, O_RDONLY | O_DIRECTORY)
        let name = String(repeating: "d", count: 200)
        for _ in 0..<25 {
            mkdirat(descriptor, name, 0o755)
            let next = openat(descriptor, name, O_RDONLY | O_DIRECTORY)
            close(descriptor)
            descriptor = next
        }
        let file = openat(descriptor, "Deep.swift", O_WRONLY | O_CREAT, 0o644)
        close(file)
        close(descriptor)
        let deep = try BuiltBinary.run(["scan", "app"], in: folder.url)
        #expect(deep.status == 1)
        #expect(deep.standardError.contains("its path is longer than the system's limit"), "\(deep.standardError)")
        // Remove the chain relative to each level too.
        func removeChain(_ parent: Int32, depth: Int) {
            guard depth > 0 else { return }
            let child = openat(parent, name, O_RDONLY | O_DIRECTORY)
            guard child >= 0 else { return }
            removeChain(child, depth: depth - 1)
            unlinkat(child, "Deep.swift", 0)
            close(child)
            unlinkat(parent, name, AT_REMOVEDIR)
        }
        let top = open(app.path, O_RDONLY | O_DIRECTORY)
        removeChain(top, depth: 25)
        close(top)
    }

    @Test(.enabled(if: getuid() != 0, "root reads every folder"))
    func anUnreadableFolderFailsTheScan() throws {
        let folder = try PlanFolder()
        defer {
            chmod(folder.url.appendingPathComponent("app/locked").path, 0o755)
            folder.remove()
        }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("app/locked"), withIntermediateDirectories: true)
        try folder.write("app/App.swift", Self.coordinator(functions: ["normal"]))
        try folder.write("app/locked/More.swift", Self.outsideSwift)
        chmod(folder.url.appendingPathComponent("app/locked").path, 0)
        let scan = try BuiltBinary.run(["scan", "app"], in: folder.url)
        #expect(scan.status == 1)
        #expect(scan.standardError.contains("app/locked: folder cannot be read"))
    }

    @Test func anOutputFolderThatCannotBeMadeIsOneErrorWithItsCause() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        try folder.write("in/a.json", try smallPlan(title: "A"))
        try folder.write("in/b.json", try smallPlan(title: "B"))
        try folder.write("afile", "not a folder\n")
        let run = try BatchRun.run(["render", "in", "-o", "afile/out", "-T", "svg"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.standardError.contains("afile/out: cannot create the output folder:"), "\(run.standardError)")
        #expect(run.standardError.contains("afile is a file, not a folder"))
        #expect(!run.standardError.contains("symbolic link"))
    }

    @Test func aFileSizeLimitFailsTheWriteCleanlyAndIsNamedInBatches() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        try folder.write("in/a.json", try smallPlan(title: "A"))
        let binary = try BuiltBinary.executable().path
        // ulimit -f counts 1024-byte blocks in dash and bash: 4 KB, less than one SVG.
        let single = try BuiltBinary.runTool(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -f 4; exec '\(binary)' render in/a.json -o a.svg"],
            in: folder.url)
        #expect(single.status == 1, "\(single.output)")
        #expect(single.output.contains("a.svg: cannot be written: File too large"), "\(single.output)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["in"])
        let batch = try BuiltBinary.runTool(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -f 4; exec '\(binary)' render in -o out -T svg"],
            in: folder.url)
        #expect(batch.status == 1)
        #expect(batch.output.contains("out/a.svg: cannot be written: File too large"), "\(batch.output)")
        #expect(!batch.output.contains("Graphviz can abort"))
        #expect(!BatchRun.files(under: folder.url.appendingPathComponent("out")).contains { $0.hasSuffix(".tmp") })
    }

    // MARK: 13. the smaller ones

    @Test func devNullDiscardsTheOutputsAsDotDoes() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("p.json", try smallPlan(title: "P"))
        let before = FileManager.default.fileExists(atPath: "/dev/null.svg")
        let run = try BuiltBinary.run(["render", "p.json", "-T", "svg,png", "-o", "/dev/null"], in: folder.url)
        #expect(run.status == 0, "\(run.standardError)")
        if !before {
            #expect(!FileManager.default.fileExists(atPath: "/dev/null.svg"))
            try? FileManager.default.removeItem(atPath: "/dev/null.svg")
            try? FileManager.default.removeItem(atPath: "/dev/null.png")
        }
        // A bad plan still fails: the drawing is made, only the bytes are thrown away.
        try folder.write("bad.json", #"{"root": "Home", "start": [".push("]}"#)
        let bad = try BuiltBinary.run(["render", "bad.json", "-T", "svg", "-o", "/dev/null"], in: folder.url)
        #expect(bad.status == 1)
    }

    @Test func projectDefaultsGiveEachPlatformOnceAndNameWhatIsWrong() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("p.json", #"{"title": "P", "root": "Home", "start": [], "end": [".push(A)"]}"#)
        try folder.write(".flowgraph.json", #"{"platform": ["ios16", "ios16"]}"#)
        let run = try BuiltBinary.run(["render", "p.json", "-T", "txt"], in: folder.url)
        #expect(run.status == 0, "\(run.standardError)")
        let rows = run.standardOutput.split(separator: "\n").filter { $0.hasPrefix("iOS 16 · NavigationView · ") }
        #expect(rows.count == 1, "\(run.standardOutput)")

        try folder.write(".flowgraph.json", #"{"width": 99999999999999999999}"#)
        let width = try BuiltBinary.run(["render", "p.json", "-T", "txt"], in: folder.url)
        #expect(width.status == 1)
        #expect(width.standardError.contains("not 99999999999999999999"), "\(width.standardError)")

        try folder.write(".flowgraph.json", "{" + String(repeating: " ", count: 70_000) + "}")
        let big = try BuiltBinary.run(["render", "p.json", "-T", "txt"], in: folder.url)
        #expect(big.status == 1)
        #expect(big.standardError.contains("a .flowgraph.json file is limited to 65536 bytes"))
        #expect(!big.standardError.contains("--limit"), "advises a flag that does not apply: \(big.standardError)")
    }

    // MARK: 9. listing is linear in depth; a long watch recycles itself

    @Test func aPlanNearlyTwoThousandFoldersDeepIsFoundAndRendered() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        // Made relative to each level; 1,950 × "d/" keeps even the temporary output file's path under PATH_MAX.
        var descriptor = open(folder.url.path, O_RDONLY | O_DIRECTORY)
        mkdirat(descriptor, "in", 0o755)
        var next = openat(descriptor, "in", O_RDONLY | O_DIRECTORY)
        close(descriptor)
        descriptor = next
        for _ in 0..<1950 {
            mkdirat(descriptor, "d", 0o755)
            next = openat(descriptor, "d", O_RDONLY | O_DIRECTORY)
            close(descriptor)
            descriptor = next
        }
        let plan = Data(try smallPlan(title: "Deep").utf8)
        let file = openat(descriptor, "p.json", O_WRONLY | O_CREAT, 0o644)
        _ = plan.withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
        close(file)
        close(descriptor)
        // Before: 327 s of listing, then SIGSEGV (a recursive walk resolving every path from the root).
        let run = try Self.run(
            ["render", "in", "-o", "out", "-T", "json", "--no-gallery", "-q"], in: folder.url, seconds: 300)
        #expect(!run.timedOut)
        #expect(run.result.status == 0, "\(run.result.standardError.prefix(2000))")
        let deepOutput = "out/" + String(repeating: "d/", count: 1950) + "p.json"
        #expect(access(folder.url.appendingPathComponent(deepOutput).path, F_OK) == 0)
    }

    @Test func aRecycledWatchGoesOnWithoutRenderingTwiceOrMissingAChange() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("p.json", WatchEndToEndTests.plan("One"))
        // Test-only: the watch replaces itself after every 2 renders instead of every 100.
        setenv("FLOWGRAPH_TEST_WATCH_RECYCLE_AFTER", "2", 1)
        let watcher = try WatchEndToEndTests.Watcher(["render", "p.json", "-o", "p.svg", "--watch"], in: folder)
        unsetenv("FLOWGRAPH_TEST_WATCH_RECYCLE_AFTER")
        defer { watcher.stop() }
        try watcher.wait(for: "the first render") { watcher.renders.count == 1 }
        for (index, title) in ["Two", "Three", "Four", "Five", "Six"].enumerated() {
            try folder.write("p.json", WatchEndToEndTests.plan(title))
            try watcher.wait(for: "render \(index + 2)") { watcher.renders.count == index + 2 }
            let svg = try String(contentsOf: folder.url.appendingPathComponent("p.svg"), encoding: .utf8)
            #expect(svg.contains(title))
        }
        // One more change, waited for: seven writes made exactly seven renders, none twice.
        try folder.write("p.json", WatchEndToEndTests.plan("Seven"))
        try watcher.wait(for: "render 7") { watcher.renders.count >= 7 }
        #expect(watcher.renders.count == 7, "\(watcher.output)")
        #expect(watcher.output.components(separatedBy: "watching").count == 2, "\(watcher.output)")
        #expect(watcher.errors.isEmpty, "\(watcher.errors)")
    }

    /// `-N`, `-G`, `-E` never let Graphviz read a file: refused before anything is read or written, in a single
    /// render, a batch and a scan; and what they may set reaches a batch's workers, copied or new processes.
    @Test func graphvizAttributesThatReadFilesAreRefusedAndTheRestReachEveryWorker() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("plans"), withIntermediateDirectories: true)
        try folder.write("plans/a.json", HardeningEndToEndTests.pushOnly)
        try folder.write("plans/b.json", HardeningEndToEndTests.pushOnly)
        try folder.write("secret.png", "not an image")
        for arguments in [
            ["render", "plans/a.json", "-o", "a.svg", "-Nimage=secret.png"],
            ["render", "plans", "-o", "out", "-Gimagepath=.", "-Nimage=secret.png"],
            ["scan", "plans", "-o", "map.svg", "-Nshapefile=secret.png"],
            ["render", "plans/a.json", "-o", "a.svg", "-Nshape=custom", "-Nshapefile=secret.png"],
        ] {
            let result = try BuiltBinary.run(arguments, in: folder.url)
            #expect(result.status == 2, "\(arguments)")
            #expect(
                result.standardError.contains("makes Graphviz read a file")
                    || result.standardError.contains("draws the shape from a file"))
            for written in ["a.svg", "out", "map.svg"] {
                #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(written).path))
            }
        }
        for environment in [[:], ["FLOWGRAPH_TEST_SPAWN_WORKERS": "1"]] {
            try? FileManager.default.removeItem(at: folder.url.appendingPathComponent("out"))
            let batch = try BuiltBinary.run(
                ["render", "plans", "-o", "out", "-T", "svg", "-j", "2", "-q", "-Ecolor=#00ff00"], in: folder.url,
                environment: environment)
            #expect(batch.status == 0, "\(batch.standardError)")
            for name in ["a", "b"] {
                let svg = try String(
                    contentsOf: folder.url.appendingPathComponent("out/\(name).svg"), encoding: .utf8)
                #expect(svg.contains("stroke=\"#00ff00\""), "\(environment) \(name)")
            }
        }
    }
}
