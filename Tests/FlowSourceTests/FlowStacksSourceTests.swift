import FlowGraphTestSupport
import FlowModel
import Foundation
import Testing

@testable import FlowSource

/// What the scan reads from FlowStacks source (``FlowStacksSource``): a coordinator's nested `Screen` type, pushes
/// from its view model, screens drawn by helpers, a deep-link closure, and plans from functions.
@Suite struct FlowStacksSourceTests {
    /// A bakery: an `ObservableObject` coordinator with a nested `Screen` enum, whose methods change the routes;
    /// a `Router` whose `loaf` case is drawn by a helper function; an `onOpenURL` closure that sets the routes.
    static let bakery = #"""
        import FlowStacks
        import SwiftUI

        final class BakeryCoordinator: ObservableObject {
            enum Screen: Hashable {
                case shelf
                case loaf(name: String)
                case basket
            }

            @Published var routes: Routes<Screen> = [.root(.shelf, embedInNavigationView: true)]

            func pick(_ name: String) {
                routes.push(.loaf(name: name))
            }

            func checkout() {
                routes.presentSheet(.basket)
            }
        }

        struct BakeryView: View {
            @ObservedObject var coordinator: BakeryCoordinator

            var body: some View {
                Router($coordinator.routes) { screen, _ in
                    switch screen {
                    case .shelf: ShelfView()
                    case .loaf(let name): loafView(name)
                    case .basket: BasketView()
                    }
                }
                .onOpenURL { url in
                    guard url.host == "basket" else { return }
                    coordinator.routes = [.root(.shelf, embedInNavigationView: true), .sheet(.basket)]
                }
            }

            private func loafView(_ name: String) -> some View {
                LoafView(name: name)
            }
        }

        struct ShelfView: View {
            @EnvironmentObject var navigator: FlowNavigator<BakeryCoordinator.Screen>
            var body: some View { Button("Rye") { navigator.push(.loaf(name: "rye")) } }
        }

        struct LoafView: View {
            let name: String
            @EnvironmentObject var navigator: FlowNavigator<BakeryCoordinator.Screen>
            var body: some View { Button("Back") { navigator.goBack() } }
        }

