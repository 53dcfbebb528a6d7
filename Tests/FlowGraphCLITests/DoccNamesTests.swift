import FlowModel
import FlowSource
import Foundation
import Testing

@testable import FlowGraphCLI

/// `flowgraph docc` with hostile type names (issue 44, items 7, 8 and 15): every file stays inside
/// `CATALOG/FlowGraph` as one component, names are escaped in the pages, and names one disk would take as
/// one file are refused before anything is written. In-process: the scanner, the catalog and the folder.
@Suite struct DoccNamesTests {
    /// A FlowStacks coordinator view called `type`, with a deep-link handler `function`.
    static func coordinator(_ type: String, function: String = "follow") -> String {
        """
        import SwiftUI
        import FlowStacks

        enum Screen: Hashable { case detail }

        struct \(type): View {
            @State var routes: Routes<Screen> = []
            var body: some View {
                FlowStack($routes, withNavigation: true) {
                    Text("home").flowDestination(for: Screen.self) { _ in Text("detail") }
                }
            }
            func \(function)() { routes = [.push(.detail)] }
        }
        """
    }

    /// The catalog `docc` makes for `files`, written into a new catalog in `folder`.
    static func write(_ files: [(path: String, text: String)], in folder: PlanFolder) throws -> String {
        let catalog = folder.url.appendingPathComponent("App.docc").path
        try FileManager.default.createDirectory(atPath: catalog, withIntermediateDirectories: true)
        let generated = try DoccCatalog(scan: try SourceScanner.scan(files), width: 880)
        try DoccFolder(catalog: catalog).write(generated.files)
        return catalog
    }

    /// Every file under `folder`, relative to it.
    static func allFiles(_ folder: URL) -> [String] {
        (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String] ?? []).sorted()
    }

    @Test func aRawIdentifierWithSlashesStaysOneFileInsideTheFolder() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let files: [(path: String, text: String)] = [
            ("A.swift", Self.coordinator("`../../../pwned`")),
            ("B.swift", Self.coordinator("`a/b`").replacingOccurrences(of: "Screen", with: "Other")),
        ]
        let catalog = try Self.write(files, in: folder)
        let outside = Self.allFiles(folder.url).filter { !$0.hasPrefix("App.docc/FlowGraph/") && $0 != "App.docc" }
        #expect(outside == ["App.docc/FlowGraph"], "nothing is written outside the folder: \(outside)")
        let names = Self.allFiles(URL(fileURLWithPath: catalog).appendingPathComponent("FlowGraph"))
        #expect(names.contains("%60..%2F..%2F..%2Fpwned%60.md"), "\(names)")
        #expect(names.contains("%60a%2Fb%60.md") && names.contains("%60a%2Fb%60-navigation@2x.png"), "\(names)")
        #expect(names.allSatisfy { !$0.contains("/") })
        // The page's image reference is the file's name, so DocC finds it.
        let page = try String(contentsOfFile: catalog + "/FlowGraph/%60a%2Fb%60.md", encoding: .utf8)
        #expect(page.contains("](%60a%2Fb%60-navigation)"), "\(page)")
        // An internal type is an article in DocC's default symbol graph; a name that cannot be a symbol link
        // titles an article even in a symbol graph of internal symbols. Escaped either way.
        #expect(page.hasPrefix("# \\`a/b\\` navigation\n"), "\(page)")
        let internalSymbols = try DoccCatalog(scan: try SourceScanner.scan(files), width: 880, symbols: .internal)
        let rawPage = try #require(internalSymbols.files.first { $0.name == "%60a%2Fb%60.md" })
        #expect(String(decoding: rawPage.data, as: UTF8.self).hasPrefix("# \\`a/b\\`\n"))
        // The folder is up to date after the run (no file written and then removed as stale).
        let again = try DoccCatalog(scan: try SourceScanner.scan(files), width: 880)
        #expect(try DoccFolder(catalog: catalog).differences(from: again.files) == [])
    }

    @Test func namesAreTextInThePage() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let catalog = try Self.write(
            [("A.swift", Self.coordinator("`x <img src=y onerror=alert(1)> *z*`", function: "follow"))], in: folder)
        let names = Self.allFiles(URL(fileURLWithPath: catalog).appendingPathComponent("FlowGraph"))
        let page = try #require(names.first { $0.hasSuffix(".md") })
        #expect(!page.contains(" ") && !page.contains("<") && !page.contains("("), "\(page)")
        let text = try String(contentsOfFile: catalog + "/FlowGraph/" + page, encoding: .utf8)
        #expect(!text.contains("<img"), "\(text)")
        #expect(text.contains("&lt;img src=y onerror=alert(1)&gt; \\*z\\*"), "\(text)")
    }

    @Test func namesOneDiskTakesAsOneFileAreRefusedBeforeWriting() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let twins: [(path: String, text: String)] = [
            ("A.swift", Self.coordinator("Coord")),
            ("B.swift", Self.coordinator("coord").replacingOccurrences(of: "Screen", with: "Other")),
        ]
        #expect {
            _ = try Self.write(twins, in: folder)
        } throws: { error in
            "\(error)".contains("'Coord' and 'coord'") && "\(error)".contains("differ only in case")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("App.docc/FlowGraph").path))

        // Two deep-link functions of one type, `follow` and `Follow`, whose images would be one file; the light
        // and dark images of one resource are not twins.
        #expect {
            try DoccCatalog.checkUnique(["Coord-deeplink-follow@2x.png", "Coord-deeplink-Follow~dark@2x.png"])
        } throws: { error in
            "\(error)".contains("Coord-deeplink-Follow~dark@2x.png") && "\(error)".contains("but for case")
        }
        try DoccCatalog.checkUnique(["Coord-navigation@2x.png", "Coord-navigation~dark@2x.png", "Coord.md"])
        #expect(throws: FlowGraphError.self) {
            try DoccCatalog.checkUnique(["caf\u{E9}.md", "cafe\u{301}.md"])
        }
    }

    @Test func aUsersPageDifferingOnlyInCaseIsNotTakenOver() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let catalog = folder.url.appendingPathComponent("App.docc")
        try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
        try Data("# ``Coord``\n\nBy hand.\n".utf8).write(to: catalog.appendingPathComponent("COORD.md"))
        let generated = try DoccCatalog(
            scan: try SourceScanner.scan([("A.swift", Self.coordinator("Coord"))]), width: 880)
        #expect {
            try DoccFolder(catalog: catalog.path).write(generated.files)
        } throws: { error in
            "\(error)".contains("COORD.md") && "\(error)".contains("DocC needs names unique in a catalog")
        }
        #expect(
            try String(contentsOf: catalog.appendingPathComponent("COORD.md"), encoding: .utf8).contains("By hand."))
    }
}
