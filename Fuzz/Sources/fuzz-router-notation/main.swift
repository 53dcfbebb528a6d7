// SwiftfulRouting and swiftui-navigation-stack call notation: router calls, destinations, view-stack calls
// and transitions.
import FlowModel
import FuzzSupport

func check(_ error: InputError, in text: String) {
    fuzzCheck((0...text.unicodeScalars.count).contains(error.offset), "offset \(error.offset) outside the text")
    checkError(FlowGraphError(diagnostics: [error.diagnostic(in: text, file: "plan.json")]), inputSize: text.utf8.count)
}

runFuzzer { bytes in
    guard let text = utf8Text(bytes) else { return }
    do throws(InputError) { _ = try RouterAction(notation: text) } catch { check(error, in: text) }
    do throws(InputError) { _ = try Destination(notation: text) } catch { check(error, in: text) }
    do throws(InputError) { _ = try ViewStackCall(notation: text) } catch { check(error, in: text) }
    do throws(InputError) { _ = try NavigationTransition(notation: text) } catch { check(error, in: text) }
}
