import FlowModel
import Foundation
import Testing

@testable import FlowGraphCLI

/// What `flowgraph diff` takes for one screen or call (issue 40): one case of a screen enum two stacks route to
/// is one screen added, naming both stacks; a stack added or removed over screens another stack shows adds or
/// removes the stack, not those screens; a call written another way is no change; a new call the scanner
/// cannot follow is still reported where it is. In-process, as `DiffSide`s of two folders.
@Suite struct DiffIdentityTests {
    /// Two stacks (`HomeView`, `SearchView`) over one `Screen` enum, with a screen view for every case.
    static var twoStacks: String {
        get throws {
            let fixture = BuiltBinary.packageRoot.appendingPathComponent(
                "Tests/DiffFixtures/SharedScreens/two-stacks.swift.txt")
            return try String(contentsOf: fixture, encoding: .utf8)
        }
    }

    /// The report of `base` against `head`, each one `App.swift`.
    static func report(_ base: String, _ head: String) throws -> DiffReport {
        let folder = try PlanFolder()
        defer { folder.remove() }
        for (side, text) in [("base", base), ("head", head)] {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(side), withIntermediateDirectories: true)
            try folder.write(side + "/App.swift", text)
        }
        let side = { (name: String) in
            try DiffSide(paths: [folder.url.appendingPathComponent(name).path], limits: .default)
        }
        return DiffReport(base: try side("base"), head: try side("head"))
    }

    /// The app with its `SearchView` stack taken out.
    static func oneStack(_ source: String) throws -> String {
        let start = try #require(source.range(of: "struct SearchView"))
        let end = try #require(source.range(of: "struct ScreenView"))
        return String(source[..<start.lowerBound] + source[end.lowerBound...])
    }

    @Test func aCaseBothStacksShowIsOneScreenNamingBoth() throws {
        let base = try Self.twoStacks
        let head = base.replacingOccurrences(of: "case list, detail }", with: "case list, detail, settings }")
        let report = try Self.report(base, head)
        #expect(report.summary == "+1 screen", "\(report.text)")
        #expect(report.text.contains("  + settings (in HomeView, SearchView)  "), "\(report.text)")
        #expect(report.markdown.contains("| settings | added | HomeView, SearchView |"), "\(report.markdown)")
        #expect(DiffGate.addedScreen.isTriggered(by: report))
    }

    /// A call made by a screen two stacks show is one change, in the summary, the text, the Markdown and the
    /// JSON (it was said once per stack: Dara's new push and dismiss came twice); so is one written in a view
    /// two screens draw, naming both (Dona's pushes from its root and its `home` case came twice).
    @Test func aCallTwoStacksPlaceIsOneChange() throws {
        let base = try Self.twoStacks
        let head = base.replacingOccurrences(
            of: "    let screen: Screen\n    var body: some View { Text(\"x\") }",
            with: "    let screen: Screen\n    @EnvironmentObject var navigator: FlowNavigator<Screen>\n"
                + "    var body: some View { Button(\"Back\") { navigator.goBack() } }")
        try #require(head != base)
        let report = try Self.report(base, head)
        #expect(report.summary == "+1 back call", "\(report.text)")
        #expect(
            report.text.components(separatedBy: "  + list, detail: back  navigator.goBack()").count == 2,
            "\(report.text)")
        #expect(
            report.markdown.components(separatedBy: "| list, detail: back | added |").count == 2, "\(report.markdown)")
        let backs = report.json["backs"]?["added"]?.arrayValue ?? []
        #expect(backs.compactMap { $0["on"]?.stringValue } == ["list, detail"], "\(backs)")
        #expect(DiffGate.addedBack.isTriggered(by: report))
    }

    @Test func aStackOverScreensAnotherShowsAddsTheStackNotTheScreens() throws {
        let two = try Self.twoStacks
        let one = try Self.oneStack(two)
        let added = try Self.report(one, two)
        #expect(added.summary == "+1 stack · +1 screen · +1 call", "\(added.text)")
        // Its root is a new screen; list and detail were screens of HomeView's stack already.
        #expect(added.text.contains("  + SearchView (in SearchView)  "), "\(added.text)")
        #expect(!added.text.contains("+ list") && !added.text.contains("+ detail"), "\(added.text)")
        let removed = try Self.report(two, one)
        #expect(removed.summary == "−1 stack · −1 screen · −1 call", "\(removed.text)")
        #expect(!removed.text.contains("− list") && !removed.text.contains("− detail"), "\(removed.text)")
    }

    /// A call kept from, to and in style but written another way (`routes.push(.detail)` →
    /// `routes.append(.push(.detail))`) is no change: calls are matched by what they do, not by their text.
    @Test func aCallWrittenAnotherWayIsNoChange() throws {
        let base = try Self.twoStacks
        let head = base.replacingOccurrences(
            of: "routes.push(.detail)", with: "routes.append(.push(.detail))")
        #expect(head != base)
        let report = try Self.report(base, head)
        #expect(report.isEmpty, "\(report.text)")
    }

    /// An app's own routing function whose new `switch` case hands on to another coordinator
    /// (`case .profile: profile.start()`), called from a new button: the new call site is in the report, as a
    /// new problem located at the call, though the scanner cannot follow where it leads.
    @Test func aNewCaseHandingOnToAnotherCoordinatorIsReportedAtItsCallSite() throws {
        let folder = BuiltBinary.packageRoot.appendingPathComponent("Tests/DiffFixtures/HandOff")
        let base = try String(contentsOf: folder.appendingPathComponent("base.swift.txt"), encoding: .utf8)
        let head = try String(contentsOf: folder.appendingPathComponent("head.swift.txt"), encoding: .utf8)
        let report = try Self.report(base, head)
        #expect(report.summary == "+1 problem", "\(report.text)")
        #expect(report.text.contains("head/App.swift:29:28: cannot follow: coordinator.go(.profile)"), "\(report.text)")
        #expect(DiffGate.any.isTriggered(by: report))
    }
}
