import Foundation

/// Parsed trees kept by their file's text, so that scans in one process parse a text once: the two sides of a
/// `diff` share nearly every file.
///
/// A tree does not depend on the file's path (a scan names locations by the path it is given), so a file moved
/// or copied to another folder is found too. The memo keeps every tree it is given until it is released, or,
/// made with ``Keeping/lastScan``, the trees of the last scan's files only.
public final class ParseMemo: @unchecked Sendable {
    /// Which trees a memo keeps.
    public enum Keeping: Sendable {
        /// Every tree it is given (the two sides of one `diff`).
        case everything
        /// The trees of the texts the last scan read: a loop that scans its folder again after each edit
        /// (`render … --watch`) holds one tree per file, not one per version of it.
        case lastScan
    }

    private let condition = NSCondition()
    private var slots: [TextKey: ParsedSlot] = [:]
    /// Texts a thread is parsing now: another thread that wants one waits for that parse.
    private var parsing: Set<TextKey> = []
    private var reused = 0
    private let keeping: Keeping

    /// An empty memo that keeps what `keeping` says.
    public init(keeping: Keeping = .everything) { self.keeping = keeping }

    /// How many parses the memo has spared.
    public var parsesSpared: Int { condition.withLock { reused } }

    /// How many trees the memo holds.
    public var treesKept: Int { condition.withLock { slots.count } }

    /// Told by a scan once it has the trees of `texts`: a ``Keeping/lastScan`` memo forgets every other tree.
    func scanned(_ texts: [String]) {
        guard keeping == .lastScan else { return }
        let read = Set(texts.map(TextKey.init))
        condition.withLock { slots = slots.filter { read.contains($0.key) } }
    }

    /// The parse of `text`: the one kept, else the one another thread is making (waited for), else `parse()`'s,
    /// kept. Two scans running at once thus parse each text they share once.
    func slot(for text: String, parse: () -> ParsedSlot) -> ParsedSlot {
        // Only a call that does not wait can find nothing.
        slot(for: text, waiting: true, parse: parse) ?? parse()
    }

    /// ``slot(for:parse:)``'s parse, or `nil` at once when another thread is making it and not `waiting`.
    func slot(for text: String, waiting: Bool, parse: () -> ParsedSlot) -> ParsedSlot? {
        // Hashed once, outside the lock.
        let text = TextKey(text)
        condition.lock()
        if !waiting, parsing.contains(text) {
            condition.unlock()
            return nil
        }
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

/// A file's text as a key, hashed once from its UTF-8 bytes and compared byte for byte: hashing a `String`
/// normalizes it to NFC, which for a whole file costs more than looking it up should. Two texts that differ
/// only in how they encode the same characters are two keys, and each is parsed.
struct TextKey: Hashable {
    let text: String
    private let digest: Int

    init(_ text: String) {
        self.text = text
        var copy = text
        var hasher = Hasher()
        copy.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        digest = hasher.finalize()
    }

    func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    static func == (left: TextKey, right: TextKey) -> Bool {
        guard left.digest == right.digest else { return false }
        var (one, other) = (left.text, right.text)
        return one.withUTF8 { first in other.withUTF8 { second in first.elementsEqual(second) } }
    }
}
