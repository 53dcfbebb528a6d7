import Testing

@testable import FlowSource

/// The text helpers every step of a scan reads names with.
@Suite struct SyntaxHelpersTests {
    /// `lastDotPart` is the last part between dots, as splitting on dots gives it, without splitting.
    @Test(arguments: [
        "router", "viewModel.router", "self.viewModel.path", "App.Router", "a..b", "trailing.", "trailing..",
        ".leading", "...", ".", "", "é.ü", "naïve.café.latte",
    ])
    func lastDotPartIsTheLastPartBetweenDots(text: String) {
        let split = text.split(separator: ".").last.map(String.init) ?? text
        #expect(text.lastDotPart == split)
    }

    /// `startsUppercase` answers as `first?.isUppercase` does, ASCII or not.
    @Test(arguments: ["Text", "text", "", "_Private", "Ärger", "ärger", "Σ", "1View", "`Type`"])
    func startsUppercaseIsTheFirstCharactersCase(text: String) {
        #expect(text.startsUppercase == (text.first?.isUppercase == true))
    }

    /// A type as written is looked up by its simple name: no optionals, generic arguments or scopes.
    @Test func simpleNamesDropOptionalsGenericsAndScopes() {
        #expect(SwiftSourceIndex.simpleName(of: "Router") == "Router")
        #expect(SwiftSourceIndex.simpleName(of: "App.Router<Screen>?") == "Router")
        #expect(SwiftSourceIndex.simpleName(of: " Router! ") == "Router")
        #expect(SwiftSourceIndex.typePath(of: "App.Router<Screen>") == "App.Router")
    }
}
