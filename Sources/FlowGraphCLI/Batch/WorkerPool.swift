import FlowModel
import Foundation

/// What happened to one plan of a batch.
struct PlanOutcome: Sendable {
    /// How it ended.
    enum Status: String, Codable, Sendable {
        /// Rendered (or, with `--check`, compared).
        case rendered
        /// Not rendered: a bad plan, a Graphviz error, a crashed worker.
        case failed
        /// Not started because the batch was interrupted.
        case skipped
    }

    /// The plan.
    var plan: BatchPlan
    /// How it ended.
    var status: Status
    /// The worker's reply, when it answered.
    var reply: WorkerReply?
    /// Why it failed.
    var errors: [String]
}

/// Hands a batch's plans to worker processes and collects what they answer.
///
/// Each worker renders one plan at a time and holds the next one in its input (see ``depth(waiting:workers:)``).
/// A worker that dies (Graphviz can abort on a layout) costs only the plan it was on, which is reported as
/// failed together with the signal and its last message, and it is replaced; the plan it held goes to another
/// worker. So is one whose plan takes longer than `timeout` (it is killed). Workers are replaced after
/// `recycleAfter` plans so Graphviz's leaks stay bounded. On SIGINT or SIGTERM no more plans are handed out
/// and the ones handed out finish (at most two per worker); a second signal kills the workers, and the
/// temporary files of the plans they were on are removed.
struct WorkerPool {
    /// The `flowgraph` executable to start workers from.
    var executable: String
    /// What every worker renders with: the first line each one is sent.
    var setup: WorkerSetup
    /// How many workers at most.
    var workers: Int
    /// Plans per worker before it is replaced.
    var recycleAfter: Int
    /// Compare instead of writing.
    var check: Bool
    /// Seconds a plan may take before its worker is killed and the plan fails; `nil`: no limit.
    var timeout: Double? = nil
    /// The memory cap of each worker in MiB (`--worker-memory`), named when a worker dies near it.
    var memoryCap: Int? = nil

    /// The peak resident memory of any worker, in bytes, after ``run(_:progress:)``.
    private(set) var peakMemoryBytes = 0
    /// Worker processes started.
    private(set) var workersStarted = 0
    /// Whether the run was interrupted.
    private(set) var interrupted = false

