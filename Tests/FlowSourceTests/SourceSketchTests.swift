import Testing

@testable import FlowSource

/// The quick pass over a file's bytes (``SourceSketch``): the names it declares, extends and mentions, and when it
/// sends a file to the parser to be checked.
@Suite struct SourceSketchTests {
    @Test func declaredExtendedAndMentionedNames() {
        let sketch = SourceSketch(
            """
            import SwiftUI
            struct Cart: View { var body: some View { Text("x") } }
            final class CartModel<Item>: ObservableObject { class func make() -> CartModel { .init() } }
            enum Screen: Hashable { case cart, pay(id: Int) }
            extension Shop.Checkout where Item == Int { func total() {} }
            typealias Basket = Cart
            protocol Paying {}
            actor Ledger {}
            static func == (lhs: Cart, rhs: Cart) -> Bool { true }
            """)
        #expect(
            sketch.declared
                == ["Cart", "CartModel", "make", "Screen", "total", "Basket", "Paying", "Ledger"])
        #expect(sketch.extended == ["Shop", "Checkout"])
        #expect(
            sketch.mentioned.isSuperset(of: ["SwiftUI", "View", "Text", "ObservableObject", "Hashable", "pay", "Item"]))
        #expect(!sketch.needsParser)
    }

    /// Names in comments and literals count as mentioned (and `// struct Old` as declared): the pass errs
    /// towards parsing more.
    @Test func commentsAndLiteralsErrTowardsParsing() {
        let sketch = SourceSketch(
            """
            // struct Old was replaced by NewCart
            /* nested /* block */ mentions Basket */
            let a = "a \\(Screen.cart) and \\(["push": 1]["push"]!) text"
            let b = #"raw \\(NotInterpolated) "quoted" \\#(Interpolated)"#
            let c = \"""
                multi-line "with quotes" and \\(Deep(value: "inner \\(Inner.x)"))
                \"""
            """)
        #expect(sketch.declared == ["Old"])
        #expect(
            sketch.mentioned.isSuperset(of: [
                "NewCart", "Basket", "Screen", "push", "NotInterpolated", "Interpolated", "Deep", "Inner", "quotes",
            ]))
        #expect(!sketch.needsParser, "every bracket, literal and comment here matches up")
    }

    @Test(arguments: [
        ("an unclosed bracket", "struct A { func f() { g(1 }\n"),
        ("a bracket closed by the wrong one", "let x = [1, 2)\n"),
        ("an unterminated string", "let s = \"open\nlet t = 1\n"),
        ("an unterminated multi-line string", "let s = \"\"\"\n  text\n"),
        ("an unterminated block comment", "/* open /* nested */\nlet t = 1\n"),
        ("an interpolation left open", "let s = \"\\(f(\"\n"),
        (
            "nesting past the suspicious depth",
            String(repeating: "(", count: 1_001) + String(repeating: ")", count: 1_001)
        ),
        ("a long chain", "let v = Text(\"a\")" + String(repeating: ".padding()", count: 600) + "\n"),
        ("many postfix operators", "let y = x" + String(repeating: "!", count: 1_001) + "\n"),
    ])
    func whatDoesNotMatchUpOrNestsDeepNeedsTheParser(_ what: String, source: String) {
        #expect(SourceSketch(source).needsParser, "\(what)")
    }

    @Test func ordinaryDeepCodeDoesNotNeedTheParser() {
        let statements = (0..<2_000).map { "        total += items[\($0)].price.value\n" }.joined()
        let source =
            "func sum() {\n" + statements + "}\n" + String(repeating: "[", count: 200)
            + String(repeating: "]", count: 200) + "\n"
        #expect(!SourceSketch(source).needsParser, "each statement's postfix run stops at the end of its line")
        let chain = "Text(\"a\")\n" + String(repeating: "    .padding()\n", count: 600)
        #expect(SourceSketch(chain).needsParser, "a chain written one modifier a line is one run")
    }
}
