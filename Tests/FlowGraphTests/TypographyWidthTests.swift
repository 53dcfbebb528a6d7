import FlowGraphTestSupport
import Graphviz
import Testing

@testable import FlowGraph

/// The width estimate's fast paths give what the per-character classes give, for every code point.
@Suite struct TypographyWidthTests {
    /// Every character of one code point has the width its class gives (Swift holds a few code points
    /// canonically equal to ASCII characters, which the fast path must keep).
    @Test func everyCodePointHasItsClassWidth() {
        var differing: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let character = Character(scalar)
            if Typography.emWidth(of: character) != Typography.classEms(character) {
                differing.append("U+" + String(value, radix: 16, uppercase: true))
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(20))")
    }

    /// Texts of ASCII, of other characters and of characters of several code points measure as the sum of
    /// their characters' class widths, added in order.
    @Test(arguments: [
        "", "Home", "on screen: Checkout", "line\r\nbreak", "\r", "\n\r", "A\u{20DD}b", "e\u{301}t\u{301}",
        "on Shop › sheet Cart ☰ › Checkout", "\u{212A}elvin\u{037E}", "👩‍👩‍👧 🇫🇷 ⋮ 3 screens", "한국어 ไทย",
    ])
    func textsMeasureAsTheirCharacters(text: String) {
        var ems = 0.0
        for character in text { ems += Typography.classEms(character) }
        for (size, bold) in [(12, false), (11, true)] {
            #expect(
                Typography.estimatedWidth(text, size: size, bold: bold) == ems * Double(size) * (bold ? 1.06 : 1))
        }
    }

    /// Random texts of letters, symbols, line breaks and code points that join their neighbours (combining
    /// marks, joiners, variation selectors, flags, Hangul jamo, prepended and spacing marks) measure as the
    /// sum of their characters' class widths.
    @Test func mixedTextsMeasureAsTheirCharacters() {
        let pieces = [
            "a", "Z", "i", " ", "7", "\r", "\n", "›", "·", "⋮", "☰", "◷", "◆", "é", "\u{212A}", "\u{037E}", "\u{301}",
            "\u{200D}", "\u{20DD}", "👩", "\u{FE0F}", "🇫", "🇷", "\u{1100}", "\u{1161}", "\u{0600}", "ก", "\u{0E31}",
            "\u{0903}", "한", "\u{00AD}", "—",
        ]
        var random = SeededRandom(seed: 0x2545_F491_4F6C_DD1D)
        var differing: [String] = []
        for _ in 0..<5_000 {
            let text = (0..<random.next(12)).map { _ in random.element(of: pieces) }.joined()
            var ems = 0.0
            for character in text { ems += Typography.classEms(character) }
            if Typography.estimatedWidth(text, size: 12) != ems * 12 { differing.append(text) }
        }
        #expect(
            differing.isEmpty, "\(differing.prefix(5).map { $0.unicodeScalars.map { String($0.value, radix: 16) } })")
    }

    /// Wrapping goes on from a line's measured ems instead of measuring every candidate line anew, and splits
    /// text of stand-alone characters at its space bytes: the lines are the ones measuring each candidate whole
    /// and splitting by characters gives, for random texts of all kinds of characters, widths and sizes.
    @Test func wrappingMatchesMeasuringEveryCandidateWhole() {
        let pieces = [
            "a", "Wide", "i", " ", " ", "  ", "7", "\r\n", "›", "·", "☰", "é", "\u{212A}", "\u{037E}", "\u{301}",
            "\u{200D}", "👩", "🇫🇷", "(", ",", ":", "verylongidentifierwithoutspaces", "order(id:", "한",
        ]
        var random = SeededRandom(seed: 0x9E37_79B9_7F4A_7C15)
        var differing: [String] = []
        for _ in 0..<4_000 {
            let text = (0..<random.next(30)).map { _ in random.element(of: pieces) }.joined()
            let points = Double(20 + random.next(300))
            let size = [10, 11, 12][random.next(3)]
            let bold = random.next(2) == 0
            if wrappedToWidth(text, points: points, size: size, bold: bold)
                != wrappedMeasuringEachCandidate(text, points: points, size: size, bold: bold)
            {
                differing.append(text)
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
    }

    /// `wrappedToWidth` as it was first written: every candidate line measured whole, words split by character.
    private func wrappedMeasuringEachCandidate(_ text: String, points: Double, size: Int, bold: Bool) -> [String] {
        func width(_ piece: String) -> Double { Typography.estimatedWidth(piece, size: size, bold: bold) }
        guard width(text) > points else { return [text] }
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = current.isEmpty ? word : current + " " + word
            if width(candidate) <= points {
                current = candidate
                continue
            }
            if !current.isEmpty { lines.append(current) }
            if width(word) <= points {
                current = word
            } else {
                // A word longer than a line: its pieces as `wrappedToWidth` breaks it (not changed).
                let pieces = wrappedToWidth(word, points: points, size: size, bold: bold)
                lines += pieces.dropLast()
                current = pieces.last ?? ""
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
