import FlowModel
import Foundation

/// Where a command writes: standard output for results, standard error for messages.
///
/// Commands write whole results at once, after all checks pass, so a failing command leaves no partial output.
/// Every text printer writes through ``writeOutput(_:)`` or ``print(_:)``, which keep line breaks and escape
/// every other control character (see ``TerminalText``), so a plan's title cannot drive the terminal.
public struct Console: Sendable {
    /// Writes text to standard output as given.
    private let output: @Sendable (String) -> Void
    /// Writes text to standard error as given.
    public var writeError: @Sendable (String) -> Void

    /// Creates a console from two writers.
    public init(writeOutput: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void) {
        self.output = writeOutput
        self.writeError = writeError
    }

    /// The process's standard output and standard error (see ``StandardOutput``).
    public static let standard = Console(
        writeOutput: { StandardOutput.write($0) },
        writeError: { StandardOutput.writeError($0) }
    )

    /// Writes text to standard output; line breaks are kept, other control characters escaped.
    public func writeOutput(_ text: String) {
        output(TerminalText.escapedLines(text))
    }

    /// Writes a line to standard output; control characters in it are escaped.
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
