import FlowStacks
import SwiftUI

// A FlowStack whose Screen is declared in an extension of its view model, spelled in full in the destination
// and by the navigator, with a case holding a nested enum the destination switches on.
final class ShopModel: ObservableObject {
    @Published var routes: Routes<Screen> = []
}

extension ShopModel {
    enum Screen: Hashable {
        case basket
        case checkout(Step)
    }

    enum Step: Hashable {
        case address
        case payment
    }
}

struct ShopCoordinator: View {
    @StateObject private var model = ShopModel()

    var body: some View {
        FlowStack($model.routes, withNavigation: true) {
            ShelfView()
                .flowDestination(for: ShopModel.Screen.self) { screen in
                    switch screen {
                    case .basket:
                        BasketView()
                    case let .checkout(step):
                        switch step {
                        case .address: AddressView()
                        case .payment: PaymentView()
                        }
                    }
                }
        }
    }
}

struct ShelfView: View {
    @EnvironmentObject var navigator: FlowNavigator<ShopModel.Screen>

    var body: some View {
        Button("Basket") { navigator.push(.basket) }
    }
}

struct BasketView: View {
    @EnvironmentObject var navigator: FlowNavigator<ShopModel.Screen>

    var body: some View {
        Button("Check out") { navigator.push(.checkout(.address)) }
    }
}

struct AddressView: View {
    @EnvironmentObject var navigator: FlowNavigator<ShopModel.Screen>

    var body: some View {
        VStack {
            Button("Pay") { navigator.push(.checkout(.payment)) }
            Button("Back") { navigator.pop() }
        }
    }
}

struct PaymentView: View {
    @EnvironmentObject var navigator: FlowNavigator<ShopModel.Screen>

    var body: some View {
        Button("Done") { navigator.popToRoot() }
    }
}
