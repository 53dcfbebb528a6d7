/// A mistake in how `flowgraph` was called: an unknown command or option, a missing argument, a value out of
/// range.
///
/// It is reported with the command's usage lines and ends the process with status 2; mistakes in the plans
/// and files a command reads are FlowModel's ``FlowModel/FlowGraphError`` (status 1).
public struct UsageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong, and where it helps, what to write instead.
    public var message: String

    /// Creates a usage error.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
