import SwiftUI

// SwiftUI's own NavigationStack over a router object's NavigationPath. A deep-link handler switches on the host
// and drives the router's own methods; a screen's function pushes two screens in a row; a pushed screen's
// function dismisses itself; the router pops to the root with removeLast(path.count).

enum Counter: Hashable {
    case cart
    case payment
    case order(id: Int)
    case receipt(String)
}

@Observable final class BakeryRouter {
    var path = NavigationPath()

    func navigate(to counter: Counter) { path.append(counter) }
    func popToRoot() { path.removeLast(path.count) }
}

struct BakeryApp: App {
    @State private var router = BakeryRouter()

    var body: some Scene {
        WindowGroup {
            NavigationStack(path: $router.path) {
                ShopfrontView()
                    .navigationDestination(for: Counter.self) { counter in
                        switch counter {
                        case .cart: CartView()
                        case .payment: PaymentView()
                        case .order: OrderView()
                        case .receipt: ReceiptView()
                        }
                    }
            }
            .environment(router)
            .onOpenURL { url in open(url) }
        }
    }

    private func open(_ url: URL) {
        switch url.host {
        case "order":
            router.popToRoot()
            router.navigate(to: .order(id: 7))
        case "receipt":
            router.navigate(to: .receipt(url.lastPathComponent))
        default:
            break
        }
    }
}

struct ShopfrontView: View {
    @Environment(BakeryRouter.self) private var router

    var body: some View {
        Button("Buy") { checkOut() }
    }

    private func checkOut() {
        router.navigate(to: .cart)
        router.navigate(to: .payment)
    }
}

// A view a function builds shows a screen when tapped: no plan.
struct CartView: View {
    var body: some View { row() }

    private func row() -> some View {
        NavigationLink(value: Counter.payment) { Text("Pay") }.disabled(false)
    }
}

struct PaymentView: View {
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Button("Cancel") { cancel() }
    }

    private func cancel() {
        dismiss()
    }
}

struct OrderView: View {
    var body: some View { Text("Order") }
}

struct ReceiptView: View {
    var body: some View { Text("Receipt") }
}
