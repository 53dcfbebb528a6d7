import SwiftUI
import SwiftfulRouting

// The router goes into a view model's init; the model pushes after an await, in an extension.
@main
struct GardenApp: App {
    var body: some Scene {
        WindowGroup {
            RouterView { router in
                GateView(model: GateModel(router: router))
            }
        }
    }
}

struct GateView: View {
    @StateObject var model: GateModel

    var body: some View {
        Button("Enter") { model.enter() }
    }
}

final class GateModel: ObservableObject {
    private let router: AnyRouter

    init(router: AnyRouter) {
        self.router = router
    }
}

extension GateModel {
    func enter() {
        Task {
            await Task.yield()
            router.showScreen(.push) { _ in
                BedsView()
            }
        }
    }
}

// A router held under a name that is not `router`.
struct BedsView: View {
    @Environment(\.router) var gardenRouter

    var body: some View {
        VStack {
            Button("Shed") {
                gardenRouter.showScreen(.fullScreenCover) { _ in ShedView() }
            }
            Button("Tip") { gardenRouter.showBasicAlert(text: "Water daily") }
            Button("Leave") { gardenRouter.dismissScreen() }
        }
    }
}

struct ShedView: View {
    @Environment(\.router) var shedRouter

    var body: some View {
        Button("Close") {
            Task {
                await Task.yield()
                shedRouter.dismissScreen()
            }
        }
    }
}
