import Foundation
import Testing

@testable import Graphviz

/// An HTML-like label shown by a web page without a layout: the same table, fonts and text as web HTML, every
/// text and attribute value escaped.
@Suite struct HTMLWebMarkupTests {
    @Test func aRoundedTableKeepsItsFillsFontsAndTooltip() {
        let table = HTMLTable(
            attributes: [
                "border": "1", "cellpadding": "2", "cellspacing": "0", "style": "rounded", "color": "#57606a",
                "bgcolor": "#f6f8fa", "class": "stack-now", "tooltip": "now: [.push(A)]",
            ],
            rows: [
                [HTMLCell(.bold(.text("NOW")), attributes: ["align": "left", "bgcolor": "#eef1f4"])],
                [
                    HTMLCell(
                        .concat([
                            .font(["point-size": "9", "color": "#59636e"], .text("LAYER 1 · SHEET")), .text("  Cart"),
                        ]), attributes: ["align": "left", "colspan": "2"])
                ],
            ])
        let web = table.webMarkup(pixelsPerPoint: 2)
        #expect(web.hasPrefix(#"<div class="stack-now" title="now: [.push(A)]" style="display: inline-block;"#))
        #expect(web.contains("border: 2px solid #57606a; background: #f6f8fa; border-radius: 12px"))
        #expect(
            web.contains(
                #"<td style="padding: 4px; white-space: pre; text-align: left; background: #eef1f4"><b>NOW</b></td>"#))
        #expect(web.contains(#"<td colspan="2" style="#))
        #expect(web.contains(#"<span style="font-size: 18px; color: #59636e">LAYER 1 · SHEET</span>  Cart"#))
        #expect(web.hasSuffix("</table></div>"))
    }

    @Test func textAndValuesAreEscaped() {
        let hostile = "</td><script>alert('x')</script>&\""
        let web = HTMLTable(attributes: ["tooltip": hostile], rows: [[HTMLCell(.text(hostile))]])
            .webMarkup(pixelsPerPoint: 1)
        #expect(!web.contains("<script") && web.components(separatedBy: "<td").count == 2)
        #expect(web.contains("&lt;/td&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;&quot;"))
        #expect(
            HTML.concat([.text("a"), .lineBreak(), .strikethrough(.text("b"))]).webMarkup(pixelsPerPoint: 1)
                == "a<br><s>b</s>")
    }

    @Test func controlCharactersNeverReachThePage() {
        let web = HTMLTable(
            attributes: ["tooltip": "a\u{1B}[31mb"], rows: [[HTMLCell(.text("x\u{1B}[2Jy\u{7F}z\u{0}"))]]
        )
        .webMarkup(pixelsPerPoint: 1)
        #expect(!web.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        #expect(web.contains(#"title="a[31mb""#) && web.contains(">x[2Jyz</td>"))
    }
}
