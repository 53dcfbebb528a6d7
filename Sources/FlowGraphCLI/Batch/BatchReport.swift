import FlowSource
import Foundation

/// The JSON report of a batch (`--report FILE`): every plan's outputs, time and errors, and the totals.
struct BatchReport: Codable, Sendable {
    /// Totals.
    struct Counts: Codable, Sendable {
        /// Plans in this run (this shard's, with `--shard`).
        var plans: Int
        /// Plans rendered (or compared, with `--check`).
        var rendered: Int
        /// Plans that failed.
        var failed: Int
        /// Plans not started because the batch was interrupted.
        var skipped: Int
        /// Files written (or compared).
        var files: Int
    }

    /// One plan.
    struct Plan: Codable, Sendable {
        /// The plan file.
        var plan: String
        /// Its path below its input folder, mirrored into the output folder.
        var relativePath: String
        /// `rendered`, `failed` or `skipped`.
        var status: PlanOutcome.Status
        /// Its title.
        var title: String?
        /// Seconds its worker spent on it.
        var seconds: Double?
        /// Its files.
        var outputs: [WorkerReply.Output]
        /// Why it failed.
        var errors: [String]
    }

    /// With `--check`: the files that differ from what the plans render.
    struct Differences: Codable, Sendable {
        /// Files whose bytes differ.
        var stale: [String]
        /// Files that should exist but do not.
        var missing: [String]
        /// Files in the output folder that no plan renders.
        var extra: [String]

        /// Whether there is no difference.
        var isEmpty: Bool { stale.isEmpty && missing.isEmpty && extra.isEmpty }
    }

    /// Whether this was a `--check` run.
    var check: Bool
    /// The output folder.
    var outputFolder: String
    /// The formats rendered.
    var formats: [String]
    /// `I/N` with `--shard`.
    var shard: String?
    /// The most workers running at once (`-j`).
    var workers: Int
    /// Worker processes started in all (replacements and recycled ones included).
    var workerProcessesStarted: Int
    /// The largest peak resident memory of any worker, in bytes.
    var peakWorkerMemoryBytes: Int
    /// Wall-clock seconds for the whole batch.
    var seconds: Double
    /// Whether SIGINT or SIGTERM stopped the batch early.
    var interrupted: Bool
    /// Totals.
    var counts: Counts
    /// The gallery files written (or compared).
    var gallery: [String]
    /// Differences found by `--check`.
    var differences: Differences?
    /// Every plan, in sorted order.
    var plans: [Plan]
    /// Files under the input folders that were not rendered (links outside them, unreadable names…), with why.
    var notRendered: [SourceFiles.NotRead] = []

    /// The report as pretty-printed JSON with sorted keys.
    func encoded() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? encoder.encode(self)) ?? Data("{}".utf8)) + Data("\n".utf8)
    }
}
