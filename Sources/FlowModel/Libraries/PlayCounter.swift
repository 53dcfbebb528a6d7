import Foundation

/// Counts how often plans are played (``Plan/play()``) while it is bound to a task, so a test can check that
/// a command plays its plan once however many outputs it writes.
///
/// ```swift
/// let counter = PlayCounter()
/// try PlayCounter.$current.withValue(counter) { _ = try renderer.render(plan, formats: [.svg, .png]) }
/// // counter.plays == 1
/// ```
package final class PlayCounter: @unchecked Sendable {
    /// The counter plays are recorded on in the current task; `nil` (the default) counts nothing.
    @TaskLocal public static var current: PlayCounter?

    private let lock = NSLock()
    private var count = 0

    /// Creates a counter at zero.
    public init() {}

    /// The plays recorded so far.
    public var plays: Int {
        lock.withLock { count }
    }

    /// Records one play.
    func record() {
        lock.withLock { count += 1 }
    }
}
