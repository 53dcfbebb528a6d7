import Foundation
import Testing

/// `flowgraph render DIR` draws the navigation map of each app's source folder it finds there, next to the plans,
/// and `--check` compares those maps byte for byte: as `make run` and `make check-output` do with Samples/.
@Suite("Batch render of scanned apps")
struct BatchAppMapTests {
    static let coordinator = """
        import FlowStacks
        import SwiftUI

        enum Screen: Hashable {
            case profile
            case settings
        }

        struct AppCoordinator: View {
            @State var routes: Routes<Screen> = []

            var body: some View {
                FlowStack($routes, withNavigation: true) {
                    HomeView()
                        .flowDestination(for: Screen.self) { screen in
                            switch screen {
                            case .profile: ProfileView()
                            case .settings: SettingsView()
                            }
                        }
                }
            }
        }

        """
    static let home = """
        import FlowStacks
        import SwiftUI

        struct HomeView: View {
            @EnvironmentObject var navigator: FlowNavigator<Screen>

            var body: some View {
                Button("Profile") { navigator.push(.profile) }
                Button("Settings") { navigator.presentSheet(.settings) }
            }
        }

        """

    /// A folder with one plan and an app (`Shop/`, its sources one level down), and the folder to render into.
    static func makeSamples() throws -> (root: URL, samples: URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("batch-app-\(UUID().uuidString)")
        let samples = root.appendingPathComponent("Samples")
        let sources = samples.appendingPathComponent("Shop/Sources")
        try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        try coordinator.write(
            to: sources.appendingPathComponent("AppCoordinator.swift"), atomically: true, encoding: .utf8)
        try home.write(to: samples.appendingPathComponent("Shop/HomeView.swift"), atomically: true, encoding: .utf8)
        let plan = #"{"root": "Home", "start": [".push(Profile)"]}"#
        try plan.write(to: samples.appendingPathComponent("profile.json"), atomically: true, encoding: .utf8)
        return (root, samples)
    }

