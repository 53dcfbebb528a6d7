/// The words a navigation library's own API uses, so every output describes a plan in them.
public struct LibraryWords: Hashable, Sendable {
    /// The library's name as its authors write it, e.g. `FlowStacks`.
    public var displayName: String
    /// The name of a push, e.g. `push` or `.push`.
    public var pushName: String
    /// The name of a sheet, e.g. `sheet` or `.sheet`.
    public var sheetName: String
    /// The name of a full-screen cover, e.g. `full-screen cover` or `.fullScreenCover`.
    public var coverName: String
    /// The short name of a presented route's kind next to its screen, e.g. `sheet`/`cover` or `.sheet`.
    public var presentedSheetName: String
    /// The short name of a full-screen cover next to its screen, e.g. `cover` or `.fullScreenCover`.
    public var presentedCoverName: String
    /// What a presentation layer is called, e.g. `layer` or `environment`.
    public var layerName: String
    /// The header of the root's layer, e.g. `root layer` or `root environment · RouterView`.
    public var rootLayerTitle: String
    /// How the root's line says its screen can push, in parentheses after its name, e.g. `with navigation`
    /// or `RouterView, addNavigationStack: true`.
    public var rootNavigationNote: String
    /// How the root's line says its screen cannot push, e.g. `no navigation`.
    public var rootPlainNote: String
    /// Whether layer headers are spelt in capitals (FlowStacks' look; `.fullScreenCover` in capitals is no
    /// longer an API name).
    public var capitalizesLayerTitles: Bool
    /// The marker of a layer that can push, e.g. `☰ navigation` or `☰ NavigationStack`.
    public var navigationMarker: String
    /// What the legend says a layer with navigation means.
    public var navigationCaption: String
    /// What one entry of the stack is called in counts, e.g. `route` or `screen`.
    public var routeName: String
    /// The verb on the edge to a presented screen, e.g. `presents` or `showScreen`.
    public var presentVerb: String
    /// The title of a stack drawing when the plan gives none.
    public var stackTitle: String
    /// The title of a timeline when the plan gives none.
    public var timelineTitle: String
    /// Who rejects an invalid route, for legends and warnings.
    public var rejectedBy: String
    /// What the legend says an updated screen means.
    public var updatedCaption: String
    /// Whether FlowGraph's routes are the library's own values (FlowStacks' `Route`): a stack drawing then
    /// prints them in route notation under its title, and `steps --swift` can write them as Swift.
    public var listsRouteNotation: Bool
    /// The update rules in timeline headers instead of FlowStacks' platform rules; `nil` keeps those.
    public var rules: String?
    /// How `flowgraph steps` states the rules each change is broken into steps under; `nil` prints the
    /// plan's platform rules.
    public var stepsRules: String?
    /// Whether FlowStacks' platform rules (`platform`, `navigationStack`) decide the steps.
    public var appliesPlatformRules: Bool { rules == nil }

    /// Creates words.
    public init(
        displayName: String, pushName: String, sheetName: String, coverName: String, presentedSheetName: String,
        presentedCoverName: String, layerName: String, rootLayerTitle: String, rootNavigationNote: String,
        rootPlainNote: String, capitalizesLayerTitles: Bool,
        navigationMarker: String, navigationCaption: String, routeName: String, presentVerb: String,
        stackTitle: String, timelineTitle: String, rejectedBy: String, updatedCaption: String,
        listsRouteNotation: Bool, rules: String?, stepsRules: String?
    ) {
        self.displayName = displayName
        self.pushName = pushName
        self.sheetName = sheetName
        self.coverName = coverName
        self.presentedSheetName = presentedSheetName
        self.presentedCoverName = presentedCoverName
        self.layerName = layerName
        self.rootLayerTitle = rootLayerTitle
        self.rootNavigationNote = rootNavigationNote
        self.rootPlainNote = rootPlainNote
        self.capitalizesLayerTitles = capitalizesLayerTitles
        self.navigationMarker = navigationMarker
        self.navigationCaption = navigationCaption
        self.routeName = routeName
        self.presentVerb = presentVerb
        self.stackTitle = stackTitle
        self.timelineTitle = timelineTitle
        self.rejectedBy = rejectedBy
        self.updatedCaption = updatedCaption
        self.listsRouteNotation = listsRouteNotation
        self.rules = rules
        self.stepsRules = stepsRules
    }
}
