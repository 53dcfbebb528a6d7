internal import CGraphviz
import Synchronization

/// The process-wide fontconfig configuration that holds exactly the files of one ``FontSet``.
///
/// fontconfig and pango read their configuration once, when Graphviz first measures text, and keep it for
/// the process; so the configuration is made once, before that, and never changed. It lives for the process,
/// like the Graphviz context it serves.
enum FontRegistry {
    private struct State {
        var chosen = FontSet.standard
        var active: ActiveFonts?
    }

    private static let state = Mutex(State())

    /// Texts drawn with characters no font has since the last `takeMissingNotes`: for each set of missing
    /// characters, the shortest text that had them (usually the bare screen name), in order of appearance.
    private static let missingNotes = Mutex<[(missing: [Unicode.Scalar], text: String)]>([])

    /// Notes that `text` is drawn with `scalars` replaced by U+FFFD.
    static func noteMissing(_ scalars: [Unicode.Scalar], in text: String) {
        missingNotes.withLock { notes in
            if let index = notes.firstIndex(where: { $0.missing == scalars }) {
                if text.unicodeScalars.count < notes[index].text.unicodeScalars.count { notes[index].text = text }
            } else {
                notes.append((scalars, text))
            }
        }
    }

    /// The notes so far as warnings, leaving none:
    /// `“한국어” is drawn as “���”: no font in use has U+D55C U+AD6D U+C5B4`.
    static func takeMissingNotes() -> [String] {
        let notes = missingNotes.withLock { notes in
            defer { notes = [] }
            return notes
        }
        return notes.map { note in
            let quoted = note.text.unicodeScalars.count > 60 ? String(note.text.prefix(59)) + "…" : note.text
            return "“\(quoted)” is drawn as “\(FontSet.replacingMissing(in: quoted).drawn)”: no font in use has "
                + note.missing.map(FontSet.codePoint).joined(separator: " ")
        }
    }

    /// Chooses the set later renders use; throws if another set is already in use.
    static func choose(_ set: FontSet) throws(GraphvizError) {
        let chosen: Bool = state.withLock { state in
            if state.active != nil { return state.chosen == set }
            state.chosen = set
            return true
        }
        if !chosen { throw GraphvizError(.fontsAlreadyInUse) }
    }

