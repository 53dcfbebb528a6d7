import FlowModel
import FlowSource
import Foundation
import Testing

@testable import FlowGraphCLI

/// What the batch's folder listing finds, called in-process.
@Suite struct PlanCatalogTests {
    /// Two plans whose names differ only in case write one file on macOS' default file system, so a batch
    /// refuses them; `check` writes nothing, so with no output folder it lists both (it used to borrow the
    /// batch's rule through a made-up folder and fail naming `/dev/null/flowgraph-check`).
    @Test func withNoOutputFolderPlansOfOneNameInTwoCasesAreBothListed() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        for name in ["Case.json", "case.json"] {
            try folder.write(name, #"{"root": "Home", "actions": ["push(Detail)"]}"#)
        }
        var skipped: [SourceFiles.NotRead] = []
        let listed = try PlanCatalog.plans(in: [folder.url.path], outputFolder: nil, skipped: &skipped)
        #expect(listed.map(\.relativePath) == ["Case.json", "case.json"])
        #expect(skipped.isEmpty)
        #expect(throws: FlowGraphError.self) {
            try PlanCatalog.plans(in: [folder.url.path], outputFolder: folder.url.appendingPathComponent("out").path)
        }
    }
}
