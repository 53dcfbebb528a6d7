import FlowModel
import Testing

@testable import FlowSource

/// What the scan reads from swiftui-navigation-stack source (``NavigationStackSource``): pushes, a `TabView`'s
/// tabs, a tab with a stack of its own, `PushView` and `PopView`.
@Suite struct NavigationStackSourceTests {
    static let tram = #"""
        import NavigationStack
        import SwiftUI

        @main
        struct TramApp: App {
            var body: some Scene {
                WindowGroup {
                    NavigationStackView { DepotView() }
                }
            }
        }

        struct DepotView: View {
            @EnvironmentObject private var navigationStack: NavigationStackCompat
            var body: some View { Button("Lines") { navigationStack.push(LinesView()) } }
        }

        struct LinesView: View {
            var body: some View {
                TabView {
                    NorthTab().tabItem { Text("North") }
                    SouthTab().tabItem { Text("South") }
                }
            }
        }

        struct NorthTab: View {
            @EnvironmentObject private var navigationStack: NavigationStackCompat
            var body: some View { Button("Stop") { navigationStack.push(StopView()) } }
        }

        struct SouthTab: View {
            var body: some View {
                NavigationStackView {
                    PushView(destination: TimetableView()) { Text("Timetable") }
                }
            }
        }

        struct StopView: View {
            var body: some View { PopView { Text("Back") } }
        }

        struct TimetableView: View {
            var body: some View { PopView(destination: .root) { Text("Lines") } }
        }
        """#

    @Test func aTabsPushStartsFromTheScreenShowingTheTabs() throws {
        let scan = try scanned([("Tram.swift", Self.tram)])
        #expect(scan.map.coordinators.map(\.library) == [.swiftUINavigationStack, .swiftUINavigationStack])
        let edges = scan.edgeLines
        #expect(edges.contains("DepotView → LinesView: push navigationStack.push(LinesView()) at Tram.swift:15:45"))
        // NorthTab is drawn inside LinesView's TabView: its push is LinesView's.
        #expect(edges.contains("LinesView → StopView: push navigationStack.push(StopView()) at Tram.swift:29:44"))
    }

    @Test func aTabWithItsOwnStackIsASecondStack() throws {
        let scan = try scanned([("Tram.swift", Self.tram)])
        #expect(scan.map.coordinators.map(\.owner) == ["TramApp", "SouthTab"])
        let edges = scan.edgeLines
        #expect(
            edges.contains { $0.hasPrefix("SouthTab → TimetableView: push PushView(destination: TimetableView())") },
            "\(edges)")
        #expect(edges.contains { $0.hasPrefix("StopView → ∅: back PopView") }, "\(edges)")
        #expect(
            edges.contains { $0.hasPrefix("TimetableView → SouthTab: back PopView(destination: .root)") }, "\(edges)")
        #expect(scan.map.screens.count == 5)
        #expect(scan.problemLines == [])
    }

    /// A `NavigationStackView` whose root is picked by state in its own content: the views of both branches
    /// run their pushes and pops on the root (they were read as other screens' content before, and dropped).
    @Test func aRootPickedByAnIfInTheStacksContentRunsEveryBranchsCalls() throws {
        let source = #"""
            import NavigationStack
            import SwiftUI

            struct GateView: View {
                @State private var signedIn = false
                var body: some View {
                    NavigationStackView {
                        if signedIn {
                            LoungeView()
                        } else {
                            DoorView()
                        }
                    }
                }
            }

            struct LoungeView: View { var body: some View { Text("Lounge") } }

            struct DoorView: View {
                @EnvironmentObject private var navigationStack: NavigationStackCompat
                var body: some View { Button("Knock") { navigationStack.push(HallView()) } }
            }

            struct HallView: View {
                @EnvironmentObject private var navigationStack: NavigationStackCompat
                var body: some View { Button("Out") { navigationStack.pop() } }
            }
            """#
        let scan = try scanned([("Gate.swift", source)])
        #expect(scan.screenLines == ["GateView: GateView", "HallView: HallView"])
        #expect(
            scan.edgeLines == [
                "GateView → HallView: push navigationStack.push(HallView()) at Gate.swift:21:45",
                "HallView → ∅: back navigationStack.pop() at Gate.swift:26:43",
            ])
        #expect(scan.problemLines.isEmpty)
    }
}
