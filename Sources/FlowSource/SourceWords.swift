/// The words a navigation library's code is written with, as ``ParseSelection`` looks for them in a file's
/// names: whole words (`FlowStack`, `showScreen`), and the beginnings and endings the recognisers match names by
/// (`dismiss…` for every router dismiss call, `…Router` for a router type of the app's own).
struct SourceWords: Sendable {
    /// Whole words.
    var words: Set<String> = []
    /// Beginnings: a name that starts with one of these is a word (`dismissLastScreen`).
    var prefixes: [String] = []
    /// Endings: a name that ends with one of these is a word (`mainRouter`).
    var suffixes: [String] = []

    /// Whether `name` is one of the words.
    func matches(_ name: String) -> Bool {
        words.contains(name) || prefixes.contains { name.hasPrefix($0) } || suffixes.contains { name.hasSuffix($0) }
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
