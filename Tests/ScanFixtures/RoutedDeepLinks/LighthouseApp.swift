import SwiftUI
import SwiftfulRouting

// A handler object holding the router under another name: one outcome per path.
struct LighthouseApp: App {
    var body: some Scene {
        WindowGroup {
            RouterView { router in
                LampView()
                    .onOpenURL { url in
                        Keeper(beam: router).open(url)
                    }
            }
        }
    }
}

struct LampView: View {
    var body: some View { Text("Lamp") }
}

final class Keeper {
    private let beam: AnyRouter

    init(beam: AnyRouter) {
        self.beam = beam
    }

    func open(_ url: URL) {
        switch url.path {
        case "/fog":
            beam.showScreen(.fullScreenCover) { _ in FogView() }
        case "/storm":
            beam.showScreen(.sheet) { _ in StormView() }
        default:
            break
        }
    }
}

struct FogView: View {
    var body: some View { Text("Fog") }
}

struct StormView: View {
    var body: some View { Text("Storm") }
}
