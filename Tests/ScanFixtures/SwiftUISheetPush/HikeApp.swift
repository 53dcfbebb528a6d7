import FlowStacks
import SwiftUI

// Views shown by SwiftUI's own .sheet and .fullScreenCover, not by the FlowStack: the sheet has no navigation, so
// the map's push lands in the stack behind it. The one wrapped in a NavigationStack of its own is left alone.
enum Trail: Hashable {
    case summit
    case hut
}

struct HikeCoordinator: View {
    @State private var routes: Routes<Trail> = []

    var body: some View {
        FlowStack($routes, withNavigation: true) {
            BaseCampView()
                .flowDestination(for: Trail.self) { trail in
                    switch trail {
                    case .summit: SummitView()
                    case .hut: HutView()
                    }
                }
        }
    }
}

struct BaseCampView: View {
    @EnvironmentObject var navigator: FlowNavigator<Trail>
    @State private var showsMap = false
    @State private var showsWeather = false
    @State private var showsCompass = false

    var body: some View {
        VStack {
            Button("Summit") { navigator.push(.summit) }
            Button("Map") { showsMap = true }
            Button("Weather") { showsWeather = true }
            Button("Compass") { showsCompass = true }
        }
        .sheet(isPresented: $showsMap) {
            TrailMapView()
        }
        .fullScreenCover(isPresented: $showsWeather) {
            WeatherView()
        }
        .sheet(isPresented: $showsCompass) {
            NavigationStack { CompassView() }
        }
    }
}

struct TrailMapView: View {
    @EnvironmentObject var navigator: FlowNavigator<Trail>

    var body: some View {
        Button("Hut") { navigator.push(.hut) }
    }
}

struct WeatherView: View {
    @EnvironmentObject var navigator: FlowNavigator<Trail>

    var body: some View {
        Button("Summit") { navigator.push(.summit) }
        Button("Close") { navigator.goBack() }
    }
}

struct CompassView: View {
    @EnvironmentObject var navigator: FlowNavigator<Trail>

    var body: some View {
        Button("Hut") { navigator.presentSheet(.hut) }
    }
}

struct SummitView: View {
    var body: some View { Text("Summit") }
}

struct HutView: View {
    var body: some View { Text("Hut") }
}
