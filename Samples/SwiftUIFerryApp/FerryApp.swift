// A small app written with SwiftUI's own navigation, for `flowgraph scan`: a router's path, links,
// presenters and dismisses (see docs/scan.md).
import SwiftUI

enum Route: Hashable {
    case timetable
    case ticket(id: Int)
}

@Observable final class Router {
    var path: [Route] = []

    func navigate(to route: Route) { path.append(route) }
    func back() { path.removeLast() }
    func home() { path = [] }
}

@main
struct FerryApp: App {
    @State private var router = Router()

    var body: some Scene {
        WindowGroup {
            NavigationStack(path: $router.path) {
                PortView()
                    .navigationDestination(for: Route.self) { route in
                        switch route {
                        case .timetable: TimetableView()
                        case .ticket(let id): TicketView(id: id)
                        }
                    }
            }
            .environment(router)
        }
    }
}

struct PortView: View {
    @Environment(Router.self) private var router
    @State private var showsHelp = false

    var body: some View {
        VStack {
            Button("Timetable") { router.navigate(to: .timetable) }
            NavigationLink(value: Route.ticket(id: 1)) { Text("Ticket") }
            Button("Help") { showsHelp = true }
        }
        .sheet(isPresented: $showsHelp) {
            NavigationStack { HelpView() }
        }
    }
}

struct TimetableView: View {
    @Environment(\.dismiss) private var dismiss
    @Environment(Router.self) private var router

    var body: some View {
        Button("Close") { dismiss() }
        Button("Port") { router.home() }
    }
}

struct TicketView: View {
    let id: Int
    @Environment(Router.self) private var router
    var body: some View { Button("Back") { router.back() } }
}

struct HelpView: View {
    @Environment(\.presentationMode) var presentationMode
    @State private var selected: Deck?

    var body: some View {
        List {
            NavigationLink(destination: CrewView()) { Text("Crew") }
            NavigationLink {
                DeckView()
            } label: {
                Text("Decks")
            }
            Button("Done") { presentationMode.wrappedValue.dismiss() }
        }
        .fullScreenCover(item: $selected) { deck in MapView(deck: deck) }
    }
}

struct Deck: Identifiable { let id: Int }
struct CrewView: View { var body: some View { Text("Crew") } }
struct DeckView: View { var body: some View { Text("Deck") } }
struct MapView: View { let deck: Deck; var body: some View { Text("Map") } }
