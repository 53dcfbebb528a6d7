/// A repeatable stream of numbers for tests that compare two ways of computing something on many generated
/// inputs: the same seed gives the same inputs on every run and machine, so a failure can be replayed.
///
/// A 64-bit linear congruential generator (Knuth's MMIX constants), the high bits taken.
package struct SeededRandom {
    private var state: UInt64

    /// Starts the stream at `seed`.
    package init(seed: UInt64) { state = seed }

    /// The next number in `0..<bound` (`bound` > 0).
    package mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    /// The next of `elements` (not empty).
    package mutating func element<Element>(of elements: [Element]) -> Element {
        elements[next(elements.count)]
    }
}
