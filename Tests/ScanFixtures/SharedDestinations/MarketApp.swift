import SwiftUI

// Two tabs, each a NavigationStack over the path of its own object of one router type; the destinations are
// written once, in a ViewModifier that a View extension applies to both stacks' roots. Each tab's root pushes
// with the router it reads from the environment; a screen both stacks show pops.

enum Aisle: Hashable {
    case produce(id: Int)
    case till
}

@Observable final class AisleRouter {
    var path = NavigationPath()
    func push(_ aisle: Aisle) { path.append(aisle) }
    func pop() { path.removeLast() }
}

struct MarketTabs: View {
    @State private var shopRouter = AisleRouter()
    @State private var basketRouter = AisleRouter()

    var body: some View {
        TabView {
            NavigationStack(path: $shopRouter.path) {
                ShopView()
                    .aisleDestinations(router: shopRouter)
            }
            NavigationStack(path: $basketRouter.path) {
                BasketView()
                    .aisleDestinations(router: basketRouter)
            }
        }
    }
}

struct AisleDestinations: ViewModifier {
    let router: AisleRouter

    func body(content: Content) -> some View {
        content
            .navigationDestination(for: Aisle.self) { aisle in
                switch aisle {
                case .produce(let id): ProduceView(id: id)
                case .till: TillView()
                }
            }
            .environment(router)
    }
}

extension View {
    func aisleDestinations(router: AisleRouter) -> some View {
        modifier(AisleDestinations(router: router))
    }
}

struct ShopView: View {
    @Environment(AisleRouter.self) private var router
    var body: some View {
        VStack {
            Button("Apples") { router.push(.produce(id: 1)) }
            NavigationLink(value: Aisle.till) { Text("Till") }
        }
    }
}

struct BasketView: View {
    @Environment(AisleRouter.self) private var router
    var body: some View { Button("Pay") { router.push(.till) } }
}

struct ProduceView: View {
    @Environment(AisleRouter.self) private var router
    let id: Int
    var body: some View { Button("Back") { router.pop() } }
}

struct TillView: View {
    var body: some View { Text("Till") }
}
