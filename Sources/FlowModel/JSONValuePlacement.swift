extension JSONValue {
    /// The value with itself, every value inside it and every key placed at `position`, each string's scalars
    /// too: for JSON made from something else (a plan scanned from a Swift function), so that any error in it
    /// names the place it came from instead of a line and column of JSON nobody wrote.
    public func placed(at position: SourcePosition) -> JSONValue {
        switch kind {
        case .array(let elements):
            return JSONValue(.array(elements.map { $0.placed(at: position) }), position: position)
        case .object(let members):
            let placed = members.map {
                JSONMember(key: $0.key, keyPosition: position, value: $0.value.placed(at: position))
            }
            return JSONValue(.object(placed), position: position)
        case .string:
            // One column for every scalar: an offset into the string stays at the place.
            return JSONValue(kind, position: position, scalarColumns: [position.column])
        default:
            return JSONValue(kind, position: position)
        }
    }
}
