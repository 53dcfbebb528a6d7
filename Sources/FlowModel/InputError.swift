/// A problem in text FlowModel reads: route or action notation, a router call, a deep link or URL pattern,
/// JSON; or a call the navigation library itself rejects (SwiftfulRouting's throws).
///
/// One shape for every such error: what is wrong (with the name probably meant, from `DidYouMean`) and
/// where in the text, as a scalar offset (notation, URLs) or a line and column (JSON). Callers that know the
/// file and key path turn it into a ``Diagnostic`` with ``diagnostic(in:file:keyPath:)``.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Where in the text the problem is.
    public enum Location: Hashable, Sendable {
        /// The whole input is meant (a call the library rejects, not a place in its text).
        case whole
        /// The offset, in Unicode scalars from the start of the text, of the first scalar at fault.
        case offset(Int)
        /// A line and column (JSON, read from bytes).
        case position(SourcePosition)
    }

    /// What is wrong, and what would be right.
    public var message: String
    /// Where the problem is.
    public var location: Location

    /// Creates an error at a scalar offset in the text.
    public init(offset: Int, message: String) {
        self.message = message
        self.location = .offset(offset)
    }

    /// Creates an error at a line and column.
    public init(position: SourcePosition, message: String) {
        self.message = message
        self.location = .position(position)
    }

    /// Creates an error about the whole input.
    public init(_ message: String) {
        self.message = message
        self.location = .whole
    }

    /// The scalar offset of the problem; 0 when the error has a line and column or no place.
    public var offset: Int {
        if case .offset(let offset) = location { return offset }
        return 0
    }

    /// The line and column of the problem, for an error that has them.
    public var position: SourcePosition? {
        if case .position(let position) = location { return position }
        return nil
    }

    /// `LINE:COLUMN: message` for an error with a line and column, else the message.
    public var description: String {
        if case .position(let position) = location { return "\(position): \(message)" }
        return message
    }

    /// The error as a ``Diagnostic`` for `text` (needed to turn an offset into a line and column) read from
    /// `file` (a file name, or an option such as `--from`).
    public func diagnostic(in text: String? = nil, file: String?, keyPath: String? = nil) -> Diagnostic {
        let position: SourcePosition? =
            switch location {
            case .whole: nil
            case .offset(let offset): text.map { SourcePosition(offset: offset, in: $0) }
            case .position(let position): position
            }
        return Diagnostic(file: file, position: position, keyPath: keyPath, message: message)
    }
}
