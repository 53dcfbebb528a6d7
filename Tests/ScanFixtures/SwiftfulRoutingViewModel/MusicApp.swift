import SwiftUI
import SwiftfulRouting

// A router handed to a view model, and the dismiss calls of SwiftfulRouting 4.
@main
struct MusicApp: App {
    var body: some Scene {
        WindowGroup {
            RouterView { _ in
                LibraryView()
            }
        }
    }
}

struct LibraryView: View {
    @Environment(\.router) var router

    var body: some View {
        Button("Browse") {
            router.showScreen(.fullScreenCover) { router in
                BrowseView(viewModel: BrowseViewModel(router: router))
            }
        }
    }
}

final class BrowseViewModel: ObservableObject {
    let router: AnyRouter

    init(router: AnyRouter) {
        self.router = router
    }
}

struct BrowseView: View {
    @StateObject var viewModel: BrowseViewModel

    var body: some View {
        VStack {
            Button("Close") { viewModel.router.dismissScreen() }
            Button("Album") {
                viewModel.router.showScreen(.push) { _ in
                    AlbumView()
                }
            }
        }
    }
}

struct AlbumView: View {
    @Environment(\.router) var router
    let queue: [AnyDestination] = []

    var body: some View {
        Button("Back to library") { router.dismissScreenStack() }
        Button("Play all") { router.showScreens(destinations: queue) }
    }
}
