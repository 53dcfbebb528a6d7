import FlowStacks
import SwiftUI

// Views a screen shows while a flag is set, with `.flowDestination(isPresented:style:destination:)`.
enum Shelf: Hashable {
    case novels
}

struct LibraryCoordinator: View {
    @State private var routes: Routes<Shelf> = []

    var body: some View {
        FlowStack($routes, withNavigation: true) {
            LobbyView()
                .flowDestination(for: Shelf.self) { shelf in
                    switch shelf {
                    case .novels: NovelsView()
                    }
                }
        }
    }
}

struct LobbyView: View {
    @EnvironmentObject var navigator: FlowNavigator<Shelf>
    @State private var showsCard = false
    @State private var showsMap = false

    var body: some View {
        VStack {
            Button("Novels") { navigator.push(.novels) }
            Button("Card") { showsCard = true }
            Button("Map") { showsMap = true }
        }
        .flowDestination(isPresented: $showsCard, style: .sheet(withNavigation: true)) { CardView() }
        .flowDestination(isPresented: $showsMap, style: .push) { MapView() }
    }
}

struct NovelsView: View {
    var body: some View { Text("Novels") }
}

struct CardView: View {
    @EnvironmentObject var navigator: FlowNavigator<Shelf>

    var body: some View {
        Button("Novels") { navigator.push(.novels) }
    }
}

struct MapView: View {
    @EnvironmentObject var navigator: FlowNavigator<Shelf>

    var body: some View {
        Button("Back") { navigator.goBack() }
    }
}
