import FlowModel
import Testing

@testable import FlowSource

/// How the scan parses an app's files (``SwiftSourceIndex``).
@Suite struct SwiftSourceIndexTests {
    /// A space between an attribute and its arguments is an error in the Swift 6 language mode but a warning in
    /// Swift 5's, where most apps build (taylorcovington/macroflex-ios writes `@Environment (\.dismiss)`): the
    /// file is read, its dismiss found. Was: "not valid Swift: extraneous whitespace before '(' is not
    /// permitted", and no map of the whole app.
    @Test func whatSwift5OnlyWarnsOfIsRead() throws {
        let source = #"""
            import SwiftUI

            struct Lobby: View {
                @State private var path: [Int] = []
                var body: some View {
                    NavigationStack(path: $path) {
                        Button("Go") { path.append(1) }
                            .navigationDestination(for: Int.self) { _ in Room() }
                    }
                }
            }

            struct Room: View {
                @Environment (\.dismiss) private var dismiss
                var body: some View { Button("Leave") { dismiss() } }
            }
            """#
        let scan = try scanned([("Lobby.swift", source)])
        #expect(
            scan.edgeLines.contains { $0.hasPrefix("Int → ∅: dismiss dismiss() at Lobby.swift:15") },
            "\(scan.edgeLines)")
        #expect(scan.problemLines.isEmpty, "\(scan.problemLines)")
    }

    /// What no language mode accepts is still a located error for the whole scan.
    @Test func whatNoLanguageModeAcceptsIsAnError() {
        #expect {
            try scanned([("Broken.swift", "struct A {\n    func f( {\n}\n")])
        } throws: { error in
            "\(error)".contains("Broken.swift:2:") && "\(error)".contains("not valid Swift")
        }
    }
}
