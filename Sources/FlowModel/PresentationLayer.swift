/// A group of screens shown together: the root's or a presented route's screen and the pushes above it.
///
/// A sheet or cover starts a new layer; pushes stay in the layer below them.
public struct PresentationLayer: Hashable, Sendable {
    /// The layer's position, 0 for the root's layer.
    public var index: Int
    /// The index in the routes array of the route that presents this layer; `nil` for the root's layer.
    public var presentingRouteIndex: Int?
    /// How the layer is shown: `nil` for the root's layer, else the presenting route's sheet or cover style.
    public var style: PlanRouteStyle?
    /// Whether screens can be pushed in this layer (the root's or presenting route's `withNavigation`).
    public var hasNavigation: Bool
    /// The indices in the routes array of the routes in this layer, the presenting route first.
    public var routeIndices: [Int]
}

/// A route that FlowStacks would reject where it stands.
public struct RouteProblem: Hashable, Sendable {
    /// The index of the route in the routes array.
    public var index: Int
    /// Why the route is invalid, in words.
    public var reason: String
}

extension Array where Element == PlanRoute {
    /// The routes grouped into presentation layers above a root with or without navigation.
    public func presentationLayers(rootHasNavigation: Bool) -> [PresentationLayer] {
        var layers = [
            PresentationLayer(
                index: 0, presentingRouteIndex: nil, style: nil, hasNavigation: rootHasNavigation, routeIndices: [])
        ]
        for (index, route) in enumerated() {
            if route.isPresented {
                layers.append(
                    PresentationLayer(
                        index: layers.count, presentingRouteIndex: index, style: route.style,
                        hasNavigation: route.withNavigation, routeIndices: [index]))
            } else {
                layers[layers.count - 1].routeIndices.append(index)
            }
        }
        return layers
    }

    /// The routes FlowStacks would reject: pushes into a layer without navigation.
    public func problems(rootHasNavigation: Bool) -> [RouteProblem] {
        presentationLayers(rootHasNavigation: rootHasNavigation).flatMap { layer -> [RouteProblem] in
            guard !layer.hasNavigation else { return [] }
            let owner = layer.presentingRouteIndex.map { "\(self[$0].notation) has" } ?? "the root has"
            return layer.routeIndices.filter { self[$0].style.isPush }.map {
                RouteProblem(
                    index: $0,
                    reason: "push without navigation: \(owner) no navigation (use withNavigation: true)")
            }
        }
    }
}
