/// One problem found in a user's input, located as precisely as FlowGraph knows.
///
/// It renders as `FILE:LINE:COLUMN: KEY PATH: message`, leaving out what is unknown, so editors
/// and CI logs can jump to the place.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// Whether the problem stops FlowGraph or is drawn and reported.
    public enum Severity: String, Hashable, Sendable {
        /// The input cannot be used (the library rejects or crashes on it).
        case error
        /// The library tolerates the input; FlowGraph draws what it does and says so.
        case warning
    }

    /// The file or argument the problem is in (`plan.json`, `--from`); `nil` when it is not in any input.
    public var file: String?
    /// Where in the file the problem is; `nil` when the whole file is meant.
    public var position: SourcePosition?
    /// The JSON key path of the value the problem is in, e.g. `actions[3]` or `root.screen`.
    public var keyPath: String?
    /// What is wrong, and what would be right.
    public var message: String
    /// Whether this is an error or a warning; a warning's description says `warning:` before the message.
    public var severity: Severity

    /// Creates a diagnostic.
    public init(
        file: String? = nil, position: SourcePosition? = nil, keyPath: String? = nil, message: String,
        severity: Severity = .error
    ) {
        self.file = file
        self.position = position
        self.keyPath = keyPath
        self.message = message
        self.severity = severity
    }

    /// The diagnostic as one line: `FILE:LINE:COLUMN: KEY PATH: message` (`…: warning: message` for a warning).
    ///
    /// Control characters, line breaks and bidi controls from user text are written as escapes
    /// (``TerminalText``), so a diagnostic is always one line that cannot drive a terminal.
    public var description: String {
        TerminalText.escaped(rawDescription)
    }

    private var rawDescription: String {
        var parts: [String] = []
        if let file {
            parts.append(position.map { "\(file):\($0.line):\($0.column)" } ?? file)
        } else if let position {
            parts.append("\(position.line):\(position.column)")
        }
        if let keyPath, !keyPath.isEmpty {
            parts.append(keyPath)
        }
        parts.append(severity == .warning ? "warning: " + message : message)
        return parts.joined(separator: ": ")
    }
}

/// The error FlowGraph reports to people: one or more located problems in a plan, a route list or another
/// input. (How a command was called is the command line's business, not FlowModel's.)
public struct FlowGraphError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The problems, in the order they were found; never empty.
    public var diagnostics: [Diagnostic]

    /// Creates an error from one or more diagnostics.
    public init(diagnostics: [Diagnostic]) {
        precondition(!diagnostics.isEmpty, "a FlowGraphError needs at least one diagnostic")
        self.diagnostics = diagnostics
    }

    /// Creates an error with one diagnostic.
    public init(file: String? = nil, position: SourcePosition? = nil, keyPath: String? = nil, message: String) {
        self.init(diagnostics: [Diagnostic(file: file, position: position, keyPath: keyPath, message: message)])
    }

    /// One line per diagnostic.
    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
