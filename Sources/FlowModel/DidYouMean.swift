/// "Did you mean …?": the one place FlowGraph finds the name a misspelt one was meant to be.
///
/// Plan keys, action and router call names, coordinator names, limit names, and the CLI's commands and
/// options all suggest through it, so they agree on what counts as a typo.
package enum DidYouMean {
    /// The candidate closest to `name` by edit distance (letter case ignored, a swap of neighbours one edit),
    /// if it is close enough to be a likely typo: at most `max(tolerance, name.count / 3)` edits away.
    public static func closest(to name: String, among candidates: [String], tolerance: Int = 1) -> String? {
        // A name far longer than every candidate is no typo of one; skipping it keeps the table small.
        let longest = candidates.map(\.count).max() ?? 0
        guard !name.isEmpty, name.utf8.count <= 2 * longest + 8 else { return nil }
        let scored = candidates.map { ($0, editDistance(name.lowercased(), $0.lowercased())) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(tolerance, name.count / 3) else {
            return nil
        }
        return best.0
    }

    /// ` (did you mean 'CANDIDATE'?)` for the closest candidate, or an empty string when none is close.
    public static func hint(for name: String, among candidates: [String]) -> String {
        closest(to: name, among: candidates).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// The edit distance between two strings by characters, counting a swap of neighbours as one edit.
    static func editDistance(_ lhs: String, _ rhs: String) -> Int {
        let left = Array(lhs)
        let right = Array(rhs)
        guard !left.isEmpty else { return right.count }
        guard !right.isEmpty else { return left.count }
        var table = Array(repeating: Array(repeating: 0, count: right.count + 1), count: left.count + 1)
        for i in 0...left.count { table[i][0] = i }
        for j in 0...right.count { table[0][j] = j }
        for i in 1...left.count {
            for j in 1...right.count {
                let cost = left[i - 1] == right[j - 1] ? 0 : 1
                table[i][j] = Swift.min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, left[i - 1] == right[j - 2], left[i - 2] == right[j - 1] {
                    table[i][j] = Swift.min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[left.count][right.count]
    }
}
