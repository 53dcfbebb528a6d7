/// A syntax error in route or action notation, at a Unicode-scalar offset in the parsed text.
public struct NotationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The offset, in Unicode scalars from the start of the text, where the problem is.
    public var offset: Int
    /// What is wrong, and what would be right.
    public var message: String

    /// Creates an error at a scalar offset.
    public init(offset: Int, message: String) {
        self.offset = offset
        self.message = message
    }

    /// The message.
    public var description: String { message }

    /// The error as a ``Diagnostic`` for `text` read from `file` (an option name such as `--from` or a file name).
    public func diagnostic(in text: String, file: String?, keyPath: String? = nil) -> Diagnostic {
        Diagnostic(file: file, position: SourcePosition(offset: offset, in: text), keyPath: keyPath, message: message)
    }
}