        struct BasketView: View {
            var body: some View { Text("Basket") }
        }
        """#

    @Test func pushesFromTheViewModelAndTheScreensLandOnTheRootScreen() throws {
        let scan = try scanned([("App/Bakery.swift", Self.bakery)])
        #expect(scan.map.coordinators.count == 1)
        #expect(scan.map.coordinators.first?.library == .flowStacks)
        #expect(
            scan.edgeLines == [
                "shelf → loaf: push routes.push(.loaf(name: name)) at App/Bakery.swift:14:9",
                "shelf → basket: sheet routes.presentSheet(.basket) at App/Bakery.swift:18:9",
                "onOpenURL → basket: replace coordinator.routes = [.root(.shelf, embedInNavigationView: true), "
                    + ".sheet(.basket)] at App/Bakery.swift:35:13",
                "shelf → loaf: push navigator.push(.loaf(name: \"rye\")) at App/Bakery.swift:46:43",
                "loaf → ∅: back navigator.goBack() at App/Bakery.swift:52:44",
            ])
        #expect(scan.problemLines == [])
    }

    @Test func aNestedScreenTypeAndAHelperNameEveryScreensView() throws {
        let scan = try scanned([("App/Bakery.swift", Self.bakery)])
        // `FlowNavigator<BakeryCoordinator.Screen>` is the nested type; `loafView(name)` is a helper for LoafView.
        #expect(scan.screenLines == ["shelf: ShelfView", "loaf: LoafView", "basket: BasketView"])
        #expect(scan.map.screens.first { $0.isRoot }?.name == "shelf")
    }

    @Test func aDeepLinkClosureIsAnEntryAndItsFunctionsArePlans() throws {
        let scan = try scanned([("App/Bakery.swift", Self.bakery)])
        #expect(
            scan.map.entries.map { "\($0.name) at \($0.location.description)" } == [
                "onOpenURL at App/Bakery.swift:33:10"
            ])
        #expect(
            scan.plans.map(\.name) == ["BakeryCoordinator.pick", "BakeryCoordinator.checkout", "BakeryView.onOpenURL"])
        // The deep link's plan ends on the sheet it sets, as a plan file says it.
        let plan = try #require(scan.plans.last?.plan)
        #expect(plan.rendered(.compact).contains(#""end":[".sheet(.basket)"]"#), "\(plan.rendered(.compact))")
        // …and it plays: the plan the scan writes is one `render` and `steps` read.
        let run = try Plan.decode(plan.rendered(), file: "BakeryView.onOpenURL.json").play()
        #expect(run.finalRoutes.map(\.notation) == [".sheet(basket)"])
    }

    /// Two coordinators each with a nested `Screen`: a call is placed on its own coordinator's screen.
    @Test func sameNamedNestedScreenTypesStayApart() throws {
        let other = Self.bakery.replacingOccurrences(of: "Bakery", with: "Dairy")
            .replacingOccurrences(of: "Shelf", with: "Fridge").replacingOccurrences(of: "Loaf", with: "Cheese")
            .replacingOccurrences(of: "Basket", with: "Crate")
        let scan = try scanned([("App/Bakery.swift", Self.bakery), ("App/Dairy.swift", other)])
        #expect(scan.map.coordinators.count == 2)
        let views = Set(scan.map.screens.compactMap(\.view))
        #expect(views == ["ShelfView", "LoafView", "BasketView", "FridgeView", "CheeseView", "CrateView"])
        let entries = Set(scan.map.entries.map(\.id))
        for edge in scan.map.edges where edge.location.file == "App/Dairy.swift" && !entries.contains(edge.from) {
            let from = try #require(scan.map.screens.first { $0.id == edge.from } ?? nil, "\(edge.call)")
            #expect(["FridgeView", "CheeseView"].contains(from.view ?? ""), "\(edge.call) from \(from.name)")
        }
        #expect(scan.map.edges.count { $0.location.file == "App/Dairy.swift" } == 5)
    }

    /// A navigator held optionally, or reached through `[weak self]`: the same calls as on the navigator
    /// itself (`navigator?.goBack()` was dropped without a word before).
    @Test func callsOnAnOptionalOrWeakReceiverAreTheNavigatorsCalls() throws {
        let source = #"""
            import FlowStacks
            import SwiftUI

            enum Stop: Hashable { case quay, pier }

            struct HarbourView: View {
                @State var routes: Routes<Stop> = []
                var body: some View {
                    FlowStack($routes, withNavigation: true) {
                        QuayView()
                            .flowDestination(for: Stop.self) { stop in
                                switch stop {
                                case .quay: QuayView()
                                case .pier: PierView()
                                }
                            }
                    }
                }
            }

            struct QuayView: View {
                @EnvironmentObject var navigator: FlowNavigator<Stop>
                var body: some View { Button("Pier") { navigator.push(.pier) } }
            }

            final class PierModel {
                var navigator: FlowNavigator<Stop>?
                func leave() { navigator?.goBack() }
                func later() { Task { [weak self] in self?.navigator!.goBackToRoot() } }
            }

