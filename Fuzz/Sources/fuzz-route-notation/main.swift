// Route notation: `.push(A), .sheet(B, withNavigation: true)`, single routes, screen expressions.
import FlowModel
import FuzzSupport

runFuzzer { bytes in
    guard let text = utf8Text(bytes) else { return }
    do throws(InputError) {
        let routes = try RouteNotation.parseList(text)
        checkNotationRoundTrip(routes)
    } catch {
        fuzzCheck((0...text.unicodeScalars.count).contains(error.offset), "offset \(error.offset) outside the text")
        checkError(FlowGraphError(diagnostics: [error.diagnostic(in: text, file: "--from")]), inputSize: bytes.count)
    }
    if let route = try? RouteNotation.parseRoute(text) {
        checkNotationRoundTrip([route])
    }
    // Any text is a screen label whose notation reads back as itself.
    let notation = RouteNotation.screenNotation(text)
    let label = try? RouteNotation.screenLabel(notation)
    fuzzCheck(label == text, "screen notation \(notation.debugDescription) reads back as \(label.debugDescription)")
}
