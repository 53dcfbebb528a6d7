import Foundation

/// Runs a program to its end with `posix_spawn` and `waitpid`, standard output discarded.
///
/// Foundation's `Process` is not used to time runs: on Linux `waitUntilExit()` returns on its run loop's
/// 50 ms beat, which adds 50 ms to every run it waits for (`/bin/true` measured 52 ms with it), so a short
/// run looked longer than it was and a ratio between a short and a long run came out low.
enum ChildProcess {
    /// The program's exit status (or 128 + the signal that killed it) and what it wrote to standard error.
    static func run(_ executable: String, _ arguments: [String]) -> (status: Int32, errors: String) {
        let errorFile = FileManager.default.temporaryDirectory
            .appendingPathComponent("flowgraph-bench-stderr-\(getpid())").path
        defer { unlink(errorFile) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, executable, &actions, nil, argv, environ)
        guard spawned == 0 else { return (-1, "cannot start \(executable): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7f
        let errors = (try? String(contentsOfFile: errorFile, encoding: .utf8)) ?? ""
        return (signal == 0 ? (status >> 8) & 0xff : 128 + signal, errors)
    }
}
