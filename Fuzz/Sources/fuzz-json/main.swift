// FlowGraph's positioned JSON parser: any bytes; what it accepts re-renders to JSON that parses the same.
import FlowModel
import FuzzSupport

runFuzzer { bytes in
    let value: JSONValue
    do throws(JSONSyntaxError) {
        value = try JSONValue.parse(bytes: bytes)
    } catch {
        fuzzCheck(error.position.line >= 1 && error.position.column >= 1, "position \(error.position) not 1-based")
        checkError(FlowGraphError(diagnostics: [error.diagnostic(file: "in.json")]), inputSize: bytes.count)
        return
    }
    let compact = value.rendered(.compact)
    let pretty = value.rendered(.pretty)
    for text in [compact, pretty] {
        let again = try? JSONValue.parse(text)
        fuzzCheck(again?.rendered(.compact) == compact, "rendered JSON \(text.debugDescription) does not read back")
    }
}
