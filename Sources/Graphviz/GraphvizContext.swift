internal import CGraphviz
internal import CGraphvizSupport
import Foundation
import Synchronization

/// The process-wide Graphviz context and the one lock around every cgraph/gvc call.
///
/// libgvc and cgraph keep global state (the error log, the string dictionaries' defaults, plugin
/// tables) and are not thread-safe even with separate contexts, so all work on graphs runs inside
/// `GraphvizContext.run`, one call at a time. The `GVC_t` is created lazily on first use and lives for
/// the process (the only singleton of this module).
enum GraphvizContext {
    /// The lock around every cgraph/gvc call in the process.
    private static let lock = NSLock()

    /// The context, created under `lock` on first use; read and written only while holding `lock`.
    nonisolated(unsafe) private static var context: OpaquePointer?

    /// Graphviz's messages since the last `run` began; appended to only by `collectMessage`.
    private static let messageLog = Mutex<String>("")

    /// Runs `body` with the context while holding the lock, capturing Graphviz's messages.
    ///
    /// The error counter is reset before and after, so one bad graph never fails later ones. With `shapingText`,
    /// the text cache shapes plain texts itself rather than have pango lay each out (for layouts cairo will not
    /// draw).
    static func run<Result>(
        shapingText: Bool = false, _ body: (OpaquePointer, inout MessageCapture) throws(GraphvizError) -> Result
    ) throws(GraphvizError) -> Result {
        // The fonts are registered before Graphviz measures any text (pango reads fontconfig once).
        _ = try FontRegistry.active()
        lock.lock()
        defer { lock.unlock() }
        if context == nil {
            // Route every message to our collector, warnings included, before anything can report.
            _ = agseterrf(collectMessage)
            _ = agseterr(AGWARN)
            context = gvContext()
            if let context {
                PNGDevice.register(in: context)
                _ = cgraphviz_text_cache_install(context)
            }
        }
        // No layout is alive between runs: the text cache may let go of the layouts it holds.
        cgraphviz_text_cache_trim()
        cgraphviz_text_set_shaping(shapingText ? 1 : 0)
        guard let context else {
            throw GraphvizError(.graphvizReported, messages: ["gvContext() failed"])
        }
        var capture = MessageCapture()
        capture.reset()
        defer { capture.reset() }
        return try body(context, &capture)
    }

    /// How many texts the text cache has shaped itself (not laid out with pango) since the process started, after
    /// emptying the cache when `emptying` (for tests that measure texts afresh).
    static func shapedTextCount(emptying: Bool = false) -> UInt {
        lock.lock()
        defer { lock.unlock() }
        if emptying { cgraphviz_text_cache_empty() }
        return UInt(cgraphviz_text_shaped_count())
    }

    /// Appends one piece of Graphviz output to the log (called by cgraph's error reporter).
    private static let collectMessage: agusererrf = { text in
        guard let text else { return 0 }
        let piece = String(cString: text)
        GraphvizContext.messageLog.withLock { $0 += piece }
        return 0
    }

    /// Takes the log, leaving it empty.
    fileprivate static func takeLog() -> String {
        messageLog.withLock { log in
            defer { log = "" }
            return log
        }
    }
}

/// Graphviz's messages and error level for the work in progress; only usable inside `GraphvizContext.run`.
struct MessageCapture {
    /// Every message taken so far in this `run` (warnings of calls that succeeded included).
    private(set) var all: [String] = []

    /// Clears the message log and cgraph's error counter.
    mutating func reset() {
        _ = GraphvizContext.takeLog()
        _ = FontRegistry.takeMissingNotes()
        _ = agreseterrors()
    }

    /// The messages so far (with notes of characters drawn as U+FFFD) and whether any was an error (not just a
    /// warning); resets both.
    mutating func take() -> (messages: [String], hadError: Bool) {
        let hadError = agreseterrors() > Int32(AGWARN.rawValue)
        let lines =
            GraphvizContext.takeLog()
            .split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
            + FontRegistry.takeMissingNotes()
        all += lines
        return (lines, hadError)
    }
}
