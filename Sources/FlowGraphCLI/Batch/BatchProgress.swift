import FlowModel
import Foundation

/// What a batch tells the person running it, on standard error.
///
/// On a terminal: one progress bar line, redrawn in place, with error lines printed above it. Otherwise:
/// one line per plan. With `--quiet`: only the errors of failed plans (and warnings under `--strict`). File names are printed escaped
/// (``TerminalText``), so a name holding a line break cannot forge a progress line.
final class BatchProgress {
    /// How progress is shown.
    enum Style {
        /// A bar redrawn in place (standard error is a terminal).
        case bar
        /// One line per plan.
        case lines
        /// Nothing but errors.
        case quiet
    }

    private let console: Console
    private let style: Style
    private let total: Int
    private let verb: String
    private let showsWarnings: Bool
    private var done = 0
    private var failed = 0
    private var barShown = false
    private var lastDraw = ContinuousClock.now - .seconds(1)

    /// Creates the progress display for `total` plans; `showsWarnings` is false under `--quiet` without
    /// `--strict`.
    init(total: Int, console: Console, style: Style, checking: Bool, showsWarnings: Bool = true) {
        self.total = total
        self.showsWarnings = showsWarnings
        self.console = console
        self.style = style
        self.verb = checking ? "checked" : "rendered"
    }

    /// The style for this process: a bar when standard error is a terminal, unless `quiet`.
    static func style(quiet: Bool) -> Style {
        quiet ? .quiet : isatty(STDERR_FILENO) == 1 ? .bar : .lines
    }

    /// A plan was handed to a worker.
    func started(_ plan: BatchPlan) {
        if style == .bar { draw(current: plan.relativePath, force: false) }
    }

    /// A plan is done (rendered, failed or skipped).
    func finished(_ outcome: PlanOutcome) {
        done += 1
        if outcome.status == .failed { failed += 1 }
        let warnings = showsWarnings ? outcome.reply?.warnings ?? [] : []
        if style == .bar, !warnings.isEmpty { clear() }
        // Warnings in every style (unless quiet and not strict), as `flowgraph render` prints them.
        for line in warnings { console.printError(line) }
        switch style {
        case .quiet:
            for line in outcome.errors { console.printError(TerminalText.escaped(line)) }
        case .lines:
            let width = String(total).count
            let count = String(done).leftPadded(to: width) + "/\(total)"
            if outcome.status == .rendered, let reply = outcome.reply {
                let files = reply.outputs.count
                let milliseconds = Int((reply.seconds * 1000).rounded())
                console.printError(
                    "[\(count)] \(verb) \(TerminalText.escaped(outcome.plan.path)) (\(files) file\(files == 1 ? "" : "s"), \(milliseconds) ms)"
                )
            } else {
                console.printError(
                    "[\(count)] \(outcome.status == .failed ? "FAILED" : "skipped") \(TerminalText.escaped(outcome.plan.path))"
                )
                for line in outcome.errors { console.printError("    " + TerminalText.escaped(line)) }
            }
        case .bar:
            if !outcome.errors.isEmpty {
                clear()
                for line in outcome.errors { console.printError(TerminalText.escaped(line)) }
            }
            draw(current: outcome.plan.relativePath, force: done == total || !outcome.errors.isEmpty)
        }
    }

    /// The batch was interrupted; `running` plans are being finished.
    func interrupted(running: Int) {
        guard style != .quiet else { return }
        clear()
        console.printError(
            "interrupted: finishing \(running) plan\(running == 1 ? "" : "s") in progress, starting no more "
                + "(interrupt again to stop at once)")
    }

    /// Removes the bar before the summary.
    func end() {
        clear()
    }

    private func clear() {
        guard style == .bar, barShown else { return }
        console.writeError("\r\u{1B}[2K")
        barShown = false
    }

    private func draw(current: String, force: Bool) {
        let now = ContinuousClock.now
        guard force || now - lastDraw >= .milliseconds(80) else { return }
        lastDraw = now
        let width = 28
        let filled = total == 0 ? width : width * done / total
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        var line = "\r\u{1B}[2K\(bar) \(done)/\(total)"
        if failed > 0 { line += " · \(failed) failed" }
        let shown = TerminalText.escaped(current)
        let name = shown.count > 40 ? "…" + shown.suffix(39) : shown
        line += " · \(name)"
        console.writeError(line)
        barShown = true
    }
}

extension String {
    /// The string with spaces in front up to `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
