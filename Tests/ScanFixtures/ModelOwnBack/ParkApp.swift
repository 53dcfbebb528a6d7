import SwiftUI
import SwiftfulRouting

// A view model whose own `goBack()` (a name FlowStacks' navigator has too) dismisses through the router it holds:
// the view's `model.goBack()` is the app's call, the router's `dismissScreen()` inside it is the library's.
struct ParkApp: App {
    var body: some Scene {
        WindowGroup {
            RouterView { router in
                GateView(router: router)
            }
        }
    }
}

struct GateView: View {
    @StateObject private var model: GateModel

    init(router: AnyRouter) {
        _model = StateObject(wrappedValue: GateModel(router: router))
    }

    var body: some View {
        VStack {
            Button("Pond") { model.openPond() }
            Button("Leave") { model.goBack() }
        }
    }
}

final class GateModel: ObservableObject {
    private let router: AnyRouter

    init(router: AnyRouter) {
        self.router = router
    }

    func openPond() {
        router.showScreen(.push) { _ in PondView() }
    }

    func goBack() {
        router.dismissScreen()
    }
}

struct PondView: View {
    var body: some View { Text("Pond") }
}
