import Foundation
import Testing

/// What running `flowgraph scan` over public apps that use FlowStacks and SwiftfulRouting showed it missed, each
/// fixed and kept here as a reduced app written for the test (Tests/ScanFixtures), scanned by the built binary.
@Suite("Scan: patterns from real apps")
struct ScanRealAppRegressionTests {
    /// The `--json` of scanning a fixture folder, and the run.
    static func scan(_ fixture: String) throws -> (json: [String: Any], result: BuiltBinary.Result) {
        let result = try BuiltBinary.run(
            ["scan", "Tests/ScanFixtures/\(fixture)", "--json"], in: BuiltBinary.packageRoot)
        #expect(result.status == 0, "\(result.standardError)")
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        return (json, result)
    }

    /// Each edge as `FROM STYLE TO @LINE`.
    static func edges(_ json: [String: Any]) -> [String] {
        ((json["edges"] as? [[String: Any]]) ?? []).map {
            "\($0["from"] ?? "-") \($0["style"] ?? "-") \(($0["to"] as? String) ?? "-") @\($0["line"] ?? 0)"
        }
    }

    /// Each problem as `FILE:LINE: MESSAGE`, the file without its folder.
    static func problems(_ json: [String: Any]) -> [String] {
        ((json["problems"] as? [[String: Any]]) ?? []).map {
            let file = (($0["file"] as? String) ?? "").split(separator: "/").last.map(String.init) ?? ""
            return "\(file):\($0["line"] ?? 0): \($0["message"] ?? "")"
        }
    }

