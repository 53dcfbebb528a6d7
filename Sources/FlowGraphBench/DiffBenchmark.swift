import Foundation

/// Times `flowgraph diff` of the scan benchmark's generated app (60 screens in 2,000 Swift files) against
/// itself, as a ratio to one `flowgraph scan --json --no-cache` of it measured in the same run (the bound is
/// 2.2×), and `flowgraph diff --git` of one changed file in a repository of the app where every file is
/// parsed, against one scan of that app (the goal is 1.3×: the two sides share their parses and run at once).
enum DiffBenchmark {
    static func run() {
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let work = root.appendingPathComponent(".build/diff-bench")
        let app = work.appendingPathComponent("App")
        do {
            try ScanBenchmark.writeApp(to: app)
        } catch {
            print("cannot write the generated app: \(error)")
            exit(1)
        }
        let flowgraph = root.appendingPathComponent(".build/release/flowgraph").path
        print(
            "FlowGraphBench diff: flowgraph diff of the scan benchmark's app (\(ScanBenchmark.screenCount) screens, "
                + "\(BenchFormat.grouped(ScanBenchmark.fileCount)) Swift files) against itself, best of 3 runs each")
        var scan = (seconds: Double.infinity, peakKB: 0, status: Int32(0))
        var diff = scan
        for _ in 0..<3 {
            let one = ScanBenchmark.measure(flowgraph, ["scan", app.path, "--json", "--no-cache"])
            if one.seconds < scan.seconds { scan = one }
            let both = ScanBenchmark.measure(flowgraph, ["diff", app.path, app.path, "--json", "--fail-on", "any"])
            if both.seconds < diff.seconds { diff = both }
        }
        // `--fail-on any` exits 1 on any change: the app against itself must report none.
        guard scan.status == 0, diff.status == 0 else {
            print("a run failed: scan --json \(scan.status), diff \(diff.status) (1: it found a change)")
            exit(1)
        }
        func line(_ name: String, _ result: (seconds: Double, peakKB: Int, status: Int32)) -> String {
            name.padding(toLength: 36, withPad: " ", startingAt: 0)
                + String(
                    format: "%6.2f s  %5.2f× one scan      peak %4d MB", result.seconds, result.seconds / scan.seconds,
                    result.peakKB / 1024)
        }
        print(line("flowgraph scan --json (baseline)", scan))
        print(line("flowgraph diff APP APP", diff) + "   (bound: 2.2×)")
        measureGit(work.appendingPathComponent("Repository"), flowgraph: flowgraph)
    }

    /// Commits the all-parsed app, then a change to one of its files, and times `flowgraph diff --git
    /// HEAD~1..HEAD` in that repository against `flowgraph scan --json --no-cache` of it, best of three each.
    private static func measureGit(_ repository: URL, flowgraph: String) {
        do {
            try ScanBenchmark.writeApp(to: repository, files: ScanBenchmark.fileCount, connected: true)
        } catch {
            print("cannot write the generated app: \(error)")
            exit(1)
        }
        func git(_ arguments: [String]) {
            let run = ScanBenchmark.measure(
                "/usr/bin/git",
                ["-C", repository.path, "-c", "user.name=Bench", "-c", "user.email=bench@example.com"]
                    + arguments)
            guard run.status == 0 else {
                print("git \(arguments.joined(separator: " ")) failed (\(run.status))")
                exit(1)
            }
        }
        git(["init", "-q"])
        git(["add", "-A"])
        git(["commit", "-q", "-m", "base"])
        let files = (FileManager.default.enumerator(atPath: repository.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        guard let first = files.first,
            let handle = FileHandle(forUpdatingAtPath: repository.appendingPathComponent(first).path)
        else {
            print("the generated app has no Swift file")
            exit(1)
        }
        handle.seekToEndOfFile()
        handle.write(Data("\nextension ChangedByTheBench {}\n".utf8))
        handle.closeFile()
        git(["commit", "-q", "-a", "-m", "head"])
        var scan = ScanBenchmark.Run.worst
        var diff = ScanBenchmark.Run.worst
        for _ in 0..<3 {
            scan = scan.best(ScanBenchmark.measureRun(flowgraph, ["scan", repository.path, "--json", "--no-cache"]))
            // `env -C`: diff --git reads the repository of the folder it runs in.
            diff = diff.best(
                ScanBenchmark.measureRun(
                    "/usr/bin/env", ["-C", repository.path, flowgraph, "diff", "--git", "HEAD~1..HEAD", "--json"]))
        }
        guard scan.status == 0, diff.status == 0 else {
            print("a run failed: scan --json \(scan.status), diff --git \(diff.status)")
            exit(1)
        }
        print("the app with every file parsed, in a git repository; the head changes \(first):")
        print(
            "flowgraph scan --json --no-cache".padding(toLength: 36, withPad: " ", startingAt: 0)
                + String(format: "%6.2f s  CPU %6.2f s", scan.seconds, scan.cpu))
        print(
            "flowgraph diff --git HEAD~1..HEAD".padding(toLength: 36, withPad: " ", startingAt: 0)
                + String(
                    format: "%6.2f s  %5.2f× one scan  CPU %6.2f s  peak %4d MB", diff.seconds,
                    diff.seconds / scan.seconds, diff.cpu, diff.peakKB / 1024))
        BenchSummary.add(
            "diff --git of one changed file in that app, vs one scan",
            ratio: String(format: "%.2f× (CPU %.2f×)", diff.seconds / scan.seconds, diff.cpu / scan.cpu),
            goal: "≤ 1.3×")
    }
}
