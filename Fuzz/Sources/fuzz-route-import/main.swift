// Route lists as apps encode them: typed routes ([Route<Screen>] Codable), FlowPath codable JSON, notation
// text; plus the Swift type-name demangler FlowPath needs.
import FlowModel
import FuzzSupport

runFuzzer { bytes in
    do throws(FlowGraphError) {
        let result = try RouteImport.read(bytes: bytes, file: "routes.json")
        checkNotationRoundTrip(result.routes)
    } catch {
        checkError(error, inputSize: bytes.count)
    }
    guard let text = utf8Text(bytes) else { return }
    do throws(FlowGraphError) {
        checkNotationRoundTrip(try RouteImport.argument(text, source: "--from"))
    } catch {
        checkError(error, inputSize: bytes.count)
    }
    let type = SwiftTypeName(mangled: text)
    fuzzCheck(type.mangled == text, "the type name lost its mangled text")
}
