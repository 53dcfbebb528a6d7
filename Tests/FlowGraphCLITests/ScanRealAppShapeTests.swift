import Foundation
import Testing

/// The shapes public apps write their navigation in that `scan` missed (issue 24), each as a reduced app of our own
/// in Tests/ScanFixtures, scanned by the built binary. Each test failed on the binary before the fix.
@Suite("Scan: how real apps hold their navigation")
struct ScanRealAppShapeTests {
    typealias Scan = ScanRealAppRegressionTests

    static func screens(_ json: [String: Any]) -> [String] {
        ((json["screens"] as? [[String: Any]]) ?? []).map { "\($0["name"] ?? "-") \(($0["view"] as? String) ?? "-")" }
    }

    @Test("A view model given the router in its init pushes; a router of any name dismisses; alerts are not screens")
    func modelHoldsTheRouter() throws {
        let (json, _) = try Scan.scan("ModelHoldsRouter")
        // Was only the root: the push in GateModel's extension (in a Task, after an await) was dropped, and so were
        // the calls on `gardenRouter` / `shedRouter`.
        #expect(Self.screens(json) == ["GateView GateView", "BedsView BedsView", "ShedView ShedView"])
        #expect(
            Scan.edges(json) == [
                "GateView push BedsView @36", "BedsView cover ShedView @50", "BedsView dismiss - @53",
                "ShedView dismiss - @65",
            ])
        #expect(Scan.problems(json).isEmpty)
    }

    @Test("Types are told apart by their enclosing type: each coordinator's own Screen, one declared in an extension")
    func screenTypesResolvedByScope() throws {
        let (json, _) = try Scan.scan("ScopedScreenTypes")
        // Was: ShopModel.Screen's destination unmatched (cases without views, every push in them "not shown by any
        // FlowStack"); the nested enum's two steps one box.
        #expect(
            Self.screens(json) == [
                "beds BedsView", "shed ShedView", "pond PondView", "compost -", "start StartView",
                "garden GardenCoordinatorView", "ShelfView ShelfView", "basket BasketView",
                "checkout(.address) AddressView", "checkout(.payment) PaymentView",
            ])
        #expect(
            Scan.edges(json) == [
                "beds sheet shed @15", "beds cover pond @19", "start cover garden @14", "ShelfView push basket @47",
                "basket push checkout(.address) @55", "checkout(.address) push checkout(.payment) @64",
                "checkout(.address) back - @65", "checkout(.payment) back ShelfView @74",
            ])
        // Worded for the router from before FlowStacks 1.0 (was: "no case of .flowDestination(for: Screen.self)").
        #expect(
            Scan.problems(json) == [
                "GardenCoordinator.swift:9: screen case 'compost' of Screen has no view: no case of the switch in "
                    + "Router($routes) { screen, _ in … } at Tests/ScanFixtures/ScopedScreenTypes/GardenCoordinator.swift:27:9 "
                    + "builds it"
            ])
    }

    @Test("Screen views made by a static factory, a function, a stored property, or in a namespace")
    func screenViewsBuiltByHelpers() throws {
        let (json, _) = try Scan.scan("HelperViews")
        // Was: the root named after the coordinator, every case "has no destination view", every call dropped.
        #expect(
            Self.screens(json) == [
                "CoverView CoverView", "maps Atlas.MapsView", "legend LegendView", "about AboutView",
            ])
        #expect(
            Scan.edges(json) == [
                "maps sheet legend @11", "CoverView push maps @56", "CoverView push about @57",
                "legend dismiss - @66", "about back - @74",
            ])
        #expect(Scan.problems(json).isEmpty)
    }

    @Test("A screen's TabView owns what its tabs push; a stack nested in a tab is rooted at that tab's view")
    func tabsAndNestedStacks() throws {
        let (json, _) = try Scan.scan("TabsAndNestedStacks")
        // Was: the inner stack rooted at `ZStack`, its PushView lost, the tab's push and pop silent.
        #expect(
            Self.screens(json) == [
                "TuneInView TuneInView", "ShowsTab ShowsTab", "StationsView StationsView", "PlayerView PlayerView",
                "EpisodeView EpisodeView",
            ])
        #expect(
            Scan.edges(json) == [
                "TuneInView push StationsView @20", "StationsView push PlayerView @40", "StationsView back - @41",
                "ShowsTab push EpisodeView @52", "PlayerView back - @61", "EpisodeView back ShowsTab @67",
            ])
        #expect(!Self.screens(json).contains { $0.hasPrefix("ZStack") })
    }

    @Test("A navigation call no screen makes is listed where it is written, whatever its library")
    func callsOnNoScreenAreListed() throws {
        let (json, _) = try Scan.scan("UnplacedCalls")
        #expect(Scan.edges(json) == ["WelcomeView push menu @30"])
        // Orphans.swift's three were dropped without a word (swiftui-navigation-stack and SwiftfulRouting).
        let unplaced =
            "is not drawn by any screen found, nor held by a view that is, so which screen makes this call is unknown"
        #expect(
            Scan.problems(json) == [
                "KioskApp.swift:47: cannot follow: navigator.push(.receipt): no screen of KioskCoordinator's stack is "
                    + "drawn by LegacyBanner or a view holding it, so which screen makes this call is unknown",
                "KioskApp.swift:60: cannot follow: navigator.goBackToRoot(): no screen of KioskCoordinator's stack is "
                    + "drawn by Printer or a view holding it, so which screen makes this call is unknown",
                "Orphans.swift:11: cannot follow: PushView(destination: ReceiptView()) { Text(\"Receipt\") }: "
                    + "DraftTicketView " + unplaced,
                "Orphans.swift:12: cannot follow: navigationStack.pop(): DraftTicketView " + unplaced,
                "Orphans.swift:22: cannot follow: helpRouter.showScreen(.sheet) { _ in MenuView() }: DraftHelpView "
                    + unplaced,
            ])
    }

    @Test("A deep-link closure is an entry node and a plan per case; a handler object's calls start at the entry")
    func deepLinkClosuresAndHandlerObjects() throws {
        let (json, _) = try Scan.scan("DeepLinkClosures")
        let entries = ((json["entries"] as? [[String: Any]]) ?? []).map { "\($0["name"]!) @\($0["line"]!)" }
        #expect(entries == ["onOpenURL → handle @9", "onOpenURL @25"])
        // Was: three dashed `routes =` arrows from the root, as if it had buttons, and no plan; the handler
        // object's two showScreen calls "built by code the scanner cannot follow".
        #expect(
            Scan.edges(json) == [
                "onOpenURL → handle sheet FaqView @30", "onOpenURL → handle push ChatView @32",
                "onOpenURL replace fruit @29", "onOpenURL replace bakery @31", "onOpenURL replace till @31",
                "EntranceView push fruit @43",
            ])
        let plans = try #require(json["plans"] as? [[String: Any]])
        #expect(
            plans.map { $0["name"] as? String ?? "" } == [
                "LinkDesk.handle.faq", "LinkDesk.handle.chat", "ShopCoordinator.onOpenURL.fruit",
                "ShopCoordinator.onOpenURL.pay",
            ])
        let pay = try #require(plans.last?["plan"] as? [String: Any])
        #expect(pay["end"] as? [String] == [".push(.bakery)", ".sheet(.till)"])
        #expect(Scan.problems(json).isEmpty)
    }

    @Test("Backticked cases match, NFC and NFD names stay two screens, and a plan follows the owner's helper")
    func namesAndHelperCallsInPlans() throws {
        let (json, _) = try Scan.scan("KitchenNames")
        let screens = try #require(json["screens"] as? [[String: Any]])
        // Was: '`default`' had no destination view, and the decomposed café merged into the precomposed one.
        #expect(
            screens.map { "\($0["name"]!) \($0["view"]!)".unicodeScalars.map(\.value) }
                == [
                    "MenuBoard MenuBoard", "default PlainView", "caf\u{E9} ComposedView", "cafe\u{301} DecomposedView",
                ].map { $0.unicodeScalars.map(\.value) })
        #expect(
            Scan.edges(json).map { $0.unicodeScalars.map(\.value) }
                == [
                    "MenuBoard push default @30", "MenuBoard sheet cafe\u{301} @35",
                ].map { $0.unicodeScalars.map(\.value) })
        #expect(Scan.problems(json).isEmpty)
        // Was: serveAll's plan kept only the push; serveCoffee() presents too.
        let plans = try #require(json["plans"] as? [[String: Any]])
        let serveAll = try #require(
            plans.first { $0["name"] as? String == "Kitchen.serveAll" }?["plan"] as? [String: Any])
        #expect(
            (serveAll["actions"] as? [String])?.map { $0.unicodeScalars.map(\.value) }
                == ["push(.`default`)", "presentSheet(.cafe\u{301})"].map { $0.unicodeScalars.map(\.value) })
    }

    @Test("Two app folders scanned at once stay two apps: same-named types do not merge")
    func twoAppsStayApart() throws {
        let result = try BuiltBinary.run(
            ["scan", "Tests/ScanFixtures/TwoApps/Tea", "Tests/ScanFixtures/TwoApps/Coffee", "--json"],
            in: BuiltBinary.packageRoot)
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        // Was one `Screen` for both: Coffee's stack listed Tea's cases, and Coffee's pushes were "not a case".
        #expect(
            Self.screens(json) == [
                "HomeView HomeView", "leaves DetailView", "kettle DetailView", "HomeView HomeView",
                "beans DetailView", "grinder DetailView",
            ])
        #expect(
            Scan.edges(json) == [
                "HomeView push leaves @30", "leaves sheet kettle @38", "kettle sheet kettle @38",
                "HomeView push beans @30", "beans sheet grinder @38", "grinder sheet grinder @38",
            ])
        #expect(Scan.problems(json).isEmpty)
        let summary = try BuiltBinary.run(
            ["scan", "Tests/ScanFixtures/TwoApps/Tea", "Tests/ScanFixtures/TwoApps/Coffee"], in: BuiltBinary.packageRoot
        )
        #expect(summary.standardOutput.contains("2 stacks, 6 screens"))
    }

    @Test("Private views of one name in two files are two screens")
    func privateTwinsStayTwo() throws {
        let (json, _) = try Scan.scan("PrivateTwins")
        // Was one `Detail` screen shown from both files, its two dismiss calls merged (issue 29, item 12).
        #expect(
            Self.screens(json) == [
                "HomeView HomeView", "AView AView", "BView BView", "Detail (A.swift) Detail", "Detail (B.swift) Detail",
            ])
        #expect(
            Scan.edges(json) == [
                "AView sheet Detail (A.swift) @7", "Detail (A.swift) dismiss - @14", "HomeView push AView @15",
                "HomeView push BView @16", "BView sheet Detail (B.swift) @7", "Detail (B.swift) dismiss - @14",
            ])
    }

    @Test("A view shown while a flag is set (.flowDestination(isPresented:style:)) is a screen of its stack")
    func flaggedDestinations() throws {
        let (json, _) = try Scan.scan("PresentedFlag")
        // Was: CardView's and MapView's calls "not shown by any FlowStack", and no edge to either.
        #expect(
            Self.screens(json) == ["LobbyView LobbyView", "novels NovelsView", "MapView MapView", "CardView CardView"])
        #expect(
            Scan.edges(json) == [
                "LobbyView push MapView @36", "LobbyView sheet CardView @35", "LobbyView push novels @31",
                "CardView push novels @48", "MapView back - @56",
            ])
        #expect(Scan.problems(json).isEmpty)
    }

    @Test("SwiftfulRouting deep links: a closure in RouterView's content, a router of any name, a handler object")
    func routedDeepLinks() throws {
        let (json, _) = try Scan.scan("RoutedDeepLinks")
        let entries = ((json["entries"] as? [[String: Any]]) ?? []).map { "\($0["name"]!) @\($0["line"]!)" }
        #expect(entries == ["onOpenURL @10", "onOpenURL @10", "onOpenURL → open @10"])
        // Was: Harbour's two `harbour.showScreen` calls dropped without a word and TidesView no screen; Buoy's push
        // "built by code the scanner cannot follow"; no plan for the closure nor for Keeper's `beam` calls.
        #expect(
            Scan.edges(json) == [
                "onOpenURL push LogbookView @12", "onOpenURL sheet TidesView @13", "onOpenURL push FerryView @15",
                "QuayView push FerryView @29", "FerryView dismiss - @41", "onOpenURL → open cover FogView @32",
                "onOpenURL → open sheet StormView @34",
            ])
        let plans = try #require(json["plans"] as? [[String: Any]])
        // Buoy's push, on the one way through its closure that makes one, was "known only when the app runs".
        #expect(
            plans.map { $0["name"] as? String ?? "" } == [
                "BuoyApp.onOpenURL", "HarbourApp.onOpenURL.tides", "HarbourApp.onOpenURL.ferry", "Keeper.open.fog",
                "Keeper.open.storm",
            ])
        let buoy = try #require(plans.first?["plan"] as? [String: Any])
        #expect((buoy["title"] as? String)?.hasPrefix("BuoyApp.onOpenURL() when entry found — scanned from") == true)
        #expect(buoy["actions"] as? [String] == ["router.showScreen(.push) { _ in LogbookView(entry: entry) }"])
        let storm = try #require(plans.last?["plan"] as? [String: Any])
        #expect(storm["actions"] as? [String] == ["router.showScreen(.sheet) { _ in StormView() }"])
        #expect(Scan.problems(json).isEmpty)
    }

    @Test("A view SwiftUI's own .sheet shows without navigation pushes: the push lands behind the sheet")
    func pushesFromSwiftUISheets() throws {
        let (json, _) = try Scan.scan("SwiftUISheetPush")
        // Was: the four calls of the three presented views "not drawn by any screen", and no problem found.
        #expect(
            Scan.edges(json) == [
                "BaseCampView push summit @35", "BaseCampView push hut @56", "BaseCampView push summit @64",
                "BaseCampView back - @65", "BaseCampView sheet hut @73",
            ])
        let file = "Tests/ScanFixtures/SwiftUISheetPush/HikeApp.swift"
        // The three presentations are SwiftUI's own, outside the FlowStack's routes: listed, not drawn.
        let undrawn = [
            ("40", ".sheet(isPresented: $showsMap) { TrailMapView() }", "sheet", "TrailMapView"),
            ("43", ".fullScreenCover(isPresented: $showsWeather) { WeatherView() }", "fullScreenCover", "WeatherView"),
            ("46", ".sheet(isPresented: $showsCompass) { NavigationStack { CompassView() } }", "sheet", "CompassView"),
        ].map { line, call, modifier, view in
            "HikeApp.swift:\(line): cannot follow: \(call): SwiftUI's own .\(modifier) shows \(view) outside the "
                + "stack's routes, and the map does not draw such presentations on this library's screens yet"
        }
        #expect(
            Scan.problems(json) == undrawn + [
                "HikeApp.swift:56: navigator.push(.hut): a push where no navigation is possible: TrailMapView is shown "
                    + "by SwiftUI's .sheet at \(file):40:10, which gives it no navigation, so the push lands in the "
                    + "FlowStack behind it",
                "HikeApp.swift:64: navigator.push(.summit): a push where no navigation is possible: WeatherView is "
                    + "shown by SwiftUI's .fullScreenCover at \(file):43:10, which gives it no navigation, so the push "
                    + "lands in the FlowStack behind it",
            ])
    }

    @Test("A view model made where a row is tapped pushes from that row's screen and from the pages that keep it")
    func modelMadeInATapHandler() throws {
        let (json, result) = try Scan.scan("ModelMadeInTap")
        // Was only the root, and three calls "not drawn by any screen found": the model is made in TopicRow's tap
        // handler (no view keeps it in a property until the questions it pushes do).
        #expect(
            Self.screens(json) == [
                "TopicsPage TopicsPage", "WordQuestion WordQuestion", "PictureQuestion PictureQuestion",
            ])
        #expect(
            Scan.edges(json) == [
                "WordQuestion push WordQuestion @55", "PictureQuestion push WordQuestion @55",
                "TopicsPage push WordQuestion @55", "WordQuestion sheet PictureQuestion @63",
                "PictureQuestion sheet PictureQuestion @63", "TopicsPage sheet PictureQuestion @63",
                "WordQuestion dismiss - @75", "PictureQuestion dismiss - @84",
            ])
        #expect(Scan.problems(json).isEmpty, "\(result.standardError)")
    }

    @Test("A stack whose root is written in both branches of an if is rooted at that view")
    func rootInBothBranchesOfAnIf() throws {
        let (json, result) = try Scan.scan("RootInBothBranches")
        // Was rooted at GardenCoordinator itself, its root view's push and sheet "not drawn by any screen".
        #expect(Self.screens(json) == ["GardenView GardenView", "bed BedView", "tools ToolsView"])
        #expect(
            Scan.edges(json) == [
                "GardenView push bed @43", "GardenView sheet tools @44", "bed back - @54", "tools dismiss - @62",
            ])
        #expect(Scan.problems(json).isEmpty, "\(result.standardError)")
    }
}
