/// The colour scheme of a diagram; meaning is always carried by shape, border and words as well as colour.
public enum Theme: String, CaseIterable, Codable, Sendable {
    /// Dark text on a white background, for documents and light-mode pages.
    case light
    /// Light text on a near-black background, for dark-mode pages.
    case dark

    /// The colours of this theme.
    var palette: Palette {
        switch self {
        case .light: .light
        case .dark: .dark
        }
    }
}

/// The colours a theme gives each part of a diagram, as `#rrggbb` strings.
struct Palette: Sendable {
    /// The page background.
    var background: String
    /// Screen names and titles.
    var text: String
    /// Tags, captions and secondary text.
    var muted: String
    /// Borders of screens and edges.
    var line: String
    /// The fill of a presentation layer's box.
    var layerFill: String
    /// The border of a presentation layer's box.
    var layerLine: String
    /// The band behind the header of a layer with navigation (the "navigation bar").
    var navigationBand: String
    /// The fill of a pushed screen (and the root).
    var pushFill: String
    /// The fill of a sheet.
    var sheetFill: String
    /// The fill of a full-screen cover.
    var coverFill: String
    /// The border of the top screen.
    var accent: String
    /// Invalid routes: border and text.
    var error: String
    /// Invalid routes: fill.
    var errorFill: String
    /// Screens a step adds: border and marker.
    var added: String
    /// Screens a step adds: fill.
    var addedFill: String
    /// Screens a step removes: text and dashed border.
    var removed: String
    /// Screens whose contents a step updates: marker.
    var updated: String
    /// The fill of a timeline step's header and of transition headers.
    var headerFill: String
    /// Delay markers.
    var delay: String
    /// The border of a child FlowStack's box.
    var childLine: String = "#8250df"
    /// The fill of a child FlowStack that owns its routes.
    var childFill: String = "#fbf7ff"

    static let light = Palette(
        background: "#ffffff", text: "#1f2328", muted: "#59636e", line: "#57606a",
        layerFill: "#f6f8fa", layerLine: "#afb8c1", navigationBand: "#dde3ea",
        pushFill: "#ffffff", sheetFill: "#ddf4ff", coverFill: "#f5e8ff",
        accent: "#0550ae", error: "#cf222e", errorFill: "#ffebe9",
        added: "#1a7f37", addedFill: "#dafbe1", removed: "#8c959f", updated: "#9a6700",
        headerFill: "#eef1f4", delay: "#9a6700")

    static let dark = Palette(
        background: "#0d1117", text: "#e6edf3", muted: "#9198a1", line: "#8b949e",
        layerFill: "#161b22", layerLine: "#3d444d", navigationBand: "#262c36",
        pushFill: "#21262d", sheetFill: "#0f2f57", coverFill: "#2e1f47",
        accent: "#79c0ff", error: "#ff7b72", errorFill: "#3b1418",
        added: "#56d364", addedFill: "#0f2d1a", removed: "#6e7681", updated: "#e3b341",
        headerFill: "#1c2128", delay: "#e3b341", childLine: "#a371f7", childFill: "#1b1530")
}
