import FlowGraph
import FlowModel
import FlowSource
import Foundation
import Graphviz

/// What `flowgraph docc` puts into a DocC catalog: for each type that makes a navigation stack, its map and
/// its deep-link timelines as light and dark PNGs at @2x, and a documentation extension page embedding them.
///
/// Everything lives in one folder of the catalog, `FlowGraph/`, marked as ours by ``markerName``, so a rerun
/// replaces only what an earlier run wrote. DocC finds pages and images anywhere in a catalog and picks
/// `name~dark@2x.png` for dark mode by itself.
struct DoccCatalog {
    /// The folder inside the catalog.
    static let folderName = "FlowGraph"
    /// The file that marks the folder as written by `flowgraph docc`.
    static let markerName = ".flowgraph-docc"
    /// What the marker says.
    static let markerText = "Written by flowgraph docc, which replaces this folder's files on every run.\n"

    /// The files, by name inside ``folderName``, in a stable order.
    var files: [(name: String, data: Data)] = []
    /// Where the places of the source link to.
    private let links: SourceLinks?
    /// The layout budget each map is checked against before Graphviz is called.
    private let limits: Limits

    /// Draws every stack-making type of `scan`; a type the `symbols` of the docs do not hold (an internal one
    /// in DocC's default, public symbol graph) gets an article, which needs no symbol, instead of an extension
    /// of its page.
    ///
    /// Types whose files would be one file on a disk that ignores case (`Coord`, `coord`) are refused before
    /// anything is drawn. With `links`, each stack's place in the source links to its line.
    init(
        scan: SourceScan, width: Int, symbols: DoccCommand.Symbols = .public, links: SourceLinks? = nil,
        limits: Limits = .default
    ) throws {
        self.links = links
        self.limits = limits
        let pages = try SafeFileName.fileNames(
            for: scan.map.owners, suffix: ".md", in: DoccCatalog.folderName, naming: "type",
            alsoEncoding: SafeFileName.markdownLinkUnsafe)
        for (owner, page) in zip(scan.map.owners, pages) {
            let isPublic = scan.map.coordinators.contains { $0.owner == owner && $0.ownerIsPublic }
            try add(
                owner: owner, stem: String(page.dropLast(3)), scan: scan, width: width,
                isSymbol: isPublic || symbols == .internal)
        }
        files.append((Self.markerName, Data(Self.markerText.utf8)))
        try Self.checkUnique(files.map(\.name))
    }

    /// Refuses two files whose names differ only in case or Unicode normalization (one deep-link function
    /// `follow`, another `Follow`): one file on macOS' default disk, and one resource name to DocC.
    static func checkUnique(_ names: [String]) throws(FlowGraphError) {
        var seen: [String: String] = [:]
        for name in names {
            // `X-navigation@2x.png` and `X-navigation~dark@2x.png` are one resource: compared by resource name.
            let resource = DoccFolder.resourceName(name) + (name.hasSuffix(".md") ? ".md" : "")
            let folded = resource.lowercased()
            if let other = seen[folded], !other.utf8.elementsEqual(resource.utf8) {
                throw FlowGraphError(
                    file: folderName + "/" + name,
                    message: "would have the name of \(folderName)/\(other) but for case or Unicode normalization, "
                        + "which DocC and macOS' default disk read as one; rename one of the two. Nothing was written")
            }
            seen[folded] = resource
        }
    }

    /// A name from the source as the stem of a file in the folder: one path component, safe as a Markdown
    /// link's destination.
    static func stem(_ name: String) -> String {
        SafeFileName.component(name, alsoEncoding: SafeFileName.markdownLinkUnsafe)
    }

