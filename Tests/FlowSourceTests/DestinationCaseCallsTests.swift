import Testing

@testable import FlowSource

/// A call written in a stack's destination closure, in the case that builds a screen
/// (`case .members: MembersView().addBackButton { routes.pop() }`), runs while that screen is shown: its edge
/// starts there, not at the root (seen in urbanParis' admin coordinator, commit 07bf343).
@Suite struct DestinationCaseCallsTests {
    static let app = """
        import FlowStacks
        import SwiftUI

        enum AdminScreen: Hashable { case members, seasons, teams }

        struct AdminCoordinator: View {
            @State var routes: Routes<AdminScreen> = []
            var body: some View {
                FlowStack($routes, withNavigation: true) {
                    AdminMenuView()
                        .flowDestination(for: AdminScreen.self) { screen in
                            switch screen {
                            case .members:
                                MembersView()
                                    .addBackButton { routes.pop() }
                            case .seasons:
                                SeasonsView(onPick: { routes.push(.teams) })
                            case .teams, .seasons:
                                TeamsView().addBackButton { routes.goBackToRoot() }
                            }
                        }
                }
            }
        }

        struct AdminMenuView: View {
            @EnvironmentObject var navigator: FlowNavigator<AdminScreen>
            var body: some View { Button("Members") { navigator.push(.members) } }
        }
        struct MembersView: View { var body: some View { Text("members") } }
        struct SeasonsView: View { let onPick: () -> Void; var body: some View { Button("Pick", action: onPick) } }
        struct TeamsView: View { var body: some View { Text("teams") } }
        extension View { func addBackButton(_ action: @escaping () -> Void) -> some View { self } }
        """

    @Test func aCallInADestinationCaseStartsAtItsScreen() throws {
        let scan = try scanned([("Admin.swift", Self.app)])
        let edges = scan.map.edges.map { "\(scan.name($0.from)) → \(scan.name($0.to)): \($0.style.rawValue)" }.sorted()
        #expect(edges.contains("members → ∅: back"), "\(edges)")
        #expect(edges.contains("seasons → teams: push"), "\(edges)")
        #expect(edges.contains("AdminMenuView → members: push"), "\(edges)")
        // A case of several screens says nothing of which one: the call stays on the root, as before.
        #expect(edges.contains("AdminMenuView → AdminMenuView: back"), "\(edges)")
    }
}
