import FlowModel
import Foundation
import Graphviz

/// A file format a plan renders to: Graphviz's formats and a self-contained animated HTML page.
public enum RenderFormat: String, CaseIterable, Codable, Sendable {
    /// Scalable vector graphics.
    case svg
    /// A bitmap (cairo), at most `Diagram/maximumPNGSide` pixels per side; long timelines become pages.
    case png
    /// A vector document (embeds a creation date, so not byte-stable).
    case pdf
    /// Plain DOT text, for laying out again with `dot`.
    case dot
    /// Graphviz's JSON description of the laid-out graph.
    case json
    /// A self-contained HTML page that plays the steps one after another (no network, no external scripts).
    case html
    /// Plain text with box-drawing characters, at most 100 columns, for terminals and pull-request comments.
    case txt
    /// A Mermaid flowchart, which code hosts render inline in Markdown.
    case mermaid

    /// Graphviz's format for this one; `nil` for HTML, which FlowGraph writes itself.
    public var graphvizFormat: OutputFormat? {
        switch self {
        case .svg: .svg
        case .png: .png
        case .pdf: .pdf
        case .dot: .dot
        case .json: .json
        case .html, .txt, .mermaid: nil
        }
    }

    /// The usual file name extension, e.g. `svg` (`mmd` for Mermaid).
    public var fileExtension: String { self == .mermaid ? "mmd" : rawValue }

    /// The format a file name extension stands for (`svg`, `PNG`, `htm`…), if any.
    public init?(fileExtension: String) {
        let lowered = fileExtension.lowercased()
        if lowered == "htm" {
            self = .html
        } else if lowered == "gv" {
            self = .dot
        } else if lowered == "mmd" {
            self = .mermaid
        } else if let format = RenderFormat(rawValue: lowered) {
            self = format
        } else {
            return nil
        }
    }
}

/// One file's worth of a rendered plan: its format, its page (for PNGs split into pages) and its bytes.
public struct RenderedOutput: Hashable, Sendable {
    /// The format of ``data``.
    public var format: RenderFormat
    /// The page number, from 1, when the output is one of several pages; `nil` for a single output.
    public var page: Int?
    /// The rendered bytes.
    public var data: Data

    /// Creates an output.
    public init(format: RenderFormat, page: Int? = nil, data: Data) {
        self.format = format
        self.page = page
        self.data = data
    }

    /// What goes between a base name and the extension: `""`, or `-2` for page 2.
    public var pageSuffix: String { page.map { "-\($0)" } ?? "" }

    /// The file name for this output from a base path without extension: `out/plan` → `out/plan-2.png`.
    public func fileName(base: String) -> String {
        base + pageSuffix + "." + format.fileExtension
    }
}

/// Why a plan could not be rendered.
public enum RenderError: Error, CustomStringConvertible, Sendable, Equatable {
    /// The plan is invalid (e.g. an action FlowStacks would reject); located in the plan file.
    case plan(FlowGraphError)
    /// Graphviz failed (see `GraphvizError`).
    case graphviz(GraphvizError)
    /// A PNG would exceed cairo's size limit and cannot be split into pages that fit.
    case pngTooLarge(width: Int, height: Int, limit: Int, part: String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .plan(let error):
            return error.description
        case .graphviz(let error):
            return error.description
        case .pngTooLarge(let width, let height, let limit, let part):
            return
                "\(part) would be a \(width)×\(height) px PNG, but PNG output is limited to \(limit) px per side "
                + "and FlowGraph does not shrink diagrams until unreadable; render it as SVG or PDF instead "
                + "(-T svg or -T pdf)"
        }
    }
}

/// Renders plans to files' bytes: the one entry point for the `flowgraph render` command and for scripts.
///
/// ```swift
/// import FlowGraph
///
/// let plan = try Plan.decode(String(contentsOfFile: "deeplink.json", encoding: .utf8), file: "deeplink.json")
/// let renderer = PlanRenderer(options: .init(theme: .dark, platforms: [.ios16, .ios17]))
/// for output in try renderer.render(plan, formats: [.svg, .png]) {
///     try output.data.write(to: URL(fileURLWithPath: output.fileName(base: "Docs/deeplink")))
/// }
/// ```
///
/// Every format comes from one layout of the diagram, except PNG pages and the HTML page's frames. Output is
/// deterministic: the same plan and options give byte-identical SVG, PNG, DOT, JSON and HTML.
public struct PlanRenderer: Sendable {
    /// What to draw and how.
    public struct Options: Hashable, Codable, Sendable {
        /// What to do with a PNG larger than ``maximumPNGSide``.
        public enum PNGPaging: String, CaseIterable, Hashable, Codable, Sendable {
            /// Split a timeline into pages by transitions, each fitting the limit (`plan-1.png`, `plan-2.png`…).
            case split
            /// Refuse with ``RenderError/pngTooLarge(width:height:limit:part:)``.
            case refuse
        }

