import NavigationStack
import SwiftUI
import SwiftfulRouting

// Views of the other two libraries that no stack shows: before, their calls vanished without a word.
struct DraftTicketView: View {
    @EnvironmentObject private var navigationStack: NavigationStackCompat

    var body: some View {
        VStack {
            PushView(destination: ReceiptView()) { Text("Receipt") }
            Button("Back") { navigationStack.pop() }
        }
    }
}

struct DraftHelpView: View {
    @Environment(\.router) var helpRouter

    var body: some View {
        Button("Help") {
            helpRouter.showScreen(.sheet) { _ in MenuView() }
        }
    }
}
