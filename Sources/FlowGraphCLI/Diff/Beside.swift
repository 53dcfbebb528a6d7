import FlowModel
import Foundation

/// Two pieces of a diff's work done at once, one on the calling thread and one on a thread of its own: the two
/// revisions' copies, then the two sides' scans (each scan walks its trees on one thread, so on two cores the
/// head's runs beside the base's instead of after it; the ``FlowSource/ParseMemo`` they share still parses
/// each text once).
enum Beside {
    /// The stack of the second thread: a main thread's, for the plan plays a side runs there.
    static let stackSize = 8 << 20

    /// `first()`'s value (computed on the calling thread) and `second()`'s (on a thread of its own), once both
    /// are done; the first's error when both fail, as doing them one after the other would.
    static func both<First, Second: Sendable>(
        _ first: () throws -> First, beside second: @escaping @Sendable () throws -> Second
    ) throws -> (First, Second) {
        let done = NSCondition()
        nonisolated(unsafe) var secondResult: Result<Second, any Error>?
        // A thread does not inherit task-local values: the plays it makes count where the caller's do
        // (`FLOWGRAPH_PLAY_COUNT`).
        let counter = PlayCounter.current
        let thread = Thread {
            let result = PlayCounter.$current.withValue(counter) { Result { try second() } }
            done.withLock {
                secondResult = result
                done.signal()
            }
        }
        thread.stackSize = stackSize
        thread.start()
        let firstResult = Result { try first() }
        let secondDone = done.withLock {
            while secondResult == nil { done.wait() }
            return secondResult!
        }
        return (try firstResult.get(), try secondDone.get())
    }
}
