import FlowGraph
import FlowModel
import Foundation
import Graphviz

/// The hidden worker mode of `flowgraph render DIR…`: `flowgraph __worker -T FORMATS [render options]`.
///
/// libgvc is not thread-safe, so a batch renders in worker processes. A worker reads one ``WorkerJob`` per
/// line on standard input, renders the plan into memory, writes its files atomically (temporary file in the
/// same folder, then rename) or, for `--check`, compares them with the files on disk, and answers one
/// ``WorkerReply`` line on standard output. It ends at the end of its input. SIGINT is ignored (the parent
/// decides when to stop); anything Graphviz or the C library prints goes to standard error, never into the
/// replies.
///
/// Test-only: when the environment variable `FLOWGRAPH_TEST_CRASH_ON` equals a plan's file name, the worker
/// calls `abort()` on that plan, standing in for a Graphviz crash; with `FLOWGRAPH_TEST_HANG_ON` it never
/// finishes that plan, standing in for a layout that runs too long, and creates the file
/// `FLOWGRAPH_TEST_HANG_MARK` names, if set, once it hangs (a test waits for it rather than for a guessed time).
/// Never set them outside tests.
enum BatchWorker {
    /// The argument that selects worker mode.
    static let commandName = "__worker"
    /// The test-only environment switch that makes a worker abort on the plan with this file name.
    static let crashEnvironmentKey = "FLOWGRAPH_TEST_CRASH_ON"
    /// The test-only environment switch that makes a worker hang on the plan with this file name.
    static let hangEnvironmentKey = "FLOWGRAPH_TEST_HANG_ON"
    /// The test-only environment switch naming a file the worker creates once it hangs.
    static let hangMarkEnvironmentKey = "FLOWGRAPH_TEST_HANG_MARK"

    /// Runs the worker loop of a new process (`flowgraph __worker`): reads the handshake, the batch's
    /// ``WorkerSetup``, as the first line, then serves jobs until standard input ends; returns the exit status.
    static func run(console: Console) -> Int32 {
        // What every plan is rendered with, once, before the jobs.
        guard let first = readLine(strippingNewline: true),
            let setup = try? JSONDecoder().decode(WorkerSetup.self, from: Data(first.utf8))
        else {
            console.printError("flowgraph \(commandName): expected the batch's setup as the first line of input")
            return 2
        }
        // A worker that is a copy of the batch process has its overrides already; a new process takes them here.
        return AttributeOverrides.$current.withValue(setup.attributes) { serve(setup, console: console) }
    }

