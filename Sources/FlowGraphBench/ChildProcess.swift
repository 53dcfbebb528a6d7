import Foundation

/// Runs a program to its end with `posix_spawn` and `wait4`, standard output discarded: the one way the
/// benchmarks start programs.
///
/// Foundation's `Process` is not used to time runs: on Linux `waitUntilExit()` returns on its run loop's
/// 50 ms beat, which adds 50 ms to every run it waits for (`/bin/true` measured 52 ms with it), so a short
/// run looked longer than it was and a ratio between a short and a long run came out low.
enum ChildProcess {
    /// How a run ended.
    struct Ending {
        /// The exit status, 128 + the signal that killed it, or -1 when it could not start.
        var status: Int32
        /// What it wrote to standard error (empty when not kept), or why it could not start.
        var errors: String
        /// Its resource use (CPU times, peak memory), as `wait4` reports it.
        var usage: rusage
    }

    /// Runs `executable arguments…` (looked up in `PATH`); with `keepingErrors`, keeps its standard error,
    /// else discards it.
    static func run(_ executable: String, _ arguments: [String], keepingErrors: Bool = true) -> Ending {
        let errorFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("flowgraph-bench-stderr-\(getpid())").path
        defer { if keepingErrors { unlink(errorFile) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        if keepingErrors {
            posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        } else {
            posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        }
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else {
            return Ending(
                status: -1, errors: "cannot start \(executable): \(String(cString: strerror(spawned)))", usage: rusage()
            )
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        let errors = keepingErrors ? (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? "" : ""
        return Ending(status: signal == 0 ? (status >> 8) & 0xff : 128 + signal, errors: errors, usage: usage)
    }
}
