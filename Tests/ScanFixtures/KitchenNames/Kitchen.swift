import FlowStacks
import SwiftUI

// Names Swift tells apart and Swift strings do not: a case in backticks, and café precomposed (NFC) and
// decomposed (NFD); a plan whose function calls another of its type that presents.

enum Dish: Hashable {
    case `default`
    case café
    case café
}

struct Kitchen: View {
    @State var routes: Routes<Dish> = []

    var body: some View {
        FlowStack($routes, withNavigation: true) {
            MenuBoard()
                .flowDestination(for: Dish.self) { dish in
                    switch dish {
                    case .`default`: PlainView()
                    case .café: ComposedView()
                    case .café: DecomposedView()
                    }
                }
        }
    }

    func serveAll() {
        routes.push(.`default`)
        serveCoffee()
    }

    func serveCoffee() {
        routes.presentSheet(.café)
    }
}

struct MenuBoard: View {
    var body: some View { Text("Menu") }
}
struct PlainView: View {
    var body: some View { Text("Plain") }
}
struct ComposedView: View {
    var body: some View { Text("NFC") }
}
struct DecomposedView: View {
    var body: some View { Text("NFD") }
}
