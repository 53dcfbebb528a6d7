import Testing

@testable import FlowSource

/// A postfix `#if` in a modifier chain (`V() #if os(iOS) .padding() #endif .flowDestination…`) is looked
/// through (issue 44, item 22): the stack keeps its root screen, its calls and its plans, and no problem is
/// made up. Each app is scanned with and without its `#if` lines, and must read the same.
@Suite struct PostfixIfConfigTests {
    /// A FlowStacks bakery whose chains carry postfix `#if` blocks where `conditional` is true.
    static func bakery(conditional: Bool) -> String {
        func block(_ modifier: String, _ indent: String) -> String {
            conditional
                ? "\(indent)#if os(iOS)\n\(indent)\(modifier)\n\(indent)#elseif os(macOS)\n\(indent).padding()\n\(indent)#endif\n"
                : ""
        }
        return """
            import FlowStacks
            import SwiftUI

            enum Loaf: Hashable { case rye, sourdough(name: String) }

            struct BakeryCoordinator: View {
                @State var routes: Routes<Loaf> = []
                var body: some View {
                    FlowStack($routes, withNavigation: true) {
                        ShelfView()
            \(block(".navigationBarTitleDisplayMode(.inline)", "                "))\
                            .flowDestination(for: Loaf.self) { loaf in
                                LoafView(loaf: loaf)
                            }
            \(block(".tint(.brown)", "                "))\
                    }
            \(block(".statusBarHidden(false)", "        "))\
                    .onOpenURL { url in open(url) }
                }

                func open(_ url: URL) {
                    routes = [.push(.rye), .sheet(.sourdough(name: "x"))]
                }

                func bakeRye() {
                    routes.push(.rye)
                }
            }

            struct ShelfView: View {
                @EnvironmentObject var navigator: FlowNavigator<Loaf>
                var body: some View {
                    Button("Rye") { navigator.push(.rye) }
            \(block(".bold()", "            "))\
                    Button("Sourdough") { navigator.presentSheet(.sourdough(name: "a")) }
                }
            }

            struct LoafView: View {
                @EnvironmentObject var navigator: FlowNavigator<Loaf>
                let loaf: Loaf
                var body: some View {
                    Button("Back") { navigator.goBack() }
            \(block(".font(.title)", "            "))\
                }
            }
            """
    }

    /// A SwiftUI ferry: `NavigationStack(path:)` over a router, with postfix `#if` blocks before
    /// `.navigationDestination` and `.sheet`.
    static func ferry(conditional: Bool) -> String {
        func block(_ indent: String) -> String {
            conditional ? "\(indent)#if os(iOS)\n\(indent).toolbarBackground(.visible)\n\(indent)#endif\n" : ""
        }
        return """
            import SwiftUI

            enum Dock: Hashable { case pier, cabin }

            @Observable final class Purser {
                var path: [Dock] = []
                func go(to dock: Dock) { path.append(dock) }
            }

            struct FerryRoot: View {
                @State private var purser = Purser()
                var body: some View {
                    NavigationStack(path: $purser.path) {
                        HarbourView()
            \(block("                "))\
                            .navigationDestination(for: Dock.self) { dock in
                                DockView(dock: dock)
                            }
                    }
            \(block("        "))\
                    .environment(purser)
                }
            }

            struct HarbourView: View {
                @Environment(Purser.self) private var purser
                @State private var showsTickets = false
                var body: some View {
                    VStack {
                        Button("Pier") { purser.go(to: .pier) }
                        Button("Tickets") { showsTickets = true }
                    }
            \(block("        "))\
                    .sheet(isPresented: $showsTickets) { TicketsView() }
                }
            }

            struct DockView: View {
                let dock: Dock
                var body: some View { Text("dock") }
            }

            struct TicketsView: View {
                @Environment(\\.dismiss) private var dismiss
                var body: some View { Button("Close") { dismiss() } }
            }
            """
    }

    /// What the scan says, without source positions (the `#if` lines move them).
    static func reading(_ text: String) throws -> [String] {
        let scan = try scanned([("App.swift", text)])
        let edges = scan.map.edges.map {
            "\(scan.name($0.from)) → \(scan.name($0.to)): \($0.style.rawValue) \($0.call)"
        }
        let problems = scan.map.problems.map(\.message)
        return scan.screenLines + edges.sorted() + scan.plans.map(\.name).sorted() + problems
    }

    @Test func aFlowStackChainReadsTheSameThroughPostfixIfBlocks() throws {
        let plain = try Self.reading(Self.bakery(conditional: false))
        #expect(plain.contains("shelf: ShelfView") || plain.contains { $0.hasPrefix("ShelfView") }, "\(plain)")
        #expect(plain.contains { $0.contains("navigator.push(.rye)") }, "\(plain)")
        #expect(plain.contains("BakeryCoordinator.open"), "\(plain)")
        let conditional = try Self.reading(Self.bakery(conditional: true))
        #expect(conditional == plain)
    }

    @Test func aNavigationStackChainReadsTheSameThroughPostfixIfBlocks() throws {
        let plain = try Self.reading(Self.ferry(conditional: false))
        #expect(plain.contains { $0.contains("purser.go(to: .pier)") }, "\(plain)")
        #expect(plain.contains { $0.contains(": sheet") }, "\(plain)")
        #expect(try Self.reading(Self.ferry(conditional: true)) == plain)
    }
}
