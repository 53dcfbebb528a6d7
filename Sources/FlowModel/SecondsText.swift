extension PlanTransition {
    /// A number of seconds as people read it, the way every drawing and report writes times: `0 s`, `0.65 s`,
    /// `1.3 s` (rounded to hundredths, no trailing zeros).
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
