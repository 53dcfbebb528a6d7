import Foundation
import Synchronization

/// Counts SIGINT and SIGTERM while a batch runs, so it can stop cleanly instead of dying mid-write.
///
/// The first signal stops handing out plans and lets the workers finish the plan they are on (each output
/// is renamed into place whole, or not at all); a second one kills the workers at once.
enum InterruptSignal {
    private static let count = Atomic<Int>(0)

    /// How many signals arrived since ``install()``.
    static var received: Int { count.load(ordering: .relaxed) }

    /// Starts counting SIGINT and SIGTERM instead of dying of them; SIGPIPE is ignored (a dead worker's
    /// pipe shows up as a failed write).
    static func install() {
        count.store(0, ordering: .relaxed)
        signal(SIGINT) { _ in InterruptSignal.count.add(1, ordering: .relaxed) }
        signal(SIGTERM) { _ in InterruptSignal.count.add(1, ordering: .relaxed) }
        signal(SIGPIPE, SIG_IGN)
        // A parent may have started this process with the signals blocked; they must get through.
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        sigaddset(&set, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// Restores the default handling.
    static func uninstall() {
        signal(SIGINT, SIG_DFL)
        signal(SIGTERM, SIG_DFL)
        signal(SIGPIPE, SIG_DFL)
    }
}
