import Foundation

/// Times `flowgraph diff` of the scan benchmark's generated app (60 screens in 2,000 Swift files) against
/// itself, as a ratio to one `flowgraph scan --json` of it measured in the same run: a diff reads and scans
/// both sides and plays their plans, so about 2× one scan is its floor; the bound is 2.2×.
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
            let one = ScanBenchmark.measure(flowgraph, ["scan", app.path, "--json"])
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
    }
}
