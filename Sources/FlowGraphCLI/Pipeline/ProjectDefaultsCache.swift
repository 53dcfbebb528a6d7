import FlowModel
import Foundation

/// The `.flowgraph.json` files a process has read, by path, so each is read and checked once however many plans
/// beside it a command (or a batch worker) loads; and where the file is for each folder, so it is looked for
/// once a folder.
///
/// `FLOWGRAPH_DEFAULTS_READ_COUNT=1` prints how many were read to standard error when the command ends
/// (``reads``), as `FLOWGRAPH_PLAY_COUNT` does for plays; the tests check it through the built binary.
final class ProjectDefaultsCache: @unchecked Sendable {
    /// The process's cache.
    static let shared = ProjectDefaultsCache()
    /// The environment variable that prints ``reads`` at the end of a command.
    static let countEnvironmentVariable = "FLOWGRAPH_DEFAULTS_READ_COUNT"

    private let lock = NSLock()
    private var loaded: [String: Result<ProjectDefaults, FlowGraphError>] = [:]
    private var found: [String: String?] = [:]
    private var count = 0

    /// The files read so far.
    var reads: Int { lock.withLock { count } }

    /// The file (or `nil`, none) that `look` finds for `key`, a folder to look in, asked the first time only:
    /// `.flowgraph.json` is read when a command starts, and one made while it runs is not seen.
    func file(for key: String, look: () -> String?) -> String? {
        if let known = lock.withLock({ found[key] }) { return known }
        let file = look()
        lock.withLock { found[key] = .some(file) }
        return file
    }

    /// The defaults in the file at `path`, read with `load` the first time it is asked for.
    func defaults(at path: String, load: (String) throws(FlowGraphError) -> ProjectDefaults) throws(FlowGraphError)
        -> ProjectDefaults
    {
        let cached = lock.withLock { loaded[path] }
        let result: Result<ProjectDefaults, FlowGraphError>
        if let cached {
            result = cached
        } else {
            do throws(FlowGraphError) {
                result = .success(try load(path))
            } catch {
                result = .failure(error)
            }
            lock.withLock {
                loaded[path] = result
                count += 1
            }
        }
        return try result.get()
    }
}
