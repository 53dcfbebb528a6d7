import Testing

@testable import FlowSource

/// A file's names are matched against the libraries' words by whole word, beginning and ending.
@Suite struct SourceWordsTests {
    static let words = SourceWords(
        words: ["FlowStack"], prefixes: ["dismiss", "router"], suffixes: ["Router", "Path"])

    /// Names are matched by whole word, beginning or ending, the same whether ASCII or not.
    @Test(arguments: [
        ("FlowStack", true), ("FlowStacks", false), ("dismissLastScreen", true), ("dismiss", true), ("dismis", false),
        ("mainRouter", true), ("Router", true), ("outer", false), ("routerBox", true), ("navPath", true),
        ("Pat", false), ("", false), ("dismissÉcran", true), ("écranRouter", true), ("Routér", false),
        ("cheminPath", true), ("dismis\u{301}s", false),
    ])
    func namesMatchByWordBeginningOrEnding(name: String, matches: Bool) {
        #expect(Self.words.matches(name) == matches, "\(name)")
        let byText =
            Self.words.words.contains(name) || Self.words.prefixes.contains { name.hasPrefix($0) }
            || Self.words.suffixes.contains { name.hasSuffix($0) }
        #expect(Self.words.matches(name) == byText, "\(name)")
    }
}
