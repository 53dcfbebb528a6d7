import FlowGraphTestSupport
import Foundation
import Graphviz
import Testing

@testable import FlowGraph

/// Presentation arcs in stack drawings pass beside the layers' headers, never through them: checked on the
/// layout libgvc makes (its JSON output: each arc's Bézier curve, each layer header's box).
@Suite struct PresentationArcTests {
    static let samples = [
        "sheet-over-cover", "nested-children-stack", "swiftfulrouting-readme-environment",
        "swiftfulrouting-readme-pattern", "swiftfulrouting-readme-sheet-push", "swiftfulrouting-readme-sheet-sheet",
        "swiftfulrouting-readme-three-covers", "deeplink-two-sheets", "dismiss-count", "go-back-to-root-from-layers",
    ]

    /// Numbers in a Graphviz `x,y x,y` list.
    static func points(_ text: String) -> [(x: Double, y: Double)] {
        text.split(separator: " ").compactMap { pair in
            let parts = pair.split(separator: ",")
            guard parts.count == 2, let x = Double(parts[0]), let y = Double(parts[1]) else { return nil }
            return (x, y)
        }
    }

    /// Points along an edge's `pos` (a start point, then three control points per cubic Bézier piece).
    static func curve(_ position: String) -> [(x: Double, y: Double)] {
        let controls = points(
            position.split(separator: " ").filter { !$0.hasPrefix("e,") && !$0.hasPrefix("s,") }
                .joined(separator: " "))
        var samples: [(x: Double, y: Double)] = []
        var start = 0
        while start + 3 < controls.count {
            let (p0, p1, p2, p3) = (controls[start], controls[start + 1], controls[start + 2], controls[start + 3])
            for step in 0...50 {
                let t = Double(step) / 50, u = 1 - t
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                samples.append((a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y))
            }
            start += 3
        }
        return samples
    }

    @Test(arguments: samples)
    func presentationArcsCrossNoLayerHeader(name: String) throws {
        let run = try PlanRunConsistencyTests.plan(name).play()
        for moment in [PlanDiagram.Moment.start, .end] {
            let diagram = try PlanDiagram(run: run, kind: .stack, at: moment).stackDiagram()
            let layout = try #require(
                try JSONSerialization.jsonObject(with: try diagram.render(to: .json)) as? [String: Any])
            var headers: [(name: String, left: Double, right: Double, bottom: Double, top: Double)] = []
            for object in atLeastOne(layout["objects"] as? [[String: Any]] ?? [], "objects in \(name)'s layout") {
                guard let name = object["name"] as? String, name.hasPrefix("cluster_"),
                    let center = (object["lp"] as? String).map(Self.points)?.first,
                    let width = (object["lwidth"] as? String).flatMap(Double.init),
                    let height = (object["lheight"] as? String).flatMap(Double.init)
                else { continue }
                let (w, h) = (width * 72 / 2 - 1, height * 72 / 2 - 1)
                headers.append((name, center.x - w, center.x + w, center.y - h, center.y + h))
            }
            let arcs = (layout["edges"] as? [[String: Any]] ?? []).filter {
                let kind = $0["class"] as? String ?? ""
                return kind.hasPrefix("sheet") || kind.hasPrefix("cover")
            }
            if moment == .start, name == "sheet-over-cover" { #expect(arcs.count == 2 && headers.count == 3) }
            if !arcs.isEmpty { _ = atLeastOne(headers, "layer headers under \(name)'s arcs") }
            for arc in arcs {
                let curve = Self.curve(try #require(arc["pos"] as? String))
                #expect(curve.count > 10)
                for header in headers {
                    let crossing = curve.contains {
                        $0.x > header.left && $0.x < header.right && $0.y > header.bottom && $0.y < header.top
                    }
                    #expect(
                        !crossing, "\(name) \(moment): the \(arc["class"] ?? "") arc crosses \(header.name)'s header")
                }
            }
        }
    }
}
