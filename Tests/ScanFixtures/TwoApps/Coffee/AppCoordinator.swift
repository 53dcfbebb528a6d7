import FlowStacks
import SwiftUI

// One of two apps scanned together (`flowgraph scan TwoApps/Tea TwoApps/Coffee`): both name their types alike.
enum Screen: Hashable {
    case beans
    case grinder
}

struct AppCoordinator: View {
    @State private var routes: Routes<Screen> = []

    var body: some View {
        FlowStack($routes, withNavigation: true) {
            HomeView()
                .flowDestination(for: Screen.self) { screen in
                    switch screen {
                    case .beans: DetailView()
                    case .grinder: DetailView()
                    }
                }
        }
    }
}

struct HomeView: View {
    @EnvironmentObject var navigator: FlowNavigator<Screen>

    var body: some View {
        Button("beans") { navigator.push(.beans) }
    }
}

struct DetailView: View {
    @EnvironmentObject var navigator: FlowNavigator<Screen>

    var body: some View {
        Button("grinder") { navigator.presentSheet(.grinder) }
    }
}
