import FlowGraphTestSupport
import FlowModel
import Foundation
import Testing

@testable import FlowSource

/// Which files a scan parses (``ParseSelection``): only those that can bear on the navigation, and with them it
/// finds exactly what parsing every file finds.
@Suite struct ParseSelectionTests {
    /// The Swift files under a folder of the repository, as (path, text), paths relative to the repository.
    static func files(under folder: String) throws -> [(path: String, text: String)] {
        let root = RepositoryFolders.root.path + "/"
        return try SourceFiles.swiftFiles(in: [root + folder]).map { path in
            (String(path.dropFirst(root.count)), try String(contentsOfFile: path, encoding: .utf8))
        }
    }

    /// The scan's JSON, parsing the files `choice` selects.
    static func json(_ files: [(path: String, text: String)], _ choice: ParseSelection.Choice) throws -> JSONValue {
        try SourceScanner.scan(files, choosing: choice).json()
    }

    /// The files `SwiftSourceIndex` parses, by name.
    static func parsedNames(_ files: [(path: String, text: String)]) throws -> [String] {
        let chosen = ParseSelection.parsed(files.map { SourceSketch($0.text) }, seedWords: SourceLibraries.seedWords)
        return zip(files, chosen).filter(\.1).map(\.0.path)
    }

    static let fixtureFolders: [String] =
        ((try? FileManager.default.contentsOfDirectory(
            atPath: RepositoryFolders.root.appendingPathComponent("Tests/ScanFixtures").path)) ?? []).sorted().map {
            "Tests/ScanFixtures/\($0)"
        } + ["Samples/FlowStacksApp"]

    @Test(arguments: fixtureFolders)
    func everyFixtureScansTheSameAsParsingEveryFile(folder: String) throws {
        let files = try Self.files(under: folder)
        try #require(!files.isEmpty)
        #expect(try Self.json(files, .navigationFiles) == Self.json(files, .everyFile))
    }

    /// An app of a coordinator, three screens and forty files of models and rows: only the four with navigation
    /// are parsed, and the map is the one every file gives.
    @Test func filesWithoutNavigationAreReadButNotParsed() throws {
        var files: [(path: String, text: String)] = [
            (
                "App.swift",
                """
                import FlowStacks
                import SwiftUI

                enum Screen: Hashable { case list, item(Int) }

                struct AppCoordinator: View {
                    @State var routes: Routes<Screen> = []
                    var body: some View {
                        FlowStack($routes, withNavigation: true) {
                            HomeView()
                                .flowDestination(for: Screen.self) { screen in
                                    switch screen {
                                    case .list: ListView()
                                    case .item(let id): ItemView(id: id)
                                    }
                                }
                        }
                    }
                }
                """
            ),
            (
                "HomeView.swift",
                """
                struct HomeView: View {
                    @EnvironmentObject var navigator: FlowNavigator<Screen>
                    var body: some View { Button("List") { navigator.push(.list) } }
                }
                """
            ),
            (
                "ListView.swift",
                """
                struct ListView: View {
                    @EnvironmentObject var navigator: FlowNavigator<Screen>
                    var body: some View { Button("Item") { navigator.push(.item(1)) } }
                }
                """
            ),
            (
                "ItemView.swift",
                "struct ItemView: View {\n    let id: Int\n    var body: some View { Text(\"\\(id)\") }\n}\n"
            ),
        ]
        for index in 0..<40 {
            files.append(
                (
                    "Support/Record\(index).swift",
                    """
                    import SwiftUI
                    struct Record\(index): Codable { var id: Int; var name: String }
                    struct Row\(index): View {
                        let record: Record\(index)
                        var body: some View { HStack { Text(record.name); Spacer() } }
                    }
                    """
                ))
        }
        #expect(try Self.parsedNames(files) == ["App.swift", "HomeView.swift", "ListView.swift", "ItemView.swift"])
        #expect(try Self.json(files, .navigationFiles) == Self.json(files, .everyFile))
    }

