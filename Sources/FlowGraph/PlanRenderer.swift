import FlowModel
import Foundation
import Graphviz

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
}
