import FlowModel
import Testing

/// One error shape for everything FlowModel reads, and one "did you mean" for every misspelt name.
@Suite struct InputErrorTests {
    /// The error `body` throws; fails the test when it throws none.
    func caught<T>(_ body: () throws(InputError) -> T, sourceLocation: SourceLocation = #_sourceLocation)
        throws -> InputError
    {
        do {
            _ = try body()
        } catch {
            return error
        }
        Issue.record("no error thrown", sourceLocation: sourceLocation)
        throw InputError("no error thrown")
    }

    @Test func notationErrorsPointAtTheScalarAtFault() throws {
        let text = "[.push(A),\n .shet(B)]"
        let error = try caught { () throws(InputError) in try RouteNotation.parseList(text) }
        guard case .offset = error.location else {
            Issue.record("notation errors carry a scalar offset, not \(error.location)")
            return
        }
        let diagnostic = error.diagnostic(in: text, file: "--from")
        #expect(diagnostic.position?.line == 2)
        #expect(diagnostic.description.hasPrefix("--from:2:"))
    }

    @Test func jsonErrorsCarryLineAndColumn() throws {
        let error = try caught { () throws(InputError) in try JSONValue.parse("{\n  \"a\": tru\n}") }
        let position = try #require(error.position)
        #expect(position.line == 2)
        #expect(error.description == "\(position): \(error.message)")
        #expect(error.diagnostic(file: "p.json").description.hasPrefix("p.json:2:"))
    }

    @Test func deepLinkErrorsAreTheSameShape() throws {
        let error = try caught { () throws(InputError) in try DeepLinkURL("app://n/%zz") }
        #expect(error == InputError(offset: 8, message: error.message))
        #expect(error.message.contains("%zz"))
    }

    @Test func anErrorAboutTheWholeInputHasNoPosition() {
        let error = InputError("the screen queue is empty")
        #expect(error.location == .whole)
        #expect(error.position == nil)
        #expect(
            error.diagnostic(in: "router.tryShowNextScreen()", file: "p.json").description
                == "p.json: the screen queue is empty")
    }

    @Test func didYouMeanFindsTyposOnly() {
        #expect(DidYouMean.closest(to: "pushh", among: ["push", "pop", "dismiss"]) == "push")
        // A swap of neighbours is one edit; letter case is ignored.
        #expect(DidYouMean.closest(to: "DIMSISS", among: ["push", "pop", "dismiss"]) == "dismiss")
        #expect(DidYouMean.closest(to: "teleport", among: ["push", "pop", "dismiss"]) == nil)
        // Short names (commands, options) may take a wider tolerance.
        #expect(DidYouMean.closest(to: "rndr", among: ["render", "steps"]) == nil)
        #expect(DidYouMean.closest(to: "rndr", among: ["render", "steps"], tolerance: 2) == "render")
        #expect(DidYouMean.hint(for: "popp", among: ["pop", "push"]) == " (did you mean 'pop'?)")
        #expect(DidYouMean.hint(for: "zzzzzz", among: ["pop", "push"]) == "")
    }
}
