import FlowModel
import Foundation

/// One worker process of a batch (`flowgraph __worker`) and the pipes to its standard streams.
///
/// Workers run in their own process group, so a Ctrl-C in the terminal reaches only the parent, which
/// decides how to stop. A worker ends when its standard input is closed; if the parent dies, the closed
/// pipe ends the worker too.
final class WorkerProcess {
    /// How the process ended.
    enum Ending: Equatable {
        /// It exited with this status.
        case exited(Int32)
        /// A signal killed it.
        case signaled(Int32)
    }

    /// The process id.
    let pid: pid_t
    /// The write end of its standard input; -1 once closed.
    private(set) var input: Int32
    /// The read end of its standard output (replies); -1 once it ended.
    private(set) var output: Int32
    /// The read end of its standard error; -1 once it ended.
    private(set) var errors: Int32
    /// Bytes of standard output not yet split into lines.
    private var pending: [UInt8] = []
    /// Room for one read of standard output, made once: a batch reads a reply per plan.
    private var readBuffer = [UInt8](repeating: 0, count: 65_536)
    /// The last few kilobytes of its standard error, for crash messages.
    private(set) var errorTail: [UInt8] = []
    /// The plans handed to it, in order: it is rendering the first; the others wait in its input. Each with
    /// the token in the names of its temporary files (see ``WorkerJob/token``).
    private(set) var jobs: [(index: Int, token: String)] = []
    /// The index of the plan it is rendering, if any.
    var job: Int? { jobs.first?.index }
    /// When it began the plan it is rendering.
    private(set) var jobStarted: ContinuousClock.Instant?
    /// Whether it was stopped because its plan took longer than the batch's `--timeout`.
    var timedOut = false
    /// How many plans it has rendered.
    var rendered = 0

    private init(pid: pid_t, input: Int32, output: Int32, errors: Int32) {
        self.pid = pid
        self.input = input
        self.output = output
        self.errors = errors
    }

    /// Hands it plan `index` (its job line is `line`): it renders it after the ones it already has.
    func assign(_ index: Int, token: String, line: Data) {
        jobs.append((index, token))
        if jobs.count == 1 { jobStarted = ContinuousClock.now }
        _ = send(line)
    }

    /// Notes that it answered for its current plan; it begins the next one it was handed, if any, at once.
    func completeJob() {
        jobs.removeFirst()
        jobStarted = jobs.isEmpty ? nil : ContinuousClock.now
    }

    /// Takes back every plan it was handed and had not answered for, the current one first.
    func takeJobs() -> [(index: Int, token: String)] {
        defer {
            jobs = []
            jobStarted = nil
        }
        return jobs
    }

    /// Whether it has been told to finish (its input is closed).
    var isRetiring: Bool { input < 0 }

    /// The test-only environment switch that makes every worker a new process (``spawn``) where it would be a
    /// copy of this one, so tests cover both ways. Never set it outside tests.
    static let spawnEnvironmentKey = "FLOWGRAPH_TEST_SPAWN_WORKERS"

    /// Starts a worker: on Linux, while this process runs a single thread, as a copy of it that runs `body`
    /// (see ``fork(running:)``); otherwise `executable arguments…`, sent `handshake` as its first line.
    static func start(
        executable: String, arguments: [String], handshake: () -> Data?, running body: () -> Int32
    ) throws(FlowGraphError) -> WorkerProcess {
        #if os(Linux)
            if getenv(spawnEnvironmentKey) == nil, runsOneThread() { return try fork(running: body) }
        #endif
        let worker = try spawn(executable: executable, arguments: arguments)
        if let line = handshake() { _ = worker.send(line) }
        return worker
    }

    /// Three pipes (standard input, output, error), close-on-exec so no worker inherits another's.
    private static func openPipes() throws(FlowGraphError) -> (input: [Int32], output: [Int32], errors: [Int32]) {
        var inputPipe: [Int32] = [-1, -1]
        var outputPipe: [Int32] = [-1, -1]
        var errorPipe: [Int32] = [-1, -1]
        func openPipe(_ descriptors: inout [Int32]) -> Bool {
            guard pipe(&descriptors) == 0 else { return false }
            return descriptors.allSatisfy { fcntl($0, F_SETFD, FD_CLOEXEC) == 0 }
        }
        guard openPipe(&inputPipe), openPipe(&outputPipe), openPipe(&errorPipe) else {
            let reason = String(cString: strerror(errno))
            for descriptor in inputPipe + outputPipe + errorPipe where descriptor >= 0 { close(descriptor) }
            throw FlowGraphError(message: "cannot start a worker process: \(reason)")
        }
        return (inputPipe, outputPipe, errorPipe)
    }

    #if os(Linux)
        /// Whether this process runs a single thread (`/proc/self/task` lists one), so a copy of it made with
        /// `fork` holds no lock another thread had taken.
        private static func runsOneThread() -> Bool {
            guard let tasks = opendir("/proc/self/task") else { return false }
            defer { closedir(tasks) }
            var count = 0
            while let entry = readdir(tasks) {
                if entry.pointee.d_name.0 != UInt8(ascii: ".") { count += 1 }
            }
            return count == 1
        }

