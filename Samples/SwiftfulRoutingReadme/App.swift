// Built from SwiftfulRouting's README (Quick Start, Setup and the router1/router2/router3 example):
// a RouterView at the top, screens shown with router.showScreen, dismissed with router.dismissScreen().
import SwiftUI
import SwiftfulRouting

struct RootView: View {
    var body: some View {
        RouterView { _ in
            MyView()
        }
    }
}

struct MyView: View {
    @Environment(\.router) var router

    var body: some View {
        VStack {
            Text("Hello, world!")
                .onTapGesture {
                    router.showScreen { _ in
                        AnotherView()
                    }
                }
            Button("Settings") {
                router.showScreen(.sheet) { _ in
                    SettingsView()
                }
            }
            Button("Start") { startOnboarding() }
        }
    }

    func startOnboarding() {
        router.showScreen(.fullScreenCover) { router2 in
            OnboardingView()
        }
    }
}

struct AnotherView: View {
    @Environment(\.router) var router

    var body: some View {
        Text("View 2")
            .onTapGesture {
                router.showScreen(.push) { router3 in
                    DetailView()
                        .onTapGesture {
                            router3.dismissScreen()
                        }
                }
            }
    }
}

struct DetailView: View {
    var body: some View { Text("View3") }
}

struct SettingsView: View {
    @Environment(\.router) var router

    var body: some View {
        Button("Close") { router.dismissScreen() }
    }
}

struct OnboardingView: View {
    @Environment(\.router) var router

    var body: some View {
        Button("Done") { router.dismissScreen() }
    }
}
