import FlowGraphTestSupport
import FlowModel
import Foundation
import Testing

@testable import FlowSource

/// Scans Swift files given as (path, text) in-process, as `flowgraph scan` does.
func scanned(_ files: [(path: String, text: String)]) throws -> SourceScan {
    try SourceScanner.scan(files)
}

/// Scans one fixture file of the repository (`Tests/ScanFixtures/…`) in-process, named by its path.
func scannedFixture(_ path: String) throws -> SourceScan {
    let source = try String(contentsOf: RepositoryFolders.root.appendingPathComponent(path), encoding: .utf8)
    return try scanned([(path, source)])
}

extension SourceScan {
    /// The name a user reads for a screen's or an entry's id.
    func name(_ id: String?) -> String {
        guard let id else { return "∅" }
        return map.screens.first { $0.id == id }?.name ?? map.entries.first { $0.id == id }?.name ?? id
    }

    /// Each call as the map says it: `shelf → loaf: push routes.push(.loaf(name: name)) at Bakery.swift:14:9`;
    /// a call back (`to` none) reads `loaf → ∅: back navigator.goBack() at …`.
    var edgeLines: [String] {
        map.edges.map {
            "\(name($0.from)) → \(name($0.to)): \($0.style.rawValue) \($0.call) at \($0.location.description)"
        }
    }

    /// Each call as ``edgeLines`` says it, without its location: `shelf → loaf: push routes.push(.loaf(name: name))`.
    var edgeCalls: [String] { edgeLines.map { $0.components(separatedBy: " at ").first ?? $0 } }

    /// Each screen as the map says it: `loaf: LoafView at Bakery.swift:7:14` (`-` when no view is known).
    var screenLines: [String] {
        map.screens.map { "\($0.name): \($0.view ?? "-")" }
    }

    /// Each problem as `flowgraph scan` prints it: `Kiln.swift:39:44: cannot follow: …`.
    var problemLines: [String] { map.problems.map(\.description) }
}
