import SwiftUI
import SwiftfulRouting

// Two files each declare a private `Detail`: they are two views, so two screens.
struct RootApp: View {
    var body: some View {
        RouterView { _ in HomeView() }
    }
}

struct HomeView: View {
    @Environment(\.router) var router
    var body: some View {
        VStack {
            Button("A") { router.showScreen(.push) { _ in AView() } }
            Button("B") { router.showScreen(.push) { _ in BView() } }
        }
    }
}
