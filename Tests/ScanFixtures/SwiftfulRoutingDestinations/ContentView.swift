import SwiftUI
import SwiftfulRouting

// SwiftfulRouting 6: destinations built as AnyDestination values, then shown.
struct ContentView: View {
    var body: some View {
        RouterView { _ in
            HomeView()
        }
    }
}

struct HomeView: View {
    @Environment(\.router) var router

    var body: some View {
        List {
            Button("Settings") {
                let destination = AnyDestination(
                    segue: .push,
                    destination: { router in
                        SettingsView(router: router)
                    }
                )
                router.showScreen(destination)
            }
            Button("Help") {
                router.showScreen(AnyDestination(segue: .sheet, destination: { _ in HelpView() }))
            }
            Button("Upgrade") {
                router.showScreen(.fullScreenCover, destination: { _ in PaywallView() })
            }
        }
    }
}

struct SettingsView: View {
    let router: AnyRouter
    @State private var segue: SegueOption = .push

    var body: some View {
        Button("Show again") {
            router.showScreen(segue, destination: { _ in HelpView() })
        }
        Button("Close") {
            router.dismissScreen()
        }
    }
}

struct HelpView: View {
    @Environment(\.router) var router

    var body: some View {
        Button("Done") { router.dismissScreen() }
    }
}

struct PaywallView: View {
    @Environment(\.router) var router
    let offer: AnyDestination? = nil

    var body: some View {
        Button("Next") {
            if let offer { router.showScreen(offer) }
        }
    }
}
