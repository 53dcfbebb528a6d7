import Foundation

/// The font files Graphviz lays text out with, so that a diagram comes out the same on every machine.
///
/// Graphviz measures text through pango and fontconfig, which normally resolve a font name to whatever
/// the machine has installed: the same graph then lays out differently on a machine with other fonts.
/// A `FontSet` names font files instead. They are registered in-process in a fontconfig configuration
/// that holds nothing else (no system fonts, no system rules), before Graphviz measures any text, so no
/// font installed on the machine — and no `FONTCONFIG_FILE` — can change a layout.
///
/// Files are listed in fallback order: a character is drawn with the first file that has it. Characters
/// no file has are drawn as U+FFFD (see ``FontSet/missingCharacters(in:)``).
public struct FontSet: Hashable, Sendable {
    /// One font file, looked for by name in the set's directories.
    public struct File: Hashable, Sendable {
        /// The file name, e.g. `DejaVuSans.ttf`.
        public var name: String
        /// Whether rendering fails without it (else its characters are reported as missing).
        public var isRequired: Bool

        /// Creates a file entry.
        public init(_ name: String, isRequired: Bool = false) {
            self.name = name
            self.isRequired = isRequired
        }
    }

    /// The font files, in fallback order.
    public var files: [File]
    /// The folders searched for each file, in order; the first folder holding a file wins.
    public var directories: [String]
    /// What to tell a person whose machine lacks a required file (e.g. the package that installs it).
    public var installHint: String
    /// A folder of this user's where fontconfig may keep its cache of the set (see ``userCacheFolder``), so
    /// each process registers the fonts in a fraction of a millisecond instead of 4–5 ms; `nil`: none, the
    /// files are read each time. The fonts and the drawings are the same either way.
    public var cacheFolder: String?

    /// Creates a font set.
    public init(files: [File], directories: [String], installHint: String, cacheFolder: String? = nil) {
        self.files = files
        self.directories = directories
        self.installHint = installHint
        self.cacheFolder = cacheFolder
    }

    /// `$XDG_CACHE_HOME/flowgraph`, else `~/.cache/flowgraph` (`~/Library/Caches/flowgraph` on macOS);
    /// `nil` without a home folder.
    public static var userCacheFolder: String? {
        let environment = ProcessInfo.processInfo.environment
        if let folder = environment["XDG_CACHE_HOME"], folder.hasPrefix("/") { return folder + "/flowgraph" }
        guard let home = environment["HOME"], home.hasPrefix("/") else { return nil }
        #if os(macOS)
            return home + "/Library/Caches/flowgraph"
        #else
            return home + "/.cache/flowgraph"
        #endif
    }

    /// DejaVu Sans (regular, bold, oblique) with fallbacks for other scripts, symbols and emoji — Noto Sans
    /// for the scripts of South and South-East Asia and Ethiopia, WenQuanYi Micro Hei for Chinese, Japanese
    /// and Korean, Noto Color Emoji — as Debian's font packages (and Homebrew's font casks) install them.
    ///
    /// DejaVu Sans covers Latin, Greek, Cyrillic, Armenian, Georgian, Hebrew and Arabic and the arrows and
    /// shapes diagrams use (☰ ◷ ⌂ ▲ → ↻ ✕); its glyphs are at least as wide as Arial's and Helvetica's,
    /// so text laid out with it still fits its boxes where a viewer substitutes those.
    public static let standard = FontSet(
        files: [
            File("DejaVuSans.ttf", isRequired: true),
            File("DejaVuSans-Bold.ttf", isRequired: true),
            File("DejaVuSans-Oblique.ttf", isRequired: true),
            File("DejaVuSans-BoldOblique.ttf", isRequired: true),
        ]
            + [
                "Devanagari", "Bengali", "Gurmukhi", "Gujarati", "Tamil", "Telugu", "Kannada", "Malayalam",
                "Sinhala", "Thai", "Lao", "Khmer", "Myanmar", "Ethiopic", "Symbols", "Symbols2", "Math",
            ].map { File("NotoSans\($0)-Regular.ttf") }
            + [File("wqy-microhei.ttc"), File("NotoColorEmoji.ttf")],
        directories: [
            "/usr/share/fonts/truetype/dejavu", "/usr/share/fonts/truetype/noto", "/usr/share/fonts/truetype/wqy",
            "/opt/homebrew/share/fonts", "/usr/local/share/fonts",
            NSHomeDirectory() + "/Library/Fonts", "/Library/Fonts",
        ],
        installHint:
            "On Debian or Ubuntu: apt-get install fonts-dejavu-core fonts-dejavu-extra fonts-noto-core "
            + "fonts-wqy-microhei fonts-noto-color-emoji. On macOS: "
            + "brew install --cask font-dejavu font-wenquanyi-micro-hei font-noto-color-emoji.",
        cacheFolder: userCacheFolder
    )

    /// Makes `set` the fonts of every later render in this process.
    ///
    /// Call it before the first render or ``missingCharacters(in:)``: fonts cannot change once Graphviz
    /// has measured text with them. Choosing the set already in use does nothing; another set then throws.
    public static func use(_ set: FontSet) throws(GraphvizError) {
        try FontRegistry.choose(set)
    }

    /// The fonts in use: their files as found, and the files that were not found.
    public static func inUse() throws(GraphvizError) -> (found: [String], missing: [String]) {
        let fonts = try FontRegistry.active()
        return (fonts.paths, fonts.missing)
    }

    /// The characters of `text` that no font of the set in use can draw, each once, in order of appearance.
    ///
    /// Renders draw them as U+FFFD (�). Invisible characters — controls, format characters such as the
    /// zero-width joiner, spaces and variation selectors — are never reported.
    public static func missingCharacters(in text: String) throws(GraphvizError) -> [Unicode.Scalar] {
        guard text.utf8.contains(where: { $0 >= 0x80 }) else { return [] }
        let fonts = try FontRegistry.active()
        var seen = Set<Unicode.Scalar>()
        return text.unicodeScalars.filter { !fonts.draws($0) && seen.insert($0).inserted }
    }

    /// `text` with every character no font in use can draw replaced by U+FFFD; `text` itself when none.
    ///
    /// Each replacement is noted, and the render reports it among its warnings, quoting the text.
    static func drawable(_ text: String) -> String {
        let (drawn, missing) = replacingMissing(in: text)
        if !missing.isEmpty { FontRegistry.noteMissing(missing, in: text) }
        return drawn
    }

    /// `text` with the characters no font in use has replaced by U+FFFD, and those characters, each once.
    static func replacingMissing(in text: String) -> (drawn: String, missing: [Unicode.Scalar]) {
        guard text.utf8.contains(where: { $0 >= 0x80 }), let fonts = try? FontRegistry.active(),
            text.unicodeScalars.contains(where: { !fonts.draws($0) })
        else { return (text, []) }
        var drawn = String.UnicodeScalarView()
        var missing: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars {
            if fonts.draws(scalar) {
                drawn.append(scalar)
            } else {
                drawn.append("\u{FFFD}")
                if !missing.contains(scalar) { missing.append(scalar) }
            }
        }
        return (String(drawn), missing)
    }

    /// How a missing character is named in warnings: `U+1F388`.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The folder each file is in, by name; files found in no folder are left out.
    func locate(fileExists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> [String: String] {
        var found: [String: String] = [:]
        for file in files {
            for directory in directories where fileExists(directory + "/" + file.name) {
                found[file.name] = directory + "/" + file.name
                break
            }
        }
        return found
    }
}
