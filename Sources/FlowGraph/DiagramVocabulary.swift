import FlowModel
import Graphviz

/// The words a diagram uses, so each navigation library's drawings speak its own API.
///
/// FlowStacks' words are the default. ``init(run:)`` gives the words of a played plan's library together with
/// what each of its steps does; pass it to ``StackDiagram`` and ``TimelineDiagram``.
public struct DiagramVocabulary: Hashable, Sendable {
    /// The library the words belong to.
    public var library: Library
    /// The name of a push, e.g. `push` or `.push`.
    public var pushName: String
    /// The name of a sheet, e.g. `sheet` or `.sheet`.
    public var sheetName: String
    /// The name of a full-screen cover, e.g. `full-screen cover` or `.fullScreenCover`.
    public var coverName: String
    /// What a presentation layer is called, e.g. `layer` or `environment`.
    public var layerName: String
    /// The header of the root's layer, e.g. `root layer` or `root environment · RouterView`.
    public var rootLayerTitle: String
    /// The marker of a layer that can push, e.g. `☰ navigation` or `☰ NavigationStack`.
    public var navigationMarker: String
    /// What the legend says a layer with navigation means.
    public var navigationCaption: String
    /// What one entry of the stack is called in counts, e.g. `route` or `screen`.
    public var routeName: String
    /// The verb on the edge to a presented screen, e.g. `presents` or `showScreen`.
    public var presentVerb: String
    /// The title of a stack diagram when none is given.
    public var stackTitle: String
    /// The title of a timeline when none is given.
    public var timelineTitle: String
    /// Who rejects an invalid route, for the legend and warnings.
    public var rejectedBy: String
    /// The update rules shown in timeline headers instead of FlowStacks' platform rules; `nil` keeps them.
    public var rules: String?
    /// Lines shown first under the title, e.g. the library and how its stack is declared.
    public var header: [String]
    /// What each transition's steps do in the library's words, by the order transitions are drawn; empty for
    /// FlowStacks, whose steps describe themselves.
    public var details: [TransitionDetails]

    /// FlowStacks' words.
    public static let flowStacks = DiagramVocabulary(
        library: .flowStacks, pushName: "push", sheetName: "sheet", coverName: "full-screen cover",
        layerName: "layer", rootLayerTitle: "root layer", navigationMarker: "☰ navigation",
        navigationCaption: "☰ layer with navigation (can push)", routeName: "route", presentVerb: "presents",
        stackTitle: "Route stack", timelineTitle: "Navigation timeline", rejectedBy: "FlowStacks", rules: nil,
        header: [], details: [])

    /// SwiftfulRouting's words: segues `.push`, `.sheet`, `.fullScreenCover`, environments, `showScreen`.
    public static let swiftfulRouting = DiagramVocabulary(
        library: .swiftfulRouting, pushName: ".push", sheetName: ".sheet", coverName: ".fullScreenCover",
        layerName: "environment", rootLayerTitle: "root environment · RouterView",
        navigationMarker: "☰ NavigationStack", navigationCaption: "☰ NavigationStack: the environment can push",
        routeName: "screen", presentVerb: "showScreen", stackTitle: "SwiftfulRouting · screens",
        timelineTitle: "SwiftfulRouting · router calls", rejectedBy: "SwiftfulRouting",
        rules: "SwiftfulRouting · one update per router call", header: ["SwiftfulRouting · [AnyDestinationStack]"],
        details: [])

    /// swiftui-navigation-stack's words: one `NavigationStackView` of pushed views.
    public static let navigationStack = DiagramVocabulary(
        library: .navigationStack, pushName: "push", sheetName: "sheet", coverName: "full-screen cover",
        layerName: "layer", rootLayerTitle: "NavigationStackView", navigationMarker: "☰ push / pop",
        navigationCaption: "☰ one NavigationStackView: push and pop only", routeName: "view", presentVerb: "presents",
        stackTitle: "swiftui-navigation-stack · view stack",
        timelineTitle: "swiftui-navigation-stack · push and pop", rejectedBy: "swiftui-navigation-stack",
        rules: "swiftui-navigation-stack · one animated update per call",
        header: ["swiftui-navigation-stack · NavigationStackCompat"], details: [])

    /// Creates a vocabulary from its words.
    public init(
        library: Library, pushName: String, sheetName: String, coverName: String, layerName: String,
        rootLayerTitle: String, navigationMarker: String, navigationCaption: String, routeName: String,
        presentVerb: String, stackTitle: String,
        timelineTitle: String, rejectedBy: String, rules: String?, header: [String], details: [TransitionDetails]
    ) {
        self.library = library
        self.pushName = pushName
        self.sheetName = sheetName
        self.coverName = coverName
        self.layerName = layerName
        self.rootLayerTitle = rootLayerTitle
        self.navigationMarker = navigationMarker
        self.navigationCaption = navigationCaption
        self.routeName = routeName
        self.presentVerb = presentVerb
        self.stackTitle = stackTitle
        self.timelineTitle = timelineTitle
        self.rejectedBy = rejectedBy
        self.rules = rules
        self.header = header
        self.details = details
    }

    /// The words of a played plan's library, with its header lines and what each transition's steps do.
    public init(run: LibraryRun) {
        switch run.library {
        case .flowStacks: self = .flowStacks
        case .swiftfulRouting: self = .swiftfulRouting
        case .navigationStack: self = .navigationStack
        }
        header = run.header.isEmpty ? header : run.header
        rootLayerTitle = run.rootTitle ?? rootLayerTitle
        details = run.details
    }

    /// `1 screen in 2 environments`-style counts.
    func count(_ number: Int, of noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// The name of a route's kind; `root` for the root.
    public func kind(of style: RouteStyle?) -> String {
        guard let style else { return "root" }
        switch style {
        case .push: return pushName
        case .sheet: return sheetName
        case .cover: return coverName
        }
    }

    /// The header of a layer, e.g. `layer 1 · sheet` or `environment 1 · .sheet`.
    public func layerTitle(_ layer: PresentationLayer) -> String {
        layer.style == nil ? rootLayerTitle : "\(layerName) \(layer.index) · \(kind(of: layer.style))"
    }

    /// The navigation marker of a layer.
    public func navigation(_ hasNavigation: Bool) -> String {
        hasNavigation ? navigationMarker : "no navigation"
    }

    /// Whether the headers spell layer titles in capitals (FlowStacks' look); library words keep their case,
    /// since `.fullScreenCover` in capitals is no longer its API.
    var capitalizesLayerTitles: Bool { library == .flowStacks }

    /// The details of the transition drawn in position `index`, if the library gave them.
    func details(at index: Int) -> TransitionDetails? {
        details.indices.contains(index) ? details[index] : nil
    }
}
