import SwiftUI

// Screens are built by static factory functions of a namespace.
struct GreenhousePages {
    static func entrance(coordinator: EntranceCoordinator) -> some View {
        EntranceScreen(model: EntranceModel(coordinator: coordinator))
    }

    static func hall(menuCoordinator: HallMenuCoordinator) -> some View {
        HallScreen(menuCoordinator: menuCoordinator)
    }

    static func seeds() -> some View {
        SeedsScreen()
    }

    static func keeper() -> some View {
        KeeperScreen()
    }
}

final class EntranceModel: ObservableObject {
    private let coordinator: EntranceCoordinator

    init(coordinator: EntranceCoordinator) {
        self.coordinator = coordinator
    }

    func enter() {
        coordinator.entrance_openHall()
    }

    func visitKeeper() {
        coordinator.showKeeper()
    }
}

struct EntranceScreen: View {
    @ObservedObject var model: EntranceModel

    var body: some View {
        VStack {
            Button("Enter") { model.enter() }
            Button("Keeper") { model.visitKeeper() }
        }
    }
}

// The hall places a menu whose model calls the coordinator: those calls run on the hall.
struct HallScreen: View {
    @StateObject private var menuModel: HallMenuModel

    init(menuCoordinator: HallMenuCoordinator) {
        _menuModel = StateObject(wrappedValue: HallMenuModel(coordinator: menuCoordinator))
    }

    var body: some View {
        VStack {
            Text("Hall")
            HallMenu(model: menuModel)
        }
    }
}

final class HallMenuModel: ObservableObject {
    private let coordinator: HallMenuCoordinator

    init(coordinator: HallMenuCoordinator) {
        self.coordinator = coordinator
    }

    func seedsTapped() {
        coordinator.menu_showSeeds()
    }

    func keeperTapped() {
        coordinator.menu_showKeeper()
    }

    func closeTapped() {
        coordinator.menu_close()
    }

    func swapTapped() {
        coordinator.menu_swapForSeeds()
    }

    func keeperAgainTapped() {
        coordinator.showKeeper()
    }
}

struct HallMenu: View {
    @ObservedObject var model: HallMenuModel

    var body: some View {
        VStack {
            Button("Seeds") { model.seedsTapped() }
            Button("Keeper") { model.keeperTapped() }
            Button("Close") { model.closeTapped() }
            Button("Swap") { model.swapTapped() }
            Button("Keeper again") { model.keeperAgainTapped() }
        }
    }
}

// A screen whose view is made of another view: that view's dismiss closes the screen.
struct SeedsScreen: View {
    var body: some View {
        SeedsList(title: "Seeds")
    }
}

struct SeedsList: View {
    let title: String
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        VStack {
            Text(title)
            Button("Done") { dismiss() }
        }
    }
}

// A view the screen presents with SwiftUI's own sheet has a presentation of its own: its dismiss closes
// that sheet, not the screen.
struct KeeperScreen: View {
    @State private var showsNote = false

    var body: some View {
        Button("Note") { showsNote = true }
            .sheet(isPresented: $showsNote) { KeeperNote() }
    }
}

struct KeeperNote: View {
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        Button("Close note") { dismiss() }
    }
}

// The app's own view around the coordinator: its sheet is on no screen, so it is listed, never dropped.
struct GreenhouseShell: View {
    @State private var showsTerms = false

    var body: some View {
        GreenhouseView()
            .sheet(isPresented: $showsTerms) { TermsPage() }
    }
}

struct TermsPage: View {
    var body: some View { Text("Terms") }
}

// A modifier of the app's own: it presents wherever a view applies it.
extension View {
    func helpSheet(_ shows: Binding<Bool>) -> some View {
        self.sheet(isPresented: shows) { TermsPage() }
    }
}
