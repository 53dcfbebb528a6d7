import FlowStacks
import SwiftUI

// The stack's root is written in both branches of an `if`, once with a menu button and once without.
enum GardenScreen: Hashable {
    case bed(Int)
    case tools
}

struct GardenCoordinator: View {
    @State var routes: Routes<GardenScreen> = []
    var showMenu: Binding<Bool>?

    var body: some View {
        FlowStack($routes, withNavigation: true) {
            if let showMenu {
                GardenView()
                    .toolbar { Button("Menu") { showMenu.wrappedValue.toggle() } }
                    .flowDestination(for: GardenScreen.self) { screen in
                        switch screen {
                        case .bed(let number): BedView(number: number)
                        case .tools: ToolsView()
                        }
                    }
            } else {
                GardenView()
                    .flowDestination(for: GardenScreen.self) { screen in
                        switch screen {
                        case .bed(let number): BedView(number: number)
                        default: EmptyView()
                        }
                    }
            }
        }
    }
}

struct GardenView: View {
    @EnvironmentObject var navigator: FlowNavigator<GardenScreen>

    var body: some View {
        VStack {
            Button("Bed 1") { navigator.push(.bed(1)) }
            Button("Tools") { navigator.presentSheet(.tools) }
        }
    }
}

struct BedView: View {
    @EnvironmentObject var navigator: FlowNavigator<GardenScreen>
    let number: Int

    var body: some View {
        Button("Back") { navigator.goBack() }
    }
}

struct ToolsView: View {
    @EnvironmentObject var navigator: FlowNavigator<GardenScreen>

    var body: some View {
        Button("Done") { navigator.dismiss() }
    }
}
