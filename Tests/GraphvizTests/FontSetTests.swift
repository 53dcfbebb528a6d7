import Foundation
import Testing

@testable import Graphviz

/// The fonts every render lays text out with.
@Suite("Font set")
struct FontSetTests {
    @Test("The standard set is registered from its files, and covers the scripts and symbols diagrams use")
    func standardSetCoversScriptsAndSymbols() throws {
        let fonts = try FontSet.inUse()
        #expect(fonts.found.first?.hasSuffix("/DejaVuSans.ttf") == true)
        #expect(fonts.missing.isEmpty, "make deps installs every file: \(fonts.missing)")
        let covered = "Home ☰ ◷ ⌂ ▲ → ↻ ✕ · − … Настройки Ελληνικά עברית العربية हिन्दी ภาษาไทย 日本語 한국어 🎈 👨‍👩‍👧 e\u{301}"
        #expect(try FontSet.missingCharacters(in: covered) == [])
    }

    @Test("Characters no font has are listed once each; invisible ones never")
    func missingCharactersAreListed() throws {
        #expect(try FontSet.missingCharacters(in: "a\u{E000}b\u{E000}\u{F8FF}") == ["\u{E000}", "\u{F8FF}"])
        #expect(try FontSet.missingCharacters(in: "zero\u{200B}width\u{200D}\u{FEFF}\u{FE0F}") == [])
    }

    @Test("A drawn label shows U+FFFD for a missing character and the render warns, quoting the text")
    func renderReplacesAndWarns() throws {
        var diagram = Diagram(name: "Missing")
        diagram.nodes.append(Node(id: "a", label: .text("\u{E000}Pay")))
        diagram.nodes.append(Node(id: "b", label: .html(.text("− \u{E000}Pay"))))
        let rendered = try diagram.renderReportingWarnings(to: [.svg])
        let svg = String(decoding: try #require(rendered.outputs[.svg]), as: UTF8.self)
        #expect(svg.contains(">\u{FFFD}Pay</text>"))
        #expect(svg.contains(">− \u{FFFD}Pay</text>"))
        #expect(rendered.warnings == ["“\u{E000}Pay” is drawn as “\u{FFFD}Pay”: no font in use has U+E000"])
        // Each render reports its own: the next one starts clean.
        #expect(try Diagram(name: "Clean").renderReportingWarnings(to: [.svg]).warnings.isEmpty)
    }

    @Test("Another font set cannot replace the one in use")
    func fontsCannotChangeAfterUse() throws {
        _ = try FontSet.inUse()
        #expect(throws: GraphvizError.self) { try FontSet.use(FontSet(files: [], directories: [], installHint: "")) }
        try FontSet.use(.standard)
    }

    @Test("Files are found in the first folder that has them")
    func filesAreLocatedInOrder() {
        let set = FontSet(
            files: [.init("A.ttf", isRequired: true), .init("B.ttf")], directories: ["/one", "/two"], installHint: "")
        let present: Set<String> = ["/two/A.ttf", "/one/B.ttf", "/two/B.ttf"]
        #expect(set.locate(fileExists: present.contains) == ["A.ttf": "/two/A.ttf", "B.ttf": "/one/B.ttf"])
    }

    @Test("A font cache folder is keyed by each file's path, size, time and inode, and made whole or not at all")
    func cacheFolderKeysAndLinks() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-fonts-\(UUID())").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let a = root + "/A.ttf"
        let b = root + "/B.ttc"
        try Data("a".utf8).write(to: URL(fileURLWithPath: a))
        try Data("b".utf8).write(to: URL(fileURLWithPath: b))
        let key = try #require(FontCacheFolder.key(for: [a, b]))
        #expect(key.count == 16)
        #expect(FontCacheFolder.key(for: [b, a]) != key, "the fallback order is part of the key")
        #expect(FontCacheFolder.key(for: [a, root + "/missing.ttf"]) == nil)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: b)
        #expect(FontCacheFolder.key(for: [a, b]) != key, "an updated font gets a new folder")

        let cache = root + "/cache"
        let folder = try #require(FontCacheFolder.prepare(in: cache, for: [a, b]))
        #expect(folder == cache + "/fonts-" + (FontCacheFolder.key(for: [a, b]) ?? ""))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["00-A.ttf", "01-B.ttc"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder + "/01-B.ttc") == b)
        #expect(FontCacheFolder.prepare(in: cache, for: [a, b]) == folder, "made once, then found")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: cache) == [
                URL(fileURLWithPath: folder).lastPathComponent
            ])
        // A same-named folder holding anything else is not used, and not touched.
        try Data().write(to: URL(fileURLWithPath: folder + "/extra"))
        #expect(FontCacheFolder.prepare(in: cache, for: [a, b]) == nil)
        #expect(FileManager.default.fileExists(atPath: folder + "/extra"))
        // A cache folder that cannot be made: no folder, nothing left behind.
        #expect(FontCacheFolder.prepare(in: a + "/below-a-file", for: [a, b]) == nil)
    }
}
