import Foundation

/// Runs work on threads with large stacks: SwiftParser and every walk over a syntax tree recurse once per
/// level of nesting, and Swift that the compiler accepts (a generic nested 500 deep, a chain of 4,000
/// `else if`, 10,000 modifiers) nests deeper than the 8 MiB of the main thread or the 512 KiB of a
/// dispatch worker allow. Together with ``SyntaxDepth/maximum`` (checked right after parsing, without
/// recursion) this keeps any input from overflowing the stack.
enum LargeStack {
    /// The stack of the thread that walks the trees: 512 MiB of address space, touched only as deep as the
    /// work goes (batch workers limit their data to 2 GiB, which thread stacks count against).
    static let size = 512 << 20

    /// The stack of each parsing thread: SwiftParser's own recursion stops at its nesting limit of 256.
    static let parseSize = 64 << 20

    /// The most threads that parse at once.
    static let maximumThreads = 4

    /// The result of `body`, run on a thread with a ``size`` stack (the caller waits).
    static func run<Value: Sendable>(_ body: @escaping @Sendable () -> Value) -> Value {
        let slot = Slot<Value>()
        let thread = Thread {
            slot.store(body())
        }
        thread.stackSize = size
        thread.start()
        return slot.wait()
    }

    /// Frees `value` on a thread of its own with a ``parseSize`` stack, so the caller goes on at once.
    static func release<Value>(_ value: consuming Value) {
        let held = Held(value)
        let thread = Thread { held.drop() }
        thread.stackSize = parseSize
        thread.start()
    }

    /// A value handed to the thread that frees it.
    private final class Held<Value>: @unchecked Sendable {
        private var value: Value?

        init(_ value: consuming Value) { self.value = value }

        func drop() { value = nil }
    }

    /// Calls `body` with each of `0..<iterations` on up to ``maximumThreads`` threads with ``parseSize``
    /// stacks, and returns when every call has.
    static func concurrentPerform(iterations: Int, _ body: @escaping @Sendable (Int) -> Void) {
        guard iterations > 0 else { return }
        let next = Counter()
        let threads = min(iterations, max(1, min(ProcessInfo.processInfo.activeProcessorCount, maximumThreads)))
        let finished = Slot<Void>(expected: threads)
        for _ in 0..<threads {
            let thread = Thread {
                while let index = next.take(below: iterations) { body(index) }
                finished.store(())
            }
            thread.stackSize = parseSize
            thread.start()
        }
        finished.wait()
    }

    /// `body` of each of `0..<count`, in order, computed as ``concurrentPerform(iterations:_:)`` does.
    static func concurrentMap<Value>(_ count: Int, _ body: @escaping @Sendable (Int) -> Value) -> [Value] {
        let results = Results<Value>(count: count)
        concurrentPerform(iterations: count) { index in results.store(body(index), at: index) }
        return results.all()
    }

    /// The values concurrent calls compute, one slot per index, each stored once.
    private final class Results<Value>: @unchecked Sendable {
        private let lock = NSLock()
        private var values: [Value?]

        init(count: Int) { values = Array(repeating: nil, count: count) }

        func store(_ value: Value, at index: Int) {
            lock.lock()
            defer { lock.unlock() }
            values[index] = value
        }

        /// Every value; `concurrentPerform` returns only when each index is done.
        func all() -> [Value] {
            lock.lock()
            defer { lock.unlock() }
            return values.map { $0! }
        }
    }

    /// A value handed from the worker threads to the waiting caller, after `expected` stores.
    private final class Slot<Value>: @unchecked Sendable {
        private let condition = NSCondition()
        private var value: Value?
        private var remaining: Int

        init(expected: Int = 1) { remaining = expected }

        func store(_ newValue: Value) {
            condition.lock()
            value = newValue
            remaining -= 1
            condition.broadcast()
            condition.unlock()
        }

        func wait() -> Value {
            condition.lock()
            defer { condition.unlock() }
            while remaining > 0 { condition.wait() }
            return value!
        }
    }

    /// The next index to work on, shared by the threads.
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func take(below end: Int) -> Int? {
            lock.lock()
            defer { lock.unlock() }
            guard value < end else { return nil }
            value += 1
            return value - 1
        }
    }
}
