import Foundation
import Testing

/// FlowGraph lays text out with its own fonts: the machine's fonts and fontconfig setup change nothing.
@Suite("Fonts, end to end")
struct FontsEndToEndTests {
    /// A sample whose screen names use many scripts and an emoji, and whose drawing uses every symbol
    /// (☰ ◷ ▲ → ✕ …) of the diagrams.
    static let sample = BuiltBinary.packageRoot.appendingPathComponent("Samples/unicode-screen-names.json")

    /// A fontconfig configuration file listing `directories` (none: a machine with no fonts at all).
    static func fontconfigFile(in folder: URL, name: String, directories: [String]) throws -> String {
        let file = folder.appendingPathComponent("\(name).conf")
        let dirs = directories.map { "<dir>\($0)</dir>" }.joined()
        let cache = folder.appendingPathComponent("cache-\(name)").path
        try Data(
            "<?xml version=\"1.0\"?><fontconfig>\(dirs)<cachedir>\(cache)</cachedir></fontconfig>".utf8
        ).write(to: file)
        return file.path
    }

    @Test("SVG and PNG are byte-identical whatever fonts the machine has")
    func sameBytesUnderEveryFontconfigSetup() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let setups: [(name: String, directories: [String])] = [
            ("no-fonts", []),
            ("dejavu-only", ["/usr/share/fonts/truetype/dejavu"]),
            ("many-families", ["/usr/share/fonts"]),
        ]
        var outputs: [String: (svg: Data, png: Data)] = [:]
        for setup in setups {
            let config = try Self.fontconfigFile(in: folder, name: setup.name, directories: setup.directories)
            let base = folder.appendingPathComponent(setup.name).path
            let result = try BuiltBinary.run(
                ["render", Self.sample.path, "-o", base, "-T", "svg,png"], environment: ["FONTCONFIG_FILE": config])
            #expect(result.status == 0, "\(setup.name): \(result.standardError)")
            #expect(result.standardError.isEmpty, "every character has a font: \(result.standardError)")
            outputs[setup.name] = (
                try Data(contentsOf: URL(fileURLWithPath: base + ".svg")),
                try Data(contentsOf: URL(fileURLWithPath: base + ".png"))
            )
        }
        let reference = try #require(outputs["no-fonts"])
        for setup in setups.dropFirst() {
            let other = try #require(outputs[setup.name])
            #expect(other.svg == reference.svg, "SVG under \(setup.name) differs from a machine without fonts")
            #expect(other.png == reference.png, "PNG under \(setup.name) differs from a machine without fonts")
        }
        let svg = String(decoding: reference.svg, as: UTF8.self)
        for name in ["日本語", "한국어", "ภาษาไทย", "हिन्दी", "العربية", "🎈 Party", "☰", "◷"] {
            #expect(svg.contains(name), "the SVG shows \(name)")
        }
        #expect(svg.contains("font-family=\"DejaVu Sans,Arial,Helvetica,sans-serif\""))
    }

    @Test("Fonts registered from the cache draw the same bytes; a cache folder that was changed is not used")
    func cachedFontsDrawTheSame() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        func render(_ name: String, cacheHome: String) throws -> (svg: Data, png: Data) {
            let base = folder.appendingPathComponent(name).path
            let result = try BuiltBinary.run(
                ["render", Self.sample.path, "-o", base, "-T", "svg,png"], environment: ["XDG_CACHE_HOME": cacheHome])
            #expect(result.status == 0, "\(name): \(result.standardError)")
            return (
                try Data(contentsOf: URL(fileURLWithPath: base + ".svg")),
                try Data(contentsOf: URL(fileURLWithPath: base + ".png"))
            )
        }
        // No cache: its folder would be below a file, so the fonts are read from their files.
        try Data().write(to: folder.appendingPathComponent("a-file"))
        let reference = try render("uncached", cacheHome: folder.appendingPathComponent("a-file").path)

        let cacheHome = folder.appendingPathComponent("cache").path
        let first = try render("first", cacheHome: cacheHome)
        let cache = cacheHome + "/flowgraph"
        let names = try FileManager.default.contentsOfDirectory(atPath: cache).sorted()
        let fontsFolder = try #require(names.first { $0.hasPrefix("fonts-") })
        #expect(names == ["fontconfig", fontsFolder], "\(names)")
        let links = try FileManager.default.contentsOfDirectory(atPath: cache + "/" + fontsFolder).sorted()
        #expect(links.first == "00-DejaVuSans.ttf" && links.contains("03-DejaVuSans-BoldOblique.ttf"), "\(links)")
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: cache + "/" + fontsFolder + "/00-DejaVuSans.ttf")
                == "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")
        let cacheFiles = try FileManager.default.contentsOfDirectory(atPath: cache + "/fontconfig")
        let cacheFile = try #require(cacheFiles.first { $0.contains(".cache-") }, "\(cacheFiles)")
        let written =
            try FileManager.default.attributesOfItem(atPath: cache + "/fontconfig/" + cacheFile)[
                .modificationDate] as? Date

        // The next process registers from the cache fontconfig wrote (it is still valid: not rewritten).
        let second = try render("second", cacheHome: cacheHome)
        #expect(
            try FileManager.default.attributesOfItem(atPath: cache + "/fontconfig/" + cacheFile)[.modificationDate]
                as? Date == written)
        // A folder whose regular face now links to the bold one would widen every text: it is not used.
        let regular = cache + "/" + fontsFolder + "/00-DejaVuSans.ttf"
        try FileManager.default.removeItem(atPath: regular)
        try FileManager.default.createSymbolicLink(
            atPath: regular, withDestinationPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        let changed = try render("changed", cacheHome: cacheHome)
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: regular)
                == "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "a changed folder is left as it is")
        for (name, output) in [("first", first), ("second", second), ("changed", changed)] {
            #expect(output.svg == reference.svg, "SVG with the cache (\(name)) differs from fonts read from files")
            #expect(output.png == reference.png, "PNG with the cache (\(name)) differs from fonts read from files")
        }
    }

    @Test("Missing fonts stop the render with how to install them, and nothing is written")
    func missingFontsSayHowToInstall() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = folder.appendingPathComponent("out").path
        let result = try BuiltBinary.run(
            ["render", Self.sample.path, "-o", base, "-T", "svg,png"],
            environment: ["FLOWGRAPH_FONT_DIR": folder.path])
        #expect(result.status == 3)
        #expect(result.standardError.contains("DejaVuSans.ttf"))
        #expect(result.standardError.contains("apt-get install fonts-dejavu-core"))
        #expect(result.standardError.contains("FLOWGRAPH_FONT_DIR"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("A character no font has is drawn as U+FFFD and reported with the screen that has it")
    func missingCharacterIsReplacedAndReported() throws {
        let folder = try temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let plan = folder.appendingPathComponent("private.json")
        try Data(#"{"root": "Home", "start": [".push(\"\uE000Pay\")", ".push(日本語)"]}"#.utf8).write(to: plan)
        let base = folder.appendingPathComponent("private").path
        let result = try BuiltBinary.run(["render", plan.path, "-o", base, "-T", "svg"])
        #expect(result.status == 0, "a missing glyph is a warning, not an error")
        #expect(result.standardError.contains("private.json: warning: “\u{E000}Pay” is drawn as “\u{FFFD}Pay”"))
        #expect(result.standardError.contains("no font in use has U+E000"))
        #expect(!result.standardError.contains("日本語"), "covered names are not reported")
        let svg = try String(contentsOfFile: base + ".svg", encoding: .utf8)
        #expect(svg.contains(">\u{FFFD}Pay<"))
        #expect(!svg.contains("\u{E000}Pay<"))
    }

    private func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "flowgraph-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
