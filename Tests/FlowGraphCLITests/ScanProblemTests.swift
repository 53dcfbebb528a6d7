import Foundation
import Testing

/// The problems `flowgraph scan` finds in code, each from real-looking app code, located as FILE:LINE:COLUMN;
/// code it cannot follow is listed, never dropped; hostile source ends in located errors, never a crash.
@Suite struct ScanProblemTests {
    /// Scans one file written to a temporary folder; returns the run and the folder.
    static func scan(_ source: String, name: String = "App.swift", extra: [String] = []) throws -> BuiltBinary.Result {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write(name, source)
        return try BuiltBinary.run(["scan", name] + extra, in: folder.url)
    }

    @Test func aPushFromAFlowStackWithoutNavigation() throws {
        let result = try Self.scan(
            """
            import FlowStacks
            import SwiftUI

            enum Screen: Hashable { case detail }

            struct AppCoordinator: View {
                @State var routes: Routes<Screen> = []

                var body: some View {
                    FlowStack($routes) {
                        HomeView()
                            .flowDestination(for: Screen.self) { screen in
                                switch screen {
                                case .detail: DetailView()
                                }
                            }
                    }
                }
            }

            struct HomeView: View {
                @EnvironmentObject var navigator: FlowNavigator<Screen>

                var body: some View {
                    Button("Details") { navigator.push(.detail) }
                }
            }

            struct DetailView: View {
                var body: some View { Text("Detail") }
            }
            """)
        #expect(result.status == 0)
        #expect(
            result.standardError.contains(
                "App.swift:25:29: warning: navigator.push(.detail): a push where no navigation is possible: "
                    + "the FlowStack at App.swift:10:9 has no navigation (withNavigation is false)"),
            "\(result.standardError)")
    }

    static let nested = """
        import FlowStacks
        import SwiftUI

        enum ParentScreen: Hashable { case onboarding, profile }
        enum OnboardingScreen: Hashable { case welcome, terms }

        struct ParentCoordinator: View {
            @State var routes: Routes<ParentScreen> = []

            var body: some View {
                FlowStack($routes, withNavigation: true) {
                    HomeView()
                        .flowDestination(for: ParentScreen.self) { screen in
                            switch screen {
                            case .onboarding: OnboardingCoordinator()
                            case .profile: ProfileView()
                            }
                        }
                }
            }

            func showOnboardingThenProfile() {
                routes = [.push(.onboarding), .push(.profile)]
            }
        }

        struct OnboardingCoordinator: View {
            @State var routes: Routes<OnboardingScreen> = []

            var body: some View {
                FlowStack($routes) {
                    WelcomeView()
                        .flowDestination(for: OnboardingScreen.self) { screen in
                            switch screen {
                            case .welcome: WelcomeView()
                            case .terms: TermsView()
                            }
                        }
                }
            }
        }

        struct WelcomeView: View {
            @EnvironmentObject var navigator: FlowNavigator<ParentScreen>

            var body: some View {
                Button("Profile") { navigator.push(.profile) }
            }
        }

        struct HomeView: View {
            var body: some View { Text("Home") }
        }

        struct ProfileView: View {
            var body: some View { Text("Profile") }
        }

        struct TermsView: View {
            var body: some View { Text("Terms") }
        }
        """

    @Test func aChildThatOwnsItsRoutesShownBelowTheTop() throws {
        let result = try Self.scan(Self.nested)
        #expect(result.status == 0)
        #expect(
            result.standardError.contains(
                "App.swift:23:19: warning: .push(.onboarding) shows the child FlowStack of OnboardingCoordinator, "
                    + "which owns its routes, at position 0 with 1 route(s) above it"),
            "\(result.standardError)")
    }

    @Test func aParentThatPushesWhileItsChildIsOnTop() throws {
        let result = try Self.scan(Self.nested)
        #expect(!result.standardError.contains("a push where no navigation is possible"))
        #expect(
            result.standardError.contains(
                "App.swift:47:29: warning: navigator.push(.profile): WelcomeView is in the child FlowStack of "
                    + "OnboardingCoordinator, which owns its routes and is on top, but this navigator is the parent's"),
            "\(result.standardError)")
    }

    @Test func aScreenCaseWithNoDestinationView() throws {
        let result = try Self.scan(
            """
            import FlowStacks
            import SwiftUI

            enum Screen: Hashable {
                case inbox
                case message(id: Int)
            }

            struct MailCoordinator: View {
                @State var routes: [Route<Screen>] = []

                var body: some View {
                    FlowStack($routes, withNavigation: true) {
                        InboxView()
                            .flowDestination(for: Screen.self) { screen in
                                switch screen {
                                case .inbox: InboxView()
                                default: EmptyView()
                                }
                            }
                    }
                }
            }

            struct InboxView: View {
                var body: some View { Text("Inbox") }
            }
            """)
        // `default:` builds a view for every other case: no problem then.
        #expect(!result.standardError.contains("has no destination view"))
        let withoutDefault = try Self.scan(
            """
            import FlowStacks
            import SwiftUI

            enum Screen: Hashable {
                case inbox
                case message(id: Int)
            }

            struct MailCoordinator: View {
                @State var routes: [Route<Screen>] = []

                var body: some View {
                    FlowStack($routes, withNavigation: true) {
                        InboxView()
                            .flowDestination(for: Screen.self) { screen in
                                if case .inbox = screen {
                                    InboxView()
                                }
                            }
                    }
                }
            }

            struct InboxView: View {
                var body: some View { Text("Inbox") }
            }
            """)
        #expect(
            withoutDefault.standardError.contains(
                "App.swift:6:10: warning: screen case 'message' of Screen has no destination view"),
            "\(withoutDefault.standardError)")
    }

    @Test func aDestinationForATypeNoFlowStackUses() throws {
        let result = try Self.scan(
            """
            import FlowStacks
            import SwiftUI

            struct Settings: Hashable {}

            struct NumbersCoordinator: View {
                @State var routes: Routes<Int> = []

                var body: some View {
                    FlowStack($routes, withNavigation: true) {
                        NumberView(number: 0)
                            .flowDestination(for: Int.self) { number in NumberView(number: number) }
                            .flowDestination(for: Settings.self) { _ in SettingsView() }
                    }
                }
            }

            struct NumberView: View {
                let number: Int
                var body: some View { Text("\\(number)") }
            }

            struct SettingsView: View {
                var body: some View { Text("Settings") }
            }
            """)
        #expect(
            result.standardError.contains(
                "App.swift:13:18: warning: .flowDestination(for: Settings.self) builds views for Settings, "
                    + "but no FlowStack's routes hold it (routes are of Int)"),
            "\(result.standardError)")
    }

    @Test func codeItCannotFollowIsListedWithItsLocation() throws {
        let result = try Self.scan(
            """
            import FlowStacks
            import SwiftUI

            enum Screen: Hashable { case home, detail(Int) }

            struct Coordinator: View {
                @State var routes: Routes<Screen> = []

                var body: some View {
                    FlowStack($routes, withNavigation: true) {
                        HomeView(open: open)
                            .flowDestination(for: Screen.self) { screen in
                                switch screen {
                                case .home: HomeView(open: open)
                                case .detail: DetailView()
                                }
                            }
                    }
                }

                func open(_ screen: Screen) {
                    routes.push(screen)
                }

                func restore() {
                    routes = SavedState.load()
                }
            }

            struct HomeView: View {
                let open: (Screen) -> Void
                var body: some View { Text("Home") }
            }

            struct DetailView: View {
                var body: some View { Text("Detail") }
            }
            """, extra: ["--json"])
        #expect(result.status == 0)
        #expect(
            result.standardError.contains(
                "App.swift:22:9: warning: cannot follow: routes.push(screen): the screen is the value of 'screen', "
                    + "known only when the app runs"),
            "\(result.standardError)")
        #expect(
            result.standardError.contains(
                "App.swift:26:9: warning: cannot follow: routes = SavedState.load(): the routes assigned are known only when the app runs"
            ),
            "\(result.standardError)")
        // The same in --json, with columns.
        #expect(result.standardOutput.contains(#""line": 26"#))
        #expect(result.standardOutput.contains("cannot follow: routes = SavedState.load()"))
    }

    // MARK: - Hostile source

    @Test func invalidSwiftIsALocatedErrorAndWritesNothing() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("Good.swift", "struct A {}\n")
        try folder.write(
            "Broken.swift", "struct A: View {\n    var body: some View {\n        FlowStack($routes {\n    }\n")
        let result = try BuiltBinary.run(["scan", ".", "-o", "map.svg", "--plans", "plans"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardError.contains("./Broken.swift:4:6: not valid Swift: expected ')' to end function call"))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("map.svg").path))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("plans").path))
    }

    @Test func deepNestingIsALocatedErrorNotACrash() throws {
        let deep =
            "struct Deep {\n    func f() {\n        let x = " + String(repeating: "(", count: 20_000) + "1"
            + String(repeating: ")", count: 20_000) + "\n    }\n}\n"
        let result = try Self.scan(deep, name: "Deep.swift")
        #expect(result.status == 1)
        #expect(result.standardError.contains("Deep.swift:3:"))
        #expect(result.standardError.contains("maximum nesting level"))
        let closures = "let v = " + String(repeating: "{ ", count: 5_000) + String(repeating: "} ", count: 5_000) + "\n"
        let nested = try Self.scan(closures, name: "Closures.swift")
        #expect(nested.status == 1)
        #expect(nested.standardError.contains("Closures.swift:1:"))
    }

    /// 10 MB files: a generated table in a string literal, and a file of 10 MB of comments, around a FlowStack.
    /// (10 MB of ordinary code is in the scan benchmark: the toolchain's SwiftParser reads about 0.2–1 MB/s.)
    @Test func tenMegabyteFilesAreScanned() throws {
        let app = """
            struct Coordinator: View {
                @State var routes: Routes<Int> = []
                var body: some View {
                    FlowStack($routes, withNavigation: true) {
                        NumberView()
                            .flowDestination(for: Int.self) { number in NumberView() }
                    }
                }
            }

            """
        let literal =
            "let blob = \"" + String(repeating: "0123456789abcdef", count: 10 * 1024 * 1024 / 16) + "\"\n" + app
        let big = try Self.scan(literal, name: "Blob.swift")
        #expect(big.status == 0, "\(big.standardError)")
        #expect(big.standardOutput.contains("1 stack, 2 screens"))
        let comments = String(repeating: "// generated: 0123456789\n", count: 10 * 1024 * 1024 / 26) + app
        let commented = try Self.scan(comments, name: "Comments.swift")
        #expect(commented.status == 0, "\(commented.standardError)")
        #expect(commented.standardOutput.contains("Coordinator (FlowStacks, with navigation"))
        #expect(commented.standardOutput.contains("Comments.swift:\(10 * 1024 * 1024 / 26 + 4):"))
        // Over the file-size limit: refused by name, before parsing.
        let refused = try Self.scan(literal, name: "Blob.swift", extra: ["--limit", "file-size=1000000"])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("Blob.swift"))
    }

    @Test func badPathsAndBytesAreErrors() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let missing = try BuiltBinary.run(["scan", "Nowhere"], in: folder.url)
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("Nowhere: no such file or folder"))
        try folder.write("notes.txt", "hello")
        let notSwift = try BuiltBinary.run(["scan", "notes.txt"], in: folder.url)
        #expect(notSwift.status == 1)
        #expect(notSwift.standardError.contains("notes.txt: not a Swift file"))
        try Data([0x73, 0x74, 0xFF, 0xFE, 0x0A]).write(to: folder.url.appendingPathComponent("Binary.swift"))
        let binary = try BuiltBinary.run(["scan", "Binary.swift"], in: folder.url)
        #expect(binary.status == 1)
        #expect(binary.standardError.contains("Binary.swift: not UTF-8 text"))
        let usage = try BuiltBinary.run(["scan"], in: folder.url)
        #expect(usage.status == 2)
        let format = try BuiltBinary.run(["scan", ".", "-o", "map.gif"], in: folder.url)
        #expect(format.status == 2)
        #expect(format.standardError.contains("end it in .svg, .png, .pdf, .dot or .mmd"))
    }

    @Test func buildFoldersAreSkipped() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent(".build/checkouts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("DerivedData"), withIntermediateDirectories: true)
        try folder.write(".build/checkouts/Broken.swift", "struct {")
        try folder.write("DerivedData/Broken.swift", "struct {")
        try folder.write("App.swift", "struct App {}\n")
        let result = try BuiltBinary.run(["scan", "."], in: folder.url)
        #expect(result.status == 0, "\(result.standardError)")
    }
}
