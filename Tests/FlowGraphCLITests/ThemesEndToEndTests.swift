import FlowGraphTestSupport
import Foundation
import Testing

/// `--theme light,dark` writes both drawings in one run, the dark one with DocC's `~dark` suffix, and the
/// `<picture>` HTML that shows the one the reader's system prefers; the gallery uses it too.
@Suite struct ThemesEndToEndTests {
    static let plan = """
        {"title": "Cart", "root": "Home", "start": [".push(Cart)"], "end": [".push(Cart)", ".sheet(Payment)"]}
        """

    /// The background of an SVG drawn by FlowGraph: its first polygon's fill.
    static func background(_ svg: String) -> String? {
        guard let range = svg.range(of: "<polygon fill=\"") else { return nil }
        return String(svg[range.upperBound...].prefix(7))
    }

    @Test func bothThemesFromOneRunEachInItsColoursWithAPictureSnippet() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("cart.json", Self.plan)
        let run = try BuiltBinary.run(
            ["render", "cart.json", "-o", "Docs/cart", "-T", "svg,png", "--theme", "dark,light"], in: folder.url)
        #expect(run.status == 0, "\(run.standardError)")
        let docs = folder.url.appendingPathComponent("Docs")
        let files = try FileManager.default.contentsOfDirectory(atPath: docs.path).sorted()
        #expect(files == ["cart.png", "cart.svg", "cart~dark.png", "cart~dark.svg"])
        let light = try String(contentsOf: docs.appendingPathComponent("cart.svg"), encoding: .utf8)
        let dark = try String(contentsOf: docs.appendingPathComponent("cart~dark.svg"), encoding: .utf8)
        #expect(Self.background(light) == "#ffffff")
        #expect(Self.background(dark) == "#0d1117")
        // Each is what a run in its theme alone writes, byte for byte.
        let alone = try BuiltBinary.run(["render", "cart.json", "-o", "dark.svg", "--theme", "dark"], in: folder.url)
        #expect(alone.status == 0)
        #expect(try String(contentsOf: folder.url.appendingPathComponent("dark.svg"), encoding: .utf8) == dark)
        #expect(
            run.standardOutput == """
                <picture>
                  <source media="(prefers-color-scheme: dark)" srcset="Docs/cart~dark.svg">
                  <img src="Docs/cart.svg" alt="Cart">
                </picture>

                """)
        // A plan with a title is described by it, escaped for the attribute.
        try folder.write("titled.json", #"{"title": "Cart \"fast\" <pay>", "root": "Home", "actions": ["push(Cart)"]}"#)
        let titled = try BuiltBinary.run(
            ["render", "titled.json", "-o", "t.svg", "--theme", "light,dark"], in: folder.url)
        #expect(titled.status == 0, "\(titled.standardError)")
        #expect(
            titled.standardOutput.contains("<img src=\"t.svg\" alt=\"Cart &quot;fast&quot; &lt;pay&gt;\">"),
            "\(titled.standardOutput)")
    }

    @Test func bothThemesComeFromOnePlay() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("cart.json", Self.plan)
        let run = try BuiltBinary.run(
            ["render", "cart.json", "-o", "cart", "-T", "svg,html", "--theme", "light,dark"], in: folder.url,
            environment: ["FLOWGRAPH_PLAY_COUNT": "1"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.hasSuffix("flowgraph: plans played: 1\n"), "\(run.standardError)")
    }

    @Test func bothThemesNeedFilesAndABadThemeIsAUsageError() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try folder.write("cart.json", Self.plan)
        let stdout = try BuiltBinary.run(["render", "cart.json", "-Tsvg", "--theme", "light,dark"], in: folder.url)
        #expect(stdout.status == 2)
        #expect(stdout.standardError.contains("writes one file per theme; give -o"))
        let bad = try BuiltBinary.run(["render", "cart.json", "-o", "x.svg", "--theme", "light,sepia"], in: folder.url)
        #expect(bad.status == 2)
        #expect(bad.standardError.contains("--theme must be light, dark or light,dark (both), not 'light,sepia'"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.url.path) == ["cart.json"])
    }

    @Test func aBatchWritesBothAndItsGalleryUsesPicture() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        try FileManager.default.createDirectory(
            at: folder.url.appendingPathComponent("Plans"), withIntermediateDirectories: true)
        try folder.write("Plans/cart.json", Self.plan)
        let run = try BuiltBinary.run(
            ["render", "Plans", "-o", "Out", "-T", "svg", "--theme", "light,dark", "-j", "1"], in: folder.url)
        #expect(run.status == 0, "\(run.standardError)")
        let out = folder.url.appendingPathComponent("Out")
        let files = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(files == ["README.md", "cart.svg", "cart~dark.svg", "index.html"])
        let readme = try String(contentsOf: out.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(
            readme.contains(
                "<picture><source media=\"(prefers-color-scheme: dark)\" srcset=\"cart~dark.svg\">"
                    + "<img src=\"cart.svg\" alt=\"Cart\" loading=\"lazy\"></picture>"))
        let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(html.contains("<a class=\"picture themed\" href=\"cart.svg\"><picture>"))
        // The same command with --check finds it all up to date; light alone lists the dark file as extra.
        let check = try BuiltBinary.run(
            ["render", "Plans", "-o", "Out", "-T", "svg", "--theme", "light,dark", "--check"], in: folder.url)
        #expect(check.status == 0, "\(check.standardError)")
        let lightOnly = try BuiltBinary.run(["render", "Plans", "-o", "Out", "-T", "svg", "--check"], in: folder.url)
        #expect(lightOnly.status == 1)
        #expect(lightOnly.standardError.contains("1 extra"))
    }

    @Test func scanDrawsTheMapInBothThemes() throws {
        let folder = try PlanFolder()
        defer { folder.remove() }
        let app = RepositoryFolders.samples.appendingPathComponent("FlowStacksApp").path
        let run = try BuiltBinary.run(["scan", app, "-o", "map.svg", "--theme", "light,dark", "-q"], in: folder.url)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.isEmpty)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
        #expect(files == ["map.svg", "map~dark.svg"])
        #expect(run.standardOutput.contains("srcset=\"map~dark.svg\""))
    }
}
