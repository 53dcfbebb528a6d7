import SwiftUI
import SwiftfulRouting

struct AView: View {
    @Environment(\.router) var router
    var body: some View {
        Button("Detail") { router.showScreen(.sheet) { _ in Detail() } }
    }
}

private struct Detail: View {
    @Environment(\.router) var router
    var body: some View {
        Button("A") { router.dismissScreen() }
    }
}
