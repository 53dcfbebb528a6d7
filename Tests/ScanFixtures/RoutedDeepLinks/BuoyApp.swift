import SwiftUI
import SwiftfulRouting

// A deep-link closure whose push depends on a value read from the link when the app runs.
struct BuoyApp: App {
    var body: some Scene {
        WindowGroup {
            RouterView { router in
                MooringView()
                    .onOpenURL { url in
                        if let entry = url.pathComponents.last {
                            router.showScreen(.push) { _ in LogbookView(entry: entry) }
                        }
                    }
            }
        }
    }
}

struct MooringView: View {
    var body: some View { Text("Mooring") }
}

struct LogbookView: View {
    let entry: String

    var body: some View {
        Text(entry)
    }
}
