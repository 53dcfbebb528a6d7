import FlowGraphTestSupport
import Foundation
import Testing

/// `flowgraph diff` of back and dismiss calls, through the built binary: removing a `goBack()` or adding a
/// `dismiss()` is a change in the text, the Markdown, the JSON and the gates, and a kept call that only moved
/// is none.
@Suite struct DiffBacksEndToEndTests {
    /// A FlowStacks app of three screens; `orders` and `receipt` are the bodies of their buttons' actions.
    static func app(orders: String, receipt: String, padding: String = "") -> String {
        """
        import FlowStacks
        import SwiftUI

        enum Page: Hashable {
            case orders, receipt
        }

        struct ShopCoordinator: View {
            @State private var routes: Routes<Page> = []

            var body: some View {
                FlowStack($routes, withNavigation: true) {
                    HomeView()
                        .flowDestination(for: Page.self) { page in
                            switch page {
                            case .orders: OrdersView()
                            case .receipt: ReceiptView()
                            }
                        }
                }
            }
        }
        \(padding)
        struct HomeView: View {
            @EnvironmentObject var navigator: FlowNavigator<Page>

            var body: some View {
                Button("Orders") { navigator.push(.orders) }
            }
        }

        struct OrdersView: View {
            @EnvironmentObject var navigator: FlowNavigator<Page>

            var body: some View {
                Button("Receipt") { navigator.presentSheet(.receipt) }
                Button("Back") { \(orders) }
            }
        }

        struct ReceiptView: View {
            @EnvironmentObject var navigator: FlowNavigator<Page>

            var body: some View {
                Button("Done") { \(receipt) }
            }
        }

        """
    }

    /// Two folders holding `Shop.swift` as `base` and as `head`, compared with `arguments` added.
    static func diff(base: String, head: String, _ arguments: [String]) throws -> BuiltBinary.Result {
        let folder = try PlanFolder()
        defer { folder.remove() }
        for (side, source) in [("base", base), ("head", head)] {
            let url = folder.url.appendingPathComponent(side)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            try Data(source.utf8).write(to: url.appendingPathComponent("Shop.swift"))
        }
        return try BuiltBinary.run(["diff", "base", "head"] + arguments, in: folder.url)
    }

    static let base = app(orders: "navigator.goBack()", receipt: "navigator.dismiss()")
    /// The back of Orders removed; a second dismiss on Receipt.
    static let head = app(orders: "", receipt: "navigator.dismiss(); navigator.dismiss()")

    @Test func aRemovedBackAndAnAddedDismissAreListed() throws {
        let text = try Self.diff(base: Self.base, head: Self.head, [])
        #expect(text.status == 0)
        let output = text.standardOutput
        #expect(output.hasPrefix("+1 dismiss call · −1 back call\n"), "\(output)")
        #expect(output.contains("Backs and dismisses\n"), "\(output)")
        #expect(output.contains("  + receipt: dismiss  navigator.dismiss()  head/Shop.swift:"), "\(output)")
        #expect(output.contains("  − orders: back  navigator.goBack()  base/Shop.swift:"), "\(output)")

        let markdown = try Self.diff(base: Self.base, head: Self.head, ["-T", "md"]).standardOutput
        #expect(markdown.contains("| Back or dismiss | Change | Call | Where |"), "\(markdown)")
        #expect(markdown.contains("| orders: back | removed | `navigator.goBack()` | <code>base/<wbr>Shop.swift:<wbr>"))

        let json = try DiffEndToEndTests.report(
            try Self.diff(base: Self.base, head: Self.head, ["--json"]).standardOutput)
        let backs = try #require(json["backs"] as? [String: [[String: Any]]])
        #expect(backs["removed"]?.map { $0["on"] as? String } == ["orders"])
        #expect(backs["removed"]?.first?["style"] as? String == "back")
        #expect(backs["added"]?.map { $0["call"] as? String } == ["navigator.dismiss()"])
        #expect(backs["added"]?.first?["file"] as? String == "head/Shop.swift")
    }

    @Test func theGatesFireOnBacksAndDismisses() throws {
        for (gate, status) in [("removed-back", 1), ("added-back", 1), ("added-edge", 0), ("any", 1)]
            as [(String, Int32)]
        {
            let run = try Self.diff(base: Self.base, head: Self.head, ["--fail-on", gate])
            #expect(run.status == status, "--fail-on \(gate): \(run.standardOutput)\(run.standardError)")
        }
        let onlyRemoved = try Self.diff(
            base: Self.base, head: Self.app(orders: "", receipt: "navigator.dismiss()"), ["--fail-on", "added-back"])
        #expect(onlyRemoved.status == 0, "\(onlyRemoved.standardOutput)")
    }

    @Test func aBackThatOnlyMovedIsNoChange() throws {
        let moved = Self.app(
            orders: "navigator.goBack()", receipt: "navigator.dismiss()", padding: "\n// Screens.\n\n")
        let run = try Self.diff(base: Self.base, head: moved, ["--fail-on", "any"])
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput == "no navigation changes\n")
    }
}
