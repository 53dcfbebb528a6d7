/// A place in a text file or argument: a 1-based line and a 1-based column counted in Unicode scalars.
public struct SourcePosition: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The line, starting at 1.
    public var line: Int
    /// The column, starting at 1, counted in Unicode scalars.
    public var column: Int

    /// Creates a position from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The start of a text.
    public static let start = SourcePosition(line: 1, column: 1)

    /// Orders positions by line, then column.
    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// The position as `LINE:COLUMN`.
    public var description: String { "\(line):\(column)" }

    /// The position of the scalar at `offset` in `text`, counting lines at `\n`.
    public init(offset: Int, in text: String) {
        var line = 1
        var column = 1
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index >= offset { break }
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        self.init(line: line, column: column)
    }
}
