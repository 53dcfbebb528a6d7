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

    @Test func twoScansAtOnceParseEachSharedTextOnce() throws {
        let files = try ParseSelectionTests.files(under: "Samples/FlowStacksApp")
        let fresh = try Self.json(files, memo: nil)
        let one = ParseMemo()
        _ = try Self.json(files, memo: one)
        _ = try Self.json(files, memo: one)
        let parsed = one.parsesSpared
        let both = ParseMemo()
        let results = Results()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            results.store(index, (try? Self.json(files, memo: both)) ?? "failed")
        }
        #expect(results.all == [fresh, fresh])
        // One scan parsed each text; the other waited for those parses (or found them kept).
        #expect(both.parsesSpared == parsed)
    }

    /// What two threads computed.
    final class Results: @unchecked Sendable {
        private let lock = NSLock()
        private var values = ["", ""]
        func store(_ index: Int, _ value: String) { lock.withLock { values[index] = value } }
        var all: [String] { lock.withLock { values } }
    }

    /// Texts are keys by their bytes: the same bytes are one key, and texts that differ only in how they
    /// encode a character (`é` as one scalar or as `e` and a combining accent) are two, each parsed.
    @Test func textsAreTheSameKeyOnlyWhenTheirBytesAre() {
        let text = "struct Café: View {}"
        #expect(TextKey(text) == TextKey(String(decoding: Array(text.utf8), as: UTF8.self)))
        #expect(TextKey(text) != TextKey("struct Cafe\u{301}: View {}"))
        #expect(text == "struct Cafe\u{301}: View {}")
        #expect(TextKey(text) != TextKey("struct Cafx: View {}"))
        #expect(Set([TextKey(text), TextKey(String(decoding: Array(text.utf8), as: UTF8.self))]).count == 1)
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
