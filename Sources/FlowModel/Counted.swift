/// `1 screen`, `3 screens`: a count and its noun, plural unless the count is one (nouns that add an `s`).
public func counted(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
}
