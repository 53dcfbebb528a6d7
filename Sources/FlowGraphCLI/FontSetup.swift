import Foundation
import Graphviz

/// Where `flowgraph` looks for the fonts it lays text out with.
///
/// By default it uses Graphviz's ``FontSet/standard`` (DejaVu Sans and fallbacks in the folders Debian's and
/// Homebrew's font packages install to). `FLOWGRAPH_FONT_DIR` — one folder, or several separated by `:` —
/// replaces those folders, e.g. for fonts kept inside a project or a machine that installs them elsewhere.
enum FontSetup {
    /// The environment variable that names the font folders.
    static let environmentVariable = "FLOWGRAPH_FONT_DIR"

    /// Chooses the fonts for this process from `environment`; call before anything renders.
    static func apply(_ environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let value = environment[environmentVariable], !value.isEmpty else { return }
        var fonts = FontSet.standard
        fonts.directories = value.split(separator: ":").map(String.init)
        fonts.installHint += " Or point \(environmentVariable) at a folder that holds them."
        // Nothing has rendered yet at start-up, so the choice cannot be refused.
        try? FontSet.use(fonts)
    }
}
