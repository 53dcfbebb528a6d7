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
}
