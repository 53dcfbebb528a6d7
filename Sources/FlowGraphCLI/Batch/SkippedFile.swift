/// A file under a batch's input folders that the batch does not render, and why; listed, never silent.
struct SkippedFile: Codable, Hashable, Sendable {
    /// The file as found, e.g. `Samples/link.json` (a name that is not UTF-8 shows its bad bytes as `�`).
    var path: String
    /// Why it is not rendered.
    var reason: String
    /// Whether it is a plan that could not be read (the batch then fails) rather than one left out on purpose.
    var isFailure: Bool
}
