// FlowGraph's positioned JSON parser: any bytes; what it accepts re-renders to JSON that parses the same.
import FlowModel
import FuzzSupport

runFuzzer { bytes in
    let value: JSONValue
    do throws(InputError) {
        value = try JSONValue.parse(bytes: bytes)
    } catch {
        let position = error.position ?? SourcePosition(line: 0, column: 0)
        fuzzCheck(position.line >= 1 && position.column >= 1, "position \(position) not 1-based")
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
