import FlowGraphTestSupport
import FlowModel
import Foundation
import Testing

@testable import FlowSource

/// Trees shared between scans of one process (``ParseMemo``): a text parsed once gives every later scan of it
/// the same navigation, named by the path that scan is given, and a changed text is parsed again.
@Suite struct ParseMemoTests {
    static func json(_ files: [(path: String, text: String)], memo: ParseMemo?) throws -> String {
        try SourceScanner.scan(files, memo: memo).json().rendered(.pretty)
    }

    @Test func aSecondScanOfTheSameTextsParsesNothingAndFindsTheSame() throws {
        for sample in ["Samples/FlowStacksApp", "Samples/SwiftUIFerryApp", "Tests/ScanFixtures/NativePresentations"] {
            let files = try ParseSelectionTests.files(under: sample)
            let fresh = try Self.json(files, memo: nil)
            let memo = ParseMemo()
            #expect(try Self.json(files, memo: memo) == fresh, "\(sample)")
            #expect(memo.parsesSpared == 0)
            #expect(try Self.json(files, memo: memo) == fresh, "\(sample)")
            #expect(memo.parsesSpared > 0, "\(sample)")
        }
    }

    @Test func aTreeKeptForOnePathNamesTheOtherPathWhereItIsFound() throws {
        let files = try ParseSelectionTests.files(under: "Samples/FlowStacksApp")
        let moved = files.map { ("Moved/" + $0.path, $0.text) }
        let memo = ParseMemo()
        _ = try Self.json(files, memo: memo)
        let reused = try Self.json(moved, memo: memo)
        #expect(reused == (try Self.json(moved, memo: nil)))
        #expect(reused.contains("Moved/Samples/FlowStacksApp/"))
    }

    @Test func aChangedTextIsParsedAgain() throws {
        let before = [("App.swift", "struct A: View { var body: some View { Text(\"a\") } }")]
        let memo = ParseMemo()
        #expect(throws: Never.self) { try Self.json(before, memo: memo) }
        let broken = [("App.swift", "struct A: View { var body: some View { NavigationLink( } }")]
        #expect(throws: FlowGraphError.self) { try Self.json(broken, memo: memo) }
        #expect(throws: FlowGraphError.self) { try Self.json(broken, memo: memo) }
    }
}
