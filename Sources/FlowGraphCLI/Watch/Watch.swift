import FlowGraph
import FlowModel
import FlowSource
import Foundation
import Graphviz

/// `flowgraph render … --watch`: the docs writer's loop.
///
/// Renders once, then, after each file-system event on the plans' folders (``ChangeMonitor``: inotify on
/// Linux; where there are none, every ``interval``), compares the plans' modification times, sizes and inodes
/// and renders each plan that changed (or appeared) again (`.flowgraph.json` is read when the loop starts:
/// restart it after editing that file). Each render prints one line on standard output; a bad plan prints its
/// errors on standard error and the loop goes on, keeping the last good outputs (files are replaced
/// atomically, so a reader never sees half a file). Plans are re-read as found files, so one replaced by a
/// FIFO is refused rather than waited on; every ``WatchRecycling/rendersPerProcess`` renders the process
/// replaces itself (Graphviz leaks a little per layout). It runs until interrupted (Ctrl-C).
enum Watch {
    /// What a file looked like when last checked; any difference means it changed.
    struct Stamp: Hashable, Codable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int64
        var inode: UInt64
    }

    /// How often files are checked, in seconds.
    static let interval = 0.2

    /// Runs the loop for a single plan or, like a batch, for folders and plan files into `-o OUTDIR`.
    static func run(_ request: RenderRequest, console: Console) throws -> Int32 {
        var request = request
        // A Swift file is scanned again, with its folder, after each edit: only the files that changed are
        // parsed again.
        request.scanReuse = ScanReuse(parses: ParseMemo(keeping: .lastScan))
        let inputs = request.inputs
        guard !inputs.isEmpty else { throw ArgumentParser.usageError("missing PLAN.json or DIR to watch") }
        if inputs.contains("-") {
            throw ArgumentParser.usageError("--watch re-reads files when they change; it cannot watch standard input")
        }
        let jobs = try self.jobs(request)
        // Ctrl-C or SIGTERM ends the loop between renders, never in the middle of writing a file.
        InterruptSignal.install()
        defer { InterruptSignal.uninstall() }
        var stamps: [String: Stamp] = [:]
        var renders = 0
        if let resumed = WatchRecycling.resumedStamps() {
            // A recycled process: what its predecessor last saw, so a change made meanwhile is still rendered.
            stamps = resumed
        } else {
            for job in jobs { stamps[job.path] = stamp(job.path) }
            for job in jobs { render(job, request: request, console: console) }
            console.print(
                "watching \(jobs.count == 1 ? jobs[0].path : "\(jobs.count) plans") for changes (Ctrl-C stops)")
        }

        var listingProblem: [String]?
        // A change is rendered once the file has looked the same for one interval, so an editor that
        // truncates and then writes gives one render of the whole file, not one of each half.
        var pending: [String: Stamp?] = [:]
        // Idle, the loop waits for a file-system event on the folders it knows (inotify on Linux) instead of
        // listing and checking every plan five times a second; where there are none it checks each interval.
        // A change made before a folder's watch began has no event, so the loop looks once right after watching
        // new folders, and every 10 s all the same.
        let monitor = ChangeMonitor()
        var monitored = monitor?.watch(folders(of: inputs)) ?? false
        var lookNow = true
        var quietSeconds = 0
        while InterruptSignal.received == 0 {
            if let monitor, monitored, pending.isEmpty, listingProblem == nil, !lookNow {
                guard monitor.waitForChange(seconds: 1) || quietSeconds >= 9 else {
                    quietSeconds += 1
                    continue
                }
                quietSeconds = 0
                // Let the burst of events of one save settle before looking.
                Thread.sleep(forTimeInterval: interval / 2)
                _ = monitor.waitForChange(seconds: 0)
            } else {
                Thread.sleep(forTimeInterval: interval)
            }
            guard InterruptSignal.received == 0 else { break }
            let current: [Job]
            do {
                current = try self.jobs(request)
                listingProblem = nil
                lookNow = false
                if let monitor, monitored {
                    monitored = monitor.watch(folders(of: inputs))
                    lookNow = monitor.addedFolders
                }
            } catch {
                // A folder emptied or renamed while watching: say so once, keep watching.
                let lines = errorLines(of: error)
                if listingProblem != lines {
                    for line in lines { console.printError(line) }
                    listingProblem = lines
                }
                continue
            }
            for job in current {
                let now = stamp(job.path)
                guard stamps[job.path] != now else {
                    pending[job.path] = nil
                    continue
                }
                guard let settled = pending[job.path], settled == now else {
                    pending[job.path] = .some(now)
                    continue
                }
                pending[job.path] = nil
                stamps[job.path] = now
                guard now != nil else { continue }
                render(job, request: request, console: console)
                renders += 1
            }
            // Graphviz leaks a little per layout (about 20 KB): start afresh now and then, as batches recycle
            // their workers.
            if renders >= WatchRecycling.rendersPerProcess, pending.isEmpty, InterruptSignal.received == 0 {
                WatchRecycling.restart(keeping: stamps)
                renders = 0
            }
        }
        return 0
    }

    /// The folders whose changes matter: each input folder and every folder below it that is listed (not
    /// hidden), and the folder of each plan given by name (and of the file a link to it leads to).
    static func folders(of inputs: [String]) -> [String] {
        var folders: [String] = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: input, isDirectory: &isDirectory), isDirectory.boolValue {
                var walk = FolderWalk(input)
                walk.include = { $0.first != UInt8(ascii: ".") }
                walk.walk { event in
                    if case .folder(let relative) = event { folders.append(PathName.joined(input, relative)) }
                }
            } else {
                let folder = PathName.folder(of: input)
                folders.append(folder.isEmpty ? "." : folder)
                if let real = FileKind.realPath(input) { folders.append(PathName.folder(of: real)) }
            }
        }
        return folders
    }

    /// One plan to render and where its outputs go.
    struct Job {
        var path: String
        var target: OutputTarget
        /// The folder every output must stay inside, for plans found in folders.
        var root: String?
        /// The input folder the plan was found in (`nil`: the plan given): what it is re-read within. A watched
        /// plan is always re-read as a found file, so one swapped for a FIFO is refused instead of blocking.
        var inputFolder: String?
    }

    /// The plans the inputs name now: one plan with its `-o`, or every plan of the folders mirrored into `-o`.
    static func jobs(_ request: RenderRequest) throws -> [Job] {
        let inputs = request.inputs
        var isDirectory: ObjCBool = false
        let single =
            inputs.count == 1
            && !(FileManager.default.fileExists(atPath: inputs[0], isDirectory: &isDirectory) && isDirectory.boolValue)
        if single {
            let target = try request.target(for: inputs[0])
            guard target.base != nil else {
                throw ArgumentParser.usageError(
                    "--watch writes files: give -o (a file, a base name with -T, or a folder/)")
            }
            return [Job(path: inputs[0], target: target)]
        }
        guard let output = request.output, !output.isEmpty, output != "-" else {
            throw ArgumentParser.usageError("watching folders needs an output folder: -o OUTDIR")
        }
        try BatchOutputGuard.refuseFileLikeFolder(output)
        let formats = try BatchOptions.formats(request.formatList ?? request.defaultFormat.rawValue)
        return try PlanCatalog.plans(in: inputs, outputFolder: output)
            .filter { !$0.isApp && URL(fileURLWithPath: $0.path).lastPathComponent != ProjectDefaults.fileName }
            .map {
                Job(
                    path: $0.path, target: OutputTarget(formats: formats, base: $0.outputBase), root: $0.outputRoot,
                    inputFolder: $0.inputFolder)
            }
    }

    /// Renders one plan and prints one line for it, or its errors; never stops the loop.
    static func render(_ job: Job, request: RenderRequest, console: Console) {
        let clock = ContinuousClock()
        let started = clock.now
        var warned = false
        do {
            let outcome = try RenderCommand.render(
                job.path, to: job.target, request: request, console: console, within: job.root,
                origin: .found(within: job.inputFolder), warned: &warned)
            guard case .written(let files, _) = outcome else { return }
            let elapsed = clock.now - started
            let milliseconds =
                elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000
            console.print("\(time()) rendered \(job.path) → \(files.joined(separator: ", ")) (\(milliseconds) ms)")
        } catch {
            for line in errorLines(of: error) { console.printError(line) }
            console.printError("\(time()) \(job.path): not rendered; the last good outputs are kept")
        }
    }

    /// The file's modification time, size and inode; `nil` when it does not exist.
    static func stamp(_ path: String) -> Stamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        #if canImport(Darwin)
            let modified = info.st_mtimespec
        #else
            let modified = info.st_mtim
        #endif
        return Stamp(
            seconds: Int(modified.tv_sec), nanoseconds: Int(modified.tv_nsec), size: Int64(info.st_size),
            inode: UInt64(info.st_ino))
    }

    /// The wall-clock time as `HH:MM:SS`, to tell renders apart.
    private static func time() -> String {
        var now = time_t(Foundation.time(nil))
        var parts = tm()
        localtime_r(&now, &parts)
        return String(format: "%02d:%02d:%02d", parts.tm_hour, parts.tm_min, parts.tm_sec)
    }
}