    /// Shapes where a file without any navigation word changes the map, each parsed for that.
    @Test(arguments: [
        (
            "a private view of the same name as a shown one (two screens' names tell them apart by file)",
            "Other.swift", "private struct Detail: View {\n    var body: some View { Text(\"other\") }\n}\n"
        ),
        (
            "the screen enum declared in an extension of the model, in a file of its own",
            "Screens.swift",
            "extension ShopModel {\n    enum Screen: Hashable {\n        case basket\n        case till\n    }\n}\n"
        ),
        (
            "code outside the coordinator that assigns its routes (known only when the app runs)",
            "Restorer.swift",
            "struct Restorer {\n    let model: ShopModel\n    func restore() {\n        model.path = SavedPath.load()\n    }\n}\n"
        ),
    ])
    func aFileWithoutNavigationWordsIsParsedWhenItMatters(_ shape: String, name: String, text: String) throws {
        let app: [(path: String, text: String)] = [
            (
                "Shop.swift",
                """
                import FlowStacks
                import SwiftfulRouting
                import SwiftUI

                final class ShopModel: ObservableObject {
                    @Published var path: Routes<Screen> = []
                }

                struct ShopCoordinator: View {
                    @StateObject var model = ShopModel()
                    var body: some View {
                        FlowStack($model.path, withNavigation: true) {
                            ShelfView()
                                .flowDestination(for: ShopModel.Screen.self) { screen in
                                    switch screen {
                                    case .basket: BasketView()
                                    case .till: TillView()
                                    }
                                }
                        }
                    }
                }

                struct ShelfView: View {
                    @EnvironmentObject var navigator: FlowNavigator<ShopModel.Screen>
                    var body: some View { Button("Basket") { navigator.push(.basket) } }
                }

                struct RootApp: View {
                    var body: some View { RouterView { _ in SwiftfulHome() } }
                }

                struct SwiftfulHome: View {
                    @Environment(\\.router) var router
                    var body: some View { Button("Detail") { router.showScreen(.push) { _ in Detail() } } }
                }

                private struct Detail: View {
                    var body: some View { Text("detail") }
                }
                """
            )
        ]
        let files = app + [(name, text)]
        #expect(try Self.parsedNames(files).contains(name), "\(shape)")
        let all = try Self.json(files, .everyFile)
        #expect(try Self.json(app, .everyFile) != all, "without \(name) the map differs: the shape must matter")
        #expect(try Self.json(files, .navigationFiles) == all, "\(shape)")
    }

    /// A view a sheet shows, in a file of its own without a navigation word, is parsed: the presenter names it,
    /// and its `isPresented = false` is the sheet's dismiss.
    @Test func aPresentedViewsFileIsParsedForTheFlagItSetsBack() throws {
        let presenter = """
            import SwiftUI
            struct HiveRoot: View {
                var body: some View { NavigationStack { HiveList() } }
            }
            struct HiveList: View {
                @State private var adds = false
                var body: some View {
                    Button("Add") { adds = true }
                        .sheet(isPresented: $adds) { HiveForm(isPresented: $adds) }
                }
            }
            """
        let form = """
            import SwiftUI
            struct HiveForm: View {
                @Binding var isPresented: Bool
                var body: some View { Button("Save") { isPresented = false } }
            }
            """
        let files = [("Hives.swift", presenter), ("HiveForm.swift", form)]
        #expect(try Self.parsedNames(files).contains("HiveForm.swift"))
        let all = try Self.json(files, .everyFile)
        #expect(all.rendered().contains("isPresented = false"), "\(all.rendered())")
        #expect(try Self.json(files, .navigationFiles) == all)
    }

