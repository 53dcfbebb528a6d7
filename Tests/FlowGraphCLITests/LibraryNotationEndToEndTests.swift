import Foundation
import Testing

/// Every output of a SwiftfulRouting or swiftui-navigation-stack plan speaks that library's notation, never
/// FlowStacks': no `withNavigation`, no `.cover(`, no `(with navigation)` or `root layer`, in `steps`,
/// `steps --json` and every format `render` writes as text (txt, SVG tooltips, the HTML player, Mermaid); ids
/// as the library writes them (`id:`, `withId:`).
@Suite struct LibraryNotationEndToEndTests {
    /// The samples written for the two sibling libraries, by file name.
    static let librarySamples: [String] = {
        let folder = BuiltBinary.packageRoot.appendingPathComponent("Samples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasPrefix("swiftfulrouting-") || $0.hasPrefix("navigationstack-") }.sorted()
    }()

    /// FlowStacks' words that must not appear in another library's output.
    static let flowStacksNotation = ["withNavigation", ".cover("]

    /// What the library's own code would write, found in at least one sample's output.
    static func expectNoFlowStacksNotation(_ text: String, in what: String) {
        for word in flowStacksNotation {
            let lines = text.split(separator: "\n").filter { $0.contains(word) }
            #expect(lines.isEmpty, "\(what) says \(word): \(lines.prefix(3))")
        }
    }

    @Test func theSamplesCoverBothLibraries() {
        #expect(Self.librarySamples.contains { $0.hasPrefix("swiftfulrouting-") })
        #expect(Self.librarySamples.contains { $0.hasPrefix("navigationstack-") })
    }

    @Test(arguments: librarySamples)
    func stepsSpeakTheLibrarysNotation(sample: String) throws {
        let path = "Samples/" + sample
        let text = try BuiltBinary.run(["steps", path], in: BuiltBinary.packageRoot)
        #expect(text.status == 0, "\(text.standardError)")
        Self.expectNoFlowStacksNotation(text.standardOutput, in: "steps \(sample)")
        #expect(!text.standardOutput.contains("(with navigation)"), "\(text.standardOutput)")
        let json = try BuiltBinary.run(["steps", path, "--json"], in: BuiltBinary.packageRoot)
        #expect(json.status == 0, "\(json.standardError)")
        Self.expectNoFlowStacksNotation(json.standardOutput, in: "steps --json \(sample)")
    }

    /// Phrases only FlowStacks' outputs say: its route notation, its platform rules, its root and layer words.
    static let flowStacksPhrases = [
        "withNavigation", ".cover(", "iOS 16 · NavigationView", "iOS 17 · NavigationView", "(with navigation)",
        "root layer",
    ]

    /// The four text formats of `render`, by file extension.
    static let renderedFormats = ["txt", "svg", "html", "mmd"]

    /// Renders `sample` with `-T txt,svg,html,mermaid` through the built binary into a scratch folder and returns
    /// each file's text by extension.
    static func render(_ sample: String) throws -> [String: String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notation-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let name = (sample as NSString).deletingPathExtension
        let base = folder.appendingPathComponent(name).path
        let result = try BuiltBinary.run(
            ["render", "Samples/" + sample, "-o", base, "-T", "txt,svg,html,mermaid"], in: BuiltBinary.packageRoot)
        #expect(result.status == 0, "\(result.standardError)")
        var files: [String: String] = [:]
        for format in renderedFormats {
            let url = folder.appendingPathComponent(name + "." + format)
            files[format] = try String(contentsOf: url, encoding: .utf8)
        }
        return files
    }

    @Test(arguments: librarySamples)
    func everyRenderedFormatSpeaksTheLibrarysNotation(sample: String) throws {
        let files = try Self.render(sample)
        #expect(files.count == Self.renderedFormats.count)
        for (format, text) in files.sorted(by: { $0.key < $1.key }) {
            for phrase in Self.flowStacksPhrases {
                let lines = text.split(separator: "\n").filter { $0.contains(phrase) }
                #expect(lines.isEmpty, "\(sample) .\(format) says \(phrase): \(lines.prefix(2))")
            }
            // swiftui-navigation-stack writes `push(View(), withId:)`, never FlowStacks' `.push(View())`.
            if sample.hasPrefix("navigationstack-") {
                #expect(!text.contains(".push("), "\(sample) .\(format) says .push(")
            }
        }
    }

    @Test func tooltipsAndFramesWriteTheLibrarysRoutes() throws {
        let pattern = try Self.render("swiftfulrouting-readme-pattern.json")
        let svg = pattern["svg"] ?? ""
        #expect(svg.contains(#"xlink:title="root: RouterView { Home }""#))
        #expect(svg.contains(#"xlink:title="screens[7]: .fullScreenCover(Compose)""#))
        #expect(pattern["txt"]?.contains("root Home (RouterView, addNavigationStack: true) · 10 screens in 4") == true)
        #expect(
            pattern["mmd"]?.contains(#"subgraph layer3["environment 3 · .fullScreenCover · ☰ NavigationStack"]"#)
                == true)
        #expect(pattern["html"]?.contains(#""operation":"[.push(Feed), .push(Post),"#) == true)
        // Stack tags and legends name the kinds as the library does.
        #expect(pattern["txt"]?.contains("║ ■ .fullScreenCover  Compose ") == true)
        #expect(pattern["txt"]?.contains("■ .fullScreenCover (╔╗ box)") == true)
        #expect(pattern["mmd"]?.contains(#"r7[["■ .fullScreenCover: Compose"]]"#) == true)

        let pushView = try Self.render("navigationstack-readme-pushview.json")
        let timeline = pushView["svg"] ?? ""
        #expect(timeline.contains("step 1: [push(ChildView(), withId: &quot;childID&quot;)]"))
        // The header names the root once, in the library's own declaration, and the library once.
        let library = "swiftui&#45;navigation&#45;stack"
        #expect(timeline.contains("\(library) · NavigationStackView(transitionType: .default) { MyHome }"))
        #expect(timeline.components(separatedBy: "\(library) ·").count == 2)
        #expect(!timeline.contains("root MyHome (in NavigationStackView)"))
        #expect(pushView["txt"]?.contains("\n  NavigationStackView(transitionType: .default) ☰: MyHome\n") == true)
        #expect(
            pushView["html"]?.contains(#"title="now: [push(ChildView(), withId: &quot;childID&quot;)]""#)
                == true)

        // A step that only fills SwiftfulRouting's queue says so, not "no change".
        let queue = try Self.render("swiftfulrouting-onboarding-queue.json")
        #expect(queue["txt"]?.contains("queue: NameStep(),") == true)
    }

    @Test func flowStacksPlansKeepFlowStacksWords() throws {
        let files = try Self.render("deeplink-two-sheets.json")
        #expect(files["svg"]?.contains("withNavigation: true") == true)
        #expect(files["txt"]?.contains("(with navigation)") == true)
        #expect(files["txt"]?.contains("root layer") == true)
    }

    @Test func idsAndCoversAreWrittenAsTheLibraryWritesThem() throws {
        let queue = try BuiltBinary.run(
            ["steps", "Samples/swiftfulrouting-onboarding-queue.json", "--json"], in: BuiltBinary.packageRoot)
        #expect(queue.standardOutput.contains(#"".fullScreenCover(OnboardingIntro(), id: \"onboarding\")""#))
        let pushView = try BuiltBinary.run(
            ["steps", "Samples/navigationstack-readme-pushview.json", "--json"], in: BuiltBinary.packageRoot)
        #expect(pushView.standardOutput.contains(#""push(ChildView(), withId: \"childID\")""#))
        let text = try BuiltBinary.run(
            ["steps", "Samples/navigationstack-readme-pushview.json"], in: BuiltBinary.packageRoot)
        #expect(text.standardOutput.contains("Root: NavigationStackView(transitionType: .default) { MyHome }"))
    }

    @Test func swiftOutputIsRefusedForLibrariesWithoutRouteArrays() throws {
        for sample in ["swiftfulrouting-call-site.json", "navigationstack-readme-pushview.json"] {
            let result = try BuiltBinary.run(["steps", "Samples/" + sample, "--swift"], in: BuiltBinary.packageRoot)
            #expect(result.status == 1)
            #expect(result.standardOutput == "")
            #expect(result.standardError.hasPrefix("Samples/\(sample): --swift writes FlowStacks' Route arrays"))
            #expect(result.standardError.contains("use --json"))
        }
    }
}
