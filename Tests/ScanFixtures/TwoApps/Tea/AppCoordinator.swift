import FlowStacks
import SwiftUI

// One of two apps scanned together (`flowgraph scan TwoApps/Tea TwoApps/Coffee`): both name their types alike.
enum Screen: Hashable {
    case leaves
    case kettle
}

struct AppCoordinator: View {
    @State private var routes: Routes<Screen> = []

    var body: some View {
        FlowStack($routes, withNavigation: true) {
            HomeView()
                .flowDestination(for: Screen.self) { screen in
                    switch screen {
                    case .leaves: DetailView()
                    case .kettle: DetailView()
                    }
                }
        }
    }
}

struct HomeView: View {
    @EnvironmentObject var navigator: FlowNavigator<Screen>

    var body: some View {
        Button("leaves") { navigator.push(.leaves) }
    }
}

struct DetailView: View {
    @EnvironmentObject var navigator: FlowNavigator<Screen>

    var body: some View {
        Button("kettle") { navigator.presentSheet(.kettle) }
    }
}
