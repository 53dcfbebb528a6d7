import FlowModel
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
            #expect(try plan(name).title?.hasPrefix("ShopCoordinator.handle.cart") == true, "\(name)")
        }
        #expect(throws: FlowGraphError.self) { try plan("andle.cart") }
        #expect(throws: FlowGraphError.self) { try plan("handle") }
    }
}
