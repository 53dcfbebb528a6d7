import Foundation

/// Number and time formatting shared by the benchmarks.
enum BenchFormat {
    /// `10000` → `10,000`.
    static func grouped(_ value: Int) -> String {
        let digits = Array(String(value))
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return result
    }

    /// User + system CPU seconds used so far by `who` (this process, or the children it has waited for).
    static func cpuSeconds(_ who: __rusage_who) -> Double {
        var usage = rusage()
        getrusage(who.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000_000
    }
}
