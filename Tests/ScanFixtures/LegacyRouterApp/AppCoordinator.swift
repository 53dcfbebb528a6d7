import FlowStacks
import SwiftUI

// FlowStacks before 1.0: a Router over routes that start with their root screen.
enum Screen {
    case splash
    case login
    case home
    case settings
}

struct AppCoordinator: View {
    @StateObject var navigator = AppNavigator()

    var body: some View {
        Router($navigator.routes) { screen, _ in
            switch screen {
            case .splash:
                SplashView()
            case .login:
                loginView
            case .home:
                HomeView()
            case .settings:
                SettingsView()
            }
        }
    }

    @ViewBuilder
    var loginView: some View {
        let viewModel = LoginViewModel(navigator: FlowNavigator($navigator.routes))
        LoginView(viewModel: viewModel)
    }
}

final class AppNavigator: ObservableObject {
    @Published var routes: Routes<Screen> = [.root(.splash, embedInNavigationView: true)]

    func signOut() {
        routes = [.root(.login, embedInNavigationView: true)]
    }

    func openSettings() {
        routes = [.root(.splash, embedInNavigationView: true), .push(.home), .sheet(.settings)]
    }

    func show(_ screen: Screen, modally: Bool) {
        if modally {
            routes.presentSheet(screen)
        } else {
            routes.push(screen)
        }
    }

    enum Transition {
        case push, sheet, restart
    }

    func go(to screen: Screen, by transition: Transition) {
        switch transition {
        case .push:
            routes.push(screen)
        case .sheet:
            routes.presentSheet(screen)
        case .restart:
            routes = [.root(screen, embedInNavigationView: true)]
        }
    }
}

extension AppCoordinator {
    func openHelp() {
        navigator.go(to: .settings, by: .sheet)
    }

    func restart() {
        navigator.go(to: .login, by: .restart)
    }
}
