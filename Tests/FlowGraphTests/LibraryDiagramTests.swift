import FlowGraphTestSupport
import Foundation
import Graphviz
import Testing

@testable import FlowGraph

/// The SwiftfulRouting and swiftui-navigation-stack samples, drawn through the ordinary builders in each
/// library's words. With `FLOWGRAPH_GALLERY=DIR` the PNGs are kept there.
enum LibrarySamples {
    static let folder = RepositoryFolders.samples

    static let names = [
        "swiftfulrouting-readme-environment", "swiftfulrouting-readme-three-pushes",
        "swiftfulrouting-readme-sheet-push", "swiftfulrouting-readme-sheet-sheet",
        "swiftfulrouting-readme-three-covers", "swiftfulrouting-readme-pattern", "swiftfulrouting-onboarding-queue",
        "swiftfulrouting-call-site", "navigationstack-pop-to-id", "navigationstack-readme-pushview",
        "navigationstack-readme-popview",
    ]

    static func plan(_ name: String) throws -> Plan {
        let url = folder.appendingPathComponent(name + ".json")
        return try Plan.decode(String(decoding: try Data(contentsOf: url), as: UTF8.self), file: url.lastPathComponent)
    }

    /// The drawings of a plan as render would make them: the final stack and, when there are calls, the timeline.
    static func drawings(_ plan: Plan, theme: Theme = .light) throws -> [(String, Diagram)] {
        let run = try plan.play()
        let vocabulary = DiagramWords(run: run)
        let final = run.transitions.last?.to ?? plan.start
        var drawings = [
            (
                run.transitions.isEmpty ? "stack" : "final-stack",
                StackDiagram(
                    title: plan.title, root: plan.root, routes: final, theme: theme, vocabulary: vocabulary,
                    annotations: run.finalAnnotations
                ).diagram()
            )
        ]
        if !run.transitions.isEmpty {
            drawings.append(
                (
                    "start-stack",
                    StackDiagram(
                        title: plan.title, root: plan.root, routes: plan.start, theme: theme, vocabulary: vocabulary,
                        annotations: run.startAnnotations
                    ).diagram()
                ))
        }
        if !run.transitions.isEmpty {
            drawings.append(
                (
                    "timeline",
                    TimelineDiagram(
                        title: plan.title, root: plan.root, transitions: run.transitions, theme: theme,
                        vocabulary: vocabulary
                    ).diagram()
                ))
        }
        return drawings
    }
}

@Test(arguments: LibrarySamples.names)
func librarySampleRendersToPNG(name: String) throws {
    let plan = try LibrarySamples.plan(name)
    let gallery = ProcessInfo.processInfo.environment["FLOWGRAPH_GALLERY"].map { URL(fileURLWithPath: $0) }
    for (kind, diagram) in try LibrarySamples.drawings(plan) {
        let outputs = try diagram.render(to: [.svg, .png])
        let png = try #require(outputs[.png])
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let svg = String(decoding: try #require(outputs[.svg]), as: UTF8.self).replacingOccurrences(
            of: "&#45;", with: "-")
        #expect(svg.contains(plan.library.displayName), "\(name) \(kind) names its library")
        if let gallery {
            try FileManager.default.createDirectory(at: gallery, withIntermediateDirectories: true)
            try png.write(to: gallery.appendingPathComponent("\(name)-\(kind).png"))
        }
    }
}

