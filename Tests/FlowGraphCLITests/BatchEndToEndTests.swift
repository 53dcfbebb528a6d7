import FlowGraphTestSupport
import Foundation
import Testing

/// `flowgraph render DIR… -o OUTDIR` run as the built binary, with real worker processes and files.
@Suite struct BatchEndToEndTests {
    /// A folder of plans: `count` small ones under `in/`, some in nested folders.
    static func plans(_ count: Int, in folder: PlanFolder) throws {
        for index in 0..<count {
            let subfolder = index % 3 == 0 ? "" : index % 3 == 1 ? "nested/" : "nested/deeper/"
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent("in/" + subfolder), withIntermediateDirectories: true)
            try folder.write(
                "in/\(subfolder)plan\(index).json", try smallPlan(title: "Plan \(index)", screen: "S\(index)"))
        }
    }

    @Test func mirrorsTheFolderLayoutAndSkipsHiddenFolders() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try Self.plans(6, in: folder)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("in/.hidden"), withIntermediateDirectories: true)
        try folder.write("in/.hidden/secret.json", try smallPlan(title: "hidden"))
        try folder.write("in/nested/notes.txt", "not a plan")

        let result = try BatchRun.run(["render", "in", "-o", "out", "-T", "svg,dot", "-j", "2"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let expected =
            ["plan0", "plan3", "nested/plan1", "nested/plan4", "nested/deeper/plan2", "nested/deeper/plan5"]
            .flatMap { ["\($0).svg", "\($0).dot"] } + ["index.html", "README.md"]
        #expect(BatchRun.files(under: folder.url.appendingPathComponent("out")) == expected.sorted())
        for name in expected where name.hasSuffix(".svg") {
            #expect(BatchRun.isCompleteSVG(try Data(contentsOf: folder.url.appendingPathComponent("out/" + name))))
        }
        // Plain lines when standard error is not a terminal, then the summary.
        #expect(result.standardError.contains("] rendered in/nested/deeper/plan2.json (2 files, "))
        #expect(result.standardError.hasSuffix("\n"))
        let summary = try #require(result.standardError.split(separator: "\n").last)
        #expect(summary.hasPrefix("rendered 6 plans (12 files) in "))
        #expect(result.standardOutput == "")
    }

    @Test func outputsNeverEscapeTheOutputFolderThroughSymbolicLinks() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try Self.plans(3, in: folder)
        let manager = FileManager.default
        let elsewhere = folder.url.appendingPathComponent("elsewhere")
        try manager.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try manager.createDirectory(at: folder.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        // out/nested leads outside out/: the plans below in/nested/ must not be written through it.
        try manager.createSymbolicLink(
            at: folder.url.appendingPathComponent("out/nested"), withDestinationURL: elsewhere)

        let result = try BatchRun.run(["render", "in", "-o", "out", "-T", "svg", "-j", "1"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardError.contains("would be written outside the output folder out"))
        #expect(try manager.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
        // The plan outside the linked folder still rendered.
        #expect(manager.fileExists(atPath: folder.url.appendingPathComponent("out/plan0.svg").path))
    }

    @Test func twoPlansThatWouldWriteTheSameFilesAreAnErrorAndNothingIsWritten() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        for sub in ["a", "b"] {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(sub), withIntermediateDirectories: true)
            try folder.write("\(sub)/plan.json", try smallPlan(title: sub))
        }
        // Two folders with the same layout, and two files of the same name given directly.
        for arguments in [["a", "b"], ["a/plan.json", "../" + folder.url.lastPathComponent + "/b/plan.json"]] {
            let result = try BatchRun.run(["render"] + arguments + ["-o", "out", "-T", "svg"], in: folder.url)
            #expect(result.status == 1)
            #expect(result.standardError.contains("would write the same outputs as"))
            #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out").path))
        }
    }

    @Test func limitsApplyToEveryPlanOfABatchAndURLIsForOnePlan() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try Self.plans(2, in: folder)
        try folder.write(
            "in/long.json",
            #"{"title": "Long", "root": "Home", "start": [".push(A)", ".push(B)", ".push(C)", ".push(D)"]}"#)

        let limited = try BatchRun.run(
            ["render", "in", "-o", "out", "-T", "svg", "-j", "2", "--limit", "routes=3"], in: folder.url)
        #expect(limited.status == 1)
        #expect(limited.standardError.contains("in/long.json:1:"))
        #expect(limited.standardError.contains("more than 3 routes in one list (4) (limit routes=3 routes;"))
        #expect(
            BatchRun.files(under: folder.url.appendingPathComponent("out")) == [
                "README.md", "index.html", "nested/plan1.svg", "plan0.svg",
            ])

        let url = try BatchRun.run(
            ["render", "in", "-o", "other", "--url", "flowstacksapp://numbers/1"], in: folder.url)
        #expect(url.status == 2)
        #expect(url.standardError.contains("--url resolves one plan's deep link"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("other").path))
    }

    @Test func aPlanOverTheTimeoutFailsAndItsWorkerIsReplaced() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try Self.plans(4, in: folder)
        try folder.write("in/hangs.json", try smallPlan(title: "Never finishes"))

        let result = try BatchRun.run(
            ["render", "in", "-o", "out", "-j", "2", "--timeout", "1.5", "--report", "report.json"],
            environment: ["FLOWGRAPH_TEST_HANG_ON": "hangs.json"], in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.standardError.contains(
                "in/hangs.json: took longer than --timeout 1.5 s; its worker was stopped and replaced"))
        let report = try BatchRun.report(folder.url.appendingPathComponent("report.json"))
        #expect(
            report["counts"] as? [String: Int] == ["plans": 5, "rendered": 4, "failed": 1, "skipped": 0, "files": 4])
        #expect(BatchRun.files(under: folder.url.appendingPathComponent("out")).filter { $0.hasPrefix("hangs") } == [])
        #expect((report["workerProcessesStarted"] as? Int ?? 0) >= 2)

        let bad = try BatchRun.run(["render", "in", "-o", "out", "--timeout", "0"], in: folder.url)
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("--timeout must be a number of seconds above 0"))
    }

    /// With one worker, the plan handed out behind the crashing one is rendered by its replacement; new
    /// worker processes (`FLOWGRAPH_TEST_SPAWN_WORKERS`) fail the same way as copies of the batch process.
    @Test(arguments: [(jobs: 2, spawned: false), (jobs: 1, spawned: false), (jobs: 2, spawned: true)])
    func aMalformedPlanAndACrashingWorkerFailOnlyThemselves(jobs: Int, spawned: Bool) throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try Self.plans(6, in: folder)
        try folder.write("in/nested/broken.json", "{\"title\": \"broken\", \"start\": [\".push(A\"]}")
        try folder.write("in/crashes.json", try smallPlan(title: "Crashes the worker"))
        // Output from an earlier run must survive the failures untouched.
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("out/nested"), withIntermediateDirectories: true)
        try folder.write("out/nested/broken.svg", "<svg>earlier</svg>")

        let result = try BatchRun.run(
            ["render", "in", "-o", "out", "-j", String(jobs), "--report", "report.json", "--quiet"],
            environment: ["FLOWGRAPH_TEST_CRASH_ON": "crashes.json"].merging(
                spawned ? ["FLOWGRAPH_TEST_SPAWN_WORKERS": "1"] : [:]
            ) { $1 }, in: folder.url)
        #expect(result.status == 1)
        // --quiet: no progress, no summary, but the errors.
        #expect(!result.standardError.contains("rendered 6 plans"))
        #expect(!result.standardError.contains("] rendered"))
        #expect(result.standardError.contains("in/nested/broken.json:1:"))
        #expect(result.standardError.contains("in/crashes.json: the worker process crashed on this plan (signal 6"))

        let report = try BatchRun.report(folder.url.appendingPathComponent("report.json"))
        let counts = try #require(report["counts"] as? [String: Int])
        #expect(counts == ["plans": 8, "rendered": 6, "failed": 2, "skipped": 0, "files": 6])
        let plans = try #require(report["plans"] as? [[String: Any]])
        let failed = plans.filter { $0["status"] as? String == "failed" }
        #expect(failed.map { $0["plan"] as? String } == ["in/crashes.json", "in/nested/broken.json"])
        for plan in failed {
            let errors = try #require(plan["errors"] as? [String])
            #expect(!errors.isEmpty)
            #expect((plan["outputs"] as? [Any])?.isEmpty == true)
        }
        // The crashed worker was replaced: every other plan rendered, whole.
        for plan in atLeastOne(plans.filter { $0["status"] as? String == "rendered" }, "rendered plans in the report") {
            let outputs = try #require(plan["outputs"] as? [[String: Any]])
            #expect(outputs.count == 1)
            let path = try #require(outputs.first?["path"] as? String)
            #expect(BatchRun.isCompleteSVG(try Data(contentsOf: folder.url.appendingPathComponent(path))))
        }
        #expect((report["workerProcessesStarted"] as? Int ?? 0) >= 2)
        #expect((report["peakWorkerMemoryBytes"] as? Int ?? 0) > 1_000_000)
        #expect(
            try String(contentsOf: folder.url.appendingPathComponent("out/nested/broken.svg"), encoding: .utf8)
                == "<svg>earlier</svg>")
        #expect(!BatchRun.files(under: folder.url).contains { $0.hasSuffix(".tmp") })
        // The gallery lists the failures with their errors.
        let html = try String(contentsOf: folder.url.appendingPathComponent("out/index.html"), encoding: .utf8)
        #expect(html.contains("Not rendered: in/crashes.json: the worker process crashed"))
    }

    @Test func workersCopiedFromTheBatchWriteWhatNewWorkerProcessesWrite() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try Self.plans(5, in: folder)
        try folder.write(
            "in/actions.json",
            try String(
                contentsOf: BuiltBinary.packageRoot.appendingPathComponent("Samples/onboarding-actions.json"),
                encoding: .utf8))
        var outputs: [[String: Data]] = []
        for environment in [[:], ["FLOWGRAPH_TEST_SPAWN_WORKERS": "1"]] {
            let out = "out\(outputs.count)"
            let result = try BatchRun.run(
                ["render", "in", "-o", out, "-T", "svg,png", "-j", "2"], environment: environment, in: folder.url)
            #expect(result.status == 0, "\(result.standardError)")
            let root = folder.url.appendingPathComponent(out)
            var files: [String: Data] = [:]
            for name in BatchRun.files(under: root) {
                files[name] = try Data(contentsOf: root.appendingPathComponent(name))
            }
            outputs.append(files)
        }
        #expect(outputs[0].count == 6 * 2 + 2, "\(outputs[0].keys.sorted())")
        #expect(outputs[0].keys.sorted() == outputs[1].keys.sorted())
        for (name, data) in outputs[0] where name.hasSuffix(".svg") || name.hasSuffix(".png") {
            #expect(outputs[1][name] == data, "\(name) differs between the two ways of starting workers")
        }
    }

    @Test func workersAreRecycledAfterTheGivenNumberOfPlans() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try Self.plans(5, in: folder)
        let result = try BatchRun.run(
            ["render", "in", "-o", "out", "-j", "1", "--recycle-after", "2", "--report", "r.json"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let report = try BatchRun.report(folder.url.appendingPathComponent("r.json"))
        #expect(report["workerProcessesStarted"] as? Int == 3)
        #expect((report["counts"] as? [String: Int])?["rendered"] == 5)
    }

    @Test func theGalleryEscapesTitlesAndLinksEveryOutput() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("in/sub folder"), withIntermediateDirectories: true)
        try folder.write("in/evil.json", try smallPlan(title: "<script>alert(1)</script>", screen: "<IMG SRC=x>"))
        try folder.write("in/sub folder/a&b.json", try smallPlan(title: "Tom & \"Jerry\" [link](http://x) *bold*"))
        try folder.write("in/untitled.json", "{\"root\": \"Home\", \"start\": [\".push(Feed)\"]}")

        let result = try BatchRun.run(["render", "in", "-o", "out", "-T", "svg,png"], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
        let html = try String(contentsOf: folder.url.appendingPathComponent("out/index.html"), encoding: .utf8)
        let markdown = try String(contentsOf: folder.url.appendingPathComponent("out/README.md"), encoding: .utf8)
        for page in [html, markdown] {
            #expect(!page.contains("<script"))
            #expect(!page.contains("<IMG"))
            #expect(page.contains("&lt;script&gt;alert"))
        }
        #expect(html.contains("<h2>Tom &amp; &quot;Jerry&quot; [link](http://x) *bold*</h2>"))
        #expect(markdown.contains("## Tom &amp; \"Jerry\" \\[link\\](http://x) \\*bold\\*"))
        #expect(html.contains("<h2>untitled</h2>"))
        #expect(markdown.contains("- Stack: Home ▸ .push(Feed)"))
        // One push is one update (the starting state is not counted).
        #expect(html.contains("<li>push(A): 1 update, at once</li>"), "\(html)")
        // Self-contained: no scripts, no remote references; images by relative links that resolve.
        #expect(!html.contains("http://") || html.contains("[link](http://x)"))
        #expect(!html.contains("https://"))
        for output in [
            "evil.svg", "evil.png", "untitled.svg", "untitled.png", "sub%20folder/a%26b.svg", "sub%20folder/a%26b.png",
        ] {
            #expect(html.contains("href=\"\(output.replacingOccurrences(of: "&", with: "&amp;"))\""), "\(output)")
            #expect(markdown.contains("](\(output))"), "\(output)")
            let path = output.removingPercentEncoding!
            #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out/" + path).path))
        }
        #expect(html.contains("<img src=\"evil.svg\""))
        #expect(markdown.contains("](evil.svg)"))
        #expect(html.contains("href=\"../in/sub%20folder/a%26b.json\""))
    }

    /// The parent and its workers talk in lines of JSON they write and read themselves: names and titles
    /// with quotes, backslashes, tabs, line breaks and characters outside the BMP come back exactly, in the
    /// report, the gallery and the files, and so does a failed plan's error naming such a file.
    @Test func namesAndTitlesOfEveryKindSurviveTheWorkerProtocol() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        let names = ["quote\"d", "back\\slash", "tab\tname", "line\nbreak", "émoji 🧭 日本"]
        let title = "T \"q\" \\ \t \u{2028} 🧭 \u{1}"
        for name in names { try folder.write("in/\(name).json", try smallPlan(title: title + name)) }
        try folder.write("in/broken \"🧭\".json", "{\"root\": ")
        let result = try BatchRun.run(["render", "in", "-o", "out", "-T", "svg", "--report", "r.json"], in: folder.url)
        #expect(result.status == 1, "\(result.standardError)")
        let report = try BatchRun.report(folder.url.appendingPathComponent("r.json"))
        let plans = try #require(report["plans"] as? [[String: Any]])
        for name in names {
            let entry = try #require(plans.first { ($0["plan"] as? String)?.hasSuffix("/\(name).json") == true })
            #expect(entry["title"] as? String == title + name)
            let outputs = try #require(entry["outputs"] as? [[String: Any]])
            let path = try #require(outputs.first?["path"] as? String)
            #expect(path.hasSuffix("out/\(name).svg"), "\(path)")
            let bytes = try #require(outputs.first?["bytes"] as? Int)
            let written = folder.url.appendingPathComponent("out/\(name).svg").path
            #expect(FileManager.default.contents(atPath: written)?.count == bytes)
        }
        let broken = try #require(plans.first { ($0["plan"] as? String)?.contains("broken") == true })
        let errors = try #require(broken["errors"] as? [String])
        #expect(errors.contains { $0.contains("broken \"🧭\".json") }, "\(errors)")
    }

    @Test func checkListsStaleMissingAndExtraFilesAndWritesNothing() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try Self.plans(4, in: folder)
        let first = try BatchRun.run(["render", "in", "-o", "out", "-T", "svg"], in: folder.url)
        #expect(first.status == 0, "\(first.standardError)")
        let clean = try BatchRun.run(["render", "in", "-o", "out", "-T", "svg", "--check"], in: folder.url)
        #expect(clean.status == 0, "\(clean.standardError)")
        #expect(clean.standardOutput == "")
        #expect(clean.standardError.hasSuffix("; all up to date\n"))

        let out = folder.url.appendingPathComponent("out")
        try Data("<svg>changed</svg>".utf8).write(to: out.appendingPathComponent("plan0.svg"))
        try FileManager.default.removeItem(at: out.appendingPathComponent("nested/plan1.svg"))
        try Data("<svg/>".utf8).write(to: out.appendingPathComponent("nested/deeper/gone.svg"))
        try Data("not ours".utf8).write(to: out.appendingPathComponent("notes.txt"))
        let before = try BatchRun.snapshot(folder.url)

        let check = try BatchRun.run(
            ["render", "in", "-o", "out", "-T", "svg", "--check", "--report", "../check-report.json"], in: folder.url)
        #expect(check.status == 1)
        #expect(
            check.standardOutput == """
                stale   out/plan0.svg
                missing out/nested/plan1.svg
                extra   out/nested/deeper/gone.svg

                """)
        #expect(check.standardError.contains("1 stale, 1 missing, 1 extra"))
        let after = try BatchRun.snapshot(folder.url)
        #expect(Set(after.keys) == Set(before.keys))
        for (name, (data, date)) in before {
            #expect(after[name]?.0 == data, "\(name) changed")
            #expect(after[name]?.1 == date, "\(name) was touched")
        }
        let report = try BatchRun.report(
            folder.url.deletingLastPathComponent().appendingPathComponent("check-report.json"))
        try? FileManager.default.removeItem(
            at: folder.url.deletingLastPathComponent().appendingPathComponent("check-report.json"))
        let differences = try #require(report["differences"] as? [String: [String]])
        #expect(differences["stale"] == ["out/plan0.svg"])
        #expect(differences["missing"] == ["out/nested/plan1.svg"])
        #expect(differences["extra"] == ["out/nested/deeper/gone.svg"])
    }

    @Test func checkNoticesAStaleGallery() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try Self.plans(2, in: folder)
        #expect(try BatchRun.run(["render", "in", "-o", "out"], in: folder.url).status == 0)
        try folder.write("in/plan0.json", try smallPlan(title: "Renamed", screen: "S0"))
        let check = try BatchRun.run(["render", "in", "-o", "out", "--check"], in: folder.url)
        #expect(check.status == 1)
        #expect(check.standardOutput == "stale   out/README.md\nstale   out/index.html\nstale   out/plan0.svg\n")
    }

    @Test func shardsPartitionThePlans() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try Self.plans(8, in: folder)
        var seen: [[String]] = []
        for shard in 1...3 {
            let result = try BatchRun.run(
                ["render", "in", "-o", "out", "--shard", "\(shard)/3", "--report", "shard\(shard).json"], in: folder.url
            )
            #expect(result.status == 0, "\(result.standardError)")
            let report = try BatchRun.report(folder.url.appendingPathComponent("shard\(shard).json"))
            #expect(report["shard"] as? String == "\(shard)/3")
            let plans = try #require(report["plans"] as? [[String: Any]])
            seen.append(plans.compactMap { $0["relativePath"] as? String })
        }
        let all = seen.flatMap { $0 }
        #expect(all.count == 8)
        #expect(Set(all).count == 8)
        #expect(seen.map(\.count) == [3, 3, 2])
        let out = BatchRun.files(under: folder.url.appendingPathComponent("out"))
        #expect(out.count == 8)
        #expect(!out.contains("index.html") && !out.contains("README.md"))
        // Sharded checks of a whole output folder find nothing extra in the other shards' files.
        let check = try BatchRun.run(["render", "in", "-o", "out", "--shard", "2/3", "--check"], in: folder.url)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    }

    @Test func anInterruptedBatchLeavesOnlyWholeFiles() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let sample = try String(
            contentsOf: BuiltBinary.packageRoot.appendingPathComponent("Samples/onboarding-actions.json"),
            encoding: .utf8)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        for index in 0..<200 { try folder.write("in/plan\(index).json", sample) }
        let out = folder.url.appendingPathComponent("out")
        let (process, output, errors) = try BatchRun.start(
            ["render", "in", "-o", "out", "-T", "svg,png", "-j", "2", "--report", "report.json"], in: folder.url)
        defer { BatchRun.removeCaptures(output, errors) }
        // Interrupt once the first files are there, while workers are busy writing more.
        var waited = 0
        while BatchRun.files(under: out).filter({ $0.hasSuffix(".png") }).count < 2 && waited < 600 {
            usleep(50_000)
            waited += 1
        }
        process.interrupt()
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        let messages = String(decoding: try Data(contentsOf: errors), as: UTF8.self)
        #expect(messages.contains("interrupted: finishing"))

        let files = BatchRun.files(under: out)
        #expect(!files.isEmpty)
        #expect(files.count < 400)
        #expect(!BatchRun.files(under: folder.url).contains { $0.hasSuffix(".tmp") })
        #expect(!files.contains("index.html"))
        for name in files {
            let data = try Data(contentsOf: out.appendingPathComponent(name))
            if name.hasSuffix(".png") {
                #expect(BatchRun.isCompletePNG(data), "\(name) is not a whole PNG")
                #expect(files.contains(name.replacingOccurrences(of: ".png", with: ".svg")))
            } else {
                #expect(name.hasSuffix(".svg"))
                #expect(BatchRun.isCompleteSVG(data), "\(name) is not a whole SVG")
                #expect(files.contains(name.replacingOccurrences(of: ".svg", with: ".png")))
            }
        }
        let report = try BatchRun.report(folder.url.appendingPathComponent("report.json"))
        #expect(report["interrupted"] as? Bool == true)
        let counts = try #require(report["counts"] as? [String: Int])
        #expect(counts["rendered"] == files.count / 2)
        #expect(counts["skipped"] == 200 - files.count / 2)
    }

    @Test func badBatchCommandLinesAreUsageErrors() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try Self.plans(1, in: folder)
        let cases: [([String], String)] = [
            (["render", "in"], "a batch needs an output folder: -o OUTDIR"),
            (["render", "in", "-o", "out", "--shard", "4/3"], "--shard must be I/N with 1 ≤ I ≤ N"),
            (["render", "in", "-o", "out", "-j", "0"], "-j must be a whole number from 1 to 10000"),
            (["render", "in", "-o", "out", "-T", "gif"], "-T: unknown format 'gif'"),
            (
                ["render", "in", "-o", "out", "--theme", "neon"],
                "--theme must be light, dark or light,dark (both), not 'neon'"
            ),
            (["render", "in", "missing", "-o", "out"], "missing: no such file or folder"),
        ]
        for (arguments, message) in cases {
            let result = try BatchRun.run(arguments, in: folder.url)
            #expect(result.status == (message.hasPrefix("missing") ? 1 : 2), "\(arguments)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out").path))
        }
    }
}
