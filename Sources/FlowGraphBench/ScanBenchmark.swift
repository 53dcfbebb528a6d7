import Foundation

/// Times `flowgraph scan` over a generated app of 60 screens in 2,000 Swift files (the navigation map to SVG
/// and the JSON), against `swiftc -frontend -parse` over the same files, each in a child process of this run, and
/// compares their peak memory. The map is kept at .build/scan-bench/map.png to look at.
enum ScanBenchmark {
    static let screenCount = 60
    static let fileCount = 2_000

    /// Writes the app: one coordinator, 60 screen views that push, present and go back, and filler files
    /// (models, services, plain views) up to 2,000 files. The filler holds no navigation, so a scan reads it without
    /// parsing it; with `connected`, each filler record also holds a `Screen` (as a real app's models and rows
    /// name its screens), which makes a scan parse every file.
    static func writeApp(
        to folder: URL, screens screenCount: Int = Self.screenCount, files fileCount: Int = Self.fileCount,
        connected: Bool = false
    ) throws {
        let manager = FileManager.default
        try? manager.removeItem(at: folder)
        try manager.createDirectory(at: folder.appendingPathComponent("Screens"), withIntermediateDirectories: true)
        try manager.createDirectory(at: folder.appendingPathComponent("Support"), withIntermediateDirectories: true)
        let cases = (0..<screenCount).map { "screen\($0)" }
        var coordinator = """
            import FlowStacks
            import SwiftUI

            enum Screen: Hashable {
            \(cases.enumerated().map { "    case \($1)\($0 % 5 == 0 ? "(id: Int)" : "")" }.joined(separator: "\n"))
            }

            struct AppCoordinator: View {
                @State var routes: Routes<Screen> = []

                var body: some View {
                    FlowStack($routes, withNavigation: true) {
                        HomeView()
                            .flowDestination(for: Screen.self) { screen in
                                switch screen {

            """
        for (index, name) in cases.enumerated() {
            coordinator += "                case .\(name): Screen\(index)View()\n"
        }
        coordinator += """
                                }
                            }
                    }
                    .onOpenURL { url in open(url) }
                }

                func open(_ url: URL) {
                    routes = [.push(.screen1), .push(.screen2), .sheet(.screen3, withNavigation: true)]
                }
            }

            struct HomeView: View {
                @EnvironmentObject var navigator: FlowNavigator<Screen>

                var body: some View {
                    VStack {
                        Button("Start") { navigator.push(.screen0(id: 1)) }
                        Button("Settings") { navigator.presentSheet(.screen\(screenCount - 1), withNavigation: true) }
                    }
                }
            }

            """
        try coordinator.write(
            to: folder.appendingPathComponent("AppCoordinator.swift"), atomically: true, encoding: .utf8)
        for index in 0..<screenCount {
            let next = cases[(index + 1) % screenCount]
            let skip = cases[(index + 7) % screenCount]
            let argument = (index + 1) % screenCount % 5 == 0 ? "(id: \(index))" : ""
            let skipArgument = (index + 7) % screenCount % 5 == 0 ? "(id: \(index))" : ""
            let source = """
                import FlowStacks
                import SwiftUI

                struct Screen\(index)View: View {
                    @EnvironmentObject var navigator: FlowNavigator<Screen>
                    @State private var model = Model\(index)()

                    var body: some View {
                        List {
                            Text(model.title)
                            Button("Next") { navigator.push(.\(next)\(argument)) }
                            \(index % 3 == 0 ? "Button(\"More\") { navigator.presentSheet(.\(skip)\(skipArgument)) }" : "")
                            \(index % 10 == 4 ? "Button(\"Full\") { navigator.presentCover(.\(skip)\(skipArgument), withNavigation: true) }" : "")
                            Button("Back") { navigator.goBack() }
                            \(index % 4 == 0 ? "Button(\"Home\") { navigator.goBackToRoot() }" : "")
                        }
                        .navigationTitle(model.title)
                    }
                }

                struct Model\(index) {
                    var title = "Screen \(index)"
                    var items: [String] = (0..<20).map { "Item \\($0)" }
                }

                """
            try source.write(
                to: folder.appendingPathComponent("Screens/Screen\(index)View.swift"), atomically: true, encoding: .utf8
            )
        }
        for index in 0..<(fileCount - screenCount - 1) {
            let source = """
                import Foundation
                import SwiftUI

                /// Support type \(index).
                struct Record\(index): Codable, Hashable {
                    var id: Int\(connected ? "\n    var destination: Screen?" : "")
                    var name: String
                    var tags: [String]
                    var score: Double

                    func summary() -> String {
                        let parts = tags.filter { !$0.isEmpty }.map { $0.uppercased() }
                        return "\\(name) (\\(id)): " + parts.joined(separator: ", ") + " \\(score)"
                    }
                }

                final class Service\(index) {
                    private var cache: [Int: Record\(index)] = [:]

                    func load(_ id: Int) async throws -> Record\(index) {
                        if let cached = cache[id] { return cached }
                        let record = Record\(index)(id: id, name: "R\\(id)", tags: ["a", "b"], score: Double(id) * 1.5)
                        cache[id] = record
                        return record
                    }
                }

                struct Row\(index): View {
                    let record: Record\(index)
                    var body: some View {
                        HStack {
                            Text(record.name).font(.headline)
                            Spacer()
                            Text(record.summary()).foregroundStyle(.secondary)
                        }
                    }
                }

                """
            try source.write(
                to: folder.appendingPathComponent("Support/Support\(index).swift"), atomically: true, encoding: .utf8)
        }
    }

