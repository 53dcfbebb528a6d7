/// SwiftUI's own navigation: a `NavigationStack(path:)` whose path the app changes, and the sheets and
/// full-screen covers its views present by setting a flag or an item; each change is one update.
public struct SwiftUILibrary: NavigationLibrary {
    /// The plan's path at the start and its changes.
    public var plan: SwiftUIPlan

    /// Creates the library for a plan's changes.
    public init(plan: SwiftUIPlan) {
        self.plan = plan
    }

    /// SwiftUI's words.
    public static let words = LibraryWords.swiftUI

    /// Plan files name it `"swiftui"`.
    public static let library = Library.swiftUI

    /// Plays the path changes and presentations: one transition per change.
    public func play(_ plan: Plan) throws(FlowGraphError) -> PlanRun {
        try self.plan.run(file: plan.file, limits: plan.limits).planRun(plan, words: words)
    }
}

extension LibraryWords {
    /// SwiftUI's words: a `NavigationStack` path of values, with sheets and covers presented over it.
    public static let swiftUI = LibraryWords(
        displayName: "SwiftUI", pushName: "push", sheetName: "sheet", coverName: "full-screen cover",
        presentedSheetName: "sheet", presentedCoverName: "full-screen cover", layerName: "layer",
        rootLayerTitle: "NavigationStack", rootNavigationNote: "in NavigationStack(path:)",
        rootPlainNote: "in NavigationStack(path:)", capitalizesLayerTitles: false,
        navigationMarker: "☰ path", navigationCaption: "☰ NavigationStack(path:): the path's values, pushed",
        routeName: "value", presentVerb: "presents", stackTitle: "SwiftUI · NavigationStack path",
        timelineTitle: "SwiftUI · path changes and presentations", rejectedBy: "SwiftUI",
        updatedCaption: "↻ contents changed", listsRouteNotation: false,
        rules: "SwiftUI · one update per change",
        stepsRules: "SwiftUI (each change to the path or a presentation is applied in one update)")
}
