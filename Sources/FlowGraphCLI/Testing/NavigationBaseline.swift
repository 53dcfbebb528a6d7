import FlowGraph
import FlowModel
import FlowSource
import Foundation

/// A baseline committed beside a test: the navigation `scan` read from an app's source, or the steps a plan
/// plays, and how they compare now. FlowGraphTesting's assertions report what ``compare(_:in:with:record:)``
/// finds to Swift Testing or XCTest.
public enum NavigationBaseline {
    /// What is compared with a baseline.
    public enum Subject: Sendable, Equatable {
        /// The navigation map and plans `scan` reads from these files and folders.
        case scan([String])
        /// The steps the plan file plays, as `flowgraph steps` prints them.
        case steps(String)
    }

    /// How the subject compares with its baseline.
    public enum Outcome: Sendable, Equatable {
        /// The same navigation (a line moved is the same call).
        case matches
        /// There was no baseline (or recording was asked for): it was written; the message says where.
        case recorded(String)
        /// The navigation changed: the report, as `flowgraph diff` words it.
        case changed(String)
    }

    /// Compares `subject`, its paths relative to the package folder `root`, with the baseline file at
    /// `baseline`, writing the baseline instead when there is none or `record` is set. An error reading the
    /// source or the plan, or a baseline that is not one, is thrown with its file and position.
    public static func compare(_ subject: Subject, in root: URL, with baseline: URL, record: Bool) throws
        -> Outcome
    {
        let prefix = root.standardizedFileURL.path + "/"
        do {
            return try compare(subject, prefix: prefix, with: baseline, record: record)
        } catch let error as FlowGraphError {
            throw error.relabelled(prefix, as: "")
        }
    }

    /// ``compare(_:in:with:record:)`` with the package folder as the prefix of its paths.
    private static func compare(_ subject: Subject, prefix: String, with baseline: URL, record: Bool) throws
        -> Outcome
    {
        let shown = baseline.path.hasPrefix(prefix) ? String(baseline.path.dropFirst(prefix.count)) : baseline.path
        switch subject {
        case .scan(let paths):
            let current = try Snapshot(scanning: paths, prefix: prefix)
            return try check(try current.encoded(), baseline: baseline, shown: shown, record: record) { before in
                let base = DiffSide(scan: try Snapshot.decoded(before, file: shown).scan, limits: Limits())
                let report = DiffReport(
                    base: base, head: DiffSide(scan: try current.scan, limits: Limits()), baseName: "baseline",
                    headName: "now")
                return report.isEmpty ? nil : "navigation changed since \(shown):\n" + report.text
            }
        case .steps(let plan):
            let now = Data(try stepsText(plan, prefix: prefix).utf8)
            return try check(now, baseline: baseline, shown: shown, record: record) { before in
                let lines = LineChanges(String(decoding: before, as: UTF8.self), String(decoding: now, as: UTF8.self))
                return "the steps of \(plan) changed since \(shown):\n" + lines.text
            }
        }
    }

    /// `now` against the baseline's bytes: recorded when there are none (or `record`), a match when they are
    /// the same, else what `changes` says of the baseline's bytes (`nil`: the same navigation).
    private static func check(
        _ now: Data, baseline: URL, shown: String, record: Bool, changes: (Data) throws -> String?
    ) throws -> Outcome {
        guard !record, let before = FileManager.default.contents(atPath: baseline.path) else {
            try AtomicFiles.write([(baseline.path, now)])
            return .recorded(
                "recorded the baseline \(shown): commit it; the next run compares the navigation with it")
        }
        if before == now { return .matches }
        return try changes(before).map(Outcome.changed) ?? .matches
    }

    /// The steps of a plan file as `flowgraph steps` prints them, its paths relative to the package.
    static func stepsText(_ plan: String, prefix: String) throws -> String {
        let path = plan.hasPrefix("/") ? plan : prefix + plan
        let played = try PlanJob.run(
            PlanRequest(limits: Limits(), rules: RuleChoice()), source: .file(path, origin: .named))
        return StepsReport.text(played.run).replacingOccurrences(of: prefix, with: "")
    }
}

