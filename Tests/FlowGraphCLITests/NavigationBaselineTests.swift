import FlowGraphCLI
import Foundation
import Testing

/// What FlowGraphTesting's assertions compare: a package's scanned navigation, or a plan's steps, against a
/// baseline file, in process, in a package folder of the test's own.
@Suite struct NavigationBaselineTests {
    /// A package folder with one FlowStacks coordinator: a cart that pushes an address screen.
    static func makeShop() throws -> PlanFolder {
        let folder = try PlanFolder()
        try folder.write("Package.swift", "// swift-tools-version: 6.0\n")
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("Sources/Shop"), withIntermediateDirectories: true)
        try folder.write("Sources/Shop/ShopCoordinator.swift", shop(pushes: ["address"]))
        return folder
    }

    /// The coordinator's source, pushing `pushes` from the cart's button.
    static func shop(pushes: [String], blankLines: Int = 0) -> String {
        String(repeating: "\n", count: blankLines) + """
            import FlowStacks
            import SwiftUI

            enum Screen: Hashable { case cart, address, payment }

            struct ShopCoordinator: View {
                @State var routes: Routes<Screen> = [.root(.cart)]

                var body: some View {
                    FlowStack($routes, withNavigation: true) {
                        CartView(checkout: { \(pushes.map { "routes.push(.\($0))" }.joined(separator: "; ")) })
                            .flowDestination(for: Screen.self) { screen in
                                switch screen {
                                case .cart: CartView(checkout: {})
                                case .address: AddressView()
                                case .payment: PaymentView()
                                }
                            }
                    }
                }
            }

            """
    }

    @Test func aMissingBaselineIsRecordedWithPathsRelativeToThePackage() throws {
        let shop = try Self.makeShop()
        defer { shop.remove() }
        let baseline = shop.url.appendingPathComponent("Tests/__Navigation__/ShopTests/shop.json")
        let outcome = try NavigationBaseline.compare(
            .scan(["Sources/Shop"]), in: shop.url, with: baseline, record: false)
        guard case .recorded(let message) = outcome else { Issue.record("\(outcome)"); return }
        #expect(message.contains("Tests/__Navigation__/ShopTests/shop.json"), "\(message)")
        let written = try String(contentsOf: baseline, encoding: .utf8)
        #expect(written.contains(#""file": "Sources/Shop/ShopCoordinator.swift""#), "\(written)")
        #expect(!written.contains(shop.url.path))
        #expect(written.contains(#""call": "routes.push(.address)""#))
        // Recorded once, it matches the same source, and the bytes are the same each time.
        #expect(
            try NavigationBaseline.compare(.scan(["Sources/Shop"]), in: shop.url, with: baseline, record: false)
                == .matches)
        _ = try NavigationBaseline.compare(.scan(["Sources/Shop"]), in: shop.url, with: baseline, record: true)
        #expect(try String(contentsOf: baseline, encoding: .utf8) == written)
    }

    @Test func aCallMovedToAnotherLineStillMatches() throws {
        let shop = try Self.makeShop()
        defer { shop.remove() }
        let baseline = shop.url.appendingPathComponent("shop.json")
        _ = try NavigationBaseline.compare(.scan(["Sources/Shop"]), in: shop.url, with: baseline, record: false)
        try shop.write("Sources/Shop/ShopCoordinator.swift", Self.shop(pushes: ["address"], blankLines: 3))
        #expect(
            try NavigationBaseline.compare(.scan(["Sources/Shop"]), in: shop.url, with: baseline, record: false)
                == .matches)
    }

    @Test func aNewCallFailsWithTheDiffsOwnText() throws {
        let shop = try Self.makeShop()
        defer { shop.remove() }
        let baseline = shop.url.appendingPathComponent("shop.json")
        _ = try NavigationBaseline.compare(.scan(["Sources/Shop"]), in: shop.url, with: baseline, record: false)
        let before = try Data(contentsOf: baseline)
        try shop.write("Sources/Shop/ShopCoordinator.swift", Self.shop(pushes: ["address", "payment"]))
        let outcome = try NavigationBaseline.compare(
            .scan(["Sources/Shop"]), in: shop.url, with: baseline, record: false)
        guard case .changed(let report) = outcome else { Issue.record("\(outcome)"); return }
        #expect(report.hasPrefix("navigation changed since shop.json:\n+1 call"), "\(report)")
        #expect(report.contains("cart → payment  push") || report.contains("payment"), "\(report)")
        #expect(report.contains("Sources/Shop/ShopCoordinator.swift:"), "\(report)")
        #expect(!report.contains(shop.url.path), "\(report)")
        // A failing comparison leaves the baseline as it was.
        #expect(try Data(contentsOf: baseline) == before)
    }

    @Test func aPlansChangedStepsAreListedLineByLine() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("checkout.json", #"{"root": "Cart", "actions": ["push(Address)"]}"#)
        let baseline = folder.url.appendingPathComponent("checkout.txt")
        _ = try NavigationBaseline.compare(.steps("checkout.json"), in: folder.url, with: baseline, record: false)
        #expect(
            try NavigationBaseline.compare(.steps("checkout.json"), in: folder.url, with: baseline, record: false)
                == .matches)
        try folder.write("checkout.json", #"{"root": "Cart", "actions": ["push(Address)", "presentSheet(Receipt)"]}"#)
        let outcome = try NavigationBaseline.compare(
            .steps("checkout.json"), in: folder.url, with: baseline, record: false)
        guard case .changed(let lines) = outcome else { Issue.record("\(outcome)"); return }
        #expect(lines.hasPrefix("the steps of checkout.json changed since checkout.txt:\n"), "\(lines)")
        #expect(lines.contains("+ ") && lines.contains("Receipt"), "\(lines)")
        #expect(!lines.contains(folder.url.path), "\(lines)")
    }

    @Test func aFileThatIsNotABaselineIsAnErrorNamingIt() throws {
        let shop = try Self.makeShop()
        defer { shop.remove() }
        try shop.write("shop.json", #"{"screens": []}"#)
        #expect {
            try NavigationBaseline.compare(
                .scan(["Sources/Shop"]), in: shop.url, with: shop.url.appendingPathComponent("shop.json"), record: false
            )
        } throws: { "\($0)".hasPrefix("shop.json: not a navigation baseline") && "\($0)".contains("delete it") }
    }

    @Test func aSourceThatIsMissingIsAnErrorNamingIt() throws {
        let shop = try Self.makeShop()
        defer { shop.remove() }
        let baseline = shop.url.appendingPathComponent("shop.json")
        #expect {
            try NavigationBaseline.compare(.scan(["Sources/Shoop"]), in: shop.url, with: baseline, record: false)
        } throws: { "\($0)".hasPrefix("Sources/Shoop: no such file") }
        #expect(!FileManager.default.fileExists(atPath: baseline.path))
    }
}
