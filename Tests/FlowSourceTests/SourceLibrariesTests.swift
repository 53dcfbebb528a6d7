import FlowModel
import Testing

@testable import FlowSource

/// The scanner's registry of libraries: what `flowgraph scan` recognises is one conformance per library.
@Suite struct SourceLibrariesTests {
    /// Every library FlowGraph models is recognised in source by exactly one conformance, so a library added
    /// to ``Library`` without one (or listed twice) fails here rather than scanning as nothing.
    @Test func everyLibraryHasOneSourceConformance() {
        let listed = SourceLibraries.all.map(\.library)
        #expect(
            listed.sorted { $0.rawValue < $1.rawValue } == Library.allCases.sorted { $0.rawValue < $1.rawValue })
        #expect(Set(listed).count == listed.count)
    }
}
