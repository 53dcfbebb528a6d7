import FlowStacks
import SwiftUI

final class GardenCoordinator: ObservableObject {
    enum Screen {
        case beds
        case shed
        case pond
        case compost
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
            case .compost: compostView(layers: 3)
            }
        }
    }

    @ViewBuilder
    private func compostView(layers: Int) -> some View {
        if layers > 2 { Text("Deep") } else { Text("Shallow") }
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
