import FlowModel

/// A small deterministic random number generator (SplitMix64), so property tests repeat exactly.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension PlanRoute {
    /// A random route over a few screens, so some start/end pairs share screens and styles.
    static func random(using generator: inout SeededGenerator) -> PlanRoute {
        let screen = ["A", "B", "C", "D"].randomElement(using: &generator)!
        switch Int.random(in: 0..<5, using: &generator) {
        case 0, 1: return .push(screen)
        case 2: return .sheet(screen, withNavigation: Bool.random(using: &generator))
        case 3: return .cover(screen, withNavigation: Bool.random(using: &generator))
        default: return .sheet(screen)
        }
    }

    /// A random stack of up to `maximumCount` routes.
    static func randomStack(maximumCount: Int, using generator: inout SeededGenerator) -> [PlanRoute] {
        (0..<Int.random(in: 0...maximumCount, using: &generator)).map { _ in random(using: &generator) }
    }
}
