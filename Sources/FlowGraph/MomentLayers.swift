import FlowModel

/// The presentation layers one timeline moment changes, as its box and its text story both list them: the
/// stack's layers before and after it, the routes it removes, adds and updates, and the layers those are in.
struct MomentLayers {
    /// The layers before the moment, bottom first.
    let before: [PresentationLayer]
    /// The layers after it.
    let after: [PresentationLayer]
    /// The indices of the routes it removes (in ``TimelineMoment/before``).
    let removed: Set<Int>
    /// The indices of the routes it adds (in ``TimelineMoment/after``).
    let added: Set<Int>
    /// The indices of the routes it updates in place (in ``TimelineMoment/after``).
    let updated: Set<Int>
    /// The layers it touches: where it removes, adds or updates a route, and where it breaks a nesting rule (drawn
    /// where it breaks, even in a layer it does not change).
    let touched: [Int]

    /// The layers of `moment`.
    init(_ moment: TimelineMoment) {
        let navigation = moment.root.withNavigation
        before = moment.before.presentationLayers(rootHasNavigation: navigation)
        after = moment.after.presentationLayers(rootHasNavigation: navigation)
        removed = Set(moment.change.removed)
        added = Set(moment.change.added)
        updated = Set(moment.change.updated)
        let before = before
        let after = after
        touched =
            removed.map { Self.layer(of: $0, in: before) } + added.union(updated).map { Self.layer(of: $0, in: after) }
            + moment.brokenHere.filter(moment.after.indices.contains).map { Self.layer(of: $0, in: after) }
    }

    /// The layer after the moment that holds the route at `index`.
    func layerAfter(holding index: Int) -> Int { Self.layer(of: index, in: after) }

    /// The layer among `layers` that holds the route at `index`; the root's (0) when none does.
    private static func layer(of index: Int, in layers: [PresentationLayer]) -> Int {
        layers.first { $0.routeIndices.contains(index) }?.index ?? 0
    }
}
