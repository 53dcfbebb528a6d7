import FlowStacks
import SwiftUI

// A deep-link handler written inline: a guard, then a switch on the link's host, one outcome per case.
enum Aisle: Hashable {
    case fruit
    case bakery
    case till
}

struct ShopCoordinator: View {
    @State private var routes: Routes<Aisle> = []

    var body: some View {
        FlowStack($routes, withNavigation: true) {
            EntranceView()
                .flowDestination(for: Aisle.self) { aisle in
                    switch aisle {
                    case .fruit: FruitView()
                    case .bakery: BakeryView()
                    case .till: TillView()
                    }
                }
        }
        .onOpenURL { url in
            guard url.scheme == "shop" else { return }
            switch url.host {
            case "fruit":
                routes = [.push(.fruit)]
            case "pay":
                routes = [.push(.bakery), .sheet(.till)]
            default:
                break
            }
        }
    }
}

struct EntranceView: View {
    @EnvironmentObject var navigator: FlowNavigator<Aisle>

    var body: some View {
        Button("Fruit") { navigator.push(.fruit) }
    }
}

struct FruitView: View {
    var body: some View { Text("Fruit") }
}

struct BakeryView: View {
    var body: some View { Text("Bakery") }
}

struct TillView: View {
    var body: some View { Text("Till") }
}