    /// Every name FlowSource's recognisers write as a literal is a seed word (or one of the few literals that are
    /// no name a call is matched by: keys of the JSON written, argument labels, keywords), so a file holding a call
    /// they look for is always parsed. A library conformance that starts matching a new name fails this until its
    /// `sourceWords` lists it.
    @Test func everyNameTheRecognisersMatchIsASeedWord() throws {
        let notCallNames: Set<String> = [
            // Keys of the JSON and plans written, and what the map calls things.
            "actions", "call", "column", "coordinator", "deeplink", "edges", "end", "entries", "file", "from",
            "library", "line", "match", "message", "name", "plan", "plans", "problems", "rules", "screen", "screens",
            "start", "states", "style", "title", "to", "url", "value", "view",
            // Argument labels, keywords and types the recognisers read around calls they matched by other names.
            "destination", "content", "for", "init", "self", "true", "false", "default", "case", "body", "_", "struct",
            "class",
            "enum", "actor", "extension", "View", "Int", "String", "DerivedData", "public", "open",
            // UIKit's `picker.dismiss(animated: true)` on the `…Controller` a delegate method is handed.
            "animated", "Controller",
            // Conformances that make a type a view, as `View` does (a representable wraps a UIKit controller).
            "UIViewRepresentable", "UIViewControllerRepresentable", "NSViewRepresentable",
            "NSViewControllerRepresentable",
            // Parts of router methods that are overlays, not navigation (`showModal`, `dismissAlert`).
            "Modal", "Alert",
            // SwiftUI's own views, which a scan looks through for the app's view they wrap, and the attributes,
            // label and conditions read around calls matched by other names (`@Environment(\.dismiss)`, the
            // `@Binding` a presenter's `.sheet(isPresented:)` hands to the view it shows, whose file that view's
            // name pulls in, `label:`, a stack under `#if DEBUG` or in a `…Preview…` type).
            "LazyHStack", "ScrollView", "Form", "List", "Divider", "LazyVStack", "VStack", "Button", "Spacer",
            "HStack", "EmptyView", "AnyView", "Group", "Section", "Image", "Color", "GeometryReader", "Text",
            "ProgressView", "ZStack", "Label", "ForEach", "Picker", "Toggle", "LazyVGrid", "LazyHGrid", "Grid",
            "Environment", "Binding", "label", "Preview", "DEBUG",
            // What a deep-link handler's ways are followed through, in the handler's own file (`Task { … }`,
            // `DispatchQueue.main.async { … }`, `withAnimation { … }`), and a route's value written out as `nil`.
            "Task", "detached", "async", "asyncAfter", "run", "withAnimation", "withTransaction", "nil",
            // A modifier whose body declares destinations: its file is parsed for `navigationDestination`.
            "ViewModifier",
        ]
        let folder = RepositoryFolders.root.appendingPathComponent("Sources/FlowSource")
        var unlisted: Set<String> = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
        where name.hasSuffix(".swift") && !["SourceWords.swift", "SourceSketch.swift"].contains(name) {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            for match in text.matches(of: /"([A-Za-z_][A-Za-z0-9_]*)"/) {
                let literal = String(match.1)
                if !SourceLibraries.seedWords.matches(literal), !notCallNames.contains(literal) {
                    unlisted.insert(literal)
                }
            }
        }
        #expect(
            unlisted.isEmpty, "names the recognisers match that no library's sourceWords list: \(unlisted.sorted())")
        for name in ["dismissLastScreen", "showNextScreenOrDismissEnvironment", "mainRouter", "appRoutes", "routes"] {
            #expect(SourceLibraries.seedWords.matches(name), "\(name)")
        }
    }

    /// A file that holds no navigation is not parsed, so a syntax error in it that keeps its brackets balanced
    /// is the compiler's to report; one whose brackets, strings or comments do not match up is parsed and its
    /// error reported at its place, as is one that nests deeper than the scan reads.
    @Test func syntaxErrorsInFilesWithoutNavigation() throws {
        let app: [(path: String, text: String)] = [
            (
                "App.swift",
                "import SwiftUI\nstruct App: View { var body: some View { NavigationStack { Text(\"a\") } } }\n"
            )
        ]
        let balanced = app + [("Model.swift", "struct Model {\n    let x = \n}\n")]
        #expect(throws: Never.self) { try SourceScanner.scan(balanced) }
        #expect(throws: FlowGraphError.self) { try SourceScanner.scan(balanced, choosing: .everyFile) }

        let unbalanced = app + [("Model.swift", "struct Model {\n    func f() { g(1 }\n}\n")]
        let error = try #require(throws: FlowGraphError.self) { try SourceScanner.scan(unbalanced) }
        #expect(error.diagnostics.contains { $0.file == "Model.swift" && $0.message.hasPrefix("not valid Swift") })

        let deep =
            app + [
                (
                    "Deep.swift",
                    "let v = " + String(repeating: "(", count: 20_000) + String(repeating: ")", count: 20_000)
                )
            ]
        let tooDeep = try #require(throws: FlowGraphError.self) { try SourceScanner.scan(deep) }
        #expect(
            tooDeep.diagnostics.contains { $0.file == "Deep.swift" && $0.message.contains("maximum nesting level") })
    }
}
