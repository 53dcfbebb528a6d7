import FlowGraphTestSupport
import FlowModel
import Foundation
import Graphviz
import Testing

@testable import FlowGraph

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Writes `HostileTextTests.secret` before the suite's tests and removes it after them, so no run leaves it behind.
private struct SecretFile: SuiteTrait, TestScoping {
    var isRecursive: Bool { false }

    func provideScope(
        for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
    ) async throws {
        let url = URL(fileURLWithPath: HostileTextTests.secret.path)
        try Data(HostileTextTests.secret.marker.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        try await function()
    }
}

/// Every class of hostile text, as title, root, routes and actions, through every output format.
///
/// Each output must stay well-formed for its format, keep the text where the format shows it, execute and
/// read nothing (a secret file named in the text never leaks), and never put raw control or bidi
/// characters where a terminal shows them.
@Suite(SecretFile()) struct HostileTextTests {
    /// A file whose content must never reach an output, and its marker; `SecretFile` writes it while the suite
    /// runs and removes it after.
    static let secret: (path: String, marker: String) = (
        FileManager.default.temporaryDirectory.appendingPathComponent("flowgraph-secret-\(UUID().uuidString)").path,
        "FLOWGRAPH-SECRET-\(UUID().uuidString)"
    )

    struct HostileClass: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        /// Whether the text is short and on one line, so SVG, text and Mermaid outputs show all of it.
        var shownWhole = true
        var testDescription: String { name }
    }

    static let classes: [HostileClass] = [
        HostileClass(name: "Graphviz escapes", text: #"\N \G \L \E \T \H \l \r \n \\ end\"#),
        HostileClass(name: "HTML image", text: #"<IMG SRC="\#(secret.path)"/> <img src=x onerror=alert(1)>"#),
        HostileClass(name: "script", text: "</script><script>alert(1)</script><!-- ]]>"),
        HostileClass(name: "entities", text: "&amp; &#60; &lt;b&gt; &#x1F600; &"),
        HostileClass(name: "Mermaid syntax", text: #"A"]; click A call alert() %%{init: {}}%% A-->B |x| `c` ;end"#),
        HostileClass(name: "right to left", text: "\u{202E}gnp.exe\u{202C} مرحبا עברית \u{2067}x\u{2069}"),
        HostileClass(name: "zero width", text: "a\u{200B}b\u{200D}c\u{FEFF}d\u{2060}e\u{200E}"),
        HostileClass(
            name: "terminal escapes", text: "\u{1B}[31mred\u{1B}[0m \u{1B}]0;pwned\u{07} nul\u{0} del\u{7F} c1\u{85}"),
        HostileClass(name: "line breaks", text: "one\ntwo\r\nthree\tfour\u{2028}five", shownWhole: false),
        HostileClass(
            name: "invalid UTF-8 decoded",
            text: String(decoding: [0x41, 0xFF, 0xFE, 0xC0, 0x42], as: UTF8.self) + "\u{FFFE}\u{FFFF}"),
        HostileClass(name: "emoji and marks", text: "👨‍👩‍👧 e\u{301} 🇫🇷 Z̷̢͙a̸l̵g̶o"),
        HostileClass(
            name: "shell and paths",
            text: "$(cat \(secret.path)) `cat \(secret.path)` file://\(secret.path) @\(secret.path)",
            shownWhole: false),
        HostileClass(name: "long label", text: String(repeating: "long label ", count: 300), shownWhole: false),
    ]

    /// A plan that puts the text everywhere: title, root, start routes and actions (so action captions too).
    func plan(_ text: String) -> Plan {
        Plan(
            title: text, root: Root(screen: text), start: [.push(text), .sheet(text, withNavigation: true)],
            change: .actions([
                .init(.push(text)), .init(.presentCover(text, withNavigation: true)), .init(.goBackToScreen(text)),
                .init(.dismissAll),
            ]))
    }

    /// What Graphviz shows of a text: control characters and the XML non-characters removed.
    func graphvizShown(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.filter {
                    $0.value >= 0x20 && $0.value != 0x7F && $0 != "\u{FFFE}" && $0 != "\u{FFFF}"
                }
            ))
    }

    @Test(.heavy, arguments: classes, [PlanDiagram.Kind.stack, .timeline])
    func everyFormatStaysWellFormedAndLeaksNothing(hostile: HostileClass, kind: PlanDiagram.Kind) throws {
        // The secret is there to leak while the outputs are made (SecretFile writes it for the suite).
        #expect(FileManager.default.fileExists(atPath: Self.secret.path))
        let renderer = PlanRenderer(options: .init(kind: kind, pngPaging: .refuse))
        var outputs = try renderer.render(plan(hostile.text), formats: RenderFormat.allCases.filter { $0 != .png })
        // A PNG wider than cairo's limit is refused with a clear error; the text must not make it fail otherwise.
        do {
            outputs += try renderer.render(plan(hostile.text), formats: [.png])
        } catch {
            let tooLarge = if case .pngTooLarge = error { true } else { false }
            #expect(tooLarge && hostile.name == "long label", "only the long label makes a PNG too large: \(error)")
        }
        #expect(outputs.count >= RenderFormat.allCases.count - 1)
        for output in outputs {
            let text = String(decoding: output.data, as: UTF8.self)
            #expect(
                !output.data.contains(Data(Self.secret.marker.utf8)), "\(output.format) holds the secret file's content"
            )
            switch output.format {
            case .svg: try checkSVG(output.data, hostile)
            case .png:
                #expect(output.data.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
                #expect(output.data.suffix(8).starts(with: Data("IEND".utf8)))
            case .pdf:
                #expect(text.hasPrefix("%PDF-"))
                #expect(text.hasSuffix("%%EOF\n") || text.hasSuffix("%%EOF"))
            case .dot: try checkDOT(output.data, hostile)
            case .json:
                #expect(throws: Never.self) { try JSONSerialization.jsonObject(with: output.data) }
            case .html: checkHTML(text, hostile)
            case .txt: checkText(text, hostile)
            case .mermaid: checkMermaid(text, hostile, wrapsLines: kind == .timeline)
            }
        }
    }

