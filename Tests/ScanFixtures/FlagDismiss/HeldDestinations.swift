// Links whose destination is a view held in a property of the screen: stored, declared by type, or computed.
// Our own fixture.
import SwiftUI

struct BeekeeperRoot: View {
    var body: some View {
        NavigationStack {
            ApiaryMap()
        }
    }
}

struct ApiaryMap: View {
    let weather = WeatherView()
    let queens: QueenRegister
    private var honey: some View { HoneyLedger(season: 2026) }
    private var anything: AnyView { AnyView(Text("—")) }

    var body: some View {
        List {
            NavigationLink(destination: weather) { Text("Weather") }
            NavigationLink(destination: self.queens) { Text("Queens") }
            NavigationLink(destination: honey) { Text("Honey") }
            // An erased view names no screen.
            NavigationLink(destination: anything) { Text("Other") }
        }
    }
}

struct WeatherView: View {
    var body: some View { Text("Sunny") }
}

struct QueenRegister: View {
    var body: some View { Text("Queens") }
}

struct HoneyLedger: View {
    let season: Int
    var body: some View { Text("\(season)") }
}
