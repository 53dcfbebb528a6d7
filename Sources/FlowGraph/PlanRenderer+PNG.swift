import FlowModel
import Foundation
import Graphviz

extension PlanRenderer {
    /// What ``drawOnce(_:formats:timelineSVG:)`` made from its one layout.
    struct Drawn {
        var outputs: [OutputFormat: Data]
        var warnings: [String]
        var timelineSVG: Data?
        /// The PNG's size in pixels at `96 × pngScale` dpi.
        var pngPixels: (width: Int, height: Int)
        /// The size the PNG would have as the layout would render it (a `dpi` set with `-G` counted), for
        /// messages.
        var pngRenderedPixels: (width: Int, height: Int)
        /// Whether the PNG was left out for being larger than one PNG may be (it is then drawn in pages).
        var pngTooLarge: Bool
    }

    /// Lays `diagram` out once and renders from that layout every format asked for but the PNG when it must
    /// be drawn apart (scaled, or too large for one PNG), and, with `timelineSVG`, the HTML player's timeline
    /// SVG with its ids namespaced. The warnings are those of the formats asked for.
    func drawOnce(
        _ diagram: Diagram, formats: [OutputFormat], timelineSVG: Bool
    ) throws(RenderError) -> Drawn {
        do {
            return try diagram.withLayout(drawing: formats) { laidOut throws(GraphvizError) in
                let pixels = Self.pixelSize(laidOut.size, dpi: 96 * options.pngScale)
                var formats = formats
                var tooLarge = false
                var rendered = pixels
                if formats.contains(.png) {
                    // Graphviz's own limit is checked on the layout rendered; a lower one (set by tests) too.
                    let limit = options.maximumPNGSide
                    let native = laidOut.pngPixelSize
                    if options.pngScale == 1 { rendered = native }
                    tooLarge =
                        (limit < Diagram.maximumPNGSide && (pixels.width > limit || pixels.height > limit))
                        || (options.pngScale == 1
                            && (native.width > Diagram.maximumPNGSide || native.height > Diagram.maximumPNGSide))
                    if tooLarge || options.pngScale != 1 { formats.removeAll { $0 == .png } }
                }
                let outputs = formats.isEmpty ? [:] : try laidOut.render(to: formats)
                let warnings = formats.isEmpty ? [] : laidOut.warnings
                let svg = timelineSVG ? try laidOut.renderSVG(namespacingIDs: StepAnimation.timelineNamespace) : nil
                return Drawn(
                    outputs: outputs, warnings: warnings, timelineSVG: svg, pngPixels: pixels,
                    pngRenderedPixels: rendered, pngTooLarge: tooLarge)
            }
        } catch {
            throw .graphviz(error)
        }
    }

    /// A size in points in whole pixels at `dpi`.
    private static func pixelSize(_ size: (width: Double, height: Double), dpi: Double) -> (width: Int, height: Int) {
        (Int((size.width * dpi / 72).rounded(.up)), Int((size.height * dpi / 72).rounded(.up)))
    }

    /// The PNG size of a diagram in pixels (cairo renders at 96 dpi; FlowGraph's diagrams set no dpi unless the
    /// PNG is scaled).
    func pixelSize(_ diagram: Diagram) throws(RenderError) -> (width: Int, height: Int) {
        let size: (width: Double, height: Double)
        do {
            size = try diagram.layoutSize()
        } catch {
            throw .graphviz(error)
        }
        return Self.pixelSize(size, dpi: 96 * options.pngScale)
    }

    /// The diagram as the PNG is drawn: at `96 × pngScale` dpi (unchanged at scale 1).
    func scaledForPNG(_ diagram: Diagram) -> Diagram {
        guard options.pngScale != 1 else { return diagram }
        var scaled = diagram
        scaled.attributes["dpi"] = String(format: "%g", 96 * options.pngScale)
        return scaled
    }

    /// PNG pages of a timeline too large for one PNG (`wholeSize` pixels): transitions split into runs that
    /// each fit. Each candidate page is laid out to measure it, and each accepted one again with its final
    /// title (`page 2 of 3`), which the measuring layout could not know.
    /// A refusal names the size the PNG would have been (`shown`: a `dpi` the user set counted).
    func pages(
        of drawing: PlanDiagram, wholeSize: (width: Int, height: Int), shown: (width: Int, height: Int)
    ) throws(RenderError) -> [Data] {
        let limit = options.maximumPNGSide
        let kindName = drawing.kind == .stack ? "The stack diagram" : "The timeline"
        guard drawing.kind == .timeline, options.pngPaging == .split else {
            throw .pngTooLarge(width: shown.width, height: shown.height, limit: limit, part: kindName)
        }
        let rows: [TimelineDiagram.Row]
        do {
            rows = try drawing.rows()
        } catch {
            throw .plan(error)
        }
        let total = rows.map(\.transitions.count).max() ?? 0
        guard total > 1 else {
            throw .pngTooLarge(width: wholeSize.width, height: wholeSize.height, limit: limit, part: kindName)
        }
        // Start from an even split a little finer than the size suggests, then halve any run that still
        // does not fit; a single transition that does not fit is refused.
        let ratio = Double(max(wholeSize.width, wholeSize.height)) / Double(limit)
        let initialCount = min(total, max(2, Int((ratio * 1.2).rounded(.up))))
        var pending: [Range<Int>] = (0..<initialCount).map { index in
            (total * index / initialCount)..<(total * (index + 1) / initialCount)
        }.filter { !$0.isEmpty }
        var accepted: [Range<Int>] = []
        while let range = pending.first {
            pending.removeFirst()
            let probe = drawing.timelinePage(rows: rows, range: range, page: 1, of: 1, total: total)
            let size = try pixelSize(probe)
            if size.width <= limit && size.height <= limit {
                accepted.append(range)
            } else if range.count == 1 {
                throw .pngTooLarge(
                    width: size.width, height: size.height, limit: limit,
                    part: "Transition \(range.lowerBound + 1) alone")
            } else {
                let middle = range.lowerBound + range.count / 2
                pending.insert(contentsOf: [range.lowerBound..<middle, middle..<range.upperBound], at: 0)
            }
        }
        var pages: [Data] = []
        for (index, range) in accepted.enumerated() {
            let page = drawing.timelinePage(
                rows: rows, range: range, page: index + 1, of: accepted.count, total: total)
            do {
                pages.append(try scaledForPNG(page).render(to: .png))
            } catch {
                throw .graphviz(error)
            }
        }
        return pages
    }
}
