extension StepAnimation {
    /// The player's style sheet: a frame area that keeps one size while frames change, and a timeline that
    /// scrolls inside its own box.
    ///
    /// Every stack drawing and every frame's text are laid out in the same grid cell, the hidden ones
    /// invisible, so the frame area is as tall as its tallest frame and nothing below or beside it moves. On a
    /// wide window the timeline sits beside the frame, as tall as the window, so the current step can be
    /// scrolled into view inside it without scrolling the page; under 1,000 px the frame's stack sits beside its
    /// text and the timeline comes under both, ending at the window's bottom (under 640 px, all in one column).
    /// A frame's stack is shown 10 % over its natural size (by the script), so its smallest text is 14.7 px; the
    /// strip of rule-set headers lies over the timeline's top.
    static func style(_ palette: Palette) -> String {
        """
        :root { color-scheme: light dark; }
        body { margin: 0; padding: 16px 24px; background: \(palette.background); color: \(palette.text);
          font: 15px/1.4 Helvetica, Arial, sans-serif; }
        h1 { font-size: 22px; margin: 0 0 4px; }
        .sub { color: \(palette.muted); margin: 0 0 12px; }
        .controls { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin-bottom: 12px; }
        button, select { font: inherit; padding: 4px 10px; border: 1px solid \(palette.line); border-radius: 6px;
          background: \(palette.headerFill); color: \(palette.text); cursor: pointer; }
        #play { min-width: 6.5em; }
        button:focus-visible, select:focus-visible, input:focus-visible { outline: 3px solid \(palette.accent); }
        #scrub { flex: 1 1 200px; }
        main.frame { display: grid; grid-template-columns: minmax(300px, 2fr) minmax(0, 3fr);
          grid-template-areas: "now timeline" "stage timeline"; grid-template-rows: auto 1fr; gap: 16px 24px;
          align-items: start; }
        main.frame.alone { display: block; }
        .now { grid-area: now; display: grid; border: 1px solid \(palette.layerLine); border-radius: 8px; padding: 12px;
          background: \(palette.layerFill); }
        .now > .lines { grid-area: 1 / 1; }
        .now > .lines.sizer { visibility: hidden; }
        .now p { margin: 0 0 8px; overflow-wrap: anywhere; }
        .position { font-weight: bold; font-size: 18px; }
        .operation { font-size: 16px; }
        .delay { color: \(palette.delay); font-weight: bold; min-height: 1.4em; }
        .clock { color: \(palette.muted); }
        .stage { grid-area: stage; display: grid; min-width: 0; }
        .stage > .stack { grid-area: 1 / 1; min-width: 0; }
        .stage > .stack[hidden] { display: block; visibility: hidden; }
        .stage svg { max-width: 100%; max-height: 75vh; width: auto; height: auto; }
        main.frame:not(.alone) .stage { overflow-x: auto; }
        main.frame:not(.alone) .stage svg { max-width: none; max-height: none; }
        .timeline { grid-area: timeline; position: sticky; top: 8px; min-width: 0; border: 1px solid \(palette.layerLine);
          border-radius: 8px; }
        .timeline-head { position: absolute; top: 0; left: 0; right: 0; height: 0; z-index: 2; pointer-events: none; }
        .timeline-head[hidden] { display: none; }
        .timeline-head span { position: absolute; top: 0; box-sizing: border-box; padding: 3px 8px;
          background: \(palette.headerFill); border: 1px solid \(palette.line); border-radius: 0 0 6px 6px;
          color: \(palette.accent); font-weight: bold; font-size: 15px; box-shadow: 0 2px 4px rgba(0, 0, 0, 0.15); }
        .timeline-view { overflow: auto; max-height: calc(100vh - 16px); }
        .timeline-view svg { max-width: 100%; height: auto; }
        .timeline .current-step { fill: none; stroke: \(palette.accent); stroke-width: 4px; pointer-events: none; }
        @media (max-width: 999px) {
          main.frame { grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); grid-template-areas: "now stage" "timeline timeline";
            grid-template-rows: auto auto; }
          .timeline { position: relative; top: 0; }
        }
        @media (max-width: 639px) {
          main.frame { grid-template-columns: minmax(0, 1fr); grid-template-areas: "now" "stage" "timeline"; }
        }
        """
    }
}
