import FlowStacks
import SwiftUI

final class GardenCoordinator: ObservableObject {
    enum Screen {
        case beds
        case shed
        case pond
    }

    @Published var routes: Routes<Screen> = [.root(.beds, embedInNavigationView: true)]

    func openShed() {
        routes.presentSheet(.shed)
    }

    func openPond() {
        routes.presentCover(.pond)
    }
}

struct GardenCoordinatorView: View {
    @ObservedObject var coordinator: GardenCoordinator

    var body: some View {
        Router($coordinator.routes) { screen, _ in
            switch screen {
            case .beds: BedsView()
            case .shed: ShedView()
            case .pond: PondView()
            }
        }
    }
}

struct BedsView: View {
    var body: some View { Text("Beds") }
}

struct ShedView: View {
    var body: some View { Text("Shed") }
}

struct PondView: View {
    var body: some View { Text("Pond") }
}