    func checkSVG(_ data: Data, _ hostile: HostileClass) throws {
        let document = try XMLDocument(data: data)
        let elements = document.query("//*")
        for case let element as XMLElement in elements {
            let name = (element.localName ?? element.name ?? "").lowercased()
            #expect(!["script", "image", "foreignobject", "iframe", "use"].contains(name), "<\(name)> in the SVG")
            for attribute in element.attributes ?? [] {
                let attributeName = (attribute.localName ?? attribute.name ?? "").lowercased()
                #expect(!attributeName.hasPrefix("on"), "event handler \(attributeName) in the SVG")
                if attributeName == "href" { #expect(attribute.stringValue?.hasPrefix("#") == true) }
            }
        }
        guard hostile.shownWhole else { return }
        let texts = document.query("//*[local-name()='text']").map { $0.stringValue ?? "" }
        let shown = graphvizShown(hostile.text)
        // A timeline wraps a long name at its spaces (never cuts it): its lines, in order, are the name exactly.
        let squeezed = { (text: String) in text.filter { !$0.isWhitespace } }
        #expect(
            texts.contains(shown) || squeezed(texts.joined()).contains(squeezed(shown)),
            "the SVG shows \(shown.debugDescription) exactly")
    }

    /// DOT must read back in Graphviz's own `dot` and draw the same text (so `\N` stayed literal).
    func checkDOT(_ data: Data, _ hostile: HostileClass) throws {
        let dot = URL(fileURLWithPath: "/usr/bin/dot")
        guard FileManager.default.isExecutableFile(atPath: dot.path) else {
            Issue.record("Graphviz's dot program is missing (apt-get install graphviz)")
            return
        }
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("hostile-\(UUID().uuidString).gv")
        try data.write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = dot
        process.arguments = ["-Tsvg", input.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let svg = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "dot rejects the DOT output")
        try checkSVG(svg, hostile)
    }

    func checkHTML(_ html: String, _ hostile: HostileClass) {
        let lowered = html.lowercased()
        // FlowGraph's own script elements only (none on a stack page, where nothing plays).
        let scripts = lowered.components(separatedBy: "<script").count - 1
        #expect(scripts <= 2, "only FlowGraph's script elements")
        #expect(lowered.components(separatedBy: "</script").count - 1 == scripts)
        #expect(!lowered.contains("<img"), "raw markup from user text")
        // The SVG is embedded as Graphviz wrote it, with its comments naming nodes; none holds markup.
        for comment in atLeastOne(lowered.components(separatedBy: "<!--").dropFirst(), "<!-- in the page") {
            #expect(comment.contains("-->"), "an unclosed comment")
            let body = comment.components(separatedBy: "-->").first ?? comment
            #expect(!body.contains("<") && !body.contains(">"), "markup in a comment: \(body)")
        }
        #expect(!html.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" || $0.value == 0x7F })
    }

    func checkText(_ text: String, _ hostile: HostileClass) {
        #expect(text.unicodeScalars.allSatisfy { $0 == "\n" || !TerminalText.needsEscape($0) })
        for line in text.split(separator: "\n") {
            #expect(MonospaceText.width(String(line)) <= 100, "a line wider than 100 columns")
        }
        if hostile.shownWhole {
            let cleaned = MonospaceText.clean(hostile.text)
            #expect(text.contains(cleaned), "the text output shows \(cleaned.debugDescription)")
        }
    }

    /// Mermaid output is well-formed; unless its boxes wrap lines (timelines wrap at 26 characters, and the text
    /// output's check shows the whole text), it shows the text entity-encoded.
    func checkMermaid(_ text: String, _ hostile: HostileClass, wrapsLines: Bool) {
        #expect(text.unicodeScalars.allSatisfy { $0 == "\n" || !TerminalText.needsEscape($0) })
        for line in text.split(separator: "\n") where !line.hasPrefix("%%") {
            let unescaped = line.replacingOccurrences(of: "\\\\", with: "").replacingOccurrences(of: "\\\"", with: "")
            #expect(unescaped.filter { $0 == "\"" }.count % 2 == 0, "unbalanced quotes: \(line)")
            #expect(!line.lowercased().contains("<script") && !line.contains("%%{"), "raw markup: \(line)")
        }
        if hostile.shownWhole, !wrapsLines {
            #expect(text.contains(MermaidText.encoded(hostile.text)), "Mermaid shows the text, entity-encoded")
        }
    }

    /// Text too wide for Graphviz fails for that plan with Graphviz's reason, not a crash or a broken file.
    @Test func labelsTooWideForGraphvizAreAnError() throws {
        let huge = String(repeating: "W", count: 100_000)
        let plan = Plan(title: "wide", root: Root(screen: huge), start: [.push(huge)])
        #expect {
            _ = try PlanRenderer().render(plan, formats: [.svg])
        } throws: { error in
            guard case .graphviz(let graphvizError)? = error as? RenderError else { return false }
            return graphvizError.description.contains("larger than maximum 65535")
        }
        // The text formats need no layout and cut the label to their width.
        let text = try #require(try PlanRenderer().render(plan, formats: [.txt]).first)
        #expect(text.data.count < 5_000)
    }
}
