/// SwiftfulRouting: screens shown with `router.showScreen(.push / .sheet / .fullScreenCover)`, each router
/// call applied in one update.
public struct SwiftfulRoutingLibrary: NavigationLibrary {
    /// The plan's starting screens and router calls.
    public var plan: SwiftfulRoutingPlan

    /// Creates the library for a plan's calls.
    public init(plan: SwiftfulRoutingPlan) {
        self.plan = plan
    }

    /// SwiftfulRouting's words.
    public static let words = LibraryWords.swiftfulRouting

    /// Plan files name it `"swiftfulrouting"`.
    public static let library = Library.swiftfulRouting

    /// Plays the router calls: one transition per call, what each does in SwiftfulRouting's words, and the
    /// screens' notes (ids, alerts, modals) at the start and the end.
    public func play(_ plan: Plan) throws(FlowGraphError) -> PlanRun {
        try self.plan.run(file: plan.file, limits: plan.limits).planRun(plan, words: words)
    }
}

extension LibraryWords {
    /// SwiftfulRouting's words: segues `.push`, `.sheet`, `.fullScreenCover`, environments, `showScreen`.
    public static let swiftfulRouting = LibraryWords(
        displayName: "SwiftfulRouting", pushName: ".push", sheetName: ".sheet", coverName: ".fullScreenCover",
        presentedSheetName: ".sheet", presentedCoverName: ".fullScreenCover", layerName: "environment",
        rootLayerTitle: "root environment · RouterView",
        rootNavigationNote: "RouterView, addNavigationStack: true",
        rootPlainNote: "RouterView, addNavigationStack: false", capitalizesLayerTitles: false,
        navigationMarker: "☰ NavigationStack", navigationCaption: "☰ NavigationStack: the environment can push",
        routeName: "screen", presentVerb: "showScreen", stackTitle: "SwiftfulRouting · screens",
        timelineTitle: "SwiftfulRouting · router calls", rejectedBy: "SwiftfulRouting",
        updatedCaption: "↻ alert or modal changed", listsRouteNotation: false,
        rules: "SwiftfulRouting · one update per router call",
        stepsRules: "SwiftfulRouting (each call is applied in one update)")
}
