import FlowStacks
import SwiftUI

// Two coordinators from before FlowStacks 1.0, each nesting its own `enum Screen`.
final class RootCoordinator: ObservableObject {
    enum Screen {
        case start
        case garden
    }

    @Published var routes: Routes<Screen> = [.root(.start, embedInNavigationView: true)]

    func openGarden() {
        routes.presentCover(.garden)
    }
}

struct RootCoordinatorView: View {
    @ObservedObject var coordinator: RootCoordinator

    var body: some View {
        Router($coordinator.routes) { screen, _ in
            switch screen {
            case .start: StartView()
            case .garden: GardenCoordinatorView(coordinator: GardenCoordinator())
            }
        }
    }
}

struct StartView: View {
    var body: some View { Text("Start") }
}
