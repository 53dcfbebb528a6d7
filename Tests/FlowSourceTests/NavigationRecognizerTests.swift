import FlowModel
import Testing

@testable import FlowSource

/// What the recogniser does with calls it cannot place (``NavigationRecognizer``'s unplaced calls): each is a
/// problem at its file:line:column, never dropped and never drawn from a guessed screen.
@Suite struct NavigationRecognizerTests {
    static let kiln = #"""
        import FlowStacks
        import SwiftUI

        enum Pot: Hashable {
            case glaze
            case fire
        }

        struct KilnCoordinator: View {
            @State var routes: Routes<Pot> = []
            var body: some View {
                FlowStack($routes, withNavigation: true) {
                    WheelView()
                        .flowDestination(for: Pot.self) { pot in
                            switch pot {
                            case .glaze: GlazeView()
                            case .fire: FireView()
                            }
                        }
                }
            }
        }

        struct WheelView: View {
            @EnvironmentObject var navigator: FlowNavigator<Pot>
            var body: some View { Button("Glaze") { navigator.push(.glaze) } }
        }

        struct GlazeView: View {
            var body: some View { Text("Glaze") }
        }

        struct FireView: View {
            var body: some View { Text("Fire") }
        }

        struct OldBanner: View {
            @EnvironmentObject var navigator: FlowNavigator<Pot>
            var body: some View { Button("Fire") { navigator.push(.fire) } }
        }

        final class Timer {
            let navigator: FlowNavigator<Pot>
            init(navigator: FlowNavigator<Pot>) { self.navigator = navigator }
            func done() { navigator.goBackToRoot() }
        }
        """#

    @Test func callsNoScreenMakesAreProblemsAtTheirPlace() throws {
        let scan = try scanned([("Kiln/Kiln.swift", Self.kiln)])
        #expect(
            scan.problemLines == [
                "Kiln/Kiln.swift:39:44: cannot follow: navigator.push(.fire): no screen of KilnCoordinator's stack is "
                    + "drawn by OldBanner or a view holding it, so which screen makes this call is unknown",
                "Kiln/Kiln.swift:45:19: cannot follow: navigator.goBackToRoot(): no screen of KilnCoordinator's stack "
                    + "is drawn by Timer or a view holding it, so which screen makes this call is unknown",
            ])
        // The one placed call is drawn; the unplaced ones are not.
        #expect(scan.edgeLines == ["WheelView → glaze: push navigator.push(.glaze) at Kiln/Kiln.swift:26:45"])
    }

    /// Views of swiftui-navigation-stack and SwiftfulRouting that no stack shows.
    static let drafts = #"""
        import NavigationStack
        import SwiftUI
        import SwiftfulRouting

        struct DraftNoteView: View {
            @EnvironmentObject private var navigationStack: NavigationStackCompat
            var body: some View {
                Button("Back") { navigationStack.pop() }
            }
        }

        struct DraftMapView: View {
            @Environment(\.router) var mapRouter
            var body: some View {
                Button("Pin") { mapRouter.showScreen(.sheet) { _ in PinView() } }
            }
        }

        struct PinView: View {
            var body: some View { Text("Pin") }
        }
        """#

    @Test func callsOfTheOtherLibrariesInViewsNoStackShowsAreProblemsToo() throws {
        let scan = try scanned([("Drafts.swift", Self.drafts)])
        #expect(scan.map.coordinators.isEmpty && scan.edgeLines.isEmpty)
        #expect(
            scan.problemLines == [
                "Drafts.swift:8:26: cannot follow: navigationStack.pop(): DraftNoteView is not drawn by any screen "
                    + "found, nor held by a view that is, so which screen makes this call is unknown",
                "Drafts.swift:15:25: cannot follow: mapRouter.showScreen(.sheet) { _ in PinView() }: DraftMapView is "
                    + "not drawn by any screen found, nor held by a view that is, so which screen makes this call is "
                    + "unknown",
            ])
    }

    /// The error a scan stops with, as `flowgraph scan` prints it.
    static func failure(_ files: [(path: String, text: String)], limits: Limits = .default) -> String? {
        do {
            _ = try SourceScanner.scan(files, limits: limits)
            return nil
        } catch {
            return error.diagnostics.map(\.description).joined(separator: "\n")
        }
    }

    @Test func sourceTheParserCannotReadNamesItsPlace() throws {
        let failure = try #require(
            Self.failure([("Broken.swift", "struct A {\n    var body: some View { Text(\"x\")\n")]))
        #expect(failure.hasPrefix("Broken.swift:"), "\(failure)")
    }

    @Test func tooManyBytesAreRefusedNamingTheFile() throws {
        var limits = Limits.default
        limits.swiftSize = 100
        let files = [("A.swift", String(repeating: "// x\n", count: 25)), ("B.swift", "// y\n")]
        let failure = try #require(Self.failure(files, limits: limits))
        #expect(failure.hasPrefix("A.swift") && failure.contains("more than one scan reads"), "\(failure)")
    }

    /// A view whose type is named in lower case (`struct todayCard: View`, taylorcovington/macroflex-ios) placed
    /// in a screen's body runs its calls on that screen. Was: "todayCard is not drawn by any screen found".
    @Test func aViewTypeNamedInLowerCaseIsPlacedInTheScreenDrawingIt() throws {
        let source = #"""
            import SwiftUI
            import SwiftfulRouting

            struct GymApp: App {
                var body: some Scene {
                    WindowGroup { RouterView { router in DashView(router: router) } }
                }
            }

            struct DashView: View {
                let router: AnyRouter
                var body: some View { VStack { todayCard(router: router) } }
            }

            struct todayCard: View {
                let router: AnyRouter
                var body: some View { Button("Steps") { router.showScreen(.push) { _ in StepsView() } } }
            }

            struct StepsView: View {
                var body: some View { Text("Steps") }
            }
            """#
        let scan = try scanned([("Gym.swift", source)])
        #expect(
            scan.edgeLines == [
                "DashView → StepsView: push router.showScreen(.push) { _ in StepsView() } at Gym.swift:17:45"
            ])
        #expect(scan.problemLines.isEmpty, "\(scan.problemLines)")
    }
}
