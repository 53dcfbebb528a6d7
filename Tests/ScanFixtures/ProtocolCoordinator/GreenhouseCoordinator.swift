import FlowStacks
import SwiftUI

// A coordinator that views know only by the protocols it conforms to; its methods change the routes, and
// each runs on the screen whose views call it.
protocol EntranceCoordinator: AnyObject {
    func entrance_openHall()
    func showKeeper()
}

protocol HallMenuCoordinator: AnyObject {
    func menu_showSeeds()
    func menu_showKeeper()
    func menu_close()
    func menu_swapForSeeds()
    func showKeeper()
}

final class GreenhouseCoordinator: ObservableObject {
    enum Screen {
        case entrance
        case hall
        case seeds
        case keeper
        case unused
    }

    @Published var routes: Routes<Screen> = [.root(.entrance, embedInNavigationView: true)]

    func resetToEntrance() {
        routes.presentSheet(.unused)
    }
}

extension GreenhouseCoordinator: EntranceCoordinator {
    func entrance_openHall() {
        routes.presentCover(.hall)
    }
}

extension GreenhouseCoordinator: HallMenuCoordinator {
    func menu_showSeeds() {
        routes.presentSheet(.seeds)
    }

    func menu_showKeeper() {
        routes.presentCover(.keeper)
    }

    func menu_close() {
        routes.dismiss()
    }

    // Run from the root, this would fail: there is nothing to go back from. Its caller is the hall.
    func menu_swapForSeeds() {
        routes.goBack()
        routes.presentSheet(.seeds)
    }

    // Called from the entrance and from the hall: one plan from each.
    func showKeeper() {
        routes.presentCover(.keeper)
    }
}

struct GreenhouseView: View {
    @StateObject private var coordinator = GreenhouseCoordinator()

    var body: some View {
        Router($coordinator.routes) { screen, _ in
            switch screen {
            case .entrance:
                GreenhousePages.entrance(coordinator: coordinator)
            case .hall:
                GreenhousePages.hall(menuCoordinator: coordinator)
            case .seeds:
                GreenhousePages.seeds()
            case .keeper:
                GreenhousePages.keeper()
            case .unused:
                Text("Unused")
            }
        }
    }
}