    /// Renders the jobs on standard input with `setup` until it ends; returns the exit status. A worker that
    /// is a copy of the batch process starts here, with the batch's own setup.
    static func serve(_ setup: WorkerSetup, console: Console) -> Int32 {
        signal(SIGINT, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        // Replies go to a private copy of standard output; fd 1 then points at standard error, so stray
        // prints from any library cannot corrupt the protocol.
        let replies = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        // A worker forked from the batch inherits its heap's growth step, larger than a small cap.
        HeapGrowth.restoreDefault()
        HeapGrowth.keepLargeBlocks(cap: setup.workerMemory << 20)
        capMemory(megabytes: setup.workerMemory)
        let request = setup.plan
        let crashOn = ProcessInfo.processInfo.environment[crashEnvironmentKey]
        let hangOn = ProcessInfo.processInfo.environment[hangEnvironmentKey]
        while let line = readLine(strippingNewline: true) {
            guard !line.isEmpty else { continue }
            guard let job = WorkerJob(line: line.utf8) else {
                console.printError("flowgraph \(commandName): unreadable job: \(line.prefix(200))")
                return 2
            }
            let name = PathName.lastComponent(of: job.plan)
            if let crashOn, !crashOn.isEmpty, name == crashOn { abort() }
            if let hangOn, !hangOn.isEmpty, name == hangOn {
                if let mark = ProcessInfo.processInfo.environment[hangMarkEnvironmentKey], !mark.isEmpty {
                    _ = FileManager.default.createFile(atPath: mark, contents: nil)
                }
                while true { sleep(60) }
            }
            var reply = render(job, request: request, links: setup.sourceLinks)
            reply.peakMemoryBytes = peakMemoryBytes()
            var data = reply.line
            data.append(UInt8(ascii: "\n"))
            guard data.writeAll(to: replies) == nil else { return 1 }
        }
        return 0
    }

    /// Renders one job and writes or compares its files.
    static func render(_ job: WorkerJob, request: PlanRequest, links: SourceLinks? = nil) -> WorkerReply {
        let clock = ContinuousClock()
        let started = clock.now
        var reply = renderUntimed(job, request: request, links: links)
        reply.seconds = (clock.now - started).seconds
        return reply
    }

    private static func renderUntimed(_ job: WorkerJob, request: PlanRequest, links: SourceLinks?) -> WorkerReply {
        if let app = job.app, let drawing = request.drawing {
            return AppMapJob.render(
                job, app: app, renderer: drawing.renderer, formats: drawing.formats, limits: request.limits,
                links: links)
        }
        var reply = WorkerReply(id: job.id)
        // As `flowgraph render PLAN` loads it: limits checked, the plan's own deep link resolved (a batch has
        // no --url or --function).
        let source = PlanSource.file(job.plan, origin: job.inputFolder.map { .found(within: $0) } ?? .named)
        let result: PlanJob.Result
        do {
            result = try PlanJob.run(request, source: source)
        } catch let failure as PlanJob.DrawingFailure {
            reply.title = failure.plan.title
            reply.exitCode = failure.error.exitCode
            switch failure.error {
            case .plan(let planError):
                reply.summary = GalleryEntry.summary(of: planError)
                reply.errors = planError.diagnostics.map(\.description)
            case .graphviz, .pngTooLarge: reply.errors = ["\(job.plan): \(failure.error.description)"]
            }
            return reply
        } catch {
            reply.exitCode = exitStatus(of: error)
            reply.errors = errorLines(of: error)
            return reply
        }
        reply.title = result.plan.title
        reply.summary = GalleryEntry.summary(of: result.run)
        reply.warnings = result.warnings.isEmpty ? nil : result.warnings.map(\.description)
        let files = result.renderings.flatMap { suffix, rendering in
            rendering.outputs.map { ($0.fileName(base: job.base + suffix), $0.data) }
        }
        do {
            reply.outputs = try deliver(files, for: job)
        } catch {
            reply.exitCode = error.exitCode
            reply.errors = error.diagnostics.map(\.description)
        }
        return reply
    }

    /// Writes a job's files atomically, or with `--check` compares them with the files on disk.
    static func deliver(_ files: [(path: String, data: Data)], for job: WorkerJob) throws(FlowGraphError)
        -> [WorkerReply.Output]
    {
        if job.check {
            return files.map { file in
                let existing = FileManager.default.contents(atPath: file.path)
                let status: WorkerReply.Status = existing == nil ? .missing : existing == file.data ? .same : .stale
                return WorkerReply.Output(path: file.path, bytes: file.data.count, status: status)
            }
        }
        try AtomicFiles.write(files, within: job.root, token: job.token)
        return files.map { WorkerReply.Output(path: $0.path, bytes: $0.data.count, status: .written) }
    }

    /// Caps the memory this process may allocate (`RLIMIT_DATA`: heap and private mappings) at `megabytes`
    /// MiB, so a plan that would exhaust the machine makes its worker fail instead; the batch reports it.
    static func capMemory(megabytes: Int) {
        let bytes = rlim_t(megabytes) << 20
        var limit = rlimit(rlim_cur: bytes, rlim_max: bytes)
        setrlimit(__rlimit_resource_t(RLIMIT_DATA.rawValue), &limit)
    }

    /// The process's peak resident set size in bytes (Linux reports kilobytes).
    static func peakMemoryBytes() -> Int {
        var usage = rusage()
        guard getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage) == 0 else { return 0 }
        return Int(usage.ru_maxrss) * 1024
    }
}

extension Duration {
    /// The duration in seconds.
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