@Test func hostileScreenNamesAndIDsAreDrawnAsText() throws {
    let text = #"""
        {"library": "swiftfulrouting", "root": "\\N",
         "start": [".push(\"<IMG SRC=x>\", id: \"\\\\G\")"],
         "actions": ["router.showAlert(.alert, title: \"<b>&amp;\")", "router.showScreen(.sheet) { \"日本語 \\u{1F600}\" }"]}
        """#
    let plan = try Plan.decode(text, file: "hostile.json")
    for (kind, diagram) in try LibrarySamples.drawings(plan) {
        let svg = String(decoding: try diagram.render(to: .svg), as: UTF8.self)
        #expect(!svg.contains("<IMG"))
        #expect(svg.contains("&lt;IMG SRC=x&gt;"))
        #expect(svg.contains("日本語") == (kind != "start-stack"), "the sheet shown by the call, in \(kind)")
        #expect(svg.contains("\\N"), "the root's label is not expanded to the node name")
    }
}

@Test func diagramsSpeakTheirLibrarysWords() throws {
    func svgs(_ name: String) throws -> [String: String] {
        var result: [String: String] = [:]
        for (kind, diagram) in try LibrarySamples.drawings(try LibrarySamples.plan(name)) {
            result[kind] = String(decoding: try diagram.render(to: .svg), as: UTF8.self)
                .replacingOccurrences(of: "&#45;", with: "-").replacingOccurrences(of: "&quot;", with: "\"")
        }
        return result
    }
    let routing = try svgs("swiftfulrouting-onboarding-queue")
    let timeline = try #require(routing["timeline"])
    #expect(timeline.contains("environment 1 · .fullScreenCover"))
    #expect(timeline.contains("router.showNextScreenOrDismissEnvironment()"))
    #expect(timeline.contains("SwiftfulRouting · RouterView { Welcome } · one update per router call"))
    #expect(
        timeline.components(separatedBy: "one update per router call").count == 2,
        "the header's rule is not said again on the line of the rules")
    #expect(timeline.contains("⚠ alert: Allow notifications?"))
    #expect(timeline.contains("screen queue: .push(NameStep(), id: \"name\")"))
    #expect(!timeline.contains("NavigationView"), "no FlowStacks platform rules in a SwiftfulRouting timeline")
    let stack = try #require(try svgs("swiftfulrouting-readme-sheet-push")["stack"])
    #expect(stack.contains("activeScreens: [[.fullScreenCover], [.push, .push], [.sheet], [.push]]"))
    #expect(stack.contains("showScreen .sheet"))
    #expect(stack.contains("root environment · RouterView"))

    let navigation = try svgs("navigationstack-pop-to-id")
    let navigationTimeline = try #require(navigation["timeline"])
    #expect(navigationTimeline.contains("pop(to: .root)"))
    #expect(navigationTimeline.contains("NavigationStackView(transitionType: .custom(.scale))"))
    #expect(navigationTimeline.contains("withId: \"login\""))
}

/// A moment's state line (`depth 3`, `path: 1 value`) is said on the root stack's line, after its top screen,
/// when it fits there: one row per moment less than a row of its own.
@Test func stateLinesSitOnTheRootStacksLineWhenTheyFit() throws {
    let plan = try LibrarySamples.plan("navigationstack-pop-to-id")
    let timeline = try #require(try LibrarySamples.drawings(plan).first { $0.0 == "timeline" }?.1)
    let svg = String(decoding: try timeline.render(to: .svg), as: UTF8.self)
    /// The `y` of every text element reading `text`.
    func rows(of text: String) -> [Substring] {
        svg.split(separator: "\n").filter { $0.hasSuffix(">\(text)</text>") }.compactMap { line in
            line.firstRange(of: #/ y="([-0-9.]+)"/#).map { line[$0] }
        }
    }
    // `push(TermsScreen(), withId: "terms")` leaves 3 views on the root: said beside the new screen.
    #expect(rows(of: "depth 3").count == 1)
    #expect(rows(of: "depth 3").allSatisfy(rows(of: "TermsScreen()").contains))
    // Every moment says its depth, and none on a row of its own: each beside a screen of the root's line.
    let depths = ["depth 3", "depth 4", "depth 1", "depth 0"].flatMap(rows(of:))
    #expect(depths.count == 6)
    let screenRows = Set(
        ["LoginScreen()", "SignUpScreen()", "TermsScreen()", "PrivacyScreen()", "ChildView()"].flatMap(rows(of:)))
    #expect(depths.allSatisfy(screenRows.contains))
}
