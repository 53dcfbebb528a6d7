/// A stack's screen ids by screen name, names compared scalar by scalar as Swift compares identifiers: `café`
/// written precomposed (NFC) and decomposed (NFD) are two cases to the compiler, so they are two screens here,
/// though Swift's `String` calls them equal.
struct ScreenIDs {
    private var ids: [[Unicode.Scalar]: String] = [:]
    /// The names, in the order they were added.
    private(set) var names: [String] = []

    /// The id of the screen named `name`, if any.
    subscript(_ name: String) -> String? {
        get { ids[Array(name.unicodeScalars)] }
        set {
            let key = Array(name.unicodeScalars)
            if ids[key] == nil, newValue != nil { names.append(name) }
            ids[key] = newValue
        }
    }

    /// Each name with its id.
    var entries: [(name: String, id: String)] { names.compactMap { name in self[name].map { (name, $0) } } }

    /// A screen name as one part of an id that no other name shares: scalars beyond ASCII as `u{…}`.
    static func idPart(_ name: String) -> String {
        var result = ""
        for scalar in name.unicodeScalars {
            if scalar.isASCII {
                result.unicodeScalars.append(scalar)
            } else {
                result += "u{\(String(scalar.value, radix: 16))}"
            }
        }
        return result
    }
}

extension String {
    /// Whether two names are one identifier to Swift: the same scalars (`==` on strings also equates NFC and NFD).
    func isSameIdentifier(_ other: String) -> Bool { unicodeScalars.elementsEqual(other.unicodeScalars) }
}