            struct PierView: View {
                @StateObject var model: PierModel
                var body: some View { Button("Leave") { model.leave() } }
            }
            """#
        let scan = try scanned([("Harbour.swift", source)])
        #expect(
            scan.edgeLines.filter { $0.contains("goBack") } == [
                "pier → ∅: back navigator?.goBack() at Harbour.swift:28:20",
                "pier → QuayView: back self?.navigator!.goBackToRoot() at Harbour.swift:29:42",
            ])
        #expect(scan.problemLines.isEmpty)
    }

    /// A view's `.onOpenURL` handing the link to the coordinator it holds as a `@StateObject` made in place
    /// (no type written): the coordinator's `switch` over the link is a deep-link handler, one plan per case
    /// that changes the routes, its entry's edges drawn, and no "cannot follow" at the hand-off.
    @Test func aLinkHandedToAHeldCoordinatorsSwitchMakesOnePlanPerCase() throws {
        let scan = try scannedFixture("Tests/ScanFixtures/HandedDeepLinks/FerryApp.swift")
        #expect(scan.plans.map(\.name) == ["FerryCoordinator.open.timetable", "FerryCoordinator.open.ticket"])
        #expect(scan.plans.filter(\.isDeepLink).count == 2)
        #expect(scan.plans.map(\.linkCase) == ["timetable", "ticket"])
        let end = scan.plans.last?.plan["end"]?.arrayValue?.compactMap(\.stringValue)
        #expect(end == [".push(.timetable)", ".sheet(.ticket(7))"])
        #expect(scan.problemLines.isEmpty, "\(scan.problemLines)")
        let fromEntry = scan.map.edges.filter { edge in scan.map.entries.contains { $0.id == edge.from } }
        #expect(Set(fromEntry.map { scan.name($0.to) }) == ["timetable", "ticket"])
        #expect(scan.edgeLines.contains { $0.hasPrefix("FerryView → chart: push coordinator.routes.push(.chart)") })
    }
}

/// A coordinator views know only by its protocols, screens made by a namespace's static factories, and
/// SwiftUI's own dismiss in a view a screen is made of (Tests/ScanFixtures/ProtocolCoordinator).
@Suite struct ProtocolCoordinatorTests {
    let scan: SourceScan

    init() throws {
        let folder = "Tests/ScanFixtures/ProtocolCoordinator"
        scan = try scanned(
            ["GreenhouseCoordinator", "GreenhousePages"].map { name in
                let path = "\(folder)/\(name).swift"
                return (
                    path, try String(contentsOf: RepositoryFolders.root.appendingPathComponent(path), encoding: .utf8)
                )
            })
    }

    /// A coordinator method runs on the screens whose views (or their models) call it through a protocol:
    /// the hall's menu presents from the hall, the entrance's model from the entrance, and a method nobody
    /// calls stays on the root.
    @Test func aCoordinatorMethodRunsOnTheScreensThatCallIt() {
        let calls = scan.map.edges.map { "\(scan.name($0.from)) → \(scan.name($0.to)): \($0.style.rawValue)" }
        #expect(
            calls.prefix(5) == [
                "entrance → unused: sheet", "entrance → hall: cover", "hall → seeds: sheet", "hall → keeper: cover",
                "hall → ∅: dismiss",
            ])
    }

    /// A plan of a coordinator method starts where its callers are: the routes the map's calls reach the
    /// calling screen by, one plan per calling screen, named by it; a method only the root calls starts there.
    @Test func aMethodsPlanStartsOnEachScreenThatCallsIt() {
        let plans = scan.plans.map { plan in
            let start = plan.plan["start"]?.arrayValue?.compactMap(\.stringValue) ?? []
            let actions = plan.plan["actions"]?.arrayValue?.compactMap(\.stringValue) ?? []
            return "\(plan.name): \(start) \(actions)"
        }
        #expect(
            plans == [
                "GreenhouseCoordinator.resetToEntrance: [] [\"presentSheet(.unused)\"]",
                "GreenhouseCoordinator.entrance_openHall: [] [\"presentCover(.hall)\"]",
                "GreenhouseCoordinator.menu_showSeeds: [\".cover(.hall)\"] [\"presentSheet(.seeds)\"]",
                "GreenhouseCoordinator.menu_showKeeper: [\".cover(.hall)\"] [\"presentCover(.keeper)\"]",
                "GreenhouseCoordinator.menu_close: [\".cover(.hall)\"] [\"dismiss()\"]",
                "GreenhouseCoordinator.menu_swapForSeeds: [\".cover(.hall)\"] [\"goBack()\", \"presentSheet(.seeds)\"]",
                "GreenhouseCoordinator.showKeeper.fromEntrance: [] [\"presentCover(.keeper)\"]",
                "GreenhouseCoordinator.showKeeper.fromHall: [\".cover(.hall)\"] [\"presentCover(.keeper)\"]",
            ])
        let title = scan.plans.first { $0.name.hasSuffix(".fromHall") }?.plan["title"]?.stringValue ?? ""
        #expect(title.hasSuffix(", run on hall"), "\(title)")
    }

    /// Callers that lead back to the method being followed (the coordinator calling its view, which calls the
    /// coordinator) end: the scan finishes, and the call runs on the root no screen is found calling it from.
    @Test func callersThatLeadBackEnd() throws {
        let source = """
            import FlowStacks
            import SwiftUI
            enum Step { case first, second }
            final class LoopCoordinator: ObservableObject {
                @Published var routes: Routes<Step> = [.root(.first, embedInNavigationView: true)]
                var view: LoopView?
                func open() { routes.presentSheet(.second); view?.again() }
            }
            struct LoopView: View {
                @StateObject var coordinator = LoopCoordinator()
                var body: some View {
                    Router($coordinator.routes) { step, _ in
                        switch step {
                        case .first: Text("First")
                        case .second: Text("Second")
                        }
                    }
                }
                func again() { coordinator.open() }
            }
            """
        let scan = try scanned([("Loop.swift", source)])
        #expect(
            scan.edgeCalls == [
                "first → second: sheet routes.presentSheet(.second)"
            ])
    }

    /// Each route is read from the call that shows its screen, when that screen is written out literally.
    @Test func aRouteIsTheShowingCallsScreenWrittenOut() {
        func route(_ call: String, _ style: NavigationMap.Style, withNavigation: Bool = false) -> String? {
            NavigationRecognizer.route(
                of: .init(
                    from: "s0", to: "s1", style: style, withNavigation: withNavigation, call: call,
                    location: .init(file: "A.swift", line: 1, column: 1)))
        }
        #expect(route("routes.presentCover(.home)", .cover) == ".cover(.home)")
        #expect(route("navigator.push(.order(id: 7, .fresh))", .push) == ".push(.order(id: 7, .fresh))")
        #expect(
            route("routes.presentSheet(.card, withNavigation: true)", .sheet, withNavigation: true)
                == ".sheet(.card, withNavigation: true)")
        #expect(route("navigator.push(.payment(type))", .push) == nil)
        #expect(route("navigator.push(.note(\"a \\(name)\"))", .push) == nil)
        #expect(route("navigator.push(.note(\"plain\"))", .push) == ".push(.note(\"plain\"))")
        #expect(route("routes.goBack()", .back) == nil)
    }

    /// SwiftUI's dismiss in a view placed in a screen's view closes that screen; in a view the screen shows
    /// with SwiftUI's own `.sheet`, it closes that sheet, so it is no dismiss of the screen. Sheets the map does
    /// not draw are listed.
    @Test func aDismissInAViewPlacedInAScreenClosesIt() {
        let dismisses = scan.edgeLines.filter { $0.contains(": dismiss dismiss()") }
        #expect(
            dismisses == [
                "seeds → ∅: dismiss dismiss() at Tests/ScanFixtures/ProtocolCoordinator/GreenhousePages.swift:121:30"
            ])
        // SwiftUI's own sheets the map does not draw are listed, never dropped: the keeper's note (outside the
        // routes), the shell's terms (on no screen) and a modifier of the app's own (applied elsewhere).
        let file = "Tests/ScanFixtures/ProtocolCoordinator/GreenhousePages.swift"
        #expect(
            scan.problemLines == [
                "\(file):133:14: cannot follow: .sheet(isPresented: $showsNote) { KeeperNote() }: SwiftUI's own "
                    + ".sheet shows KeeperNote outside the stack's routes, and the map does not draw such "
                    + "presentations on this library's screens yet",
                "\(file):151:14: cannot follow: .sheet(isPresented: $showsTerms) { TermsPage() }: GreenhouseShell is "
                    + "not drawn by any screen found, nor held by a view that is, so which screen makes this call is "
                    + "unknown",
                "\(file):162:14: cannot follow: .sheet(isPresented: shows) { TermsPage() }: a modifier written in an "
                    + "extension of View presents TermsPage on the views that apply it, which the scanner does not "
                    + "follow yet",
            ], "\(scan.problemLines)")
    }
}
