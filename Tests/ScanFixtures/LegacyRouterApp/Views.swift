import FlowStacks
import SwiftUI

struct SplashView: View {
    @EnvironmentObject var navigator: FlowNavigator<Screen>

    var body: some View {
        ProgressView()
            .onAppear { navigator.push(.home) }
    }
}

final class LoginViewModel: ObservableObject {
    var navigator: FlowNavigator<Screen>

    init(navigator: FlowNavigator<Screen>) {
        self.navigator = navigator
    }

    func signedIn() {
        navigator.push(.home)
    }
}

struct LoginView: View {
    @ObservedObject var viewModel: LoginViewModel

    var body: some View {
        Button("Sign in") { viewModel.signedIn() }
    }
}

struct HomeView: View {
    @EnvironmentObject var navigator: FlowNavigator<Screen>

    var body: some View {
        TabView {
            Button("Settings") { navigator.presentSheet(.settings) }
            ProfileTab()
        }
    }
}

struct ProfileTab: View {
    @EnvironmentObject var navigator: FlowNavigator<Screen>

    var body: some View {
        Button("Start over") { navigator.goBackToRoot() }
    }
}

struct SettingsView: View {
    @EnvironmentObject var navigator: FlowNavigator<Screen>

    var body: some View {
        Button("Done") { navigator.dismiss() }
    }
}
