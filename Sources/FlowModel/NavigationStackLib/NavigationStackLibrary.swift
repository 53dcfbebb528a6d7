/// swiftui-navigation-stack: one push-only `NavigationStackView` changed by `push(_:withId:)` and
/// `pop(to:)`, each call one animated update.
public struct NavigationStackLibrary: NavigationLibrary {
    /// The plan's starting views, transition type and calls.
    public var plan: NavigationStackPlan

    /// Creates the library for a plan's calls.
    public init(plan: NavigationStackPlan) {
        self.plan = plan
    }

    /// swiftui-navigation-stack's words.
    public static let words = LibraryWords.swiftUINavigationStack

    /// Plan files name it `"navigationstack"`.
    public static let library = Library.swiftUINavigationStack

    /// Plays the push and pop calls: one transition per call, with the ids views were pushed with.
    public func play(_ plan: Plan) throws(FlowGraphError) -> PlanRun {
        try self.plan.run(file: plan.file, limits: plan.limits).planRun(plan, words: words)
    }
}

extension LibraryWords {
    /// swiftui-navigation-stack's words: one `NavigationStackView` of pushed views.
    public static let swiftUINavigationStack = LibraryWords(
        displayName: "swiftui-navigation-stack", pushName: "push", sheetName: "sheet", coverName: "full-screen cover",
        presentedSheetName: "sheet", presentedCoverName: "full-screen cover", layerName: "layer",
        rootLayerTitle: "NavigationStackView",
        rootNavigationNote: "in NavigationStackView", rootPlainNote: "in NavigationStackView",
        capitalizesLayerTitles: false, navigationMarker: "☰ push / pop",
        navigationCaption: "☰ one NavigationStackView: push and pop only", routeName: "view",
        presentVerb: "presents", stackTitle: "swiftui-navigation-stack · view stack",
        timelineTitle: "swiftui-navigation-stack · push and pop", rejectedBy: "swiftui-navigation-stack",
        updatedCaption: "↻ alert or modal changed", listsRouteNotation: false,
        rules: "swiftui-navigation-stack · one animated update per call",
        stepsRules: "swiftui-navigation-stack (each call is applied in one update)")
}
