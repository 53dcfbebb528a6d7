import Foundation

/// Tells `--watch` when something under the folders it watches may have changed, so an idle watch costs
/// next to nothing: on Linux, inotify events on every watched folder (through Glibc); elsewhere it always
/// answers "maybe", and the watch falls back to checking what it knows each interval.
///
/// An event is only a hint: the watch then compares what it knows (modification time, size and inode of each
/// plan) as before, so a missed or spurious event never renders a plan that did not change.
final class ChangeMonitor {
    #if os(Linux)
        private let descriptor: Int32
        /// The folders watched, by watch descriptor.
        private var watched: [Int32: String] = [:]
    #endif

    /// Whether the last ``watch(_:)`` began watching a folder not watched before.
    private(set) var addedFolders = false

    /// A monitor; `nil` where the platform has no file-system events (or none could be set up).
    init?() {
        #if os(Linux)
            descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            guard descriptor >= 0 else { return nil }
        #else
            return nil
        #endif
    }

    deinit {
        #if os(Linux)
            close(descriptor)
        #endif
    }

    /// Watches `folders` (and keeps watching those already watched); `false` if one could not be watched
    /// (the system's limit on watches reached), when the caller should stop relying on the monitor.
    /// ``addedFolders`` says whether any was new: a change made there before its watch began has no event.
    func watch(_ folders: [String]) -> Bool {
        addedFolders = false
        #if os(Linux)
            let mask = UInt32(
                IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
                    | IN_DELETE_SELF | IN_MOVE_SELF)
            let known = Set(watched.values)
            for folder in folders where !known.contains(folder) {
                let watch = inotify_add_watch(descriptor, folder, mask)
                guard watch >= 0 else {
                    // A folder that vanished meanwhile is reported by the next listing; a full table is not.
                    if errno == ENOSPC { return false }
                    continue
                }
                watched[watch] = folder
                addedFolders = true
            }
            return true
        #else
            return false
        #endif
    }

    #if os(Linux)
        /// Drops the folders whose watch ended (`IN_IGNORED`: removed, or moved away), so a folder made again
        /// under the same name is watched again.
        private func forgetRemovedWatches(_ events: ArraySlice<UInt8>) {
            var offset = events.startIndex
            // struct inotify_event: int wd; uint32_t mask, cookie, len; char name[len].
            while offset + 16 <= events.endIndex {
                func word(_ at: Int) -> UInt32 {
                    events[at..<at + 4].reversed().reduce(0) { $0 << 8 | UInt32($1) }
                }
                let watch = Int32(bitPattern: word(offset))
                if word(offset + 4) & UInt32(IN_IGNORED) != 0 { watched[watch] = nil }
                offset += 16 + Int(word(offset + 12))
            }
        }
    #endif

    /// Waits up to `seconds` for an event; `true` if one came (all pending events are consumed).
    func waitForChange(seconds: Double) -> Bool {
        #if os(Linux)
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, Int32(seconds * 1000))
            guard ready > 0 else { return ready < 0 && errno != EINTR }
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while case let count = read(descriptor, &buffer, buffer.count), count > 0 {
                forgetRemovedWatches(buffer.prefix(count))
            }
            return true
        #else
            Thread.sleep(forTimeInterval: seconds)
            return true
        #endif
    }
}
