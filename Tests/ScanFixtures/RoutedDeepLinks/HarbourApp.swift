import SwiftUI
import SwiftfulRouting

// A deep-link closure inside a RouterView's content, on a router the closure names `harbour`: one outcome per host.
struct HarbourApp: App {
    var body: some Scene {
        WindowGroup {
            RouterView { harbour in
                QuayView()
                    .onOpenURL(perform: { url in
                        switch url.host {
                        case "tides":
                            harbour.showScreen(.sheet) { _ in TidesView() }
                        case "ferry":
                            harbour.showScreen(.push) { _ in FerryView() }
                        default:
                            break
                        }
                    })
            }
        }
    }
}

struct QuayView: View {
    @Environment(\.router) private var router

    var body: some View {
        Button("Ferry") { router.showScreen(.push) { _ in FerryView() } }
    }
}

struct TidesView: View {
    var body: some View { Text("Tides") }
}

struct FerryView: View {
    @Environment(\.router) private var router

    var body: some View {
        Button("Back") { router.dismissScreen() }
    }
}
