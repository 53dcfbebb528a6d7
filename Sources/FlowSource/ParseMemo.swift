import Foundation

/// Parsed trees kept by their file's text, so that scans in one process parse a text once: the two sides of a
/// `diff` share nearly every file.
///
/// A tree does not depend on the file's path (a scan names locations by the path it is given), so a file moved
/// or copied to another folder is found too. The memo keeps every tree it is given until it is released.
public final class ParseMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [String: ParsedSlot] = [:]
    private var reused = 0

    /// An empty memo.
    public init() {}

    /// How many parses the memo has spared.
    public var parsesSpared: Int { lock.withLock { reused } }

    /// The parse of `text`: the one kept, else `parse()`'s, kept.
    func slot(for text: String, parse: () -> ParsedSlot) -> ParsedSlot {
        if let kept = lock.withLock({ slots[text] }) {
            lock.withLock { reused += 1 }
            return kept
        }
        let made = parse()
        lock.withLock { slots[text] = made }
        return made
    }
}
