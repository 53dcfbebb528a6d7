import Foundation

/// Keeps a long `--watch` from growing: Graphviz leaks about 20 KB per layout (see docs/hardening.md,
/// "Memory"), so after ``rendersPerProcess`` renders the watch replaces itself with a fresh copy of the same
/// command (`execv`), handing over what it last saw of each plan in a private temporary file, so nothing is
/// rendered twice and no change is missed.
enum WatchRecycling {
    /// Renders one process makes before it is replaced (tests may lower it with ``testEnvironmentKey``).
    static var rendersPerProcess: Int {
        ProcessInfo.processInfo.environment[testEnvironmentKey].flatMap { Int($0) }.map { max(1, $0) } ?? 100
    }
    /// The test-only environment switch that sets ``rendersPerProcess``. Never set it outside tests.
    static let testEnvironmentKey = "FLOWGRAPH_TEST_WATCH_RECYCLE_AFTER"
    /// The environment variable that carries the hand-over file's path to the fresh process.
    static let stateEnvironmentKey = "FLOWGRAPH_WATCH_STATE"

    /// Replaces this process with a fresh `flowgraph` running the same command, after writing `stamps`;
    /// returns only if that cannot be done (the watch then simply goes on).
    static func restart(keeping stamps: [String: Watch.Stamp]) {
        guard let data = try? JSONEncoder().encode(stamps) else { return }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowgraph-watch-\(getpid())-\(UUID().uuidString).json"
        ).path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return }
        let failed = data.writeAll(to: descriptor) != nil
        close(descriptor)
        guard !failed else {
            unlink(path)
            return
        }
        setenv(stateEnvironmentKey, path, 1)
        let executable = WorkerPool.currentExecutable()
        let argv: [UnsafeMutablePointer<CChar>?] = CommandLine.arguments.map { strdup($0) } + [nil]
        execv(executable, argv)
        // Still here: exec failed. Carry on in this process.
        for pointer in argv { free(pointer) }
        unsetenv(stateEnvironmentKey)
        unlink(path)
    }

    /// In a process started by ``restart(keeping:)``: the stamps handed over (the file is removed); `nil` in a
    /// watch a person started.
    static func resumedStamps() -> [String: Watch.Stamp]? {
        guard let path = ProcessInfo.processInfo.environment[stateEnvironmentKey] else { return nil }
        unsetenv(stateEnvironmentKey)
        defer { unlink(path) }
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode([String: Watch.Stamp].self, from: data)
    }
}