        /// The drawing; `nil` picks the timeline for plans with a change and the stack otherwise.
        public var kind: PlanDiagram.Kind?
        /// Which routes a stack drawing shows: the start, or the end of the whole change.
        public var moment: PlanDiagram.Moment
        /// The colour scheme.
        public var theme: Theme
        /// Platforms to draw side by side instead of the plan's; `nil` keeps the plan's.
        public var platforms: [Platform]?
        /// `navigationStack` values to draw side by side instead of the plan's; `nil` keeps the plan's.
        public var navigationStacks: [Bool]?
        /// What to do with a too-large PNG.
        public var pngPaging: PNGPaging
        /// The largest PNG side in pixels; cairo's limit by default.
        public var maximumPNGSide: Int
        /// Layout choices for timelines.
        public var timelineOptions: TimelineDiagram.Options
        /// How much larger than 96 dpi PNGs are drawn (2 gives a 192 dpi PNG for Retina screens); other
        /// formats are unchanged. The page limit ``maximumPNGSide`` applies to the scaled pixels.
        public var pngScale: Double = 1

        /// Creates options; the defaults draw what the plan asks for in the light theme.
        public init(
            kind: PlanDiagram.Kind? = nil, at moment: PlanDiagram.Moment = .start, theme: Theme = .light,
            platforms: [Platform]? = nil, navigationStacks: [Bool]? = nil, pngPaging: PNGPaging = .split,
            maximumPNGSide: Int = Diagram.maximumPNGSide, timelineOptions: TimelineDiagram.Options = .init()
        ) {
            self.kind = kind
            self.moment = moment
            self.theme = theme
            self.platforms = platforms
            self.navigationStacks = navigationStacks
            self.pngPaging = pngPaging
            self.maximumPNGSide = maximumPNGSide
            self.timelineOptions = timelineOptions
        }
    }

    /// The options every render uses.
    public var options: Options

    /// Creates a renderer.
    public init(options: Options = Options()) {
        self.options = options
    }

    /// The plan with the options' rule overrides applied (only for libraries whose steps FlowStacks' platform
    /// rules decide: other libraries apply each call in one update).
    public func effectivePlan(_ plan: Plan) -> Plan {
        guard plan.navigationLibrary.words.appliesPlatformRules else { return plan }
        var plan = plan
        if let platforms = options.platforms, !platforms.isEmpty { plan.platforms = platforms }
        if let stacks = options.navigationStacks, !stacks.isEmpty { plan.navigationStacks = stacks }
        return plan
    }

    /// The drawing of a plan under these options; the plan is played once, here.
    public func planDiagram(_ plan: Plan) -> PlanDiagram {
        PlanDiagram(
            plan: effectivePlan(plan), kind: options.kind, at: options.moment, theme: options.theme,
            timelineOptions: options.timelineOptions)
    }

    /// Renders a plan to each format, in the order asked; a PNG may come as several pages.
    ///
    /// Nothing is returned unless every format succeeded, so callers can write all outputs or none.
    public func render(_ plan: Plan, formats: [RenderFormat]) throws(RenderError) -> [RenderedOutput] {
        try renderReportingWarnings(plan, formats: formats).outputs
    }

    /// Renders like ``render(_:formats:)``, also returning Graphviz's warnings about the drawing — among them
    /// every text drawn with a character no font in use has (as U+FFFD), quoting the text.
    public func renderReportingWarnings(
        _ plan: Plan, formats: [RenderFormat]
    ) throws(RenderError) -> (outputs: [RenderedOutput], warnings: [String]) {
        let rendering = try rendering(plan, formats: formats)
        return (rendering.outputs, rendering.graphvizWarnings)
    }

