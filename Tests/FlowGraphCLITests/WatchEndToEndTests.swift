import Foundation
import Testing

/// `flowgraph render … --watch`: one line per render, errors printed without stopping, atomic outputs, folders.
@Suite struct WatchEndToEndTests {
    /// A `flowgraph … --watch` process whose output is collected in files while it runs.
    final class Watcher {
        let process = Process()
        let folder: PlanFolder
        let outURL: URL
        let errURL: URL

        init(_ arguments: [String], in folder: PlanFolder) throws {
            self.folder = folder
            outURL = folder.url.appendingPathComponent(".watch-out")
            errURL = folder.url.appendingPathComponent(".watch-err")
            try Data().write(to: outURL)
            try Data().write(to: errURL)
            process.executableURL = try BuiltBinary.executable()
            process.arguments = arguments
            process.currentDirectoryURL = folder.url
            process.standardOutput = try FileHandle(forWritingTo: outURL)
            process.standardError = try FileHandle(forWritingTo: errURL)
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }

        var output: String { (try? String(contentsOf: outURL, encoding: .utf8)) ?? "" }
        var errors: String { (try? String(contentsOf: errURL, encoding: .utf8)) ?? "" }
        /// The lines saying a plan was rendered.
        var renders: [String] { output.split(separator: "\n").map(String.init).filter { $0.contains(" rendered ") } }

        /// Waits until `condition` holds; a watcher that never gets there fails the test after a minute rather
        /// than hanging it (a bound against hangs, not a timing assertion).
        func wait(
            for what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: () -> Bool
        ) throws {
            for _ in 0..<1200 {
                if condition() { return }
                guard process.isRunning else { break }
                Thread.sleep(forTimeInterval: 0.05)
            }
            Issue.record(
                "gave up waiting for \(what); stdout: \(output) stderr: \(errors)", sourceLocation: sourceLocation)
            throw CancellationError()
        }

        func stop() {
            if process.isRunning { process.terminate() }
            process.waitUntilExit()
        }
    }

    static func plan(_ title: String) -> String {
        #"{"title": "\#(title)", "root": "Home", "start": [".push(A)"], "actions": ["push(B)", "presentSheet(C)"]}"#
    }

    @Test func aPlanChangedTwiceRendersTwiceMoreAndAnErrorIsSurvived() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("plan.json", Self.plan("First"))
        let watcher = try Watcher(["render", "plan.json", "-o", "out.svg", "--watch"], in: folder)
        defer { watcher.stop() }
        let svg = folder.url.appendingPathComponent("out.svg")
        func drawn() -> String { (try? String(contentsOf: svg, encoding: .utf8)) ?? "" }

        try watcher.wait(for: "the first render") { watcher.output.contains("watching plan.json") }
        #expect(watcher.renders.count == 1)
        #expect(watcher.renders.first?.hasSuffix(")") == true)
        #expect(watcher.renders.first?.contains("rendered plan.json → out.svg (") == true)
        #expect(drawn().contains("First"))

        try folder.write("plan.json", Self.plan("Second change"))
        try watcher.wait(for: "the second render") { watcher.renders.count == 2 }
        #expect(drawn().contains("Second change"))

        // A broken plan: its error is printed, the loop goes on, the last good SVG stays whole.
        try folder.write("plan.json", #"{"title": "Broken", "actions": ["popp()"]}"#)
        try watcher.wait(for: "the error") { watcher.errors.contains("not rendered") }
        #expect(watcher.errors.contains("plan.json:1:34: actions[0]: unknown action 'popp()'"))
        #expect(watcher.process.isRunning)
        #expect(drawn().contains("Second change") && drawn().hasSuffix("</svg>\n"))

        try folder.write("plan.json", Self.plan("Third, after the error"))
        try watcher.wait(for: "the render after the error") { watcher.renders.count == 3 }
        #expect(drawn().contains("Third, after the error"))
        // No temporary files are left next to the output.
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).filter {
            !$0.hasPrefix(".watch")
        }
        #expect(names.sorted() == ["out.svg", "plan.json"])
    }

    @Test func aWatchedFolderRendersNewAndChangedPlans() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("plans/nested"), withIntermediateDirectories: true)
        try folder.write("plans/a.json", Self.plan("A"))
        try folder.write("plans/nested/b.json", Self.plan("B"))
        let watcher = try Watcher(["render", "plans", "-o", "out", "-T", "svg,txt", "--watch"], in: folder)
        defer { watcher.stop() }
        try watcher.wait(for: "the first renders") { watcher.output.contains("watching 2 plans") }
        #expect(watcher.renders.count == 2)
        #expect(
            watcher.renders.contains {
                $0.contains("rendered plans/nested/b.json → out/nested/b.svg, out/nested/b.txt")
            })

        try folder.write("plans/nested/c.json", Self.plan("C appears"))
        try watcher.wait(for: "the new plan") { watcher.renders.count == 3 }
        #expect(watcher.renders.last?.contains("plans/nested/c.json") == true)
        try folder.write("plans/a.json", Self.plan("A changed"))
        try watcher.wait(for: "the changed plan") { watcher.renders.count == 4 }
        #expect(watcher.renders.last?.contains("plans/a.json") == true)
        let text = try String(contentsOf: folder.url.appendingPathComponent("out/a.txt"), encoding: .utf8)
        #expect(text.contains("A changed"))
    }

    @Test func watchingNeedsFilesToWrite() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("plan.json", Self.plan("A"))
        let stdout = try BuiltBinary.run(["render", "plan.json", "-Tsvg", "--watch"], in: folder.url)
        #expect(stdout.status == 2)
        #expect(stdout.standardError.contains("--watch writes files: give -o"))
        let stdin = try BuiltBinary.run(["render", "-", "-o", "x.svg", "--watch"], in: folder.url)
        #expect(stdin.status == 2)
        #expect(stdin.standardError.contains("cannot watch standard input"))
    }
}