    @Test("SwiftfulRouting 6: AnyDestination values shown by showScreen, and segues known only at run time")
    func swiftfulRoutingDestinations() throws {
        let (json, result) = try Self.scan("SwiftfulRoutingDestinations")
        #expect(
            Self.edges(json) == [
                "HomeView push SettingsView @25", "HomeView sheet HelpView @28", "HomeView cover PaywallView @31",
                "SettingsView dismiss - @46", "HelpView dismiss - @55",
            ])
        // Was silently dropped: a segue in a variable, and a destination held elsewhere.
        #expect(
            Self.problems(json) == [
                "ContentView.swift:43: cannot follow: router.showScreen(segue, destination: { _ in HelpView() }): the segue 'segue' "
                    + "is known only when the app runs, so how HelpView is shown is unknown",
                "ContentView.swift:65: cannot follow: router.showScreen(offer): the screen it shows is built by code the scanner "
                    + "cannot follow",
            ])
        #expect(
            result.standardError.contains(
                "Tests/ScanFixtures/SwiftfulRoutingDestinations/ContentView.swift:65:28: warning: cannot follow:"))
    }

    @Test("FlowStacks before 1.0: Router($routes) over routes that start with .root(screen, embedInNavigationView:)")
    func legacyRouterWithRootRoute() throws {
        let (json, _) = try Self.scan("LegacyRouterApp")
        // Was 0 stacks and every call "not shown by any FlowStack found". The root is the screen the routes
        // start with, drawn by the router's closure (a computed property's view included), with navigation
        // because its .root(…) embeds it in a NavigationView.
        let screens = try #require(json["screens"] as? [[String: Any]])
        #expect(
            screens.map { "\($0["name"]!) \($0["view"]!)" } == [
                "splash SplashView", "login LoginView", "home HomeView", "settings SettingsView",
            ])
        let summary = try BuiltBinary.run(["scan", "Tests/ScanFixtures/LegacyRouterApp"], in: BuiltBinary.packageRoot)
        #expect(
            summary.standardOutput.hasPrefix(
                "AppCoordinator (FlowStacks, with navigation, routes $routes: Routes<Screen>) at "
                    + "Tests/ScanFixtures/LegacyRouterApp/AppCoordinator.swift:16:9\n  root splash → SplashView"))
        // Assigning routes that keep the root shows only the rest; a view model's navigator calls run on the
        // screen whose view holds it (LoginViewModel in LoginView).
        #expect(
            Self.edges(json) == [
                "splash sheet settings @74", "splash replace login @78", "splash replace login @41",
                "splash replace home @45", "splash replace settings @45",
                "splash push home @9", "login push home @21", "home sheet settings @38", "home back splash @48",
                "settings dismiss - @56",
            ])
        // The app's own function on the routes' holder, called with literal arguments, is followed one level in
        // (a switch on a parameter: `navigator.go(to: .settings, by: .sheet)` @74, @78); one it cannot follow (an
        // `if`) is listed. Were dropped silently: such calls, and a call from a view no screen draws. A view placed in a screen's body (ProfileTab in HomeView's
        // TabView) makes its calls on that screen: `home back splash @48`.
        #expect(
            Self.problems(json) == [
                "Account.swift:8: cannot follow: appNavigator.show(.settings, modally: true): AppNavigator.show(…) "
                    + "changes the routes with the values it is given in a way the scanner cannot follow (it follows "
                    + "calls in sequence, or a switch on a parameter)",
                "Account.swift:17: cannot follow: navigator.goBackToRoot(): no screen of AppCoordinator's stack is "
                    + "drawn by SessionBanner or a view holding it, so which screen makes this call is unknown",
                "AppCoordinator.swift:40: cannot follow: no plan for AppNavigator.signOut(): '.root(.login, "
                    + "embedInNavigationView: true)' makes another screen the root, and a plan's root is fixed",
                "AppCoordinator.swift:49: cannot follow: no plan for AppNavigator.show(): its route changes depend "
                    + "on 'modally', known only when the app runs",
                "AppCoordinator.swift:50: cannot follow: routes.presentSheet(screen): the screen is the value of "
                    + "'screen', known only when the app runs",
                "AppCoordinator.swift:52: cannot follow: routes.push(screen): the screen is the value of 'screen', "
                    + "known only when the app runs",
                "AppCoordinator.swift:61: cannot follow: no plan for AppNavigator.go(): its route changes depend on "
                    + "'transition', known only when the app runs",
                "AppCoordinator.swift:63: cannot follow: routes.push(screen): the screen is the value of 'screen', "
                    + "known only when the app runs",
                "AppCoordinator.swift:65: cannot follow: routes.presentSheet(screen): the screen is the value of "
                    + "'screen', known only when the app runs",
                "AppCoordinator.swift:67: cannot follow: routes = [.root(screen, embedInNavigationView: true)]: the "
                    + "screen is the value of 'screen', known only when the app runs",

            ])
        // The plan leaves out the .root(.splash, …) its routes start with: the plan's root already is it.
        let plans = try #require(json["plans"] as? [[String: Any]])
        #expect(plans.map { $0["name"] as? String } == ["AppNavigator.openSettings"])
        let plan = try #require(plans.first?["plan"] as? [String: Any])
        #expect(plan["end"] as? [String] == [".push(.home)", ".sheet(.settings)"])
        #expect((plan["root"] as? [String: Any])?["withNavigation"] as? Bool == true)
        let folder = try PlanFolder()
        defer { folder.remove() }
        let written = try BuiltBinary.run(
            ["scan", "Tests/ScanFixtures/LegacyRouterApp", "--plans", folder.url.path], in: BuiltBinary.packageRoot)
        #expect(written.status == 0)
        let steps = try BuiltBinary.run([
            "steps", folder.url.appendingPathComponent("AppNavigator.openSettings.json").path,
        ])
        #expect(steps.status == 0, "\(steps.standardError)")
        #expect(steps.standardOutput.contains("to:   [.push(home), .sheet(settings)]"))
    }

    @Test("SwiftfulRouting: a router held by a view model, SwiftfulRouting 4's dismissScreenStack, showScreens")
    func swiftfulRoutingViewModelRouter() throws {
        let (json, _) = try Self.scan("SwiftfulRoutingViewModel")
        // Were dropped silently: `viewModel.router.dismissScreen()` and `router.dismissScreenStack()`.
        #expect(
            Self.edges(json) == [
                "LibraryView cover BrowseView @21", "BrowseView dismiss - @41", "BrowseView push AlbumView @43",
                "AlbumView dismiss - @56",
            ])
        #expect(
            Self.problems(json) == [
                "MusicApp.swift:57: cannot follow: router.showScreens(destinations: queue): the screens it shows are a list or "
                    + "queue built when the app runs"
            ])
    }

    @Test("A subclass value goes to its base class's destination; a screen a local function makes is followed")
    func subclassValuesAndLocalFunctions() throws {
        let (json, _) = try Self.scan("SubclassAndLocalFunction")
        // Were listed as cannot-follow: FlowLink(value: FeaturedArticle(…)) for a flowDestination(for:
        // Article.self), and routes whose screens `func question(_:)` inside the function makes.
        #expect(
            Self.edges(json) == [
                "ReaderHome sheet Article @33", "ReaderHome push Article @36", "QuizStart replace question @70",
                "QuizStart replace summary @70",
            ])
        // The map follows the local function; a plan would have to call it, so there is none, and it says why.
        #expect(
            Self.problems(json) == [
                "Reader.swift:70: cannot follow: no plan for QuizCoordinator.startOver(): the screen 'question(1)' "
                    + "is made by question(), which a plan cannot call"
            ])
    }
}