    /// A plan rendered to several formats from one play: the outputs, Graphviz's warnings and the ``PlanRun``
    /// every output was read from (its ``PlanRun/diagnostics`` are the plan's warnings).
    public struct Rendering: Sendable {
        /// The outputs, in the order the formats were asked for.
        public var outputs: [RenderedOutput]
        /// Graphviz's warnings about the drawing (e.g. characters no font has).
        public var graphvizWarnings: [String]
        /// The plan as its library played it, once, for every output.
        public var run: PlanRun
    }

    /// Renders like ``render(_:formats:)`` and returns the play every output read, for its warnings.
    public func rendering(_ plan: Plan, formats: [RenderFormat]) throws(RenderError) -> Rendering {
        try rendering(planDiagram(plan), formats: formats)
    }

    /// Renders the plan in each theme, in order, from one play: the same drawing in other colours (the
    /// options' own theme is not used).
    public func renderings(_ plan: Plan, formats: [RenderFormat], themes: [Theme]) throws(RenderError)
        -> [Rendering]
    {
        let played = planDiagram(plan)
        var renderings: [Rendering] = []
        for theme in themes {
            var drawing = played
            drawing.theme = theme
            renderings.append(try rendering(drawing, formats: formats))
        }
        return renderings
    }

    /// Renders a drawing made from a run played already (`PlanDiagram(run:)`: a diff's before and after side
    /// by side) as a plan's own: checked against the plan's layout budget before Graphviz is called, a PNG too
    /// large for one image split into pages.
    public func rendering(of drawing: PlanDiagram, formats: [RenderFormat]) throws(RenderError) -> Rendering {
        try rendering(drawing, formats: formats)
    }

    /// Renders one drawing (its plan played already) to each format.
    private func rendering(_ drawing: PlanDiagram, formats: [RenderFormat]) throws(RenderError) -> Rendering {
        var warnings: [String] = []
        var unique: [RenderFormat] = []
        for format in formats where !unique.contains(format) { unique.append(format) }
        let run: PlanRun
        do {
            run = try drawing.run()
        } catch {
            throw .plan(error)
        }
        var graphviz = unique.compactMap(\.graphvizFormat)
        var rendered: [OutputFormat: Data] = [:]
        var pngPages: [Data]?
        var scaledWarnings: [String] = []
        // One diagram for every format that needs a layout, checked against the layout budget before
        // Graphviz is called; not laid out yet (`drawOnce` lays it out once).
        var budgetedDiagram: Diagram?
        if !graphviz.isEmpty || unique.contains(.html) {
            do {
                let diagram = try drawing.diagram()
                try Self.checkLayoutBudget(diagram, of: drawing, player: unique.contains(.html))
                budgetedDiagram = diagram
            } catch {
                throw .plan(error)
            }
        }
        var timelineSVG: Data?
        if let diagram = budgetedDiagram, !graphviz.isEmpty || drawing.kind == .timeline {
            // One layout for every Graphviz format, the PNG's size check and the HTML player's timeline.
            let drawn = try drawOnce(
                diagram, formats: graphviz, timelineSVG: unique.contains(.html) && drawing.kind == .timeline)
            (rendered, warnings, timelineSVG) = (drawn.outputs, drawn.warnings, drawn.timelineSVG)
            if graphviz.contains(.png), drawn.outputs[.png] == nil {
                graphviz.removeAll { $0 == .png }
                if options.pngScale != 1, !drawn.pngTooLarge {
                    // A scaled PNG needs its own layout with `dpi` set, which would change the SVG's size too.
                    do {
                        let scaled = try scaledForPNG(diagram).renderReportingWarnings(to: [.png])
                        pngPages = scaled.outputs[.png].map { [$0] }
                        scaledWarnings = scaled.warnings
                    } catch {
                        guard case .imageTooLarge = error.kind else { throw .graphviz(error) }
                        pngPages = try pages(of: drawing, wholeSize: drawn.pngPixels, shown: drawn.pngRenderedPixels)
                    }
                } else {
                    pngPages = try pages(of: drawing, wholeSize: drawn.pngPixels, shown: drawn.pngRenderedPixels)
                }
            }
        }

        var outputs: [RenderedOutput] = []
        for format in unique {
            if format == .html {
                outputs.append(
                    RenderedOutput(
                        format: .html,
                        data: try StepAnimation(
                            drawing: drawing, timelineDiagram: budgetedDiagram, timelineSVG: timelineSVG
                        )
                        .page()))
            } else if format == .txt || format == .mermaid {
                do {
                    let text = try drawing.text(mermaid: format == .mermaid)
                    outputs.append(RenderedOutput(format: format, data: Data(text.utf8)))
                } catch {
                    throw .plan(error)
                }
            } else if format == .png, let pngPages {
                outputs += pngPages.enumerated().map {
                    RenderedOutput(format: .png, page: pngPages.count == 1 ? nil : $0.offset + 1, data: $0.element)
                }
            } else if let graphvizFormat = format.graphvizFormat, let data = rendered[graphvizFormat] {
                outputs.append(RenderedOutput(format: format, data: data))
            }
        }
        return Rendering(
            outputs: outputs, graphvizWarnings: warnings + scaledWarnings.filter { !warnings.contains($0) }, run: run)
    }

