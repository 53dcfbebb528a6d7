extension PlanTransition {
    /// A number of seconds as people read it: `0 s`, `0.65 s`, `1.3 s`, `1.95 s` (rounded to hundredths, no
    /// trailing zeros).
    ///
    /// The one formatter of times: the timeline, its text and Mermaid stories, the player, the gallery,
    /// `steps`, `diff`, budgets and the DocC tables all write the times of the one time model (`StepTimes`)
    /// with it, so one plan's times read the same in every output.
    public static func secondsText(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        var text = String(hundredths / 100)
        let fraction = hundredths % 100
        if fraction != 0 {
            text +=
                "." + (fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0\(fraction)" : "\(fraction)"))
        }
        return text + " s"
    }
}
