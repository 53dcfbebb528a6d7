import NavigationStack
import SwiftUI

// A screen whose body is a TabView, and a tab that wraps its content in a stack of its own.
@main
struct RadioApp: App {
    var body: some Scene {
        WindowGroup {
            NavigationStackView {
                TuneInView()
            }
        }
    }
}

struct TuneInView: View {
    @EnvironmentObject private var navigationStack: NavigationStackCompat

    var body: some View {
        Button("Listen") { navigationStack.push(StationsView()) }
    }
}

struct StationsView: View {
    var body: some View {
        TabView {
            LiveTab()
                .tabItem { Label("Live", systemImage: "dot.radiowaves.left.and.right") }
            ShowsTab()
                .tabItem { Label("Shows", systemImage: "list.bullet") }
        }
    }
}

struct LiveTab: View {
    @EnvironmentObject private var navigationStack: NavigationStackCompat

    var body: some View {
        VStack {
            Button("Now playing") { navigationStack.push(PlayerView()) }
            PopView { Text("Sign out") }
        }
    }
}

struct ShowsTab: View {
    var body: some View {
        NavigationStackView {
            ZStack {
                Color.black
                VStack {
                    PushView(destination: EpisodeView()) { Text("Latest episode") }
                }
            }
        }
    }
}

struct PlayerView: View {
    var body: some View {
        PopView { Text("Close") }
    }
}

struct EpisodeView: View {
    var body: some View {
        PopView(destination: .root) { Text("All shows") }
    }
}