    /// The images of one type and its page.
    private mutating func add(owner: String, stem: String, scan: SourceScan, width: Int, isSymbol: Bool) throws {
        let map = scan.map.restricted(toOwner: owner)
        let mapImage = "\(stem)-navigation"
        // One budget check: the layout is the same in every theme.
        try NavigationMapDiagram(title: "\(owner) navigation", map: map).checkLayoutBudget(
            limits, file: Self.folderName + "/" + Self.imageName(mapImage, .light))
        for theme in Theme.allCases {
            var diagram = try NavigationMapDiagram(title: "\(owner) navigation", map: map, theme: theme)
                .fittedDiagram()
            diagram.attributes["dpi"] = "192"
            files.append((Self.imageName(mapImage, theme), try diagram.render(to: .png)))
        }
        var links: [DoccArticle.DeepLinkSection] = []
        // The type's own handlers, and those of an object it hands its links to (`coordinator.handle($0)`).
        for scanned in scan.plans
        where scanned.name.hasPrefix(owner + ".") || scanned.plan["coordinator"]?.stringValue == owner {
            guard let link = try deepLink(scanned, stem: stem, width: width) else { continue }
            links.append(link)
        }
        let stacks = map.coordinators.map { stack in
            let place = MarkdownText.code("\(stack.location.file):\(stack.location.line)")
            return
                "\(stack.library == .flowStacks ? "FlowStack" : "stack") \(stack.withNavigation ? "with" : "without") "
                + "navigation (routes \(MarkdownText.code(stack.routes))) at "
                + (self.links?.link(stack.location).map { "[\(place)](\($0.url))" } ?? place)
        }
        let article = DoccArticle(
            owner: owner, mapImage: mapImage, stacks: stacks, deepLinks: links, extendsSymbol: isSymbol)
        files.append(("\(stem).md", Data(article.markdown.utf8)))
    }

    /// The timeline of a scanned deep-link handler: for an example URL of its first rule, or, for a case of
    /// a `switch` over the link, that case's change; `nil` for a plan that is no deep link.
    private mutating func deepLink(_ scanned: ScannedPlan, stem: String, width: Int) throws
        -> DoccArticle.DeepLinkSection?
    {
        // A handler with rules and no URL of its own plays its first rule's example URL.
        let hasRules = scanned.plan["deeplink"]?["url"] == nil && scanned.plan["deeplink"] != nil
        guard hasRules || (scanned.isDeepLink && scanned.linkCase != nil) else { return nil }
        var resolved = try PlanSource.scanned(scanned).load(url: nil, limits: .default)
        let url = resolved.deepLink?.resolution?.url
        if hasRules, url == nil { return nil }
        let parts = scanned.name.split(separator: ".").map(String.init)
        // `Shop.handle.cart`: the function is `handle`, the case `cart`.
        let function = scanned.linkCase != nil && parts.count > 2 ? parts[parts.count - 2] : scanned.functionName
        let subject = url ?? "case \(scanned.linkCase ?? "")"
        resolved.title = "\(parts.dropLast(scanned.linkCase == nil ? 0 : 1).joined(separator: "."))(): \(subject)"
        let image =
            "\(stem)-deeplink-\(Self.stem(function))" + (scanned.linkCase.map { "-" + Self.stem($0) } ?? "")
        var options = PlanRenderer.Options()
        options.pngScale = 2
        options.timelineOptions.width = width
        // One play for both themes.
        let renderer = ThemedRenderer(options: options, themes: Theme.allCases)
        var run: PlanRun?
        for (theme, (_, rendering)) in zip(renderer.themes, try renderer.renderings(resolved, formats: [.png])) {
            guard let png = rendering.outputs.first?.data else { continue }
            files.append((Self.imageName(image, theme), png))
            run = rendering.run
        }
        guard let run, let ruleSet = run.ruleSets.first else { return nil }
        return DoccArticle.DeepLinkSection(
            function: function, url: url, linkCase: scanned.linkCase, image: image, steps: ruleSet.steps,
            rules: ruleSet.label ?? ruleSet.rules.summary, root: resolved.root)
    }

    /// `NAME@2x.png` for the light theme, `NAME~dark@2x.png` for the dark one, as DocC names variants.
    static func imageName(_ name: String, _ theme: Theme) -> String {
        name + (theme == .dark ? "~dark" : "") + "@2x.png"
    }
}