    /// What one frame of the HTML player costs in layout units: a stack drawing of at most
    /// ``StepAnimation/drawnRoutes`` routes, laid out on its own (measured: about as long as 15 units of a
    /// large layout).
    static let playerFrameUnits = 15

    /// Refuses a drawing whose layout would cost more than the plan's ``Limits/layout`` budget, with an error
    /// at the plan's key that describes what is drawn (`start` for a stack, the change for a timeline) naming
    /// the limit and how to raise it. With `player`, the HTML player's frames are charged too, one stack
    /// drawing per different stack in the steps.
    static func checkLayoutBudget(_ diagram: Diagram, of drawing: PlanDiagram, player: Bool = false)
        throws(FlowGraphError)
    {
        let size = diagram.layoutCost
        let limits = drawing.plan.limits
        var units = size.units
        var frames = 0
        if player, units <= limits.layout {
            frames = 1
            if drawing.kind == .timeline {
                // The player draws each different stack once.
                var stacks = Set<[PlanRoute]>()
                for row in try drawing.rows() {
                    for transition in row.transitions { stacks.formUnion(transition.steps) }
                }
                frames = stacks.count
            }
            units += frames * playerFrameUnits
        }
        guard units > limits.layout else { return }
        let keyPath: String
        switch (drawing.kind, drawing.plan.change) {
        case (.stack, _), (_, .none): keyPath = drawing.moment == .end && drawing.kind == .stack ? "end" : "start"
        case (.timeline, .end): keyPath = "end"
        case (.timeline, .actions): keyPath = "actions"
        case (.timeline, .states): keyPath = "states"
        }
        let what = drawing.kind == .stack ? "stack drawing" : "timeline"
        throw FlowGraphError(
            file: drawing.plan.file, keyPath: keyPath,
            message: "the \(what) would be a layout of \(units) units (\(size.nodes) nodes, \(size.edges) edges, "
                + "\(size.clusters) boxes, \(size.htmlCells) table cells"
                + (frames > 0 ? ", \(frames) HTML player frames of \(playerFrameUnits) units" : "")
                + "), more than Graphviz is given by default: "
                + "about 10 s and 1 GB (docs/hardening.md, \"Limits\"); draw part of the plan, or "
                + limits.exceeded(.layout))
    }

    /// What ``drawOnce(_:formats:timelineSVG:)`` made from its one layout.
    private struct Drawn {
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
    private func drawOnce(
        _ diagram: Diagram, formats: [OutputFormat], timelineSVG: Bool
    ) throws(RenderError) -> Drawn {
        do {
            return try diagram.withLayout { laidOut throws(GraphvizError) in
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
    private func pixelSize(_ diagram: Diagram) throws(RenderError) -> (width: Int, height: Int) {
        let size: (width: Double, height: Double)
        do {
            size = try diagram.layoutSize()
        } catch {
            throw .graphviz(error)
        }
        return Self.pixelSize(size, dpi: 96 * options.pngScale)
    }

    /// The diagram as the PNG is drawn: at `96 × pngScale` dpi (unchanged at scale 1).
    private func scaledForPNG(_ diagram: Diagram) -> Diagram {
        guard options.pngScale != 1 else { return diagram }
        var scaled = diagram
        scaled.attributes["dpi"] = String(format: "%g", 96 * options.pngScale)
        return scaled
    }

    /// PNG pages of a timeline too large for one PNG (`wholeSize` pixels): transitions split into runs that
    /// each fit. Each candidate page is laid out to measure it, and each accepted one again with its final
    /// title (`page 2 of 3`), which the measuring layout could not know.
    /// A refusal names the size the PNG would have been (`shown`: a `dpi` the user set counted).
    private func pages(
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
