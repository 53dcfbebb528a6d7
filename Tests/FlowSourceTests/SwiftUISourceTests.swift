import FlowGraphTestSupport
import FlowModel
import Foundation
import Testing

@testable import FlowSource

/// What the scan reads from an app written with SwiftUI's own navigation (``SwiftUISource``): a
/// `NavigationStack(path:)` bound to a router's path, its destinations, links, presenters, path changes made
/// through the router's methods, and dismisses.
@Suite struct SwiftUISourceTests {
    /// A ferry app (`Samples/SwiftUIFerryApp`): an `@Observable` router holding `[Route]`, read with
    /// `@Environment(Router.self)`.
    static let ferry: String = {
        let file = RepositoryFolders.root.appendingPathComponent("Samples/SwiftUIFerryApp/FerryApp.swift")
        return (try? String(contentsOf: file, encoding: .utf8)) ?? ""
    }()

    @Test func aRouterDrivenStackIsOneSwiftUIStackWithItsPathsValuesAsScreens() throws {
        let scan = try scanned([("Ferry.swift", Self.ferry)])
        #expect(scan.map.coordinators.map(\.library) == [.swiftUI])
        #expect(scan.map.coordinators.first?.routes == "$path: [Route]")
        #expect(
            scan.screenLines == [
                "PortView: PortView", "timetable: TimetableView", "ticket: TicketView", "HelpView: HelpView",
                "MapView: MapView", "CrewView: CrewView", "DeckView: DeckView",
            ])
        #expect(scan.problemLines.isEmpty)
    }

    @Test func linksPresentersAndRouterMethodsAreEdgesFromTheScreenThatMakesThem() throws {
        let scan = try scanned([("Ferry.swift", Self.ferry)])
        #expect(
            scan.edgeLines == [
                "PortView → HelpView: sheet .sheet(isPresented: $showsHelp) { NavigationStack { HelpView() } } at Ferry.swift:48:10",
                "PortView → timetable: push router.navigate(to: .timetable) at Ferry.swift:44:35",
                "PortView → ticket: push NavigationLink(value: Route.ticket(id: 1)) { Text(\"Ticket\") } at Ferry.swift:45:13",
                "timetable → ∅: dismiss dismiss() at Ferry.swift:59:27",
                "timetable → PortView: back router.home() at Ferry.swift:60:26",
                "ticket → ∅: back router.back() at Ferry.swift:67:44",
                "HelpView → MapView: cover .fullScreenCover(item: $selected) { deck in MapView(deck: deck) } at Ferry.swift:84:10",
                "HelpView → CrewView: push NavigationLink(destination: CrewView()) { Text(\"Crew\") } at Ferry.swift:76:13",
                "HelpView → DeckView: push NavigationLink { DeckView() } label: { Text(\"Decks\") } at Ferry.swift:77:13",
                "HelpView → ∅: dismiss presentationMode.wrappedValue.dismiss() at Ferry.swift:82:30",
            ])
        // The sheet's content wraps its view in a stack of its own: drawn as the sheet's navigation.
        #expect(scan.map.edges.first?.withNavigation == true)
    }

    /// A router reached as a shared instance, whose methods wrap the path's changes in a closure, whose views
    /// come from its own `view(for:)` switch, with a second stack built only for previews.
    static let quiz = #"""
        import SwiftUI

        @Observable final class Router {
            static let shared = Router()
            enum Destination: Hashable { case play, account }
            var path = NavigationPath()

            @ViewBuilder func view(for destination: Destination) -> some View {
                switch destination {
                case .play: PlayView()
                case .account: AccountView()
                }
            }

            func navigateTo(_ destination: Destination) {
                onMain { self.path.append(destination) }
            }
            func popBackStack() {
                onMain { if self.path.count > 0 { self.path.removeLast() } }
            }
            func popToRoot() { onMain { self.path = NavigationPath() } }
            func neverCalled() { path.removeLast(2) }
            private func onMain(_ work: @escaping () -> Void) { work() }
        }

        struct RootView: View {
            @State private var router = Router.shared
            var body: some View {
                NavigationStack(path: $router.path) {
                    HomeView()
                        .navigationDestination(for: Router.Destination.self) { destination in
                            router.view(for: destination)
                        }
                }
                .environment(router)
            }
        }

        #if DEBUG
        struct PreviewHost<Content: View>: View {
            @State private var router = Router.shared
            @ViewBuilder let content: Content
            var body: some View {
                NavigationStack(path: $router.path) { content }
            }
        }
        #endif

        struct HomeView: View {
            @Environment(Router.self) private var router
            var body: some View { Button("Play") { router.navigateTo(.play) } }
        }

        struct PlayView: View {
            @Environment(Router.self) private var router
            @State private var showsTopics = false
            var body: some View {
                Button("Account") { router.navigateTo(.account) }
                    .navigationDestination(isPresented: $showsTopics) { TopicsView() }
            }
        }

        struct AccountView: View {
            @Environment(Router.self) private var router
            var body: some View {
                Button("Back") { router.popBackStack() }
                Button("Home") { router.popToRoot() }
            }
        }

        struct TopicsView: View { var body: some View { Text("Topics") } }
        """#

    @Test func aSharedRoutersWrappedChangesAndHelperViewsAreFollowed() throws {
        let scan = try scanned([("Quiz.swift", Self.quiz)])
        #expect(scan.map.coordinators.map(\.owner) == ["RootView"])
        #expect(
            scan.screenLines == [
                "HomeView: HomeView", "play: PlayView", "account: AccountView", "TopicsView: TopicsView",
            ])
        #expect(
            scan.edgeLines == [
                "HomeView → play: push router.navigateTo(.play) at Quiz.swift:51:44",
                "play → TopicsView: push .navigationDestination(isPresented: $showsTopics) { TopicsView() } at Quiz.swift:59:14",
                "play → account: push router.navigateTo(.account) at Quiz.swift:58:29",
                "account → ∅: back router.popBackStack() at Quiz.swift:66:26",
                "account → HomeView: back router.popToRoot() at Quiz.swift:67:26",
            ])
        // The router's own bodies are drawn where they are called, and a method nobody calls is no edge.
        #expect(scan.problemLines.isEmpty)
    }

    /// A router reached through a protocol (`let router: any Routing` in a store): its call is read as the one
    /// path holder's that has the method, and as no holder's when two have it.
    static let routing = #"""
        import SwiftUI

        protocol Routing: AnyObject { func popBackStack() }

        @Observable final class Router: Routing {
            var path = NavigationPath()
            func popBackStack() { path.removeLast() }
        }

        struct RootView: View {
            @State private var router = Router()
            var body: some View {
                NavigationStack(path: $router.path) {
                    HomeView()
                        .navigationDestination(for: String.self) { _ in DetailView(store: Store(router: router)) }
                }
            }
        }

        final class Store {
            let router: any Routing
            init(router: any Routing) { self.router = router }
            func close() { router.popBackStack() }
        }

        struct HomeView: View { var body: some View { Text("home") } }

        struct DetailView: View {
            let store: Store
            var body: some View { Button("Close") { store.close() } }
        }
        """#

    /// A second path holder with the same method, for ``routing``.
    static let otherRouter = #"""
        import SwiftUI

        @Observable final class OtherRouter {
            var path = NavigationPath()
            func popBackStack() { path.removeLast() }
        }

        struct OtherRoot: View {
            @State private var router = OtherRouter()
            var body: some View { NavigationStack(path: $router.path) { Text("other") } }
        }
        """#

    @Test func aRouterReachedThroughAProtocolIsTheOnePathHolderWithItsMethod() throws {
        let one = try scanned([("Routing.swift", Self.routing)])
        #expect(
            one.edgeLines.filter { $0.contains("popBackStack") }.map { String($0.prefix(while: { $0 != ":" })) } == [
                "String → ∅"
            ])
        let two = try scanned([("Routing.swift", Self.routing), ("Other.swift", Self.otherRouter)])
        #expect(two.map.coordinators.count == 2)
        #expect(!two.edgeLines.contains { $0.contains("popBackStack") })
    }

    /// A `NavigationView` whose root is picked by a `switch` in a `Group`, with links in the chosen views.
    static let cinema = #"""
        import SwiftUI

        struct CinemaHome: View {
            @State private var asGrid = false
            var body: some View {
                NavigationView {
                    Group {
                        if asGrid { PosterGrid() } else { TitleList() }
                    }
                }
            }
        }

        struct PosterGrid: View {
            var body: some View { NavigationLink(destination: FilmDetail()) { Text("Poster") } }
        }

        struct TitleList: View {
            var body: some View { NavigationLink(destination: FilmDetail()) { Text("Title") } }
        }

        struct FilmDetail: View {
            @Environment(\.presentationMode) private var presentationMode
            var body: some View { Button("Close") { presentationMode.wrappedValue.dismiss() } }
        }
        """#

    @Test func aRootPickedByAConditionRunsTheCallsOfEveryBranch() throws {
        let scan = try scanned([("Cinema.swift", Self.cinema)])
        #expect(scan.map.coordinators.map(\.library) == [.swiftUI])
        #expect(scan.screenLines == ["CinemaHome: CinemaHome", "FilmDetail: FilmDetail"])
        #expect(
            scan.edgeLines.map { String($0.prefix { $0 != ":" }) } == [
                "CinemaHome → FilmDetail", "CinemaHome → FilmDetail", "FilmDetail → ∅",
            ])
        #expect(scan.problemLines.isEmpty)
    }

    /// An app with no stack says so, on the map and in the summary, rather than drawing nothing.
    @Test func anEmptyMapSaysWhy() throws {
        let scan = try scanned([
            ("Plain.swift", "import SwiftUI\nstruct Plain: View { var body: some View { Text(\"Hi\") } }\n")
        ])
        #expect(scan.map.coordinators.isEmpty)
        #expect(
            scan.map.emptyReason?.hasPrefix("No navigation stack found: scan reads the stacks of FlowStack") == true)
        #expect(try scanned([("Ferry.swift", Self.ferry)]).map.emptyReason == nil)
    }

    /// The fixture `name` below Tests/ScanFixtures/NativePresentations (or another fixture `folder`), scanned.
    static func nativePresentations(_ name: String, in folder: String = "NativePresentations") throws -> SourceScan {
        let path = "Tests/ScanFixtures/\(folder)/\(name).swift"
        let source = try String(contentsOf: RepositoryFolders.root.appendingPathComponent(path), encoding: .utf8)
        return try scanned([(path, source)])
    }

    /// SwiftUI's own `.sheet` and `.fullScreenCover` on a screen of a swiftui-navigation-stack stack, deep in
    /// a modifier chain, show screens of that stack; a representable (a UIKit controller) is one of the app's
    /// views, and its nested coordinator's `parent.shown.wrappedValue.dismiss()` (a presentation mode of any
    /// name) dismisses it. A sheet of SwiftUI's own views alone is no screen; one whose content picks a view
    /// in an `if` shows the app's view it can show.
    @Test func swiftUIsOwnSheetsOnAnotherLibrarysScreensAreItsScreens() throws {
        let scan = try Self.nativePresentations("GreenhouseApp")
        #expect(
            Set(scan.screenLines).isSuperset(of: [
                "BedsView: BedsView", "WateringLog: WateringLog", "PlantCamera: PlantCamera", "BedView: BedView",
            ]), "\(scan.screenLines)")
        let lines = scan.edgeCalls
        #expect(
            lines.contains { $0.hasPrefix("BedsView → PlantCamera: sheet .sheet(isPresented: $takesPhoto)") },
            "\(lines)")
        #expect(
            lines.contains { $0.hasPrefix("BedsView → WateringLog: cover .fullScreenCover(isPresented: $logsWater)") })
        #expect(lines.contains("PlantCamera → ∅: dismiss parent.shown.wrappedValue.dismiss()"), "\(lines)")
        #expect(lines.contains("WateringLog → ∅: dismiss close()"), "\(lines)")
        #expect(!lines.contains { $0.contains("TextField") })
        // A sheet whose content is an `if` shows the app's view of its branches.
        #expect(lines.contains { $0.hasPrefix("BedsView → YieldExport: sheet .sheet(isPresented: $exportsYield)") })
        // The shed makes a stack of its own: its sheet is that stack's, drawn once.
        #expect(lines.filter { $0.contains("→ SeedLabels: sheet") }.count == 1, "\(lines)")
        let labels = try #require(scan.map.screens.first { $0.name == "SeedLabels" })
        #expect(scan.map.coordinators.first { $0.id == labels.coordinator }?.owner == "ShedView")
        #expect(scan.problemLines.isEmpty, "\(scan.problemLines)")
    }

    /// A view presented by `.sheet(isPresented: $flag)` or `.fullScreenCover(isPresented:)` and given `$flag` as
    /// a `@Binding` closes itself by setting it to `false`, and so does the presenter setting the flag back in a
    /// closure it gives that view; the same assignment in a view drawn inline (a toggle row given a binding) or
    /// to a flag of its own dismisses nothing.
    @Test func aPresentedViewSettingItsBindingToFalseDismissesIt() throws {
        let scan = try Self.nativePresentations("ApiaryApp", in: "FlagDismiss")
        let lines = scan.edgeCalls
        #expect(
            lines.contains { $0.hasPrefix("HiveList → NewHiveForm: sheet .sheet(isPresented: $addsHive)") }, "\(lines)")
        #expect(lines.contains("NewHiveForm → ∅: dismiss isPresented = false"), "\(lines)")
        #expect(lines.contains("InspectionView → ∅: dismiss self.shown = false"), "\(lines)")
        // The presenter setting the flag back inside the sheet's content (a closure it gives the view).
        #expect(lines.contains("HarvestLog → ∅: dismiss harvests = false"), "\(lines)")
        // The presenter setting the flag back outside the sheet (a timer) closes it too; in onDismiss, nothing.
        #expect(lines.contains("HiveScale → ∅: dismiss weighs = false"), "\(lines)")
        // A view model setting back the flag its view presents by (`$model.lights`) closes the sheet; that view
        // is placed in a `List` the screen's sheets modify, which is the screen, not what the sheets show.
        #expect(lines.contains("SmokerView → ∅: dismiss lights = false"), "\(lines)")
        #expect(lines.filter { $0.contains("∅") }.count == 5, "\(lines)")
        #expect(scan.map.screens.first { $0.name == "NewHiveForm" }?.backCalls == ["isPresented = false"])
        #expect(scan.problemLines.isEmpty, "\(scan.problemLines)")
    }

    /// A link whose destination is a view held in a property of the screen (stored, declared by its type, or a
    /// computed `some View`) pushes that view; an erased `AnyView` names no screen.
    @Test func aLinkToAViewHeldInAPropertyPushesIt() throws {
        let scan = try Self.nativePresentations("HeldDestinations", in: "FlagDismiss")
        let lines = scan.edgeCalls
        for view in ["WeatherView", "QueenRegister", "HoneyLedger"] {
            #expect(
                lines.contains { $0.hasPrefix("ApiaryMap → \(view): push NavigationLink(destination:") }, "\(lines)")
        }
        #expect(lines.count == 3, "\(lines)")
    }

    /// On a FlowStacks screen that is a representable, the coordinator its `makeCoordinator()` makes (declared
    /// beside it) dismisses it through `self.scanner.isPresented`; a view the screen presents with SwiftUI's
    /// own sheet has a presentation of its own, so its `dismiss()` is not the screen's.
    @Test func aRepresentablesCoordinatorDismissesItsScreenAndASheetsViewDoesNot() throws {
        let scan = try Self.nativePresentations("OrchardApp")
        let lines = scan.edgeCalls
        #expect(lines.contains("scanner → ∅: dismiss self.scanner.isPresented.wrappedValue.dismiss()"), "\(lines)")
        // UIKit's dismiss of the controller a delegate method is handed closes the representable's screen too.
        #expect(lines.contains("scanner → ∅: dismiss controller.dismiss(animated: true)"), "\(lines)")
        #expect(!lines.contains { $0.hasPrefix("OrchardView → ∅") }, "\(lines)")
        #expect(scan.map.screens.first { $0.isRoot }?.backCalls == [])
    }

    /// A presentation of content of its own (no view of the app's in it) is a screen of its presenter, named by
    /// the presenter and its flag, and setting that flag back in the content dismisses it; the same flag name in
    /// another view is another screen. Was: no screen, no edge and no word (Orenji's image viewers).
    @Test func aPresentationOfItsOwnContentIsAScreenNamedByItsPresenterAndFlag() throws {
        let scan = try scannedFixture("Tests/ScanFixtures/InlinePresentations/GalleryApp.swift")
        #expect(
            scan.screenLines == [
                "HallView: HallView", "photo: PhotoView", "print: PrintView", "FrameView: FrameView",
                "PhotoView.zooms: -", "PanelView.zooms: -",
            ])
        let lines = scan.edgeCalls
        #expect(lines.contains { $0.hasPrefix("photo → PhotoView.zooms: cover .fullScreenCover(isPresented: $zooms)") })
        // PanelView is placed in PrintView, so its sheet is shown from the print screen.
        #expect(
            lines.contains { $0.hasPrefix("print → PanelView.zooms: sheet .sheet(isPresented: $zooms)") }, "\(lines)")
        #expect(lines.contains("PhotoView.zooms → ∅: dismiss zooms = false"), "\(lines)")
        #expect(lines.contains("PanelView.zooms → ∅: dismiss zooms = false"), "\(lines)")
        #expect(lines.contains("HallView → FrameView: sheet .sheet(isPresented: $framing) { FrameView() }"), "\(lines)")
        #expect(scan.problemLines.isEmpty, "\(scan.problemLines)")
    }

    /// Destinations written once in a `ViewModifier`, applied through a `View` extension to the roots of two
    /// stacks whose paths are held by two objects of one router type: both stacks have the screens, and each
    /// tab's root pushes onto its own stack, and a screen both show runs its calls in both. Was (AboEisa/ShopSphere): "declares no destination" and "no
    /// screen of MarketTabs's NavigationStack is drawn by BasketView" for every call.
    @Test func destinationsInAModifierServeEveryStackApplyingIt() throws {
        let scan = try scannedFixture("Tests/ScanFixtures/SharedDestinations/MarketApp.swift")
        #expect(
            scan.screenLines == [
                "ShopView: ShopView", "produce: ProduceView", "till: TillView", "BasketView: BasketView",
                "produce: ProduceView", "till: TillView",
            ])
        let lines = scan.edgeCalls
        #expect(
            lines == [
                "ShopView → produce: push router.push(.produce(id: 1))",
                "ShopView → till: push NavigationLink(value: Aisle.till) { Text(\"Till\") }",
                "BasketView → till: push router.push(.till)",
                // The screen both stacks show pops in each.
                "produce → ∅: back router.pop()", "produce → ∅: back router.pop()",
            ])
        let pops = scan.map.edges.filter { $0.style == .back }.compactMap { edge in
            scan.map.screens.first { $0.id == edge.from }?.coordinator
        }
        #expect(Set(pops).count == 2)
        let tills = scan.map.screens.filter { $0.name == "till" }.map(\.coordinator)
        #expect(Set(tills).count == 2)
        #expect(scan.map.edges[2].to.flatMap { id in scan.map.screens.first { $0.id == id }?.coordinator } == tills[1])
        #expect(scan.problemLines.isEmpty, "\(scan.problemLines)")
    }
}
