import FlowModel
import Graphviz

/// The words a drawing uses: its library's words (``LibraryWords``) and what the played plan adds to them, so
/// each navigation library's drawings speak its own API.
///
/// The one vocabulary of the drawings (the library's own is ``LibraryWords``): layer titles, kinds of route,
/// navigation markers and the sentences of the timeline's moments all come from here. FlowStacks' words are the
/// default, and what drawings of FlowStacks' nested coordinators use. ``init(run:)`` gives the words of a played
/// plan's library together with what each of its steps does; pass it to ``StackDiagram`` and ``TimelineDiagram``.
@dynamicMemberLookup
public struct DiagramWords: Hashable, Sendable {
    /// The library's words (``LibraryWords``), readable directly: `vocabulary.pushName`.
    public var words: LibraryWords
    /// The header of the root's layer, e.g. `root layer` or `NavigationStackView(transitionType: .default)`.
    public var rootLayerTitle: String
    /// Lines shown first under the title, e.g. the library and how its stack is declared.
    public var header: [String]
    /// What each transition's steps do in the library's words, by the order transitions are drawn; empty for
    /// FlowStacks, whose steps describe themselves.
    public var details: [TransitionDetails]

    /// FlowStacks' words, the default; other libraries' come from their played plan (``init(run:)``).
    public static let flowStacks = DiagramWords(words: .flowStacks)

    /// Creates a vocabulary from a library's words.
    public init(words: LibraryWords, header: [String] = [], details: [TransitionDetails] = []) {
        self.words = words
        self.rootLayerTitle = words.rootLayerTitle
        self.header = header
        self.details = details
    }

    /// The words of a played plan's library, with its header lines and what each transition's steps do
    /// under its first rule set.
    public init(run: PlanRun) {
        self.init(words: run.words, header: run.header, details: run.ruleSets[0].details)
        rootLayerTitle = run.rootTitle ?? rootLayerTitle
    }

    /// One of the library's words.
    public subscript<Value>(dynamicMember keyPath: KeyPath<LibraryWords, Value>) -> Value {
        words[keyPath: keyPath]
    }

    /// `1 screen in 2 environments`-style counts.
    func count(_ number: Int, of noun: String) -> String { counted(number, noun) }

    /// The short name of a presented route's kind next to its screen, e.g. `sheet`, `cover` or `.sheet`.
    func presentedKind(of style: PlanRouteStyle) -> String {
        switch style {
        case .push: words.pushName
        case .sheet: words.presentedSheetName
        case .cover: words.presentedCoverName
        }
    }

    /// The name of a route's kind; `root` for the root.
    public func kind(of style: PlanRouteStyle?) -> String {
        guard let style else { return "root" }
        switch style {
        case .push: return words.pushName
        case .sheet: return words.sheetName
        case .cover: return words.coverName
        }
    }

    /// The header of a layer, e.g. `layer 1 · sheet` or `environment 1 · .sheet`.
    public func layerTitle(_ layer: PresentationLayer) -> String {
        layer.style == nil ? rootLayerTitle : "\(words.layerName) \(layer.index) · \(kind(of: layer.style))"
    }

    /// The navigation marker of a layer.
    public func navigation(_ hasNavigation: Bool) -> String {
        hasNavigation ? words.navigationMarker : "no navigation"
    }

    /// The details of the transition drawn in position `index`, if the library gave them.
    func details(at index: Int) -> TransitionDetails? {
        details.indices.contains(index) ? details[index] : nil
    }
}

extension DiagramWords {
    /// What a change of `before` into `after` does, in the timeline's words: `push Orders`,
    /// `dismiss sheet Cart ☰ and pop 2`, `present sheet Terms ☰`.
    public func sentence(for change: StepChange, from before: [PlanRoute], to after: [PlanRoute]) -> String {
        MomentWords.sentence(change, before: before, after: after, vocabulary: self)
    }
}