    /// The fonts in use, registering the chosen set with fontconfig on first use.
    static func active() throws(GraphvizError) -> ActiveFonts {
        let result: Result<ActiveFonts, GraphvizError> = state.withLock { state in
            if let active = state.active { return .success(active) }
            do throws(GraphvizError) {
                let active = try ActiveFonts(registering: state.chosen)
                state.active = active
                return .success(active)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

/// A registered font set: its files and the characters they can draw, for the rest of the process.
final class ActiveFonts: @unchecked Sendable {
    /// The files registered, in fallback order.
    let paths: [String]
    /// Optional files that were not found.
    let missing: [String]
    /// The union of the files' character sets; immutable once made, so safe to read from any thread.
    private let characters: OpaquePointer

    /// Rules the configuration needs beyond its fonts: scale bitmap-only fonts (Noto Color Emoji has one
    /// 109 px strike) to the size asked for, as fontconfig's own `10-scale-bitmap-fonts.conf` does.
    private static let rules = """
        <?xml version="1.0"?><fontconfig>
        <match target="font"><test name="outline" compare="eq"><bool>false</bool></test>
        <edit name="pixelsizefixupfactor" mode="assign"><divide><name target="pattern">pixelsize</name>\
        <name target="font">pixelsize</name></divide></edit></match>
        <match target="font"><test name="outline" compare="eq"><bool>false</bool></test>
        <test name="pixelsizefixupfactor" compare="not_eq"><double>1.0</double></test>
        <edit name="matrix" mode="assign"><times><name>matrix</name><matrix><name>pixelsizefixupfactor</name>\
        <double>0</double><double>0</double><name>pixelsizefixupfactor</name></matrix></times></edit>
        <edit name="size" mode="assign"><divide><name>size</name><name>pixelsizefixupfactor</name></divide></edit>
        </match></fontconfig>
        """

    /// Registers `set` as fontconfig's current configuration, replacing the machine's.
    init(registering set: FontSet) throws(GraphvizError) {
        let located = set.locate()
        let missingRequired = set.files.filter { $0.isRequired && located[$0.name] == nil }.map(\.name)
        guard missingRequired.isEmpty else {
            throw GraphvizError(
                .fontsMissing(files: missingRequired, searched: set.directories, hint: set.installHint))
        }
        let paths = set.files.compactMap { located[$0.name] }
        let config: OpaquePointer
        if let cached = Self.cachedConfiguration(paths, cacheFolder: set.cacheFolder) {
            config = cached
        } else {
            config = try Self.configuration(paths)
        }
        // FcConfigSetCurrent takes its own reference; ours is released here.
        defer { FcConfigDestroy(config) }
        guard let union = FcCharSetCreate() else { throw GraphvizError(.fontsUnusable(file: nil)) }
        if let fonts = FcConfigGetFonts(config, FcSetApplication) {
            for index in 0..<Int(fonts.pointee.nfont) {
                var charset: OpaquePointer?
                if FcPatternGetCharSet(fonts.pointee.fonts[index], FC_CHARSET, 0, &charset) == FcResultMatch,
                    let charset
                {
                    FcCharSetMerge(union, charset, nil)
                }
            }
        }
        guard FcConfigSetCurrent(config) == FcTrue else {
            FcCharSetDestroy(union)
            throw GraphvizError(.fontsUnusable(file: nil))
        }
        self.paths = paths
        self.missing = set.files.filter { located[$0.name] == nil }.map(\.name)
        self.characters = union
    }

    deinit { FcCharSetDestroy(characters) }

    /// A configuration holding ``rules`` and `extra` rules (XML elements), or `nil`.
    private static func emptyConfiguration(extra: String = "") -> OpaquePointer? {
        guard let config = FcConfigCreate() else { return nil }
        let text =
            extra.isEmpty ? rules : rules.replacingOccurrences(of: "</fontconfig>", with: extra + "</fontconfig>")
        guard FcConfigParseAndLoadFromMemory(config, text, FcTrue) == FcTrue else {
            FcConfigDestroy(config)
            return nil
        }
        return config
    }

    /// A configuration with the font files at `paths` registered one by one, in order.
    private static func configuration(_ paths: [String]) throws(GraphvizError) -> OpaquePointer {
        guard let config = emptyConfiguration() else { throw GraphvizError(.fontsUnusable(file: nil)) }
        for path in paths where FcConfigAppFontAddFile(config, path) != FcTrue {
            FcConfigDestroy(config)
            throw GraphvizError(.fontsUnusable(file: path))
        }
        return config
    }

    /// A configuration with the same fonts registered from fontconfig's cache of their ``FontCacheFolder``
    /// in `cacheFolder`; `nil` if there is no such folder, or what it registered is not exactly `paths` in
    /// order (the caller then registers the files one by one, which reports a bad file by name).
    private static func cachedConfiguration(_ paths: [String], cacheFolder: String?) -> OpaquePointer? {
        guard let cacheFolder, !paths.isEmpty, let folder = FontCacheFolder.prepare(in: cacheFolder, for: paths),
            let config = emptyConfiguration(
                extra: "<cachedir>\(HTML.webEscaped(cacheFolder + "/fontconfig"))</cachedir>")
        else { return nil }
        let expected = paths.indices.map { folder + "/" + FontCacheFolder.linkName($0, paths[$0]) }
        guard FcConfigAppFontAddDir(config, folder) == FcTrue, registeredFiles(config) == expected else {
            FcConfigDestroy(config)
            return nil
        }
        return config
    }

    /// The files of the application fonts in `config`, in order, each once (a collection has several faces).
    private static func registeredFiles(_ config: OpaquePointer) -> [String] {
        guard let fonts = FcConfigGetFonts(config, FcSetApplication) else { return [] }
        var files: [String] = []
        for index in 0..<Int(fonts.pointee.nfont) {
            var file: UnsafeMutablePointer<FcChar8>?
            guard FcPatternGetString(fonts.pointee.fonts[index], FC_FILE, 0, &file) == FcResultMatch, let file
            else { return [] }
            let path = String(cString: file)
            if files.last != path { files.append(path) }
        }
        return files
    }

    /// Whether some registered font has `scalar`, or it is not replaced anyway: invisible characters (controls,
    /// format characters, spaces, variation selectors), combining marks (a replacement would stand apart
    /// from the letter they belong to) and non-characters (escaping removes them).
    func draws(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII || FcCharSetHasChar(characters, scalar.value) == FcTrue { return true }
        switch scalar.properties.generalCategory {
        case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .surrogate, .nonspacingMark,
            .enclosingMark:
            return true
        default:
            return scalar.properties.isVariationSelector || scalar.properties.isNoncharacterCodePoint
        }
    }
}
