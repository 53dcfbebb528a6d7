import FlowStacks
import SwiftUI

// A view's .onOpenURL hands the link to the coordinator it holds as a @StateObject made in place (no type
// written); the coordinator switches over the link.

enum Stop: Hashable { case timetable, ticket(Int), chart }

final class FerryCoordinator: ObservableObject {
    @Published var routes: Routes<Stop> = []

    func open(_ link: URL) {
        switch link.host {
        case "timetable":
            routes = [.push(.timetable)]
        case "ticket":
            routes = [.push(.timetable), .sheet(.ticket(7))]
        default:
            break
        }
    }
}

struct FerryView: View {
    @StateObject var coordinator = FerryCoordinator()
    var body: some View {
        FlowStack($coordinator.routes, withNavigation: true) {
            Button("Map") { coordinator.routes.push(.chart) }
                .flowDestination(for: Stop.self) { _ in Text("stop") }
                .onOpenURL { coordinator.open($0) }
        }
    }
}
