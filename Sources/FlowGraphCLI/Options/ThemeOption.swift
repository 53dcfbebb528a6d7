import FlowGraph
import Graphviz

/// The `--theme` option: one colour scheme, or `light,dark` for both from one run.
///
/// With both, the light drawing keeps the plain name and the dark one takes a suffix (`name~dark.svg`, as DocC
/// picks `name~dark.png` by itself), so a page can offer both through `<picture>` and `prefers-color-scheme`.
enum ThemeOption {
    /// The suffix a dark drawing's file name takes beside a light one: DocC's.
    static let darkSuffix = "~dark"

    /// `--theme light|dark|light,dark`.
    static let option = CommandOption<[Theme]>(
        "--theme", valueName: "light|dark|light,dark",
        help: "Colour scheme (default light); light,dark writes both (NAME.svg, NAME~dark.svg)."
    ) { text throws(UsageError) in
        var themes: [Theme] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let theme = Theme(rawValue: name) else {
                throw ArgumentParser.usageError(
                    "--theme must be light, dark or light,dark (both), not '\(text)'")
            }
            if !themes.contains(theme) { themes.append(theme) }
        }
        // Light first: it keeps the plain name whatever order the list gives.
        return themes.sorted { $0 == .light && $1 != .light }
    }

    /// The themes the command line asks for, light alone when it names none.
    static func themes(_ arguments: ParsedArguments) throws(UsageError) -> [Theme] {
        try arguments[option] ?? [.light]
    }

    /// The suffix a drawing in `theme` adds to its base name, among `themes` drawn in one run: none for the
    /// first (light), ``darkSuffix`` for dark beside it.
    static func suffix(for theme: Theme, among themes: [Theme]) -> String {
        guard themes.count > 1, theme != themes[0] else { return "" }
        return "~" + theme.rawValue
    }

    /// The dark drawing's file beside a light one: `plan.svg` → `plan~dark.svg`.
    static func darkFile(beside light: String) -> String {
        let name = PathName.lastComponent(of: light)
        guard let dot = name.lastIndex(of: ".") else { return light + darkSuffix }
        let folder = String(light.dropLast(name.count))
        return folder + name[..<dot] + darkSuffix + name[dot...]
    }
}
