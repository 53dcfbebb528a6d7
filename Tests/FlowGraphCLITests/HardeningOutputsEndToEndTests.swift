import Foundation
import Testing

/// Issue 44, items 11, 20, 21 and 23: where a render writes. Two plans whose outputs are one file, a user's
/// plan where a theme's JSON would go, a folder nothing can be written in, and two batches into one folder —
/// each refused with one error before anything is written. The built binary on real files.
@Suite struct HardeningOutputsEndToEndTests {
    static let plan = #"{"title": "P", "root": "Home", "actions": ["push(A)"]}"#

    /// A folder of plans, `p.json` and `others`.
    static func plans(_ others: [String] = []) throws -> PlanFolder {
        let folder = try PlanFolder()
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("plans"), withIntermediateDirectories: true)
        for name in ["p"] + others { try folder.write("plans/\(name).json", plan) }
        return folder
    }

    // MARK: 11. themes collide

    @Test func twoPlansWhoseThemedFilesAreOneFileAreRefusedBeforeWriting() throws {
        let folder = try Self.plans(["p~dark"])
        defer { folder.remove() }
        let run = try BuiltBinary.run(["render", "plans", "-o", "out", "--theme", "light,dark"], in: folder.url)
        #expect(run.status == 1)
        #expect(
            run.standardError.contains("out/p~dark.svg: would be written from both plans/p.json and plans/p~dark.json"),
            "\(run.standardError)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out").path))
        // One theme: no clash.
        #expect(try BuiltBinary.run(["render", "plans", "-o", "out", "-q"], in: folder.url).status == 0)
    }

    // MARK: 20. a theme's JSON never replaces a plan

    @Test func aThemesJSONOutputNeverReplacesAPlanKeptThere() throws {
        let folder = try Self.plans()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("d"), withIntermediateDirectories: true)
        let theirs = try folder.write("d/p~dark.json", #"{"title": "Mine", "root": "Home", "actions": []}"#)
        let run = try BuiltBinary.run(
            ["render", "plans/p.json", "-o", "d/p", "--theme", "light,dark", "-T", "json"], in: folder.url)
        #expect(run.status == 1)
        #expect(run.standardError.contains("d/p~dark.json: is a plan file"), "\(run.standardError)")
        let kept = try String(contentsOf: folder.url.appendingPathComponent(theirs), encoding: .utf8)
        #expect(kept.contains("Mine"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("d/p.json").path))
        // Its own JSON outputs are replaced on a rerun.
        let own = ["render", "plans/p.json", "-o", "d/q", "--theme", "light,dark", "-T", "json"]
        #expect(try BuiltBinary.run(own, in: folder.url).status == 0)
        #expect(try BuiltBinary.run(own, in: folder.url).status == 0)
    }

    // MARK: 21. a read-only output folder

    /// Makes `folder` refuse new files: `chmod 555`, or for root, whom modes do not stop, the immutable flag.
    /// Returns the undo, or `nil` when this machine can do neither.
    static func makeReadOnly(_ folder: URL) -> (() -> Void)? {
        func canWrite() -> Bool {
            let probe = folder.appendingPathComponent(".probe")
            defer { try? FileManager.default.removeItem(at: probe) }
            return FileManager.default.createFile(atPath: probe.path, contents: Data())
        }
        chmod(folder.path, 0o555)
        if !canWrite() { return { chmod(folder.path, 0o755) } }
        chmod(folder.path, 0o755)
        let chattr = URL(fileURLWithPath: "/usr/bin/chattr")
        guard (try? BuiltBinary.runTool(chattr, ["+i", folder.path], in: folder))?.status == 0 else { return nil }
        let undo = { _ = try? BuiltBinary.runTool(chattr, ["-i", folder.path], in: folder) }
        if !canWrite() { return undo }
        undo()
        return nil
    }

    @Test func aFolderNothingCanBeWrittenInIsOneErrorUpFront() throws {
        let folder = try Self.plans((1...40).map { "p\($0)" })
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        guard let undo = Self.makeReadOnly(output) else {
            Issue.record("this machine can make no folder read-only (neither chmod nor chattr +i)")
            return
        }
        defer { undo() }
        let run = try BuiltBinary.run(["render", "plans", "-o", "out", "-T", "svg,png"], in: folder.url)
        #expect(run.status == 1)
        let lines = run.standardError.split(separator: "\n")
        #expect(lines.count == 1, "\(run.standardError)")
        #expect(run.standardError.contains("out: the output folder cannot be written"), "\(run.standardError)")
    }

    // MARK: 23. two batches into one folder

    @Test func aSecondBatchIntoAFolderBeingWrittenIsRefused() throws {
        let folder = try Self.plans()
        defer { folder.remove() }
        let output = folder.url.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        // This process stands for the first batch: it holds the folder's lock as a running batch does.
        let descriptor = open(output.path, O_RDONLY | O_DIRECTORY)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let refused = try BuiltBinary.run(["render", "plans", "-o", "out"], in: folder.url)
        close(descriptor)
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("another flowgraph render is writing to this folder"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path).isEmpty)
        #expect(try BuiltBinary.run(["render", "plans", "-o", "out", "-q"], in: folder.url).status == 0)
    }
}
