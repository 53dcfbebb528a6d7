import Testing

@testable import Graphviz

/// The exact strings FlowGraph hands cgraph for tricky text, recorded from the scalar-by-scalar implementation
/// before escaping moved to UTF-8 bytes: the fast path must not change a single byte.
@Suite("Escaping output is unchanged")
struct EscapingOutputTests {

    /// Tricky text: escapes, markup, entities, quotes, line breaks, controls, invalid UTF-8, RTL, zero-width, emoji.
    static let corpus: [String] = [
        "",
        "Plain",
        #"\N"#, #"a \G b \L \n \E \H \T \l \r"#, #"back\\slash"#, #"trailing \"#,
        #"<IMG SRC="/etc/passwd"/>"#, "<b>bold</b> <!-- c --> ]]>",
        "& &amp; &#60; &lt;", #""double" 'single' `tick`"#,
        "line 1\nline 2\n", "crlf\r\nnext\rlast\r", "tab\there",
        "nul\u{0}byte", "bell\u{7}\u{1B}[31mred\u{7F}", "bad\u{FFFE}\u{FFFF}xml\u{FFFD}",
        String(decoding: [0x66, 0xFF, 0xC3, 0x28, 0x41, 0xED, 0xA0, 0x80] as [UInt8], as: UTF8.self),
        "שלום عربي mixed", "\u{202E}override\u{202C} \u{200F}rtl", "zero\u{200B}width\u{200D}joiner\u{FEFF}",
        "👩‍👩‍👧‍👦 🇸🇪 ✨ e\u{301} 漢字 Ω ß", "caf\u{E9} \u{85}next-line \u{2028}sep \u{A0}nbsp",
        "mixed \\N & <x> \"q\" 'a'\n\u{0}👍",
    ]

    /// Attribute names: plain ones and ones that must be rejected.
    static let names = [
        "label", "point-size", "a_b", "x1", "", "ä", "x y", "la<bel", "Ω", "123", "-", "_", "ABC", "a=b",
    ]

