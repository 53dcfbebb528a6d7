import Foundation
import Testing

/// Every output of a SwiftfulRouting or swiftui-navigation-stack plan speaks that library's notation, never
/// FlowStacks': no `withNavigation`, no `.cover(`; ids as the library writes them (`id:`, `withId:`).
@Suite struct LibraryNotationEndToEndTests {
    /// The samples written for the two sibling libraries, by file name.
    static let librarySamples: [String] = {
        let folder = BuiltBinary.packageRoot.appendingPathComponent("Samples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix("swiftfulrouting-") || $0.hasPrefix("navigationstack-") }.sorted()
    }()

    /// FlowStacks' words that must not appear in another library's output.
    static let flowStacksNotation = ["withNavigation", ".cover("]

    /// What the library's own code would write, found in at least one sample's output.
    static func expectNoFlowStacksNotation(_ text: String, in what: String) {
        for word in flowStacksNotation {
            let lines = text.split(separator: "\n").filter { $0.contains(word) }
            #expect(lines.isEmpty, "\(what) says \(word): \(lines.prefix(3))")
        }
    }

    @Test func theSamplesCoverBothLibraries() {
        #expect(Self.librarySamples.contains { $0.hasPrefix("swiftfulrouting-") })
        #expect(Self.librarySamples.contains { $0.hasPrefix("navigationstack-") })
    }

    @Test(arguments: librarySamples)
    func stepsSpeakTheLibrarysNotation(sample: String) throws {
        let path = "Samples/" + sample
        let text = try BuiltBinary.run(["steps", path], in: BuiltBinary.packageRoot)
        #expect(text.status == 0, "\(text.standardError)")
        Self.expectNoFlowStacksNotation(text.standardOutput, in: "steps \(sample)")
        #expect(!text.standardOutput.contains("(with navigation)"), "\(text.standardOutput)")
        let json = try BuiltBinary.run(["steps", path, "--json"], in: BuiltBinary.packageRoot)
        #expect(json.status == 0, "\(json.standardError)")
        Self.expectNoFlowStacksNotation(json.standardOutput, in: "steps --json \(sample)")
    }

    @Test func idsAndCoversAreWrittenAsTheLibraryWritesThem() throws {
        let queue = try BuiltBinary.run(
            ["steps", "Samples/swiftfulrouting-onboarding-queue.json", "--json"], in: BuiltBinary.packageRoot)
        #expect(queue.standardOutput.contains(#"".fullScreenCover(OnboardingIntro(), id: \"onboarding\")""#))
        let pushView = try BuiltBinary.run(
            ["steps", "Samples/navigationstack-readme-pushview.json", "--json"], in: BuiltBinary.packageRoot)
        #expect(pushView.standardOutput.contains(#""push(ChildView(), withId: \"childID\")""#))
        let text = try BuiltBinary.run(
            ["steps", "Samples/navigationstack-readme-pushview.json"], in: BuiltBinary.packageRoot)
        #expect(text.standardOutput.contains("Root: NavigationStackView(transitionType: .default) { MyHome }"))
    }

    @Test func swiftOutputIsRefusedForLibrariesWithoutRouteArrays() throws {
        for sample in ["swiftfulrouting-call-site.json", "navigationstack-readme-pushview.json"] {
            let result = try BuiltBinary.run(["steps", "Samples/" + sample, "--swift"], in: BuiltBinary.packageRoot)
            #expect(result.status == 1)
            #expect(result.standardOutput == "")
            #expect(result.standardError.hasPrefix("Samples/\(sample): --swift writes FlowStacks' Route arrays"))
            #expect(result.standardError.contains("use --json"))
        }
    }
}
