import FlowModel

/// The options people bring from `dot`, `mmdc` and `d2`: `-q`, `--scale`, `--width` and `--watch`.
enum ConventionOptions {
    /// `-q`, `--quiet`: no notes or warnings (errors are still shown, and so are warnings under `--strict`,
    /// which makes them failures); a batch shows no progress or summary.
    static let quiet = CommandFlag(
        "--quiet", alias: "-q",
        help: "No notes, no warnings unless --strict (errors still show); a batch: no progress or summary.")
    /// `--scale N`: PNGs drawn N times larger (2 for Retina screens), as `mmdc -s` and `d2 --scale`.
    static let scale = CommandOption<Double>(
        "--scale", valueName: "N", help: "PNG only: draw N times larger than 96 dpi, e.g. 2 (default 1)."
    ) { text throws(UsageError) in
        guard let value = Double(text), value.isFinite, value >= 0.25, value <= 8 else {
            throw ArgumentParser.usageError("--scale must be a number from 0.25 to 8 (e.g. --scale 2), not '\(text)'")
        }
        return value
    }
    /// The narrowest `--width`: one step box and its header.
    static let widthRange = 240...20_000
    /// `--width PX`: the width in CSS pixels a timeline will be shown at; its lines wrap to keep text readable there.
    static let width = CommandOption<Int>(
        "--width", valueName: "PX",
        help: "Timelines: shown PX pixels wide, text stays 11 px or more; lines wrap (default 880; 0: never)."
    ) { text throws(UsageError) in
        guard let value = Int(text), value == 0 || widthRange.contains(value) else {
            throw ArgumentParser.usageError(
                "--width must be the width in pixels the diagram is shown at, \(widthRange.lowerBound) to "
                    + "\(widthRange.upperBound) (e.g. --width 880; 0 never wraps), not '\(text)'")
        }
        return value
    }
    /// `--watch`: render again whenever a plan changes.
    static let watch = CommandFlag(
        "--watch", help: "Render again whenever a plan (or a plan in the folders) changes; Ctrl-C stops.")

    /// A console for notes and warnings: `console` itself, or one that drops them under `-q`.
    static func notes(_ arguments: ParsedArguments, _ console: Console) -> Console {
        notes(quiet: arguments[quiet], console)
    }

    /// A console for notes: `console` itself, or with `quiet` one that drops them.
    static func notes(quiet: Bool, _ console: Console) -> Console {
        guard quiet else { return console }
        return Console(writeOutput: console.writeOutput, writeError: { _ in })
    }

    /// A console for a plan's warnings: ``notes(_:_:)``'s, except that under `--strict` warnings are
    /// failures, so they are shown even with `-q` (a quiet, strict run never fails without saying why).
    static func warnings(_ arguments: ParsedArguments, _ console: Console) -> Console {
        warnings(quiet: arguments[quiet], strict: arguments[DiagnosticsOutput.strict], console)
    }

    /// A console for a plan's warnings: `console` under `strict`, else ``notes(quiet:_:)``'s.
    static func warnings(quiet: Bool, strict: Bool, _ console: Console) -> Console {
        strict ? console : notes(quiet: quiet, console)
    }
}