    @Test("An app's folder renders to its map, listed in the gallery, and --check compares it")
    func appFolderRendersAndChecks() throws {
        let (root, _) = try Self.makeSamples()
        defer { try? FileManager.default.removeItem(at: root) }
        let render = try BatchRun.run(["render", "Samples", "-o", "Output", "-T", "svg,png,json"], in: root)
        #expect(render.status == 0, "\(render.standardError)")
        let output = root.appendingPathComponent("Output")
        #expect(
            BatchRun.files(under: output) == [
                "README.md", "Shop.json", "Shop.png", "Shop.svg", "index.html", "profile.json", "profile.png",
                "profile.svg",
            ])
        // The map: both screens and the two calls, named by file below Samples/ however Samples was spelled.
        let svg = try String(contentsOf: output.appendingPathComponent("Shop.svg"), encoding: .utf8)
        #expect(svg.contains(">profile<") && svg.contains(">settings<"))
        #expect(svg.contains("Shop/HomeView.swift:8"))
        #expect(!svg.contains(root.path))
        // JSON is `flowgraph scan --json`.
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("Shop.json")))
                as? [String: Any])
        let edges = try #require(json["edges"] as? [[String: Any]])
        #expect(edges.map { "\($0["style"]!) \($0["to"]!)" }.sorted() == ["push profile", "sheet settings"])
        #expect(edges.allSatisfy { ($0["file"] as? String) == "Shop/HomeView.swift" })
        let gallery = try String(contentsOf: output.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(gallery.contains("## Shop"))
        #expect(gallery.contains("Swift source: [`Samples/Shop`](../Samples/Shop)"))
        #expect(gallery.contains("Plan: [`Samples/profile.json`](../Samples/profile.json)"))
        #expect(
            gallery.contains("Navigation map scanned from 2 Swift files (flowgraph scan): 1 stack, 3 screens, 2 calls"))
        #expect(gallery.contains("[Shop.svg](Shop.svg)"))

        // Up to date, also with the folder spelled `Samples/`.
        let check = try BatchRun.run(["render", "Samples/", "-o", "Output", "-T", "svg,png,json", "--check"], in: root)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        // A changed source file makes the map stale; a map whose app is gone is extra.
        let homeFile = root.appendingPathComponent("Samples/Shop/HomeView.swift")
        try Self.home.replacingOccurrences(of: "presentSheet", with: "presentCover")
            .write(to: homeFile, atomically: true, encoding: .utf8)
        try Data("x".utf8).write(to: output.appendingPathComponent("Gone.svg"))
        let stale = try BatchRun.run(["render", "Samples", "-o", "Output", "-T", "svg,png,json", "--check"], in: root)
        #expect(stale.status == 1)
        let lines = stale.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.contains("stale   Output/Shop.svg"))
        #expect(lines.contains("stale   Output/Shop.json"))
        #expect(lines.contains("extra   Output/Gone.svg"))
        #expect(!lines.contains { $0.contains("profile") })
    }

    @Test("A folder of Swift files given itself is one app named after it; plan checks leave apps alone")
    func folderGivenIsTheApp() throws {
        let (root, _) = try Self.makeSamples()
        defer { try? FileManager.default.removeItem(at: root) }
        let render = try BatchRun.run(["render", "Samples/Shop", "-o", "Maps", "-T", "svg", "--no-gallery"], in: root)
        #expect(render.status == 0, "\(render.standardError)")
        #expect(BatchRun.files(under: root.appendingPathComponent("Maps")) == ["Shop.svg"])
        // Formats a map has no form for are left out with a warning, not failed.
        let text = try BatchRun.run(["render", "Samples/Shop", "-o", "Text", "-T", "txt", "--no-gallery"], in: root)
        #expect(text.status == 0, "\(text.standardError)")
        #expect(
            text.standardError.contains("Samples/Shop: warning: an app's navigation map has no txt form; not written"))
        #expect(BatchRun.files(under: root.appendingPathComponent("Text")).isEmpty)
        // Mermaid is a map's form too: one flowchart, whatever the themes.
        let mermaid = try BatchRun.run(
            ["render", "Samples/Shop", "-o", "Charts", "-T", "mermaid", "--theme", "light,dark", "--no-gallery"],
            in: root)
        #expect(mermaid.status == 0, "\(mermaid.standardError)")
        #expect(BatchRun.files(under: root.appendingPathComponent("Charts")) == ["Shop.mmd"])
        let chart = try String(contentsOf: root.appendingPathComponent("Charts/Shop.mmd"), encoding: .utf8)
        #expect(chart.hasPrefix("---\ntitle: \"Navigation map of Shop · 1 stack"), "\(chart.prefix(100))")
        // With a gallery, its Markdown shows the chart in place, as there is no picture.
        let gallery = try BatchRun.run(["render", "Samples/Shop", "-o", "Gallery", "-T", "mermaid"], in: root)
        #expect(gallery.status == 0, "\(gallery.standardError)")
        let readme = try String(contentsOf: root.appendingPathComponent("Gallery/README.md"), encoding: .utf8)
        #expect(readme.contains("```mermaid\n---\ntitle: \"Navigation map of Shop"), "\(readme)")
        // `flowgraph check` checks plans only.
        let check = try BatchRun.run(["check", "Samples"], in: root)
        #expect(check.status == 0, "\(check.standardError)")
        #expect(check.standardOutput.contains("checked 1 plan: 1 valid"))
    }

    @Test("Invalid Swift in an app fails that app with a located error naming the file as found; the plans render")
    func invalidSwiftFailsOnlyTheApp() throws {
        let (root, samples) = try Self.makeSamples()
        defer { try? FileManager.default.removeItem(at: root) }
        try "struct Broken: View {\n    var body: some View {\n".write(
            to: samples.appendingPathComponent("Shop/Broken.swift"), atomically: true, encoding: .utf8)
        let render = try BatchRun.run(["render", "Samples", "-o", "Output", "-T", "svg"], in: root)
        #expect(render.status == 1)
        #expect(render.standardError.contains("Samples/Shop/Broken.swift:"))
        let files = BatchRun.files(under: root.appendingPathComponent("Output"))
        #expect(files.contains("profile.svg"))
        #expect(!files.contains("Shop.svg"))
    }
}
