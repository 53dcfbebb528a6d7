import Foundation

/// Parsed trees kept by their file's text, so that scans in one process parse a text once: the two sides of a
/// `diff` share nearly every file.
///
/// A tree does not depend on the file's path (a scan names locations by the path it is given), so a file moved
/// or copied to another folder is found too. The memo keeps every tree it is given until it is released.
public final class ParseMemo: @unchecked Sendable {
    private let condition = NSCondition()
    private var slots: [String: ParsedSlot] = [:]
    /// Texts a thread is parsing now: another thread that wants one waits for that parse.
    private var parsing: Set<String> = []
    private var reused = 0

    /// An empty memo.
    public init() {}

    /// How many parses the memo has spared.
    public var parsesSpared: Int { condition.withLock { reused } }

    /// The parse of `text`: the one kept, else the one another thread is making (waited for), else `parse()`'s,
    /// kept. Two scans running at once thus parse each text they share once.
    func slot(for text: String, parse: () -> ParsedSlot) -> ParsedSlot {
        condition.lock()
        while parsing.contains(text) { condition.wait() }
        if let kept = slots[text] {
            reused += 1
            condition.unlock()
            return kept
        }
        parsing.insert(text)
        condition.unlock()
        let made = parse()
        condition.lock()
        slots[text] = made
        parsing.remove(text)
        condition.broadcast()
        condition.unlock()
        return made
    }
}
