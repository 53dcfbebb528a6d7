import FlowGraphCLI
import Foundation
import Testing

/// `flowgraph docc` through the built binary: pages and light/dark @2x images for each stack-making type of
/// FlowStacksApp written into a catalog, `--check` up to date and then stale, and nothing it did not make
/// ever replaced.
@Suite struct DoccEndToEndTests {
    static let app = BuiltBinary.packageRoot.appendingPathComponent("Samples/FlowStacksApp").path

    /// A catalog folder in a temporary folder, with a page of its own.
    static func makeCatalog() throws -> (folder: PlanFolder, catalog: String) {
        let folder = try PlanFolder()
        let catalog = folder.url.appendingPathComponent("App.docc")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try Data("# ``App``\n\nThe app's own page.\n".utf8).write(to: catalog.appendingPathComponent("App.md"))
        return (folder, catalog.path)
    }

    @Test func writesAPageAndLightAndDarkImagesPerStackMakingType() throws {
        let (folder, catalog) = try Self.makeCatalog()
        defer { folder.remove() }
        let run = try BuiltBinary.run(["docc", Self.app, "--catalog", catalog])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains("wrote 5 pages and 12 images"))
        let generated = URL(fileURLWithPath: catalog).appendingPathComponent("FlowGraph")
        let names = try FileManager.default.contentsOfDirectory(atPath: generated.path)
        for owner in ["ArrayBindingView", "FlowPathView", "NoBindingView", "NumberCoordinator", "NumberVMFlow"] {
            #expect(names.contains("\(owner).md"))
            #expect(names.contains("\(owner)-navigation@2x.png") && names.contains("\(owner)-navigation~dark@2x.png"))
        }
        #expect(names.contains("NumberCoordinator-deeplink-follow~dark@2x.png"))
        let page = try String(contentsOf: generated.appendingPathComponent("NumberCoordinator.md"), encoding: .utf8)
        // The sample's types are internal: DocC's default (public) symbol graph has none of them, so each page is
        // an article.
        #expect(page.hasPrefix("# NumberCoordinator navigation\n"))
        #expect(page.contains("![The navigation map of NumberCoordinator"))
        #expect(page.contains("(NumberCoordinator-deeplink-follow)"))
        // In the timeline's words.
        #expect(page.contains("| 1 | 0 s | push 1 | 1 |\n| 2 | 0.65 s | push 2 | 2 |"), "\(page)")
        let png = try Data(contentsOf: generated.appendingPathComponent("NumberCoordinator-navigation@2x.png"))
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        let dark = try Data(contentsOf: generated.appendingPathComponent("NumberCoordinator-navigation~dark@2x.png"))
        #expect(width > 1_000, "drawn at 192 dpi")
        #expect(png != dark)
        let own = try String(
            contentsOf: URL(fileURLWithPath: catalog).appendingPathComponent("App.md"), encoding: .utf8)
        #expect(own.contains("The app's own page."))
    }

    /// A deep-link handler written as a `switch` over the link, in the coordinator a view hands its links to:
    /// a section per case on the view's page, each with its timeline in both themes and its steps. In process.
    /// Each map is checked against the layout budget before Graphviz is called, as `scan -o` checks its own;
    /// over it, nothing is written.
    @Test func aMapOverTheLayoutBudgetIsRefusedAndNothingIsWritten() throws {
        let (folder, catalog) = try Self.makeCatalog()
        defer { folder.remove() }
        let run = try BuiltBinary.run(["docc", Self.app, "--catalog", catalog, "--limit", "layout=20", "-q"])
        #expect(run.status == 1)
        #expect(
            run.standardError.hasPrefix(
                "FlowGraph/ArrayBindingView-navigation@2x.png: the navigation map would be a "
                    + "layout of"), "\(run.standardError)")
        #expect(run.standardError.contains("raise it with --limit layout="))
        #expect(!FileManager.default.fileExists(atPath: catalog + "/FlowGraph"))
    }

    @Test func aSwitchOverTheLinkGetsASectionPerCase() throws {
        let (folder, catalog) = try Self.makeCatalog()
        defer { folder.remove() }
        let app = BuiltBinary.packageRoot.appendingPathComponent("Tests/ScanFixtures/HandedDeepLinks").path
        let capture = CapturedConsole()
        #expect(FlowGraphCommand.run(["docc", app, "--catalog", catalog], console: capture.console) == 0)
        #expect(capture.standardError.contains("wrote 1 page and 6 images"), "\(capture.standardError)")
        let generated = URL(fileURLWithPath: catalog).appendingPathComponent("FlowGraph")
        let names = try FileManager.default.contentsOfDirectory(atPath: generated.path)
        for linkCase in ["timetable", "ticket"] {
            #expect(names.contains("FerryView-deeplink-open-\(linkCase)@2x.png"))
            #expect(names.contains("FerryView-deeplink-open-\(linkCase)~dark@2x.png"))
        }
        let page = try String(contentsOf: generated.appendingPathComponent("FerryView.md"), encoding: .utf8)
        #expect(page.contains("### Deep link: open(), case ticket"))
        #expect(page.contains("![The steps of the ticket link](FerryView-deeplink-open-ticket)"))
        #expect(page.contains("| 2 | 0.65 s | present sheet ticket(7) | ticket(7) |"))
    }

    /// The first program named `name` on PATH, if any.
    static func onPath(_ name: String) -> URL? {
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map {
            URL(fileURLWithPath: String($0)).appendingPathComponent(name)
        }.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// DocC builds what `flowgraph docc` writes, without a warning: internal coordinators as articles under
    /// DocC's default (public) symbol graph, and as extensions of their symbols' pages under `--symbols
    /// internal` with a symbol graph of internal symbols (made by swiftc from declarations of the same types).
    /// Where `docc` is not installed, the pages' headings are checked instead.
    @Test func docCBuildsTheCatalogForPublicAndInternalSymbolGraphs() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let app = BuiltBinary.packageRoot.appendingPathComponent("Tests/ScanFixtures/HandedDeepLinks").path
        try folder.write("Stub.swift", "struct FerryView {}\nfinal class FerryCoordinator {}\npublic struct Dock {}\n")
        for symbols in ["public", "internal"] {
            let catalog = folder.url.appendingPathComponent("\(symbols)/App.docc")
            try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
            let capture = CapturedConsole()
            let status = FlowGraphCommand.run(
                ["docc", app, "--catalog", catalog.path, "--symbols", symbols, "-q"], console: capture.console)
            #expect(status == 0, "\(capture.standardError)")
            let page = try String(
                contentsOf: catalog.appendingPathComponent("FlowGraph/FerryView.md"), encoding: .utf8)
            #expect(page.hasPrefix(symbols == "public" ? "# FerryView navigation\n" : "# ``FerryView``\n"))
            guard let docc = Self.onPath("docc"), let swiftc = Self.onPath("swiftc") else {
                print("note: docc or swiftc is not installed, so the catalog was not built")
                continue
            }
            let graphs = folder.url.appendingPathComponent("\(symbols)-graphs")
            let compiled = try BuiltBinary.runTool(
                swiftc,
                [
                    "-emit-module", "-module-name", "Ferry", "-emit-symbol-graph", "-emit-symbol-graph-dir",
                    graphs.path, "-symbol-graph-minimum-access-level", symbols, "Stub.swift",
                    "-o", folder.url.appendingPathComponent("\(symbols).swiftmodule").path,
                ], in: folder.url)
            #expect(compiled.status == 0, "\(compiled.output)")
            let built = try BuiltBinary.runTool(
                docc,
                [
                    "convert", catalog.path, "--additional-symbol-graph-dir", graphs.path, "--output-path",
                    folder.url.appendingPathComponent("\(symbols)-out").path, "--fallback-display-name", "Ferry",
                    "--fallback-bundle-identifier", "ferry",
                ], in: folder.url)
            #expect(built.status == 0, "\(built.output)")
            #expect(!built.output.contains("No symbol matched"), "\(symbols): \(built.output)")
            // The page's deep-link sections reached the built documentation, merged into the type's page or
            // as an article of their own.
            let data = folder.url.appendingPathComponent("\(symbols)-out/data/documentation")
            let files = FileManager.default.enumerator(atPath: data.path)?.allObjects as? [String] ?? []
            let withSections = try files.filter { $0.hasSuffix(".json") }.filter {
                try String(contentsOf: data.appendingPathComponent($0), encoding: .utf8).contains("case ticket")
            }
            #expect(withSections == ["ferry/ferryview.json"], "\(withSections)")
            let json = try String(contentsOf: data.appendingPathComponent("ferry/ferryview.json"), encoding: .utf8)
            #expect(json.contains(symbols == "public" ? #""kind":"article""# : #""kind":"symbol""#))
        }
    }

    @Test func checkSaysUpToDateThenCatchesAStaleImage() throws {
        let (folder, catalog) = try Self.makeCatalog()
        defer { folder.remove() }
        #expect(try BuiltBinary.run(["docc", Self.app, "--catalog", catalog]).status == 0)
        let fresh = try BuiltBinary.run(["docc", Self.app, "--catalog", catalog, "--check"])
        #expect(fresh.status == 0 && fresh.standardError.contains("up to date"), "\(fresh.standardError)")

        let image = URL(fileURLWithPath: catalog).appendingPathComponent("FlowGraph/NumberVMFlow-navigation@2x.png")
        try Data("old".utf8).write(to: image)
        let stale = try BuiltBinary.run(["docc", Self.app, "--catalog", catalog, "--check"])
        #expect(stale.status == 1)
        #expect(stale.standardError.contains("NumberVMFlow-navigation@2x.png: stale"), "\(stale.standardError)")
        #expect(try Data(contentsOf: image) == Data("old".utf8), "--check writes nothing")
    }

    @Test func neverTakesOverAFolderOrNameItDidNotMake() throws {
        let (folder, catalog) = try Self.makeCatalog()
        defer { folder.remove() }
        let theirs = URL(fileURLWithPath: catalog).appendingPathComponent("FlowGraph")
        try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: theirs.appendingPathComponent("Notes.md"))
        let refused = try BuiltBinary.run(["docc", Self.app, "--catalog", catalog])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("was not written by flowgraph docc"), "\(refused.standardError)")
        #expect(try String(contentsOf: theirs.appendingPathComponent("Notes.md"), encoding: .utf8) == "mine")
        try FileManager.default.removeItem(at: theirs)

        let clash = URL(fileURLWithPath: catalog).appendingPathComponent("NumberCoordinator.md")
        try Data("# ``NumberCoordinator``\n\nWritten by hand.\n".utf8).write(to: clash)
        let collision = try BuiltBinary.run(["docc", Self.app, "--catalog", catalog])
        #expect(collision.status == 1)
        #expect(collision.standardError.contains("DocC needs names unique in a catalog"), "\(collision.standardError)")
        #expect(!FileManager.default.fileExists(atPath: theirs.path), "nothing is written")
    }

    @Test func missingCatalogAndNoStacksAreErrors() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let missing = try BuiltBinary.run([
            "docc", Self.app, "--catalog", folder.url.appendingPathComponent("No.docc").path,
        ])
        #expect(missing.status == 1 && missing.standardError.contains("no such DocC catalog folder"))
        try folder.write("Plain.swift", "struct Plain {}\n")
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("A.docc"), withIntermediateDirectories: true)
        let none = try BuiltBinary.run(
            [
                "docc", folder.url.appendingPathComponent("Plain.swift").path, "--catalog",
                folder.url.appendingPathComponent("A.docc").path,
            ])
        #expect(none.status == 1 && none.standardError.contains("no FlowStack, RouterView or NavigationStackView"))
        let usage = try BuiltBinary.run(["docc", Self.app])
        #expect(usage.status == 2 && usage.standardError.contains("missing --catalog"))
    }
}
