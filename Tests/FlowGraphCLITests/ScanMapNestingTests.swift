import Foundation
import Testing

/// What the navigation map draws between stacks: a dotted line from a screen to a stack nested in it, and stack
/// titles that tell two apps' same-named types apart.
@Suite("Scan map: nested stacks and apps scanned together")
struct ScanMapNestingTests {
    /// The SVG map `flowgraph scan ARGUMENTS -o map.svg` draws.
    static func map(_ arguments: [String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-nesting-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("map.svg").path
        let result = try BuiltBinary.run(["scan"] + arguments + ["-o", output], in: BuiltBinary.packageRoot)
        #expect(result.status == 0, "\(result.standardError)")
        return try String(contentsOfFile: output, encoding: .utf8)
    }

    @Test("A tab that wraps its content in a stack is linked to that stack's root")
    func tabLinkedToItsStack() throws {
        let svg = try Self.map(["Tests/ScanFixtures/TabsAndNestedStacks"])
        // Was: the ShowsTab stack drawn apart, nothing saying StationsView's tab holds it.
        #expect(svg.contains("<title>c0.StationsView&#45;&gt;c1.root</title>"))
        #expect(
            svg.contains(
                "StationsView holds the stack of ShowsTab (Tests/ScanFixtures/TabsAndNestedStacks/RadioApp.swift:48:9)"
            ))
        #expect(svg.contains("a stack inside a screen (dotted)"))
        // A map without a nested stack keeps its legend as it was.
        let flat = try Self.map(["Tests/ScanFixtures/HelperViews"])
        #expect(!flat.contains("a stack inside a screen"))
    }

    @Test("Two apps' same-named stacks are titled by their folders")
    func twoAppsTitledByFolder() throws {
        let svg = try Self.map(["Tests/ScanFixtures/TwoApps/Tea", "Tests/ScanFixtures/TwoApps/Coffee"])
        // Was: both "AppCoordinator · FlowStacks", both from "AppCoordinator.swift:14".
        #expect(svg.contains("Tea · AppCoordinator · FlowStacks · with navigation"))
        #expect(svg.contains("Coffee · AppCoordinator · FlowStacks · with navigation"))
        #expect(svg.contains("Routes&lt;Screen&gt; · Tea/AppCoordinator.swift:14"))
        #expect(svg.contains("Routes&lt;Screen&gt; · Coffee/AppCoordinator.swift:14"))
        // One app keeps its plain titles.
        let one = try Self.map(["Tests/ScanFixtures/TwoApps/Tea"])
        #expect(one.contains(">AppCoordinator · FlowStacks · with navigation"))
        #expect(one.contains("Routes&lt;Screen&gt; · AppCoordinator.swift:14"))
    }
}
