/// The words a navigation library's code is written with, as ``ParseSelection`` looks for them in a file's
/// names: whole words (`FlowStack`, `showScreen`), and the beginnings and endings the recognisers match names by
/// (`dismiss…` for every router dismiss call, `…Router` for a router type of the app's own).
struct SourceWords: Sendable {
    /// Whole words.
    var words: Set<String> = []
    /// Beginnings: a name that starts with one of these is a word (`dismissLastScreen`). Beginnings and endings
    /// are ASCII.
    var prefixes: [String] = []
    /// Endings: a name that ends with one of these is a word (`mainRouter`).
    var suffixes: [String] = []

    /// Whether `name` is one of the words.
    func matches(_ name: String) -> Bool {
        if words.contains(name) { return true }
        // An ASCII name (nearly every name) is compared byte for byte, which is what `hasPrefix` and
        // `hasSuffix` answer for it; any other is compared as Unicode text.
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else {
            return prefixes.contains { name.hasPrefix($0) } || suffixes.contains { name.hasSuffix($0) }
        }
        let bytes = name.utf8
        return prefixes.contains { bytes.starts(with: $0.utf8) }
            || suffixes.contains { bytes.suffix($0.utf8.count).elementsEqual($0.utf8) }
    }

    /// Whether any of `names` is one of the words.
    func matchesAny(of names: Set<String>) -> Bool {
        !names.isDisjoint(with: words) || (!(prefixes.isEmpty && suffixes.isEmpty) && names.contains(where: matches))
    }

    /// These words and `other`'s.
    func union(_ other: SourceWords) -> SourceWords {
        SourceWords(
            words: words.union(other.words), prefixes: prefixes + other.prefixes, suffixes: suffixes + other.suffixes)
    }
}
