import FlowStacks
import SwiftUI

// Screen views made by helpers: a static factory, a function of the coordinator, a stored property, a view in a
// namespace.
enum Atlas {
    struct MapsView: View {
        @EnvironmentObject var navigator: FlowNavigator<Page>

        var body: some View {
            Button("Legend") { navigator.presentSheet(.legend) }
        }
    }
}

enum Page: Hashable {
    case maps
    case legend
    case about
}

enum Pages {
    @MainActor static func legend() -> some View {
        LegendView()
    }
}

struct AtlasCoordinator: View {
    @State private var routes: Routes<Page> = []
    private let aboutView = AboutView()

    var body: some View {
        FlowStack($routes, withNavigation: true) {
            makeRootView()
                .flowDestination(for: Page.self) { page in
                    switch page {
                    case .maps: Atlas.MapsView()
                    case .legend: Pages.legend()
                    case .about: aboutView
                    }
                }
        }
    }

    @ViewBuilder
    private func makeRootView() -> some View {
        CoverView()
    }
}

struct CoverView: View {
    @EnvironmentObject var navigator: FlowNavigator<Page>

    var body: some View {
        VStack {
            Button("Maps") { navigator.push(.maps) }
            Button("About") { navigator.push(.about) }
        }
    }
}

struct LegendView: View {
    @EnvironmentObject var navigator: FlowNavigator<Page>

    var body: some View {
        Button("Close") { navigator.dismiss() }
    }
}

struct AboutView: View {
    @EnvironmentObject var navigator: FlowNavigator<Page>

    var body: some View {
        Button("Back") { navigator.goBack() }
    }
}
