import FlowModel
import Testing

@testable import FlowSource

/// What the scan reads from SwiftfulRouting source (``SwiftfulRoutingSource``): a router handed to a view model
/// that pushes, a router held under another name, and a dismissal.
@Suite struct SwiftfulRoutingSourceTests {
    static let pond = #"""
        import SwiftUI
        import SwiftfulRouting

        @main
        struct PondApp: App {
            var body: some Scene {
                WindowGroup {
                    RouterView { router in
                        DockView(model: DockModel(router: router))
                    }
                }
            }
        }

        struct DockView: View {
            @StateObject var model: DockModel
            var body: some View { Button("Boat") { model.sail() } }
        }

        final class DockModel: ObservableObject {
            private let router: AnyRouter
            init(router: AnyRouter) { self.router = router }

            func sail() {
                router.showScreen(.push) { _ in BoatView() }
            }
        }

        struct BoatView: View {
            @Environment(\.router) var boatRouter
            var body: some View {
                VStack {
                    Button("Map") { boatRouter.showScreen(.sheet) { _ in ChartView() } }
                    Button("Ashore") { boatRouter.dismissScreen() }
                }
            }
        }

        struct ChartView: View {
            var body: some View { Text("Chart") }
        }
        """#

    @Test func aViewModelsPushStartsFromTheViewHoldingIt() throws {
        let scan = try scanned([("Pond/Pond.swift", Self.pond)])
        #expect(scan.map.coordinators.map(\.library) == [.swiftfulRouting])
        #expect(scan.screenLines == ["DockView: DockView", "BoatView: BoatView", "ChartView: ChartView"])
        #expect(
            scan.edgeLines == [
                "DockView → BoatView: push router.showScreen(.push) { _ in BoatView() } at Pond/Pond.swift:25:9",
                "BoatView → ChartView: sheet boatRouter.showScreen(.sheet) { _ in ChartView() } at Pond/Pond.swift:33:29",
                "BoatView → ∅: dismiss boatRouter.dismissScreen() at Pond/Pond.swift:34:32",
            ])
        #expect(scan.problemLines == [])
    }

    @Test func theRootViewIsTheRouterViewsContent() throws {
        let scan = try scanned([("Pond/Pond.swift", Self.pond)])
        #expect(scan.map.screens.filter(\.isRoot).map(\.name) == ["DockView"])
        #expect(scan.map.coordinators.first?.location.description == "Pond/Pond.swift:8:13")
    }

    /// `RouterView` wraps its screens in SwiftUI's navigation stack, so SwiftUI's own `NavigationLink` in a
    /// screen pushes the view it shows, which is a screen of that stack whose calls run on it; in a
    /// `RouterView(addNavigationView: false)` there is no stack to push onto.
    @Test func swiftUIsOwnLinkInARouterViewPushes() throws {
        let source = #"""
            import SwiftUI
            import SwiftfulRouting

            struct HarbourApp: App {
                var body: some Scene {
                    WindowGroup {
                        RouterView { _ in QuayView() }
                        RouterView(addNavigationView: false) { _ in BuoyView() }
                    }
                }
            }

            struct QuayView: View {
                var body: some View {
                    NavigationLink { TideTable() } label: { Text("Tides") }
                    NavigationLink(destination: Lighthouse()) { Text("Light") }
                }
            }

            struct TideTable: View {
                @Environment(\.router) var router
                var body: some View { Button("Close") { router.dismissScreen() } }
            }

            struct Lighthouse: View {
                var body: some View { Text("Light") }
            }

            struct BuoyView: View {
                var body: some View { NavigationLink { Lighthouse() } label: { Text("Light") } }
            }
            """#
        let scan = try scanned([("Harbour.swift", source)])
        let lines = scan.edgeCalls
        #expect(
            lines.sorted() == [
                "QuayView → Lighthouse: push NavigationLink(destination: Lighthouse()) { Text(\"Light\") }",
                "QuayView → TideTable: push NavigationLink { TideTable() } label: { Text(\"Tides\") }",
                "TideTable → ∅: dismiss router.dismissScreen()",
            ], "\(lines)")
    }
}
