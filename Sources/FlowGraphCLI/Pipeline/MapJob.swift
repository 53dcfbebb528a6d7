import FlowGraph
import FlowModel
import Foundation
import Graphviz

/// Draws a scanned app's navigation map as `scan -o` and the batch's app jobs write it: in each theme, the
/// layout budget checked before Graphviz is called, paged when too wide to read at 880 px
/// (``NavigationMapPages``), every page rendered in each format from one layout.
enum MapJob {
    /// What drawing a map came to.
    struct Result {
        /// Every file, in order: each theme's pages, each page in each format.
        var files: [(path: String, data: Data)]
        /// When the map is paged, the first theme's pages after the first (the overview) in the first format:
        /// the file, the stack it draws and which part of it.
        var stackPages: [(path: String, stack: String?, part: Int?)]
    }

    /// Draws `map` in `themes` to `files`, the first theme's file for each format; a page's suffix and a later
    /// theme's (`~dark`) go before the extension (`map-ShopCoordinator~dark.svg`). With `links`, each screen,
    /// handler and arrow of an SVG links to its line of source.
    static func draw(
        _ map: NavigationMap, title: String = "Navigation map", themes: [Theme],
        files: [(path: String, format: OutputFormat)], limits: Limits, links: SourceLinks? = nil
    ) throws -> Result {
        var result = Result(files: [], stackPages: [])
        guard let first = files.first else { return result }
        let name = PathName.lastComponent(of: first.path)
        let stem = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
        for theme in themes {
            var drawing = NavigationMapDiagram(title: title, map: map, theme: theme)
            drawing.sourceLinks = links
            try drawing.checkLayoutBudget(limits, file: first.path)
            let pages = try NavigationMapPages.render(drawing, to: files.map(\.format), name: stem)
            let themeSuffix = ThemeOption.suffix(for: theme, among: themes)
            for page in pages {
                for file in files {
                    guard let data = page.outputs[file.format] else {
                        throw GraphvizError(.renderFailed(format: file.format))
                    }
                    result.files.append((inserting(page.suffix + themeSuffix, into: file.path), data))
                }
            }
            if theme == themes[0], pages.count > 1 {
                result.stackPages = pages.dropFirst().map {
                    (inserting($0.suffix, into: first.path), $0.stack, $0.part)
                }
            }
        }
        return result
    }

    /// `path` with `suffix` before its extension: `map.svg` → `map-ShopCoordinator.svg`.
    static func inserting(_ suffix: String, into path: String) -> String {
        guard !suffix.isEmpty else { return path }
        let name = PathName.lastComponent(of: path)
        guard let dot = name.lastIndex(of: ".") else { return path + suffix }
        return String(path.dropLast(name.count)) + name[..<dot] + suffix + name[dot...]
    }

    /// What the scan says when it pages the map: which page is the overview, and which draw each stack or each
    /// part of one.
    static func pagingNote(overview: String, stackPages: [(path: String, stack: String?, part: Int?)]) -> String {
        let wide = "the map is too wide to read at 880 px, so \(overview) is an overview"
        func parts(after index: Int) -> [String] {
            stackPages[(index + 1)...].prefix { $0.part != nil }.map(\.path)
        }
        guard stackPages.first?.part == nil else {
            return wide + " of its stack's most linked screens, and the rest is cut into \(stackPages.count) parts, "
                + "a map each: " + stackPages.map(\.path).joined(separator: ", ")
        }
        let stacks = stackPages.indices.filter { stackPages[$0].part == nil }.map { index in
            let cut = parts(after: index)
            return stackPages[index].path
                + (cut.isEmpty
                    ? "" : " (its most linked screens; its \(cut.count) parts: " + cut.joined(separator: ", ") + ")")
        }
        return wide + " of its \(stacks.count) stacks and each stack has a map of its own: "
            + stacks.joined(separator: ", ")
    }
}
