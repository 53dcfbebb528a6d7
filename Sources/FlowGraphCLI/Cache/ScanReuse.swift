import FlowSource

/// What a scan may take from work done before: the trees of texts parsed earlier in this process, and scans
/// kept on disk by an earlier run.
struct ScanReuse: Sendable {
    /// Trees this process parsed before (the two sides of a `diff`).
    var parses: ParseMemo?
    /// Scans kept on disk (`scan`, `docc`); `nil` under `--no-cache`.
    var cache: ScanCache?

    /// Nothing reused: every file parsed, nothing kept.
    static let nothing = ScanReuse()
}
