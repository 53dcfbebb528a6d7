import FlowModel
import FlowSource
import Foundation
import Testing

@testable import FlowGraphCLI

/// `render FILE.swift --function NAME`: NAME is a plan's whole name or any tail of it by whole parts, so the
/// plan a `switch url.host` branch makes (`ShopCoordinator.handle.cart`) is `cart`, `handle.cart` or all of it.
/// In-process: the scanned plan as `PlanSource` reads it.
@Suite struct ScannedPlanNamesTests {
    static let source = """
        import FlowStacks
        import SwiftUI

        enum Screen: Hashable { case cart, payment }

        struct ShopCoordinator: View {
            @State var routes: Routes<Screen> = []
            var body: some View {
                FlowStack($routes, withNavigation: true) {
                    HomeView().flowDestination(for: Screen.self) { screen in
                        switch screen {
                        case .cart: CartView()
                        case .payment: PaymentView()
                        }
                    }
                }
                .onOpenURL { url in handle(url) }
            }

            func handle(_ url: URL) {
                switch url.host {
                case "cart": routes.push(.cart)
                case "pay": routes.presentSheet(.payment)
                default: break
                }
            }
        }
        struct HomeView: View { var body: some View { Text("home") } }
        struct CartView: View { var body: some View { Text("cart") } }
        struct PaymentView: View { var body: some View { Text("pay") } }
        """

    @Test func aPlanIsNamedByAnyTailOfItsName() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("Shop.swift", Self.source)
        let path = folder.url.appendingPathComponent("Shop.swift").path
        func plan(_ name: String) throws -> Plan {
            try PlanSource.scannedPlan(at: path, function: name, limits: .default, url: nil) { _ in }
        }
        for name in ["cart", "handle.cart", "ShopCoordinator.handle.cart"] {
            #expect(
                try plan(name).title?.hasPrefix("ShopCoordinator.handle() when cart — scanned from") == true, "\(name)")
        }
        #expect(throws: FlowGraphError.self) { try plan("andle.cart") }
        #expect(throws: FlowGraphError.self) { try plan("handle") }
    }

    /// `render … --watch` reads a Swift file again after each edit: the files of its folder that did not change
    /// are not parsed again, the edit is read, and the memo holds one tree per file, not one per version.
    @Test func aSwiftFileReadAgainAfterAnEditParsesOnlyWhatChanged() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let views = "struct HomeView: View { var body: some View { Text(\"home\") } }\n"
        let shop = Self.source.components(separatedBy: "struct HomeView:")[0]
        try folder.write("Shop.swift", shop)
        try folder.write("Views.swift", views + Self.source.components(separatedBy: "Text(\"home\") } }\n")[1])
        let path = folder.url.appendingPathComponent("Shop.swift").path
        let memo = ParseMemo(keeping: .lastScan)
        func actions() throws -> [String] {
            let plan = try PlanSource.scannedPlan(
                at: path, function: "cart", limits: .default, url: nil, reuse: ScanReuse(parses: memo)
            ) { _ in }
            guard case .actions(let actions) = plan.change else { return [] }
            return actions.map(\.action.notation)
        }
        #expect(try actions() == ["push(cart)"])
        #expect(memo.parsesSpared == 0)
        #expect(memo.treesKept == 2)
        try folder.write(
            "Shop.swift", shop.replacingOccurrences(of: "routes.push(.cart)", with: "routes.presentSheet(.cart)"))
        #expect(try actions() == ["presentSheet(cart)"])
        #expect(memo.parsesSpared == 1)
        #expect(memo.treesKept == 2)
    }
}