    /// For each corpus entry: clean, escapeLabel, escapeHTML, attributeValue for label, tooltip, id, class,
    /// color, and the markup of an HTML label using the text as text, font colour, tooltip and cell title.
    static let expected: [[String]] = [

        [
            "", "", "", "", "", "", "", "",
            // Empty elements are written with a space: Graphviz's HTML grammar rejects `<B></B>` (found by fuzz-render).
            "\u{A}<BR ALIGN=\"LEFT\"/><FONT COLOR=\"\" POINT-SIZE=\"10\"><B> </B></FONT><TABLE TOOLTIP=\"\"><TR><TD TITLE=\"\"><I> </I></TD></TR></TABLE>",
        ],
        [
            "Plain", "Plain", "Plain", "Plain", "Plain", "Plain", "Plain", "Plain",
            "\u{A}Plain<BR ALIGN=\"LEFT\"/><FONT COLOR=\"Plain\" POINT-SIZE=\"10\"><B>Plain</B></FONT><TABLE TOOLTIP=\"Plain\"><TR><TD TITLE=\"Plain\"><I>Plain</I></TD></TR></TABLE>",
        ],
        [
            "\\N", "\\\\N", "\\\\N", "\\\\N", "\\\\\\\\N", "\\\\N", "\\N", "\\N",
            "\u{A}\\\\N<BR ALIGN=\"LEFT\"/><FONT COLOR=\"\\\\N\" POINT-SIZE=\"10\"><B>\\\\N</B></FONT><TABLE TOOLTIP=\"\\\\N\"><TR><TD TITLE=\"\\\\N\"><I>\\\\N</I></TD></TR></TABLE>",
        ],
        [
            "a \\G b \\L \\n \\E \\H \\T \\l \\r", "a \\\\G b \\\\L \\\\n \\\\E \\\\H \\\\T \\\\l \\\\r",
            "a \\\\G b \\\\L \\\\n \\\\E \\\\H \\\\T \\\\l \\\\r",
            "a \\\\G b \\\\L \\\\n \\\\E \\\\H \\\\T \\\\l \\\\r",
            "a \\\\\\\\G b \\\\\\\\L \\\\\\\\n \\\\\\\\E \\\\\\\\H \\\\\\\\T \\\\\\\\l \\\\\\\\r",
            "a \\\\G b \\\\L \\\\n \\\\E \\\\H \\\\T \\\\l \\\\r", "a \\G b \\L \\n \\E \\H \\T \\l \\r",
            "a \\G b \\L \\n \\E \\H \\T \\l \\r",
            "\u{A}a \\\\G b \\\\L \\\\n \\\\E \\\\H \\\\T \\\\l \\\\r<BR ALIGN=\"LEFT\"/><FONT COLOR=\"a \\\\G b \\\\L \\\\n \\\\E \\\\H \\\\T \\\\l \\\\r\" POINT-SIZE=\"10\"><B>a \\\\G b \\\\L \\\\n \\\\E \\\\H \\\\T \\\\l \\\\r</B></FONT><TABLE TOOLTIP=\"a \\\\G b \\\\L \\\\n \\\\E \\\\H \\\\T \\\\l \\\\r\"><TR><TD TITLE=\"a \\\\G b \\\\L \\\\n \\\\E \\\\H \\\\T \\\\l \\\\r\"><I>a \\\\G b \\\\L \\\\n \\\\E \\\\H \\\\T \\\\l \\\\r</I></TD></TR></TABLE>",
        ],
        [
            "back\\\\slash", "back\\\\\\\\slash", "back\\\\\\\\slash", "back\\\\\\\\slash", "back\\\\\\\\\\\\\\\\slash",
            "back\\\\\\\\slash", "back\\\\slash", "back\\\\slash",
            "\u{A}back\\\\\\\\slash<BR ALIGN=\"LEFT\"/><FONT COLOR=\"back\\\\\\\\slash\" POINT-SIZE=\"10\"><B>back\\\\\\\\slash</B></FONT><TABLE TOOLTIP=\"back\\\\\\\\slash\"><TR><TD TITLE=\"back\\\\\\\\slash\"><I>back\\\\\\\\slash</I></TD></TR></TABLE>",
        ],
        [
            "trailing \\", "trailing \\\\", "trailing \\\\", "trailing \\\\", "trailing \\\\\\\\", "trailing \\\\",
            "trailing \\", "trailing \\",
            "\u{A}trailing \\\\<BR ALIGN=\"LEFT\"/><FONT COLOR=\"trailing \\\\\" POINT-SIZE=\"10\"><B>trailing \\\\</B></FONT><TABLE TOOLTIP=\"trailing \\\\\"><TR><TD TITLE=\"trailing \\\\\"><I>trailing \\\\</I></TD></TR></TABLE>",
        ],
        [
            "<IMG SRC=\"/etc/passwd\"/>", "<IMG SRC=\"/etc/passwd\"/>", "&lt;IMG SRC=&quot;/etc/passwd&quot;/&gt;",
            "<IMG SRC=\"/etc/passwd\"/>", "<IMG SRC=\"/etc/passwd\"/>", "<IMG SRC=\"/etc/passwd\"/>",
            "<IMG SRC=\"/etc/passwd\"/>", "<IMG SRC=\"/etc/passwd\"/>",
            "\u{A}&lt;IMG SRC=&quot;/etc/passwd&quot;/&gt;<BR ALIGN=\"LEFT\"/><FONT COLOR=\"&lt;IMG SRC=&quot;/etc/passwd&quot;/&gt;\" POINT-SIZE=\"10\"><B>&lt;IMG SRC=&quot;/etc/passwd&quot;/&gt;</B></FONT><TABLE TOOLTIP=\"&lt;IMG SRC=&quot;/etc/passwd&quot;/&gt;\"><TR><TD TITLE=\"&lt;IMG SRC=&quot;/etc/passwd&quot;/&gt;\"><I>&lt;IMG SRC=&quot;/etc/passwd&quot;/&gt;</I></TD></TR></TABLE>",
        ],
        [
            "<b>bold</b> <!-- c --> ]]>", "<b>bold</b> <!-- c --> ]]>",
            "&lt;b&gt;bold&lt;/b&gt; &lt;!-- c --&gt; &#93;&#93;&gt;", "<b>bold</b> <!-- c --> ]]>",
            "<b>bold</b> <!-- c --> ]]>", "<b>bold</b> <!-- c --> ]]>", "<b>bold</b> <!-- c --> ]]>",
            "<b>bold</b> <!-- c --> ]]>",
            "\u{A}&lt;b&gt;bold&lt;/b&gt; &lt;!-- c --&gt; &#93;&#93;&gt;<BR ALIGN=\"LEFT\"/><FONT COLOR=\"&lt;b&gt;bold&lt;/b&gt; &lt;!-- c --&gt; &#93;&#93;&gt;\" POINT-SIZE=\"10\"><B>&lt;b&gt;bold&lt;/b&gt; &lt;!-- c --&gt; &#93;&#93;&gt;</B></FONT><TABLE TOOLTIP=\"&lt;b&gt;bold&lt;/b&gt; &lt;!-- c --&gt; &#93;&#93;&gt;\"><TR><TD TITLE=\"&lt;b&gt;bold&lt;/b&gt; &lt;!-- c --&gt; &#93;&#93;&gt;\"><I>&lt;b&gt;bold&lt;/b&gt; &lt;!-- c --&gt; &#93;&#93;&gt;</I></TD></TR></TABLE>",
        ],
        [
            "& &amp; &#60; &lt;", "&amp; &amp;amp; &amp;#60; &amp;lt;", "&amp; &amp;amp; &amp;#60; &amp;lt;",
            "&amp; &amp;amp; &amp;#60; &amp;lt;", "&amp; &amp;amp; &amp;#60; &amp;lt;",
            "&amp; &amp;amp; &amp;#60; &amp;lt;", "&amp; &amp;amp; &amp;#60; &amp;lt;", "& &amp; &#60; &lt;",
            "\u{A}&amp; &amp;amp; &amp;#60; &amp;lt;<BR ALIGN=\"LEFT\"/><FONT COLOR=\"&amp; &amp;amp; &amp;#60; &amp;lt;\" POINT-SIZE=\"10\"><B>&amp; &amp;amp; &amp;#60; &amp;lt;</B></FONT><TABLE TOOLTIP=\"&amp; &amp;amp; &amp;#60; &amp;lt;\"><TR><TD TITLE=\"&amp; &amp;amp; &amp;#60; &amp;lt;\"><I>&amp; &amp;amp; &amp;#60; &amp;lt;</I></TD></TR></TABLE>",
        ],
        [
            "\"double\" 'single' `tick`", "\"double\" 'single' `tick`", "&quot;double&quot; &#39;single&#39; `tick`",
            "\"double\" 'single' `tick`", "\"double\" 'single' `tick`", "\"double\" 'single' `tick`",
            "\"double\" 'single' `tick`", "\"double\" 'single' `tick`",
            "\u{A}&quot;double&quot; &#39;single&#39; `tick`<BR ALIGN=\"LEFT\"/><FONT COLOR=\"&quot;double&quot; &#39;single&#39; `tick`\" POINT-SIZE=\"10\"><B>&quot;double&quot; &#39;single&#39; `tick`</B></FONT><TABLE TOOLTIP=\"&quot;double&quot; &#39;single&#39; `tick`\"><TR><TD TITLE=\"&quot;double&quot; &#39;single&#39; `tick`\"><I>&quot;double&quot; &#39;single&#39; `tick`</I></TD></TR></TABLE>",
        ],
        [
            "line 1\u{A}line 2\u{A}", "line 1\\nline 2\\n", "line 1 line 2 ", "line 1\\nline 2\\n",
            "line 1\\nline 2\\n", "line 1 line 2 ", "line 1 line 2 ", "line 1 line 2 ",
            "\u{A}line 1<BR/>line 2<BR/><BR ALIGN=\"LEFT\"/><FONT COLOR=\"line 1 line 2 \" POINT-SIZE=\"10\"><B>line 1<BR/>line 2<BR/></B></FONT><TABLE TOOLTIP=\"line 1 line 2 \"><TR><TD TITLE=\"line 1 line 2 \"><I>line 1<BR/>line 2<BR/></I></TD></TR></TABLE>",
        ],
        [
            "crlf\u{A}next\u{A}last\u{A}", "crlf\\nnext\\nlast\\n", "crlf next last ", "crlf\\nnext\\nlast\\n",
            "crlf\\nnext\\nlast\\n", "crlf next last ", "crlf next last ", "crlf next last ",
            "\u{A}crlf<BR/>next<BR/>last<BR/><BR ALIGN=\"LEFT\"/><FONT COLOR=\"crlf next last \" POINT-SIZE=\"10\"><B>crlf<BR/>next<BR/>last<BR/></B></FONT><TABLE TOOLTIP=\"crlf next last \"><TR><TD TITLE=\"crlf next last \"><I>crlf<BR/>next<BR/>last<BR/></I></TD></TR></TABLE>",
        ],
        [
            "tab here", "tab here", "tab here", "tab here", "tab here", "tab here", "tab here", "tab here",
            "\u{A}tab here<BR ALIGN=\"LEFT\"/><FONT COLOR=\"tab here\" POINT-SIZE=\"10\"><B>tab here</B></FONT><TABLE TOOLTIP=\"tab here\"><TR><TD TITLE=\"tab here\"><I>tab here</I></TD></TR></TABLE>",
        ],
        [
            "nulbyte", "nulbyte", "nulbyte", "nulbyte", "nulbyte", "nulbyte", "nulbyte", "nulbyte",
            "\u{A}nulbyte<BR ALIGN=\"LEFT\"/><FONT COLOR=\"nulbyte\" POINT-SIZE=\"10\"><B>nulbyte</B></FONT><TABLE TOOLTIP=\"nulbyte\"><TR><TD TITLE=\"nulbyte\"><I>nulbyte</I></TD></TR></TABLE>",
        ],
        [
            "bell[31mred", "bell[31mred", "bell[31mred", "bell[31mred", "bell[31mred", "bell[31mred", "bell[31mred",
            "bell[31mred",
            "\u{A}bell[31mred<BR ALIGN=\"LEFT\"/><FONT COLOR=\"bell[31mred\" POINT-SIZE=\"10\"><B>bell[31mred</B></FONT><TABLE TOOLTIP=\"bell[31mred\"><TR><TD TITLE=\"bell[31mred\"><I>bell[31mred</I></TD></TR></TABLE>",
        ],
        [
            "badxml\u{FFFD}", "badxml\u{FFFD}", "badxml\u{FFFD}", "badxml\u{FFFD}", "badxml\u{FFFD}", "badxml\u{FFFD}",
            "badxml\u{FFFD}", "badxml\u{FFFD}",
            "\u{A}badxml\u{FFFD}<BR ALIGN=\"LEFT\"/><FONT COLOR=\"badxml\u{FFFD}\" POINT-SIZE=\"10\"><B>badxml\u{FFFD}</B></FONT><TABLE TOOLTIP=\"badxml\u{FFFD}\"><TR><TD TITLE=\"badxml\u{FFFD}\"><I>badxml\u{FFFD}</I></TD></TR></TABLE>",
        ],
        [
            "f\u{FFFD}\u{FFFD}(A\u{FFFD}\u{FFFD}\u{FFFD}", "f\u{FFFD}\u{FFFD}(A\u{FFFD}\u{FFFD}\u{FFFD}",
            "f\u{FFFD}\u{FFFD}(A\u{FFFD}\u{FFFD}\u{FFFD}", "f\u{FFFD}\u{FFFD}(A\u{FFFD}\u{FFFD}\u{FFFD}",
            "f\u{FFFD}\u{FFFD}(A\u{FFFD}\u{FFFD}\u{FFFD}", "f\u{FFFD}\u{FFFD}(A\u{FFFD}\u{FFFD}\u{FFFD}",
            "f\u{FFFD}\u{FFFD}(A\u{FFFD}\u{FFFD}\u{FFFD}", "f\u{FFFD}\u{FFFD}(A\u{FFFD}\u{FFFD}\u{FFFD}",
            "\u{A}f\u{FFFD}\u{FFFD}(A\u{FFFD}\u{FFFD}\u{FFFD}<BR ALIGN=\"LEFT\"/><FONT COLOR=\"f\u{FFFD}\u{FFFD}(A\u{FFFD}\u{FFFD}\u{FFFD}\" POINT-SIZE=\"10\"><B>f\u{FFFD}\u{FFFD}(A\u{FFFD}\u{FFFD}\u{FFFD}</B></FONT><TABLE TOOLTIP=\"f\u{FFFD}\u{FFFD}(A\u{FFFD}\u{FFFD}\u{FFFD}\"><TR><TD TITLE=\"f\u{FFFD}\u{FFFD}(A\u{FFFD}\u{FFFD}\u{FFFD}\"><I>f\u{FFFD}\u{FFFD}(A\u{FFFD}\u{FFFD}\u{FFFD}</I></TD></TR></TABLE>",
        ],
        [
            "\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{639}\u{631}\u{628}\u{64A} mixed",
            "\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{639}\u{631}\u{628}\u{64A} mixed",
            "\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{639}\u{631}\u{628}\u{64A} mixed",
            "\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{639}\u{631}\u{628}\u{64A} mixed",
            "\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{639}\u{631}\u{628}\u{64A} mixed",
            "\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{639}\u{631}\u{628}\u{64A} mixed",
            "\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{639}\u{631}\u{628}\u{64A} mixed",
            "\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{639}\u{631}\u{628}\u{64A} mixed",
            "\u{A}\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{639}\u{631}\u{628}\u{64A} mixed<BR ALIGN=\"LEFT\"/><FONT COLOR=\"\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{639}\u{631}\u{628}\u{64A} mixed\" POINT-SIZE=\"10\"><B>\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{639}\u{631}\u{628}\u{64A} mixed</B></FONT><TABLE TOOLTIP=\"\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{639}\u{631}\u{628}\u{64A} mixed\"><TR><TD TITLE=\"\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{639}\u{631}\u{628}\u{64A} mixed\"><I>\u{5E9}\u{5DC}\u{5D5}\u{5DD} \u{639}\u{631}\u{628}\u{64A} mixed</I></TD></TR></TABLE>",
        ],
        [
            "\u{202E}override\u{202C} \u{200F}rtl", "\u{202E}override\u{202C} \u{200F}rtl",
            "\u{202E}override\u{202C} \u{200F}rtl", "\u{202E}override\u{202C} \u{200F}rtl",
            "\u{202E}override\u{202C} \u{200F}rtl", "\u{202E}override\u{202C} \u{200F}rtl",
            "\u{202E}override\u{202C} \u{200F}rtl", "\u{202E}override\u{202C} \u{200F}rtl",
            "\u{A}\u{202E}override\u{202C} \u{200F}rtl<BR ALIGN=\"LEFT\"/><FONT COLOR=\"\u{202E}override\u{202C} \u{200F}rtl\" POINT-SIZE=\"10\"><B>\u{202E}override\u{202C} \u{200F}rtl</B></FONT><TABLE TOOLTIP=\"\u{202E}override\u{202C} \u{200F}rtl\"><TR><TD TITLE=\"\u{202E}override\u{202C} \u{200F}rtl\"><I>\u{202E}override\u{202C} \u{200F}rtl</I></TD></TR></TABLE>",
        ],
        [
            "zero\u{200B}width\u{200D}joiner\u{FEFF}", "zero\u{200B}width\u{200D}joiner\u{FEFF}",
            "zero\u{200B}width\u{200D}joiner\u{FEFF}", "zero\u{200B}width\u{200D}joiner\u{FEFF}",
            "zero\u{200B}width\u{200D}joiner\u{FEFF}", "zero\u{200B}width\u{200D}joiner\u{FEFF}",
            "zero\u{200B}width\u{200D}joiner\u{FEFF}", "zero\u{200B}width\u{200D}joiner\u{FEFF}",
            "\u{A}zero\u{200B}width\u{200D}joiner\u{FEFF}<BR ALIGN=\"LEFT\"/><FONT COLOR=\"zero\u{200B}width\u{200D}joiner\u{FEFF}\" POINT-SIZE=\"10\"><B>zero\u{200B}width\u{200D}joiner\u{FEFF}</B></FONT><TABLE TOOLTIP=\"zero\u{200B}width\u{200D}joiner\u{FEFF}\"><TR><TD TITLE=\"zero\u{200B}width\u{200D}joiner\u{FEFF}\"><I>zero\u{200B}width\u{200D}joiner\u{FEFF}</I></TD></TR></TABLE>",
        ],
        [
            "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} \u{1F1F8}\u{1F1EA} \u{2728} e\u{301} \u{6F22}\u{5B57} \u{3A9} \u{DF}",
            "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} \u{1F1F8}\u{1F1EA} \u{2728} e\u{301} \u{6F22}\u{5B57} \u{3A9} \u{DF}",
            "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} \u{1F1F8}\u{1F1EA} \u{2728} e\u{301} \u{6F22}\u{5B57} \u{3A9} \u{DF}",
            "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} \u{1F1F8}\u{1F1EA} \u{2728} e\u{301} \u{6F22}\u{5B57} \u{3A9} \u{DF}",
            "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} \u{1F1F8}\u{1F1EA} \u{2728} e\u{301} \u{6F22}\u{5B57} \u{3A9} \u{DF}",
            "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} \u{1F1F8}\u{1F1EA} \u{2728} e\u{301} \u{6F22}\u{5B57} \u{3A9} \u{DF}",
            "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} \u{1F1F8}\u{1F1EA} \u{2728} e\u{301} \u{6F22}\u{5B57} \u{3A9} \u{DF}",
            "\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} \u{1F1F8}\u{1F1EA} \u{2728} e\u{301} \u{6F22}\u{5B57} \u{3A9} \u{DF}",
            "\u{A}\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} \u{1F1F8}\u{1F1EA} \u{2728} e\u{301} \u{6F22}\u{5B57} \u{3A9} \u{DF}<BR ALIGN=\"LEFT\"/><FONT COLOR=\"\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} \u{1F1F8}\u{1F1EA} \u{2728} e\u{301} \u{6F22}\u{5B57} \u{3A9} \u{DF}\" POINT-SIZE=\"10\"><B>\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} \u{1F1F8}\u{1F1EA} \u{2728} e\u{301} \u{6F22}\u{5B57} \u{3A9} \u{DF}</B></FONT><TABLE TOOLTIP=\"\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} \u{1F1F8}\u{1F1EA} \u{2728} e\u{301} \u{6F22}\u{5B57} \u{3A9} \u{DF}\"><TR><TD TITLE=\"\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} \u{1F1F8}\u{1F1EA} \u{2728} e\u{301} \u{6F22}\u{5B57} \u{3A9} \u{DF}\"><I>\u{1F469}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466} \u{1F1F8}\u{1F1EA} \u{2728} e\u{301} \u{6F22}\u{5B57} \u{3A9} \u{DF}</I></TD></TR></TABLE>",
        ],
        [
            "caf\u{E9} \u{85}next-line \u{2028}sep \u{A0}nbsp", "caf\u{E9} \u{85}next-line \u{2028}sep \u{A0}nbsp",
            "caf\u{E9} \u{85}next-line \u{2028}sep \u{A0}nbsp", "caf\u{E9} \u{85}next-line \u{2028}sep \u{A0}nbsp",
            "caf\u{E9} \u{85}next-line \u{2028}sep \u{A0}nbsp", "caf\u{E9} \u{85}next-line \u{2028}sep \u{A0}nbsp",
            "caf\u{E9} \u{85}next-line \u{2028}sep \u{A0}nbsp", "caf\u{E9} \u{85}next-line \u{2028}sep \u{A0}nbsp",
            "\u{A}caf\u{E9} \u{85}next-line \u{2028}sep \u{A0}nbsp<BR ALIGN=\"LEFT\"/><FONT COLOR=\"caf\u{E9} \u{85}next-line \u{2028}sep \u{A0}nbsp\" POINT-SIZE=\"10\"><B>caf\u{E9} \u{85}next-line \u{2028}sep \u{A0}nbsp</B></FONT><TABLE TOOLTIP=\"caf\u{E9} \u{85}next-line \u{2028}sep \u{A0}nbsp\"><TR><TD TITLE=\"caf\u{E9} \u{85}next-line \u{2028}sep \u{A0}nbsp\"><I>caf\u{E9} \u{85}next-line \u{2028}sep \u{A0}nbsp</I></TD></TR></TABLE>",
        ],
        [
            "mixed \\N & <x> \"q\" 'a'\u{A}\u{1F44D}", "mixed \\\\N &amp; <x> \"q\" 'a'\\n\u{1F44D}",
            "mixed \\\\N &amp; &lt;x&gt; &quot;q&quot; &#39;a&#39; \u{1F44D}",
            "mixed \\\\N &amp; <x> \"q\" 'a'\\n\u{1F44D}", "mixed \\\\\\\\N &amp; <x> \"q\" 'a'\\n\u{1F44D}",
            "mixed \\\\N &amp; <x> \"q\" 'a' \u{1F44D}", "mixed \\N &amp; <x> \"q\" 'a' \u{1F44D}",
            "mixed \\N & <x> \"q\" 'a' \u{1F44D}",
            "\u{A}mixed \\\\N &amp; &lt;x&gt; &quot;q&quot; &#39;a&#39;<BR/>\u{1F44D}<BR ALIGN=\"LEFT\"/><FONT COLOR=\"mixed \\\\N &amp; &lt;x&gt; &quot;q&quot; &#39;a&#39; \u{1F44D}\" POINT-SIZE=\"10\"><B>mixed \\\\N &amp; &lt;x&gt; &quot;q&quot; &#39;a&#39;<BR/>\u{1F44D}</B></FONT><TABLE TOOLTIP=\"mixed \\\\N &amp; &lt;x&gt; &quot;q&quot; &#39;a&#39; \u{1F44D}\"><TR><TD TITLE=\"mixed \\\\N &amp; &lt;x&gt; &quot;q&quot; &#39;a&#39; \u{1F44D}\"><I>mixed \\\\N &amp; &lt;x&gt; &quot;q&quot; &#39;a&#39;<BR/>\u{1F44D}</I></TD></TR></TABLE>",
        ],
    ]

