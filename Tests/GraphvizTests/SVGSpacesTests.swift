import FlowGraphTestSupport
import Foundation
import Testing

@testable import Graphviz

/// SVG viewers collapse white space in `<text>`; spaces Graphviz measured must still be drawn.
@Suite("Spaces in SVG text")
struct SVGSpacesTests {
    @Test("Leading, trailing and repeated spaces become no-break spaces; single inner spaces stay")
    func keepingSpaces() {
        #expect(TextEscaping.keepingSpaces("a b") == "a b")
        #expect(TextEscaping.keepingSpaces(" by the next step") == "\u{A0}by the next step")
        #expect(TextEscaping.keepingSpaces("SHEET   ☰ navigation") == "SHEET \u{A0}\u{A0}☰ navigation")
        #expect(TextEscaping.keepingSpaces("end  ") == "end\u{A0}\u{A0}")
        #expect(TextEscaping.keepingSpaces("  ") == "\u{A0}\u{A0}")
        // Beside characters of several bytes, and one that combines with the space before it.
        #expect(TextEscaping.keepingSpaces(" é  日本 ") == "\u{A0}é \u{A0}日本\u{A0}")
        #expect(TextEscaping.keepingSpaces("a  \u{301}b") == "a \u{A0}\u{301}b")
    }

    @Test("A styled run after another keeps its leading space in the SVG, so the words do not run together")
    func runAfterStyledRunKeepsItsSpace() throws {
        var diagram = Diagram(name: "Spaces")
        diagram.nodes.append(
            Node(id: "legend", label: .html(.concat([.strikethrough(.text("− removed")), .text(" by the next step")]))))
        let svg = try #require(try diagram.render(to: [.svg])[.svg])
        let texts = try svgTexts(try parseSVG(svg))
        #expect(texts.contains("− removed"))
        #expect(texts.contains("\u{A0}by the next step"))
        // Tooltips and ids are not drawn, so their spaces are left alone.
        #expect(TextEscaping.escape(" tip", .tooltip) == " tip")
    }

    /// Drawn ASCII text is escaped in one pass with its spaces kept; it gives the bytes the general path
    /// (``TextEscaping/appendDrawn(_:_:to:)``: keep the spaces, replace what no font has, escape) gives, for
    /// random texts of spaces, tabs, line breaks and the characters the drawn styles escape.
    @Test func drawnASCIIIsEscapedAsTheGeneralPathEscapesIt() {
        let pieces = [
            "a", "Z", " ", " ", "  ", "\t", "\r", "\n", "\r\n", "&", "<", ">", "\"", "'", "\\", "]", "\u{7F}", "\u{1}",
        ]
        var random = SeededRandom(seed: 0x2545_F491_4F6C_DD1D)
        var differing: [String] = []
        for _ in 0..<20_000 {
            let text = (0..<random.next(14)).map { _ in random.element(of: pieces) }.joined()
            for style in [TextEscaping.Style.htmlText, .label] {
                var fast: [UInt8] = [], general: [UInt8] = []
                TextEscaping.append(text, style, to: &fast)
                TextEscaping.appendDrawn(text, style, to: &general)
                if fast != general { differing.append(text) }
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5).map { Array($0.utf8) })")
    }
}
