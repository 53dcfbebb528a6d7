internal import SwiftSyntax

/// The navigation libraries `flowgraph scan` recognises, listed once: a new library is one ``SourceLibrary``
/// conformance added to ``all`` and no edit elsewhere in FlowSource.
enum SourceLibraries {
    /// Every conformance, in the order their stacks are looked for and their problems listed.
    static let all: [any SourceLibrary] = [
        FlowStacksSource(), SwiftfulRoutingSource(), NavigationStackSource(), SwiftUISource(),
    ]

    /// The words that make a file one a scan parses: every library's, and SwiftUI's navigation and deep-link
    /// calls the recogniser reads.
    static let seedWords: SourceWords = all.reduce(SourceWords(words: NavigationRecognizer.swiftUIWords)) {
        $0.union($1.sourceWords)
    }

    /// The conformance whose stack `call`, named `name`, makes, if any.
    static func stackMaker(_ call: FunctionCallExprSyntax, named name: String) -> (any SourceLibrary)? {
        all.first { $0.makesStack(call, named: name) }
    }
}