    /// The path of the running executable.
    static func currentExecutable() -> String {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            return path
        }
        return Bundle.main.executablePath ?? CommandLine.arguments[0]
    }

    /// Renders every plan; returns one outcome per plan, in the plans' order.
    mutating func run(_ plans: [BatchPlan], progress: BatchProgress) throws -> [PlanOutcome] {
        var outcomes = plans.map { PlanOutcome(plan: $0, status: .skipped, reply: nil, errors: []) }
        var running: [WorkerProcess] = []
        var next = 0
        // Plans a worker was handed but never began (it died first), handed out again before the rest.
        var returned: [Int] = []
        var killed = false
        var waiting: Int { returned.count + plans.count - next }
        func takePlan() -> Int {
            if !returned.isEmpty { return returned.removeFirst() }
            defer { next += 1 }
            return next
        }
        let encoder = JSONEncoder.workerProtocol
        InterruptSignal.install()
        defer { InterruptSignal.uninstall() }

        func finish(_ worker: WorkerProcess) throws {
            let (ending, memory) = worker.reap()
            peakMemoryBytes = max(peakMemoryBytes, memory)
            running.removeAll { $0 === worker }
            let unanswered = worker.takeJobs()
            // The plans after the current one never began: another worker renders them.
            returned.insert(contentsOf: unanswered.dropFirst().map(\.index), at: 0)
            if let (index, token) = unanswered.first {
                removeTemporaries(of: plans[index], token: token)
                let reason: String
                switch ending {
                case .signaled(SIGKILL) where worker.timedOut:
                    reason =
                        "took longer than --timeout \(Self.seconds(timeout ?? 0)); its worker was stopped and replaced"
                case .signaled(let signal) where killed && signal == SIGKILL:
                    outcomes[index].errors = ["\(plans[index].path): interrupted while rendering; nothing written"]
                    progress.finished(outcomes[index])
                    return
                case .signaled(let signal):
                    reason =
                        "the worker process crashed on this plan (signal \(signal), \(String(cString: strsignal(signal))))"
                        + (worker.lastErrorLine.map { ": \($0)" } ?? "")
                        + (memoryNote(memory)
                            ?? "; Graphviz can abort on some layouts") + "; the other plans were rendered"
                case .exited(let status):
                    reason =
                        "the worker process exited (status \(status)) without answering"
                        + (worker.lastErrorLine.map { ": \($0)" } ?? "")
                }
                outcomes[index].status = .failed
                outcomes[index].errors = ["\(plans[index].path): \(reason)"]
                progress.finished(outcomes[index])
            } else if case .exited(let status) = ending, status == 2, worker.rendered == 0 {
                for other in running { other.terminate() }
                for other in running { _ = other.reap() }
                throw FlowGraphError(message: "a worker process could not start: \(worker.errorText)")
            }
        }

        while true {
            let signals = InterruptSignal.received
            if signals >= 1 && !interrupted {
                interrupted = true
                progress.interrupted(running: running.reduce(0) { $0 + $1.jobs.count })
            }
            if signals >= 2 && !killed {
                killed = true
                for worker in running { worker.terminate() }
            }
            // Hand out plans: each worker gets the next one while it renders the current one, so it never
            // waits for this process between plans; retire those that are done or due for recycling.
            for worker in running where !worker.isRetiring {
                while !interrupted, worker.jobs.count < Self.depth(waiting: waiting, workers: workers),
                    worker.rendered + worker.jobs.count < recycleAfter
                {
                    let index = takePlan()
                    let token = AtomicFiles.freshToken()
                    let job = WorkerJob(
                        id: index, plan: plans[index].path, base: plans[index].outputBase,
                        root: plans[index].outputRoot, check: check, token: token,
                        app: plans[index].isApp ? plans[index].relativePath : nil,
                        inputFolder: plans[index].inputFolder)
                    progress.started(plans[index])
                    worker.assign(index, token: token, line: job.line)
                }
                if worker.jobs.isEmpty && (interrupted || waiting == 0 || worker.rendered >= recycleAfter) {
                    worker.retire()
                }
            }
            let active = running.filter { !$0.isRetiring }.count
            if !interrupted && waiting > 0 && active < workers {
                let setup = setup
                let worker = try WorkerProcess.start(
                    executable: executable, arguments: [BatchWorker.commandName],
                    handshake: { try? encoder.encode(setup) },
                    running: { BatchWorker.serve(setup, console: .standard) })
                running.append(worker)
                workersStarted += 1
                continue
            }
            if running.isEmpty { break }

            var descriptors: [pollfd] = []
            for worker in running {
                if worker.output >= 0 {
                    descriptors.append(pollfd(fd: worker.output, events: Int16(POLLIN), revents: 0))
                }
                if worker.errors >= 0 {
                    descriptors.append(pollfd(fd: worker.errors, events: Int16(POLLIN), revents: 0))
                }
            }
            let ready = poll(&descriptors, nfds_t(descriptors.count), 100)
            if let timeout {
                // A plan over time: kill its worker; its end of output then reports the plan as failed.
                for worker in running where !worker.timedOut {
                    guard let started = worker.jobStarted, (ContinuousClock.now - started).seconds > timeout else {
                        continue
                    }
                    worker.timedOut = true
                    worker.terminate()
                }
            }
            if ready <= 0 { continue }
            let readable = Set(descriptors.filter { $0.revents != 0 }.map(\.fd))
            for worker in running {
                if worker.errors >= 0, readable.contains(worker.errors) { _ = worker.readErrors() }
                guard worker.output >= 0, readable.contains(worker.output) else { continue }
                guard let lines = worker.readOutput() else {
                    try finish(worker)
                    continue
                }
                for line in lines {
                    guard let reply = WorkerReply(line: line), reply.id == worker.job,
                        plans.indices.contains(reply.id)
                    else { continue }
                    worker.completeJob()
                    worker.rendered += 1
                    peakMemoryBytes = max(peakMemoryBytes, reply.peakMemoryBytes)
                    let failed = reply.errors != nil
                    outcomes[reply.id].status = failed ? .failed : .rendered
                    outcomes[reply.id].reply = reply
                    outcomes[reply.id].errors = reply.errors ?? []
                    progress.finished(outcomes[reply.id])
                }
            }
        }
        return outcomes
    }

    /// How many plans a worker may hold (the one it renders and those waiting in its input) while `waiting`
    /// plans are not handed out yet: two while there are more than the workers can start on, so none waits
    /// for this process between plans; one near the end, so no worker sits idle while another has a plan
    /// waiting; none when all are handed out.
    static func depth(waiting: Int, workers: Int) -> Int {
        waiting == 0 ? 0 : waiting > workers ? 2 : 1
    }

    /// `; it had used N MiB of its --worker-memory cap…` when a dead worker got near its memory cap; else `nil`.
    private func memoryNote(_ peakBytes: Int) -> String? {
        guard let memoryCap, peakBytes >= (memoryCap << 20) / 2 else { return nil }
        return "; it had used \(peakBytes >> 20) MiB of its --worker-memory \(memoryCap) MiB cap "
            + "(a larger cap or --limit layout may let it finish)"
    }

    /// `2.5 s`, `60 s`.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? "\(Int(value)) s" : "\(value) s"
    }

    /// Removes the temporary files a killed or crashed worker may have left for a plan: those next to its
    /// outputs named with the job's own random token (`.NAME.svg.TOKEN.tmp`, `.NAME-2.png.TOKEN.tmp`), so
    /// no other file, a user's or another plan's, can match.
    private func removeTemporaries(of plan: BatchPlan, token: String?) {
        guard let token, !token.isEmpty else { return }
        let folder = PathName.folder(of: plan.outputBase)
        let suffix = "." + token + ".tmp"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? "." : folder)
        else { return }
        for name in names where name.hasPrefix(".") && name.hasSuffix(suffix) {
            unlink(PathName.joined(folder, name))
        }
    }
}
