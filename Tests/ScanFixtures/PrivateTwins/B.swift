import SwiftUI
import SwiftfulRouting

struct BView: View {
    @Environment(\.router) var router
    var body: some View {
        Button("Detail") { router.showScreen(.sheet) { _ in Detail() } }
    }
}

private struct Detail: View {
    @Environment(\.router) var router
    var body: some View {
        Button("B") { router.dismissScreen() }
    }
}