/// A scan as a baseline holds it: the map and each plan, files named relative to the package.
struct Snapshot: Codable {
    /// A plan found in a function; its plan file's JSON as text.
    struct Plan: Codable {
        var name: String
        var location: NavigationMap.Location
        var isDeepLink: Bool
        var linkCase: String?
        var plan: String
    }

    /// What wrote it, so that a file of another kind is told apart.
    var flowgraph = "navigation baseline 1"
    /// The files and folders scanned, relative to the package.
    var sources: [String]
    /// The map.
    var map: NavigationMap
    /// The plans.
    var plans: [Plan]

    /// Scans `paths` (relative to the package folder `prefix` names, with its `/`).
    init(scanning paths: [String], prefix: String) throws {
        var warnings: [Diagnostic] = []
        let scan = try ScanCommand.scanSources(
            paths.map { $0.hasPrefix("/") ? $0 : prefix + $0 }, limits: Limits(), warnings: &warnings)
        sources = paths
        map = scan.map.relabelled(prefix, as: "")
        plans = scan.plans.map { found in
            var location = found.location
            if location.file.hasPrefix(prefix) { location.file.removeFirst(prefix.count) }
            return Plan(
                name: found.name, location: location, isDeepLink: found.isDeepLink, linkCase: found.linkCase,
                plan: found.plan.rendered(.compact).replacingOccurrences(of: prefix, with: ""))
        }
    }

    /// The scan it holds, for comparing.
    var scan: SourceScan {
        get throws {
            SourceScan(
                map: map,
                plans: try plans.map {
                    ScannedPlan(
                        name: $0.name, location: $0.location, plan: try JSONValue.parse($0.plan),
                        isDeepLink: $0.isDeepLink, linkCase: $0.linkCase)
                })
        }
    }

    /// The baseline's bytes: sorted keys, two-space indents, short arrays on one line, each plan as the JSON
    /// of its plan file (not a string of it), one newline at the end.
    func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let tree = try JSONValue.parse(bytes: Array(try encoder.encode(self)))
        return Data(
            (try Self.plans(in: tree) { try JSONValue.parse($0.stringValue ?? "") }.rendered(.pretty) + "\n").utf8)
    }

    /// Reads a baseline, or says why `file` is not one.
    static func decoded(_ data: Data, file: String) throws -> Snapshot {
        do {
            let tree = try JSONValue.parse(bytes: Array(data))
            let flat = plans(in: tree) { .string($0.rendered(.compact)) }
            return try JSONDecoder().decode(Snapshot.self, from: Data(flat.rendered(.compact).utf8))
        } catch {
            throw FlowGraphError(
                file: file,
                message: "not a navigation baseline (\(error)); delete it to record it again")
        }
    }

    /// `tree` with the `plan` member of each of its `plans` changed by `change`.
    private static func plans(in tree: JSONValue, _ change: (JSONValue) throws -> JSONValue) rethrows -> JSONValue {
        guard case .object(var members) = tree.kind,
            let index = members.firstIndex(where: { $0.key == "plans" }),
            case .array(let plans) = members[index].value.kind
        else { return tree }
        members[index].value = .array(
            try plans.map { plan in
                guard case .object(var fields) = plan.kind, let at = fields.firstIndex(where: { $0.key == "plan" })
                else { return plan }
                fields[at].value = try change(fields[at].value)
                return JSONValue(.object(fields))
            })
        return JSONValue(.object(members))
    }
}

/// The lines two texts do not share, in order: `- was` and `+ now`, the shared lines left out.
struct LineChanges {
    /// `- LINE` and `+ LINE`.
    var lines: [String] = []

    /// Compares the lines of `was` with those of `now` by their longest common run.
    init(_ was: String, _ now: String) {
        let old = was.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let new = now.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // Past a few million pairs every line is listed as changed (``CommonRun/maximumPairs``).
        for step in CommonRun.steps(old, new, removalsFirst: false) {
            switch step {
            case .kept: continue
            case .added(let j): lines.append("+ " + new[j])
            case .removed(let i): lines.append("- " + old[i])
            }
        }
    }

    /// One change a line.
    var text: String { lines.joined(separator: "\n") + "\n" }
}
