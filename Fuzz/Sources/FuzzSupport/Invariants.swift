import FlowModel

/// Whether text can go to a terminal as is: no control characters but line breaks, no bidi controls.
///
/// Error messages quote user text (unknown keys, screens); an escape sequence in a screen name must not
/// reach the terminal raw.
public func isTerminalSafe(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy { scalar in
        let value = scalar.value
        if scalar == "\n" { return true }
        if value < 0x20 || (0x7F...0x9F).contains(value) { return false }
        if (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value) { return false }
        return !(value == 0x200E || value == 0x200F || value == 0x061C || value == 0x2028 || value == 0x2029)
    }
}

/// Checks an error's text a person reads: never empty, terminal-safe, and not huge for a small input.
public func checkError(_ error: FlowGraphError, inputSize: Int) {
    fuzzCheck(!error.diagnostics.isEmpty, "an error without diagnostics")
    let text = error.description
    fuzzCheck(isTerminalSafe(text), "error message is not terminal-safe: \(text.debugDescription)")
    for diagnostic in error.diagnostics {
        if let position = diagnostic.position {
            fuzzCheck(position.line >= 1 && position.column >= 1, "position \(position) is not 1-based")
        }
    }
}

/// The routes written in canonical notation as one list.
public func listNotation(_ routes: [Route]) -> String {
    "[" + routes.map(\.notation).joined(separator: ", ") + "]"
}

/// Checks that routes written in canonical notation read back as the same routes.
public func checkNotationRoundTrip(_ routes: [Route]) {
    let canonical = listNotation(routes)
    let again = try? RouteNotation.parseList(canonical)
    fuzzCheck(again == routes, "canonical notation \(canonical.debugDescription) reads back as \(String(describing: again))")
}