    /// Whether each corpus entry is a valid node identifier.
    static let validIdentifiers: [Bool] = [
        false, true, true, true, true, true, true, true, true, true, false, false, false, false, false, false, true,
        true, true, true, true, true, false,

    ]

    /// Whether each of `names` is a plain attribute name.
    static let plainNames: [Bool] = [
        true, true, true, true, false, false, false, false, false, true, true, true, true, false,

    ]

    static func markup(_ text: String) throws -> String {
        try HTML.concat([
            .text(text), .lineBreak(align: "left"), .font(["color": text, "point-size": "10"], .bold(.text(text))),
            .table(
                HTMLTable(
                    attributes: ["tooltip": text], rows: [[HTMLCell(.italic(.text(text)), attributes: ["title": text])]]
                )),
        ]).graphvizMarkup()
    }

    @Test("Cleaning and escaping give the recorded bytes", arguments: zip(corpus, expected))
    func escaping(text: String, expected: [String]) throws {
        var actual = [TextEscaping.clean(text), TextEscaping.escapeLabel(text), TextEscaping.escapeHTML(text)]
        for name in ["label", "tooltip", "id", "class", "color"] {
            actual.append(TextEscaping.attributeValue(name: name, value: text))
        }
        actual.append(try Self.markup(text))
        #expect(actual.count == expected.count)
        for (index, (got, want)) in zip(actual, expected).enumerated() {
            #expect(Array(got.utf8) == Array(want.utf8), "output \(index) of \(text.unicodeScalars.map(\.value))")
        }
    }

    @Test("Identifier and attribute-name checks give the recorded answers")
    func checks() {
        #expect(Self.corpus.map(TextEscaping.isValidIdentifier) == Self.validIdentifiers)
        #expect(Self.names.map(TextEscaping.isPlainName) == Self.plainNames)
    }
}
