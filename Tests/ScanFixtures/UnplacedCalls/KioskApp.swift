import FlowStacks
import SwiftUI

// Navigation calls the scan cannot put on a screen: each is listed where it is written, never dropped.
enum Kiosk: Hashable {
    case menu
    case receipt
}

struct KioskCoordinator: View {
    @State var routes: Routes<Kiosk> = []

    var body: some View {
        FlowStack($routes, withNavigation: true) {
            WelcomeView()
                .flowDestination(for: Kiosk.self) { screen in
                    switch screen {
                    case .menu: MenuView()
                    case .receipt: ReceiptView()
                    }
                }
        }
    }
}

struct WelcomeView: View {
    @EnvironmentObject var navigator: FlowNavigator<Kiosk>

    var body: some View {
        Button("Order") { navigator.push(.menu) }
    }
}

struct MenuView: View {
    var body: some View { Text("Menu") }
}

struct ReceiptView: View {
    var body: some View { Text("Receipt") }
}

// Shown by no screen (kept for a preview): its push has no screen to start from.
struct LegacyBanner: View {
    @EnvironmentObject var navigator: FlowNavigator<Kiosk>

    var body: some View {
        Button("Receipt") { navigator.push(.receipt) }
    }
}

// An object no view holds, driving a navigator it is handed.
final class Printer {
    let navigator: FlowNavigator<Kiosk>

    init(navigator: FlowNavigator<Kiosk>) {
        self.navigator = navigator
    }

    func printed() {
        navigator.goBackToRoot()
    }
}