        /// Signal handling as ``spawn`` leaves it: caught signals back to their default, as `exec` resets
        /// them (Swift's crash handlers among them), ignored ones still ignored, and SIGINT, SIGTERM and
        /// SIGPIPE at their default.
        private static func resetSignalsAsExec() {
            for signal in 1..<Int32(32) where signal != SIGKILL && signal != SIGSTOP {
                var current = sigaction()
                guard sigaction(signal, nil, &current) == 0 else { continue }
                let handler = current.__sigaction_handler.sa_handler.map { unsafeBitCast($0, to: Int.self) }
                let ignored = handler == unsafeBitCast(SIG_IGN, to: Int.self)
                if !ignored || [SIGINT, SIGTERM, SIGPIPE].contains(signal) { Glibc.signal(signal, SIG_DFL) }
            }
        }

        /// Starts a worker as a copy of this process that runs `body` and exits with what it returns.
        ///
        /// The copy skips what a new `flowgraph` process spends before its first plan: loading and linking its
        /// libraries and starting the Swift runtime, a third of a worker's start. It is set up as ``spawn``
        /// sets up a new process: its own process group, signals handled as after `exec` (crashes kill it, as
        /// they kill a worker started with `SWIFT_BACKTRACE=enable=no`), the pipes as its standard streams and no other
        /// descriptor. Only call it while this process runs one thread (``runsOneThread()``).
        private static func fork(running body: () -> Int32) throws(FlowGraphError) -> WorkerProcess {
            let (inputPipe, outputPipe, errorPipe) = try openPipes()
            // Nothing buffered in this process may be written again by the copy.
            fflush(nil)
            let pid = Glibc.fork()
            if pid == 0 {
                setpgid(0, 0)
                resetSignalsAsExec()
                var none = sigset_t()
                sigemptyset(&none)
                sigprocmask(SIG_SETMASK, &none, nil)
                dup2(inputPipe[0], STDIN_FILENO)
                dup2(outputPipe[1], STDOUT_FILENO)
                dup2(errorPipe[1], STDERR_FILENO)
                closefrom(3)
                _exit(body())
            }
            let failure = pid < 0 ? String(cString: strerror(errno)) : nil
            close(inputPipe[0])
            close(outputPipe[1])
            close(errorPipe[1])
            if let failure {
                close(inputPipe[1])
                close(outputPipe[0])
                close(errorPipe[0])
                throw FlowGraphError(message: "cannot start a worker process: \(failure)")
            }
            return WorkerProcess(pid: pid, input: inputPipe[1], output: outputPipe[0], errors: errorPipe[0])
        }
    #endif

    /// Starts `executable arguments…` with piped standard streams.
    static func spawn(executable: String, arguments: [String]) throws(FlowGraphError) -> WorkerProcess {
        let (inputPipe, outputPipe, errorPipe) = try openPipes()
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, inputPipe[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], STDERR_FILENO)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        posix_spawnattr_setpgroup(&attributes, 0)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)

        let argv: [UnsafeMutablePointer<CChar>?] = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // Swift's crash backtracer is slow and would bury the C library's message (e.g. "double free").
        var environment = ProcessInfo.processInfo.environment
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for pointer in envp { free(pointer) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        close(inputPipe[0])
        close(outputPipe[1])
        close(errorPipe[1])
        guard status == 0 else {
            close(inputPipe[1])
            close(outputPipe[0])
            close(errorPipe[0])
            throw FlowGraphError(
                file: executable, message: "cannot start a worker process: \(String(cString: strerror(status)))")
        }
        return WorkerProcess(pid: pid, input: inputPipe[1], output: outputPipe[0], errors: errorPipe[0])
    }

    /// Sends one line; false when the worker is gone (its crash shows up as the end of its output).
    func send(_ line: Data) -> Bool {
        guard input >= 0 else { return false }
        return (line + Data([UInt8(ascii: "\n")])).writeAll(to: input) == nil
    }

    /// Closes its input, so it exits after its current plan.
    func retire() {
        guard input >= 0 else { return }
        close(input)
        input = -1
    }

    /// Reads what is available on standard output; returns complete lines, or `nil` at the end of output.
    func readOutput() -> [Data]? {
        guard output >= 0 else { return nil }
        let count = readBuffer.withUnsafeMutableBytes { read(output, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return [] }
        guard count > 0 else { return nil }
        pending += readBuffer[0..<count]
        var lines: [Data] = []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(Data(pending[..<newline]))
            pending.removeSubrange(...newline)
        }
        return lines
    }

    /// Reads what is available on standard error into ``errorTail``; false at the end of it.
    func readErrors() -> Bool {
        guard errors >= 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 16_384)
        let count = read(errors, &buffer, buffer.count)
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return true }
        guard count > 0 else {
            close(errors)
            errors = -1
            return false
        }
        errorTail += buffer[0..<count]
        if errorTail.count > 8_192 { errorTail.removeFirst(errorTail.count - 8_192) }
        return true
    }

    /// Ends it at once with SIGKILL.
    func terminate() {
        _ = kill(pid, SIGKILL)
    }

    /// Closes every pipe and waits for the process to end; returns how it ended and its peak memory in bytes.
    func reap() -> (ending: Ending, peakMemoryBytes: Int) {
        retire()
        if output >= 0 {
            close(output)
            output = -1
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        while readErrors() {}
        let signal = status & 0x7f
        let ending: Ending = signal == 0 ? .exited((status >> 8) & 0xff) : .signaled(signal)
        return (ending, Int(usage.ru_maxrss) * 1024)
    }

    /// The last non-empty line the worker printed to standard error, if any.
    var lastErrorLine: String? {
        String(decoding: errorTail, as: UTF8.self).split(whereSeparator: \.isNewline).last.map {
            $0.trimmingCharacters(in: .whitespaces)
        }
    }

    /// Everything kept of standard error.
    var errorText: String {
        String(decoding: errorTail, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
