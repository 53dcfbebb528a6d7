import Graphviz

extension StepAnimation {
    /// The player's HTML document around what ``StepAnimation/page()`` made: the header with the plan's title
    /// and facts, the controls when a rule set plays more than one frame, the frame's words, the stage of stack
    /// drawings, the timeline, the frames as JSON and the script.
    struct Page {
        /// The plan's title.
        var title: String
        /// The header's facts, `root Home · 4 frames`.
        var facts: [String]
        /// The theme's colours.
        var palette: Palette
        /// Each rule set's name.
        var rowNames: [String]
        /// Whether any rule set has more than one frame to play.
        var plays: Bool
        /// The stack drawings, one markup each.
        var stacks: [String]
        /// The timeline's inline SVG, if the page plays one.
        var timeline: String?
        /// The rule sets' headers over the timeline.
        var heads: [(text: String, node: String?)]
        /// The frames as JSON.
        var frames: String

        /// The whole document.
        var html: String {
            var html = """
                <!DOCTYPE html>
                <html lang="en">
                <head>
                <meta charset="utf-8">
                <meta name="viewport" content="width=device-width, initial-scale=1">
                <meta name="generator" content="FlowGraph">
                <title>\(StepAnimation.escape(title))</title>
                <style>
                \(StepAnimation.style(palette))
                </style>
                </head>
                <body>
                <header>
                <h1>\(StepAnimation.escape(title))</h1>
                <p class="sub">\(StepAnimation.escape(facts.joined(separator: " · ")))</p>
                </header>

                """
            if plays {
                html += StepAnimation.controls(rowNames: rowNames)
            }
            html += timeline == nil ? "<main class=\"frame alone\">\n" : "<main class=\"frame\">\n"
            if timeline != nil {
                html += """
                    <section class="now" aria-live="polite">
                    <div class="lines">
                    <p id="position" class="position"></p>
                    <p id="transition" class="transition"></p>
                    <p id="operation" class="operation"></p>
                    <p id="delay" class="delay"></p>
                    <p id="clock" class="clock"></p>
                    </div>
                    </section>

                    """
            }
            html += "<section class=\"stage\">\n"
            for (index, svg) in stacks.enumerated() {
                // Every drawing stays laid out in the same place (hidden ones invisible), so the stage is as tall as
                // the tallest and nothing below it moves from frame to frame.
                html +=
                    "<div class=\"stack\" data-stack=\"\(index)\"\(timeline == nil ? "" : " hidden")>\n\(svg)\n</div>\n"
            }
            html += "</section>\n"
            if let timeline {
                html += "<section class=\"timeline\" aria-label=\"Timeline\">\n"
                html += StepAnimation.timelineHead(heads)
                html += "<div class=\"timeline-view\">\n"
                html += "\(timeline)\n</div>\n</section>\n"
            }
            html += "</main>\n"
            html += "<script type=\"application/json\" id=\"frames\">\(frames)</script>\n"
            if timeline != nil {
                html += "<script>\n\(StepAnimation.script)\n</script>\n"
            }
            html += "</body>\n</html>\n"
            return html
        }
    }
}
