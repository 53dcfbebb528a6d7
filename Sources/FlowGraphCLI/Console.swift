import FlowModel
import Foundation

/// Where a command writes: standard output for results, standard error for messages.
///
/// Commands write whole results at once, after all checks pass, so a failing command leaves no partial output.
public struct Console: Sendable {
    /// Writes text to standard output.
    public var writeOutput: @Sendable (String) -> Void
    /// Writes text to standard error.
    public var writeError: @Sendable (String) -> Void

    /// Creates a console from two writers.
    public init(writeOutput: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void) {
        self.writeOutput = writeOutput
        self.writeError = writeError
    }

    /// The process's standard output and standard error.
    public static let standard = Console(
        writeOutput: { FileHandle.standardOutput.write(Data($0.utf8)) },
        writeError: { FileHandle.standardError.write(Data($0.utf8)) }
    )

    /// Writes a line to standard output.
    public func print(_ line: String) {
        writeOutput(line + "\n")
    }

    /// Writes a line to standard error; user text in it cannot drive the terminal (see ``TerminalText``).
    public func printError(_ line: String) {
        let lines = line.split(separator: "\n", omittingEmptySubsequences: false)
        writeError(lines.map { TerminalText.escaped(String($0)) }.joined(separator: "\n") + "\n")
    }
}

/// Output captured in memory, for running commands in tests and tools.
public final class CapturedConsole: @unchecked Sendable {
    private let lock = NSLock()
    private var output = ""
    private var error = ""

    /// Creates an empty capture.
    public init() {}

    /// A console writing into this capture.
    public var console: Console {
        Console(
            writeOutput: { text in self.lock.withLock { self.output += text } },
            writeError: { text in self.lock.withLock { self.error += text } }
        )
    }

    /// Everything written to standard output so far.
    public var standardOutput: String { lock.withLock { output } }
    /// Everything written to standard error so far.
    public var standardError: String { lock.withLock { error } }
}
