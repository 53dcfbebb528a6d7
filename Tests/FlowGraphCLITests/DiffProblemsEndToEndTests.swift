import FlowGraphTestSupport
import Foundation
import Testing

/// `flowgraph diff --git` of problems whose message names a file, through the built binary: the base is read
/// from a temporary copy, and its problems must name the repository's files as the head's do, or every such
/// problem reads as fixed and new again.
@Suite struct DiffProblemsEndToEndTests {
    /// A FlowStack without navigation whose root pushes: a problem that names the FlowStack's file and line.
    static let app = """
        import FlowStacks
        import SwiftUI

        enum Page: Hashable {
            case orders
        }

        struct ShopCoordinator: View {
            @State private var routes: Routes<Page> = []

            var body: some View {
                FlowStack($routes) {
                    HomeView()
                        .flowDestination(for: Page.self) { page in
                            switch page {
                            case .orders: OrdersView()
                            }
                        }
                }
            }
        }

        struct HomeView: View {
            @EnvironmentObject var navigator: FlowNavigator<Page>

            var body: some View {
                Button("Orders") { navigator.push(.orders) }
            }
        }

        struct OrdersView: View {
            var body: some View { Text("Orders") }
        }

        """

    @Test func aProblemNamingAFileIsTheSameOnBothSides() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        func git(_ arguments: [String]) throws {
            let run = try BuiltBinary.runTool(URL(fileURLWithPath: "/usr/bin/env"), ["git"] + arguments, in: folder.url)
            try #require(run.status == 0, "git \(arguments): \(run.output)")
        }
        try git(["init", "-q"])
        try git(["config", "user.email", "test@example.com"])
        try git(["config", "user.name", "Test"])
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("App"), withIntermediateDirectories: true)
        try folder.write("App/Shop.swift", Self.app)
        try folder.write("App/Readme.swift", "// The shop.\n")
        try git(["add", "-A"])
        try git(["commit", "-q", "-m", "base"])
        try folder.write("App/Readme.swift", "// The shop, and its orders.\n")
        try git(["commit", "-q", "-am", "head"])

        let scan = try BuiltBinary.run(["scan", "App", "--json"], in: folder.url)
        #expect(scan.standardOutput.contains("the FlowStack at App/Shop.swift:"), "\(scan.standardOutput)")
        for arguments in [["HEAD~1..HEAD", "App"], ["HEAD~1", "App"]] {
            let run = try BuiltBinary.run(["diff", "--git"] + arguments + ["--fail-on", "any"], in: folder.url)
            #expect(run.status == 0, "\(arguments): \(run.standardOutput)")
            #expect(run.standardOutput == "no navigation changes\n", "\(arguments)")
        }
    }
}