    /// One run of a program: wall and CPU (user + system) seconds, peak memory in kB and the exit status.
    struct Run {
        var seconds: Double
        var cpu: Double
        var peakKB: Int
        var status: Int32

        static let worst = Run(seconds: .infinity, cpu: .infinity, peakKB: 0, status: 0)

        /// The faster of two runs (by wall time), keeping the lower CPU time of either.
        func best(_ other: Run) -> Run {
            var best = other.seconds < seconds ? other : self
            best.cpu = min(cpu, other.cpu)
            if other.status != 0 { best.status = other.status }
            return best
        }
    }

    /// Runs a program to its end in a child process; returns wall seconds, peak memory in kB and the status.
    static func measure(_ program: String, _ arguments: [String]) -> (seconds: Double, peakKB: Int, status: Int32) {
        let run = measureRun(program, arguments)
        return (run.seconds, run.peakKB, run.status)
    }

    /// Runs a program to its end and measures it, CPU time included, through `FlowGraphBench child-run`.
    ///
    /// Linux counts a child's peak memory from the process it was started from: a child this process (grown by
    /// the benchmarks before) starts directly reports at least this process's own peak, whatever it used. A
    /// child of the small `child-run` process reports its own.
    static func measureRun(_ program: String, _ arguments: [String]) -> Run {
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { return Run(seconds: 0, cpu: 0, peakKB: 0, status: -1) }
        let bench = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().path
        var pid = pid_t()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        let argv = ([bench, "child-run", program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let spawned = posix_spawn(&pid, bench, &actions, nil, argv, environ) == 0
        close(pipe[1])
        let output = FileHandle(fileDescriptor: pipe[0], closeOnDealloc: true).readDataToEndOfFile()
        guard spawned else { return Run(seconds: 0, cpu: 0, peakKB: 0, status: -1) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        let fields = String(decoding: output, as: UTF8.self).split(separator: " ")
        guard fields.count == 4, let seconds = Double(fields[0]), let cpu = Double(fields[1]),
            let peak = Int(fields[2]), let code = Int32(fields[3].trimmingCharacters(in: .whitespacesAndNewlines))
        else { return Run(seconds: 0, cpu: 0, peakKB: 0, status: -1) }
        return Run(seconds: seconds, cpu: cpu, peakKB: peak, status: code)
    }

    /// `FlowGraphBench child-run PROGRAM ARGS…`: runs PROGRAM with its output discarded and prints
    /// `SECONDS CPU PEAK_KB STATUS` (for ``measureRun(_:_:)``).
    static func childRunCommand() {
        let arguments = Array(CommandLine.arguments.dropFirst(2))
        guard let program = arguments.first else {
            print("usage: FlowGraphBench child-run PROGRAM [ARGUMENTS…]")
            exit(2)
        }
        let run = spawnAndMeasure(program, Array(arguments.dropFirst()))
        print(String(format: "%.6f %.6f %d %d", run.seconds, run.cpu, run.peakKB, run.status))
    }

    /// Runs a program to its end in a child process of this one and measures it.
    private static func spawnAndMeasure(_ program: String, _ arguments: [String]) -> Run {
        let start = ContinuousClock.now
        let ending = ChildProcess.run(program, arguments, keepingErrors: false)
        guard ending.status >= 0 else { return Run(seconds: 0, cpu: 0, peakKB: 0, status: -1) }
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let usage = ending.usage
        let cpu =
            Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
        return Run(seconds: seconds, cpu: cpu, peakKB: usage.ru_maxrss, status: ending.status)
    }

    /// `FlowGraphBench write-app DIR SCREENS FILES`: writes the generated app of SCREENS screens in FILES files into
    /// DIR (replacing it), for profiling a scan by hand.
    static func writeAppCommand() {
        let arguments = Array(CommandLine.arguments.dropFirst(2))
        guard arguments.count == 3, let screens = Int(arguments[1]), let files = Int(arguments[2]), screens > 0,
            files > screens
        else {
            print("usage: FlowGraphBench write-app DIR SCREENS FILES")
            exit(2)
        }
        do {
            try writeApp(to: URL(fileURLWithPath: arguments[0]), screens: screens, files: files)
        } catch {
            print("cannot write the generated app: \(error)")
            exit(1)
        }
    }

    /// The file counts the scan is measured at: its time should grow with them, no faster.
    static let fileCounts = [1_000, fileCount]

    /// Writes an app, then times `swiftc -frontend -parse` and `flowgraph scan --json --no-cache` of it (and
    /// `scan -o MAP` with `map`, and a scan that reads the cache with `cached`), best of three each, and prints
    /// the lines under `title`.
    private static func measureScan(
        _ app: URL, files count: Int, connected: Bool, flowgraph: String, map mapFile: String?, cached: Bool = false,
        title: String
    ) -> (baseline: Run, scan: Run, again: Run?) {
        do {
            try writeApp(to: app, files: count, connected: connected)
        } catch {
            print("cannot write the generated app: \(error)")
            exit(1)
        }
        let files = (FileManager.default.enumerator(atPath: app.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted().map { app.appendingPathComponent($0).path }
        var baseline = Run.worst
        var scan = Run.worst
        var map = Run.worst
        for _ in 0..<3 {
            // The frontend itself, parsing each file once: the driver's `swiftc -parse` starts frontend jobs
            // that each read all the files, so its time grows with their square (570 s for these 2,000).
            baseline = baseline.best(measureRun("swiftc", ["-frontend", "-parse"] + files))
            // Each run scans afresh: a second run of the same files would read the first's from the cache.
            scan = scan.best(measureRun(flowgraph, ["scan", app.path, "--json", "--no-cache"]))
            if let mapFile {
                map = map.best(measureRun(flowgraph, ["scan", app.path, "-o", mapFile, "--no-cache"]))
            }
        }
        guard baseline.status == 0, scan.status == 0, mapFile == nil || map.status == 0 else {
            print(
                "a run failed: swiftc -frontend -parse \(baseline.status), scan --json \(scan.status), "
                    + "scan -o \(map.status)")
            exit(1)
        }
        func line(_ name: String, _ result: Run) -> String {
            name.padding(toLength: 36, withPad: " ", startingAt: 0)
                + String(
                    format: "%6.2f s %5.2f×  CPU %6.2f s %5.2f×  peak %4d MB %5.2f×",
                    result.seconds, result.seconds / baseline.seconds, result.cpu, result.cpu / baseline.cpu,
                    result.peakKB / 1024, Double(result.peakKB) / Double(max(baseline.peakKB, 1)))
        }
        print(title)
        print(line("  swiftc -frontend -parse (baseline)", baseline))
        print(line("  flowgraph scan --json --no-cache", scan))
        if mapFile != nil { print(line("  flowgraph scan -o map.svg --no-cache", map)) }
        if cached {
            // Once to fill the cache (FlowGraphBench points FLOWGRAPH_CACHE_DIR at a folder of its own), then
            // the runs that read it back.
            _ = measureRun(flowgraph, ["scan", app.path, "--json"])
            var again = Run.worst
            for _ in 0..<3 { again = again.best(measureRun(flowgraph, ["scan", app.path, "--json"])) }
            print(line("  flowgraph scan --json, again", again))
            return (baseline, scan, again)
        }
        return (baseline, scan, nil)
    }

    static func run() {
        let root = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let work = root.appendingPathComponent(".build/scan-bench")
        let flowgraph = root.appendingPathComponent(".build/release/flowgraph").path
        print(
            "FlowGraphBench scan: generated apps of \(screenCount) screens in "
                + fileCounts.map(BenchFormat.grouped).joined(separator: " and ") + " Swift files, best of 3 runs each")
        print("(ratios to swiftc -frontend -parse of the same files; CPU is user + system of the process)")
        print("(their filler files hold no navigation: scan reads them without parsing them)")
        var scanned: [Int: Run] = [:]
        for count in fileCounts {
            let app = work.appendingPathComponent(count == fileCount ? "App" : "App\(count)")
            let mapFile = work.appendingPathComponent("map.svg").path
            let (baseline, scan, _) = measureScan(
                app, files: count, connected: false, flowgraph: flowgraph,
                map: count == fileCount ? mapFile : nil, title: "\(BenchFormat.grouped(count)) files:")
            scanned[count] = scan
            BenchSummary.add(
                "scan, \(BenchFormat.grouped(count)) files, vs swiftc -frontend -parse",
                ratio: String(
                    format: "%.2f× slower (CPU %.2f×)", scan.seconds / baseline.seconds, scan.cpu / baseline.cpu),
                goal: "≤ 2.0×")
        }
        // Every file parsed, as in the real apps measured (docs/scan.md): bounded by SwiftParser's speed.
        let (baseline, connected, again) = measureScan(
            work.appendingPathComponent("AppConnected"), files: fileCount, connected: true, flowgraph: flowgraph,
            map: nil, cached: true,
            title: "\(BenchFormat.grouped(fileCount)) files, each naming a Screen (every file parsed):")
        BenchSummary.add(
            "scan, \(BenchFormat.grouped(fileCount)) files all parsed, vs swiftc -frontend -parse",
            ratio: String(
                format: "%.2f× slower (CPU %.2f×)", connected.seconds / baseline.seconds, connected.cpu / baseline.cpu),
            goal: "≤ 2.5×")
        if let again {
            BenchSummary.add(
                "the same, second run with nothing changed (cache)",
                ratio: String(format: "%.2f× (CPU %.2f×)", again.seconds / baseline.seconds, again.cpu / baseline.cpu),
                goal: "≤ 0.3×")
        }
        _ = measure(
            flowgraph,
            ["scan", work.appendingPathComponent("App").path, "-o", work.appendingPathComponent("map.png").path])
        if let small = scanned[fileCounts[0]], let large = scanned[fileCount] {
            let growth = String(
                format: "%.2f× (CPU %.2f×)", large.seconds / small.seconds, large.cpu / small.cpu)
            print(
                "scan of \(BenchFormat.grouped(fileCount)) files / \(BenchFormat.grouped(fileCounts[0])) files: \(growth)"
            )
            BenchSummary.add(
                "scan linearity: \(BenchFormat.grouped(fileCount)) files / \(BenchFormat.grouped(fileCounts[0]))",
                ratio: growth, goal: "≤ 2.2×")
        }
        print("map of the \(screenCount) screens: .build/scan-bench/map.svg and map.png")
    }
}
